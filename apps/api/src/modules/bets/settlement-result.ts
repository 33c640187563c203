import type { OperatorActOptions } from '../money';

export interface SettleResult {
  /** 'settled': this call settled it; 'already': an earlier (or a concurrent) call did. */
  status: 'settled' | 'already';
  settlementNo: number;
  bets: number;
}

export type SettlementSource = 'feed' | 'operator';

/**
 * How an operator's settlement act runs once (docs/operators.md, "Exactly once"): its
 * Idempotency-Key is claimed in the settlement's own transaction, and `within` (the act's audit
 * row) runs in it with the answer, `already` too, so the declaration, every bet's outcome and
 * posting, the key and the audit row commit together or not at all.
 */
export type SettleOnce = OperatorActOptions<SettleResult>;
