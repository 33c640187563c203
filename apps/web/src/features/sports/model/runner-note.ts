import type { Market } from '@app/shared';

type Runner = Pick<Market['runners'][number], 'back' | 'lay' | 'last_traded' | 'is_removed'>;

export type RunnerNote = { kind: 'removed' } | { kind: 'lastTraded'; odds: number } | null;

/**
 * What a Betfair feed says of a runner besides its prices (docs/feeds.md "What the site shows"):
 * a non-runner; or its last traded price, only where no offer is shown (a BASIC recording), never
 * beside prices it could be mistaken for.
 */
export function runnerNote(runner: Runner): RunnerNote {
  if (runner.is_removed) return { kind: 'removed' };
  if (runner.last_traded === undefined || runner.back.length > 0 || runner.lay.length > 0) return null;
  return { kind: 'lastTraded', odds: runner.last_traded };
}
