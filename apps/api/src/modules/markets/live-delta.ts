import type { MarketsSnapshot, MatchDelta } from '@app/shared';

/**
 * What changed between two snapshots of a match: whole markets and fancy lines that differ, the
 * lines that ended, and the scoreboard when it moved. Undefined when nothing did.
 */
export function deltaBetween(previous: MarketsSnapshot, next: MarketsSnapshot, prevSeq: number): MatchDelta | undefined {
  const before = new Map(previous.markets.map((market) => [market.market_id, JSON.stringify(market)]));
  const markets = next.markets.filter((market) => before.get(market.market_id) !== JSON.stringify(market));
  const beforeFancy = new Map(previous.fancy.map((line) => [line.fancy_id, JSON.stringify(line)]));
  const fancy = next.fancy.filter((line) => beforeFancy.get(line.fancy_id) !== JSON.stringify(line));
  const nextIds = new Set(next.fancy.map((line) => line.fancy_id));
  const removed = previous.fancy.map((line) => line.fancy_id).filter((id) => !nextIds.has(id));
  const boardChanged = JSON.stringify(previous.match.scoreboard) !== JSON.stringify(next.match.scoreboard);
  const playChanged = previous.match.in_play !== next.match.in_play;
  if (!markets.length && !fancy.length && !removed.length && !boardChanged && !playChanged) return undefined;
  return {
    type: 'delta',
    match_id: next.match.match_id,
    seq: next.seq,
    prev_seq: prevSeq,
    full: false,
    in_play: next.match.in_play,
    markets,
    fancy,
    removed_fancy: removed,
    scoreboard: boardChanged ? next.match.scoreboard : null,
  };
}

/** The match's whole state as a `full` delta (a publisher's first look at a followed match). */
export function fullDelta(snapshot: MarketsSnapshot): MatchDelta {
  return {
    type: 'delta',
    match_id: snapshot.match.match_id,
    seq: snapshot.seq,
    prev_seq: 0,
    full: true,
    in_play: snapshot.match.in_play,
    markets: snapshot.markets,
    fancy: snapshot.fancy,
    removed_fancy: [],
    scoreboard: snapshot.match.scoreboard,
  };
}
