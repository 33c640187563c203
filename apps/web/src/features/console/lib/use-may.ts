import type { AdminPermission } from '@app/shared';
import { may } from '../model/permissions';
import { useConsoleSession } from './console-session';

/** Whether the logged-in operator's role may do this; hides buttons the server would refuse. */
export function useMay(permission: AdminPermission): boolean {
  const session = useConsoleSession();
  return session ? may(session, permission) : false;
}
