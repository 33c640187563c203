import type { AdminPermission } from '@app/shared';
import { consolePaths } from '../console-paths';
import type { ConsoleSession } from '../lib/console-session';
import { may } from './permissions';

export interface ConsoleSection {
  id: 'dashboard' | 'players' | 'approvals' | 'payments' | 'sports' | 'casino' | 'responsiblePlay' | 'settings' | 'audit';
  path: string;
  /** What the role needs to see the section at all (the contract's role map). */
  permission: AdminPermission;
  isEnd?: boolean;
}

export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  { id: 'dashboard', path: consolePaths.dashboard, permission: 'console.view', isEnd: true },
  { id: 'players', path: consolePaths.players, permission: 'players.view' },
  { id: 'approvals', path: consolePaths.approvals, permission: 'approvals.decide' },
  { id: 'payments', path: consolePaths.payments, permission: 'payments.view' },
  { id: 'sports', path: consolePaths.sports, permission: 'sports.view' },
  { id: 'casino', path: consolePaths.casino, permission: 'casino.view' },
  { id: 'responsiblePlay', path: consolePaths.responsiblePlay, permission: 'rg.view' },
  { id: 'settings', path: consolePaths.settings, permission: 'settings.view' },
  { id: 'audit', path: consolePaths.audit, permission: 'audit.view' },
];

/** The sections the operator may open, in menu order. */
export function visibleSections(session: Pick<ConsoleSession, 'role' | 'permissions'>): ConsoleSection[] {
  return CONSOLE_SECTIONS.filter((section) => may(session, section.permission));
}
