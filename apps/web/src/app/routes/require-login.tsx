import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { requestLoginFor } from '@/features/account';
import { useSession } from '@/lib/session';

/**
 * Login guard (docs/product.md §2): a visitor without a stored session goes to /home, where the login modal
 * opens; after the login the site continues to the page they asked for (docs/shell.md).
 */
export function RequireLogin() {
  const session = useSession();
  const { pathname, search, hash } = useLocation();
  const target = `${pathname}${search}${hash}`;
  useEffect(() => {
    if (!session) requestLoginFor(target);
  }, [session, target]);
  return session ? <Outlet /> : <Navigate to={paths.home} replace />;
}
