/**
 * Operators' roles and what each may do in the console (docs/operators.md). The server checks
 * every `admin/*` call against this map (403 FORBIDDEN); the console hides what a role may not do.
 */
export const OPERATOR_ROLES = ['owner', 'finance', 'trader', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const ADMIN_PERMISSIONS = [
  /** me, dashboard. */
  'console.view',
  /** Player search, profile, balance, ledger, bets, rounds, activity, identity. */
  'players.view',
  /** Disable or enable a player, force a password change. */
  'players.manage',
  /** Credit or debit a player's wallet, grant a bonus. */
  'money.adjust',
  /** See and decide the requests that wait for a second operator (four-eyes). */
  'approvals.decide',
  'settings.view',
  /** Change a global setting or a branding image. */
  'settings.edit',
  'sports.view',
  /** Suspend or resume, declare a result, void, re-settle. */
  'sports.manage',
  'casino.view',
  /** Enable, order and mark games and providers popular. */
  'casino.manage',
  /** Deposits, withdrawals, identity checks, reconciliation. */
  'payments.view',
  /** Approve or reject a withdrawal. */
  'payments.decide',
  /** Approve or reject an identity check. */
  'kyc.decide',
  /** A player's responsible-play limits, time-outs and exclusions. */
  'rg.view',
  /** Tighten them (never loosen). */
  'rg.tighten',
  'audit.view',
] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

const ALL: readonly AdminPermission[] = ADMIN_PERMISSIONS;

export const ROLE_PERMISSIONS: Record<OperatorRole, readonly AdminPermission[]> = {
  owner: ALL,
  finance: [
    'console.view',
    'players.view',
    'money.adjust',
    'approvals.decide',
    'settings.view',
    'casino.view',
    'payments.view',
    'payments.decide',
    'kyc.decide',
    'rg.view',
    'audit.view',
  ],
  trader: ['console.view', 'players.view', 'settings.view', 'sports.view', 'sports.manage', 'casino.view', 'casino.manage'],
  support: [
    'console.view',
    'players.view',
    'players.manage',
    'settings.view',
    'sports.view',
    'casino.view',
    'payments.view',
    'kyc.decide',
    'rg.view',
    'rg.tighten',
  ],
};

export function roleMay(role: OperatorRole, permission: AdminPermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** The roles that hold a permission, e.g. for a test table or a help text. */
export function rolesWith(permission: AdminPermission): OperatorRole[] {
  return OPERATOR_ROLES.filter((role) => roleMay(role, permission));
}

/** Idle time after which an operator's console session ends (shorter than a player's). */
export const OPERATOR_IDLE_MINUTES = 15;
/** The setting that sets the four-eyes amount (rupees); 0 turns four-eyes off. */
export const FOUR_EYES_SETTING = 'four_eyes_amount';
/** A walletAdjust or approveWithdraw above the four-eyes amount answers this status (HTTP 202). */
export const AWAITING_APPROVAL = 'awaiting_approval';
