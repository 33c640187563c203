/**
 * TEMPORARY until the contract's role map lands: which console sections a role may open. Mirrors
 * issue 23's roles; replaced by the contract's export on merge.
 */
export type ConsolePermission =
  | 'dashboard.view'
  | 'players.view'
  | 'approvals.view'
  | 'payments.view'
  | 'sports.view'
  | 'casino.view'
  | 'rg.view'
  | 'settings.view'
  | 'audit.view';

const ROLE_SECTIONS: Record<string, readonly ConsolePermission[] | 'all'> = {
  owner: 'all',
  finance: ['dashboard.view', 'players.view', 'approvals.view', 'payments.view', 'rg.view', 'audit.view'],
  trader: ['dashboard.view', 'sports.view', 'casino.view'],
  support: ['dashboard.view', 'players.view', 'rg.view'],
};

export function canRole(role: string, permission: ConsolePermission): boolean {
  const allowed = ROLE_SECTIONS[role];
  return allowed === 'all' || Boolean(allowed?.includes(permission));
}
