import { type AdminPermission, OPERATOR_ROLES, type OperatorRole, roleMay } from '@app/shared';
import type { ConsoleSession } from '../lib/console-session';

function isOperatorRole(role: string): role is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(role);
}

/**
 * Whether the operator may do this (the contract's role → permission map; the server checks
 * every call the same way, so hiding is only a courtesy). The permissions the login answered
 * decide; the role map stands in when they are missing.
 */
export function may(session: Pick<ConsoleSession, 'role' | 'permissions'>, permission: AdminPermission): boolean {
  if (session.permissions.length > 0) return session.permissions.includes(permission);
  return isOperatorRole(session.role) && roleMay(session.role, permission);
}
