import { consolePaths } from '../console-paths';
import { canRole, type ConsolePermission } from './permissions';

export interface ConsoleSection {
  id: 'dashboard' | 'players' | 'approvals' | 'payments' | 'sports' | 'casino' | 'responsiblePlay' | 'settings' | 'audit';
  path: string;
  /** What the role needs to see the section at all (the contract's role map). */
  permission: ConsolePermission;
  isEnd?: boolean;
}

export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  { id: 'dashboard', path: consolePaths.dashboard, permission: 'dashboard.view', isEnd: true },
  { id: 'players', path: consolePaths.players, permission: 'players.view' },
  { id: 'approvals', path: consolePaths.approvals, permission: 'approvals.view' },
  { id: 'payments', path: consolePaths.payments, permission: 'payments.view' },
  { id: 'sports', path: consolePaths.sports, permission: 'sports.view' },
  { id: 'casino', path: consolePaths.casino, permission: 'casino.view' },
  { id: 'responsiblePlay', path: consolePaths.responsiblePlay, permission: 'rg.view' },
  { id: 'settings', path: consolePaths.settings, permission: 'settings.view' },
  { id: 'audit', path: consolePaths.audit, permission: 'audit.view' },
];

/** The sections a role may open, in menu order. */
export function visibleSections(role: string): ConsoleSection[] {
  return CONSOLE_SECTIONS.filter((section) => canRole(role, section.permission));
}
