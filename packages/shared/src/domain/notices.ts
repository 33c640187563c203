/**
 * What the site tells a player about their account by itself (docs/accounts.md "Notices"): a
 * closed list, each with a text in every language on the site and in the SMS.
 */
export const NOTICE_KINDS = [
  'identity_approved',
  'identity_rejected',
  'withdrawal_paid',
  'withdrawal_failed',
  'withdrawal_rejected',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** How many notices the list answers (the newest). */
export const NOTICE_LIST_LIMIT = 20;
/** How often the site asks for new notices while a player is logged in. */
export const NOTICE_POLL_MS = 60_000;
