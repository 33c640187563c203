import { Navigate, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';

/** Login guard (spec §2): a visitor without a stored session goes to /home. */
export function RequireLogin() {
  const session = useSession();
  return session ? <Outlet /> : <Navigate to={paths.home} replace />;
}
