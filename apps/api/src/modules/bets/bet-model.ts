import type { Bet } from '@app/shared';
import type { BetRecord } from './bets.table';

/** The columns that price a bet (settlement reads only these, for markets of many bets); a non-runner's reduction needs when it was placed. */
export const PRICING_COLUMNS = [
  'bet_id',
  'user_id',
  'kind',
  'is_back',
  'odds',
  'run',
  'stake',
  'selection_id',
  'placed_at',
] as const;
export type PricedBet = Pick<BetRecord, (typeof PRICING_COLUMNS)[number]>;

/** The shared model's bet for a stored row. */
export function modelBetOf(row: PricedBet): Bet {
  const isBack = Number(row.is_back) === 1;
  const stakePaise = Number(row.stake);
  if (row.kind === 'fancy') return { kind: 'fancy', isBack, run: Number(row.run ?? 0), size: Number(row.odds), stakePaise };
  return { kind: row.kind, selectionId: Number(row.selection_id), isBack, odds: Number(row.odds), stakePaise };
}

/** 'M:{market_id}' / 'F:{fancy_id}' (the feed results' names) to the money module's subject of the market. */
export function exposureKeyOf(target: string): string {
  return target.startsWith('F:') ? `fancy:${target.slice(2)}` : `market:${target.slice(2)}`;
}

/** The money module's subject ('market:1.234' / 'fancy:77') back to the bets' target ('M:1.234' / 'F:77'). */
export function targetOfSubject(subject: string): string {
  return subject.startsWith('fancy:') ? `F:${subject.slice('fancy:'.length)}` : `M:${subject.slice('market:'.length)}`;
}
