/**
 * A player's ledger line in the console, in the words the player's own statement uses
 * (docs/wallet.md "Account statement"): the posting kind's name (`wallet.kinds.*`) and the
 * movement's sentence (`wallet.statement.movements.*`), from the site's translations, so the
 * operator and the player read the same line the same way.
 */
export interface LedgerWords {
  /** The posting kind's name, a key of the site's namespace. */
  kindKey: string;
  /** The movement in a sentence, a key of the site's namespace, naming `amount`. */
  sentenceKey: string;
  /** The amount the sentence names, rupees, never negative (the sentence says which way). */
  amount: number;
}

/** The statement's words for one posting: its kind and its signed amount (rupees). */
export function ledgerWords(row: { kind: string; amount: number }): LedgerWords {
  const sentence = (key: string) => `wallet.statement.movements.${key}`;
  const amount = Math.abs(row.amount);
  const kindKey = `wallet.kinds.${row.kind}`;
  switch (row.kind) {
    case 'exposure_hold':
      return { kindKey, sentenceKey: sentence('held'), amount };
    case 'exposure_release':
      return { kindKey, sentenceKey: sentence('released'), amount };
    case 'bet_settle_reversal':
      return { kindKey, sentenceKey: sentence(row.amount >= 0 ? 'reversalIn' : 'reversalOut'), amount };
    default:
      return { kindKey, sentenceKey: sentence(row.kind), amount };
  }
}
