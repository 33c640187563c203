/**
 * The closed list of ledger posting kinds: what caused a money movement. The server writes only
 * these (the database refuses any other), the contract names them, and the site has a text for
 * each in every language (docs/wallet.md, "Account statement").
 */
export const POSTING_KINDS = [
  /** Play money for a new demo account. */
  'demo_funding',
  'operator_credit',
  'operator_debit',
  /** Cash (then wager bonus) held for an open bet's worst case, and given back. */
  'exposure_hold',
  'exposure_release',
  /** A settled market's profit or loss. */
  'bet_win',
  'bet_loss',
  /** An earlier settlement reversed before the market was settled again. */
  'bet_settle_reversal',
  'bonus_grant',
  'bonus_release',
  'bonus_expiry',
  /** The seamless wallet: a game's stake, its win, and a stake given back. */
  'casino_bet',
  'casino_win',
  'casino_rollback',
  /** Payments (docs/payments.md): a deposit the gateway confirmed, into cash. */
  'deposit_credit',
  /** A withdrawal's money held from cash while it waits (withdrawals_pending), and given back. */
  'withdrawal_hold',
  'withdrawal_release',
  /** A held withdrawal paid out through the gateway. */
  'withdrawal_payout',
] as const;
export type PostingKind = (typeof POSTING_KINDS)[number];

export function isPostingKind(value: string): value is PostingKind {
  return (POSTING_KINDS as readonly string[]).includes(value);
}

/**
 * What a posting belongs to, for the statement: a market or fancy line ('market:1.234',
 * 'fancy:77'), a casino round ('casino:{provider}:{round}') or a payment
 * ('payment:deposit:{order_id}', 'payment:withdraw:{id}'). Postings of one subject fold into one
 * statement line.
 */
export type SubjectKind = 'market' | 'fancy' | 'casino' | 'payment';
export const SUBJECT_KINDS: readonly SubjectKind[] = ['market', 'fancy', 'casino', 'payment'];

export function subjectKindOf(subject: string): SubjectKind | null {
  const prefix = subject.slice(0, subject.indexOf(':'));
  return (SUBJECT_KINDS as readonly string[]).includes(prefix) ? (prefix as SubjectKind) : null;
}
