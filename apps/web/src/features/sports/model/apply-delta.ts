import type { MarketsSnapshot, MatchDelta } from '@app/shared';

export type DeltaOutcome =
  | { kind: 'applied'; snapshot: MarketsSnapshot }
  /** Already shown (the snapshot is as new or newer). */
  | { kind: 'stale' }
  /** A delta was missed: fetch the snapshot again. */
  | { kind: 'gap' };

/** Applies a live delta to the snapshot on screen (rules in packages/shared/src/api/live.ts). */
export function applyDelta(snapshot: MarketsSnapshot, delta: MatchDelta): DeltaOutcome {
  if (delta.match_id !== snapshot.match.match_id) return { kind: 'stale' };
  if (delta.full)
    return delta.seq < snapshot.seq ? { kind: 'stale' } : { kind: 'applied', snapshot: wholeState(snapshot, delta) };
  if (delta.seq <= snapshot.seq) return { kind: 'stale' };
  if (snapshot.seq < delta.prev_seq) return { kind: 'gap' };
  const changed = new Map(delta.markets.map((market) => [market.market_id, market]));
  const markets = snapshot.markets.map((market) => changed.get(market.market_id) ?? market);
  const removed = new Set(delta.removed_fancy);
  const changedFancy = new Map(delta.fancy.map((line) => [line.fancy_id, line]));
  const fancy = snapshot.fancy
    .filter((line) => !removed.has(line.fancy_id))
    .map((line) => changedFancy.get(line.fancy_id) ?? line);
  const known = new Set(snapshot.fancy.map((line) => line.fancy_id));
  for (const line of delta.fancy) if (!known.has(line.fancy_id)) fancy.push(line);
  return {
    kind: 'applied',
    snapshot: {
      match: { ...snapshot.match, in_play: delta.in_play, scoreboard: delta.scoreboard ?? snapshot.match.scoreboard },
      markets,
      fancy,
      seq: delta.seq,
    },
  };
}

/** A full delta replaces the match's markets, lines and scoreboard (rules in packages/shared/src/api/live.ts). */
function wholeState(snapshot: MarketsSnapshot, delta: MatchDelta): MarketsSnapshot {
  return {
    match: { ...snapshot.match, in_play: delta.in_play, scoreboard: delta.scoreboard ?? snapshot.match.scoreboard },
    markets: delta.markets,
    fancy: delta.fancy,
    seq: delta.seq,
  };
}
