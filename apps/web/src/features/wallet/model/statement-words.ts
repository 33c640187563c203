import type { StatementMovement, StatementRow } from '@app/shared';

/**
 * How the account statement says a line and its movements in words (docs/wallet.md "Account
 * statement"): which text, and which of the movement's figures it names. Pure, so every posting
 * kind is covered by a test; the page only translates.
 */
export interface Words {
  key: string;
  /** The amount the text names, rupees, never negative (the text says which way it went). */
  amount: number;
}

/** A movement as words: "₹100.00 held for your bets", "Won ₹100.00". */
export function movementWords(movement: StatementMovement): Words {
  const words = (key: string, amount: number): Words => ({ key: `wallet.statement.movements.${key}`, amount: Math.abs(amount) });
  switch (movement.kind) {
    case 'exposure_hold':
      return words('held', movement.held);
    case 'exposure_release':
      return words('released', movement.held);
    case 'bet_settle_reversal':
      return words(movement.amount >= 0 ? 'reversalIn' : 'reversalOut', movement.amount);
    case 'bonus_grant':
    case 'bonus_expiry':
      return words(movement.kind, movement.bonus);
    case 'bonus_release':
      return words(movement.kind, movement.cash);
    default:
      return words(movement.kind, movement.amount);
  }
}

/** A settled market whose bets were voided: nothing won or lost, the held money back. */
export function isVoidLine(row: StatementRow): boolean {
  return row.detail?.type === 'market' && !row.is_open && row.kind === 'exposure_release' && row.released > 0;
}

/** The line's title key: a payment by its state now, a market open, void or by its result, else the posting kind. */
export function lineTitleKey(row: StatementRow): string {
  if (row.detail?.type === 'withdrawal') return `wallet.statement.withdrawalState.${row.detail.state}`;
  if (row.detail?.type === 'deposit') return `wallet.statement.depositState.${row.detail.state}`;
  if (row.is_open) return 'wallet.statement.openMarket';
  if (isVoidLine(row)) return 'wallet.statement.voidMarket';
  return `wallet.kinds.${row.kind}`;
}

/** Posting kinds whose own note is a person's words (an operator's reason), shown as they are. */
const NOTE_KINDS: ReadonlySet<string> = new Set(['operator_credit', 'operator_debit']);

/** Whether a line of its own shows its note: only an operator's reason (the others are the machine's English). */
export function showsNote(row: StatementRow): boolean {
  return row.subject === null && NOTE_KINDS.has(row.kind) && row.description.trim() !== '';
}
