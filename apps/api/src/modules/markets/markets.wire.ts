import type { Fancy, Market, MatchRow, Scoreboard } from '@app/shared';
import { paiseToRupees } from '@app/shared';
import type { FeedFixture, FeedMatchState, FeedPrice } from '../feed';
import type { MatchBundle, MatchListRecord } from './markets.repository';
import type { FancyRecord, MarketRecord } from './markets.table';

/** Operator suspensions by target: 'M:{market_id}', 'F:{fancy_id}'. */
export type SuspendedTargets = ReadonlySet<string>;

export function feedFixtureOf(match: MatchListRecord | MatchBundle['match']): FeedFixture {
  return {
    feedKey: match.feed_key,
    sportId: match.sport_id,
    seriesKey: String(match.series_id),
    seriesName: match.series_name,
    home: match.home,
    away: match.away,
    name: match.name,
    startTime: match.start_time,
    endBy: match.end_by,
    markets: [],
    fancies: [],
  };
}

function wirePrice(price: FeedPrice, isBookmaker: boolean) {
  return { odds: isBookmaker ? price.odds : price.odds / 100, size: paiseToRupees(price.sizePaise) };
}

export function wireMarket(
  record: MarketRecord,
  runners: MatchBundle['runners'],
  state: FeedMatchState,
  suspended: SuspendedTargets,
): Market {
  const feedMarket = state.markets.find((market) => market.key === record.market_key);
  let status = feedMarket?.status ?? 'CLOSED';
  if (status === 'OPEN' && suspended.has(`M:${record.market_id}`)) status = 'SUSPENDED';
  const isBookmaker = record.market_type === 'BOOKMAKER';
  return {
    market_id: record.market_id,
    market_name: record.name,
    market_type: record.market_type,
    status,
    in_play: state.phase === 'IN_PLAY',
    bet_delay_s: record.bet_delay_s,
    min_stake: paiseToRupees(record.min_stake),
    max_stake: paiseToRupees(record.max_stake),
    runners: runners
      .filter((runner) => runner.market_id === record.market_id)
      .map((runner) => {
        const prices = feedMarket?.runners.find((item) => item.selectionId === runner.selection_id);
        const isOpen = status === 'OPEN' && prices;
        return {
          selection_id: runner.selection_id,
          name: runner.name,
          back: isOpen ? prices.back.map((price) => wirePrice(price, isBookmaker)) : [],
          lay: isOpen ? prices.lay.map((price) => wirePrice(price, isBookmaker)) : [],
        };
      }),
  };
}

/** The fancy lines on offer now; decided ones are gone from the list. */
export function wireFancies(records: FancyRecord[], state: FeedMatchState, suspended: SuspendedTargets): Fancy[] {
  const fancies: Fancy[] = [];
  for (const record of records) {
    const line = state.fancies.find((item) => item.key === record.fancy_key);
    if (!line) continue;
    const isSuspended = line.status === 'OPEN' && suspended.has(`F:${record.fancy_id}`);
    const isOpen = line.status === 'OPEN' && !isSuspended;
    fancies.push({
      fancy_id: record.fancy_id,
      selection_id: record.fancy_id,
      name: record.name,
      status: isSuspended ? 'SUSPENDED' : line.status,
      run_no: isOpen ? line.runNo : null,
      size_no: isOpen ? line.sizeNo : null,
      run_yes: isOpen ? line.runYes : null,
      size_yes: isOpen ? line.sizeYes : null,
      min_stake: paiseToRupees(record.min_stake),
      max_stake: paiseToRupees(record.max_stake),
    });
  }
  return fancies;
}

export function wireScoreboard(match: MatchListRecord, state: FeedMatchState): Scoreboard {
  const board = state.scoreboard;
  return {
    home: match.home,
    away: match.away,
    home_score: board.homeScore,
    away_score: board.awayScore,
    status: board.status,
    note: board.note,
    timeline: board.timeline.map((event) => ({ kind: event.kind, side: event.side, at: event.at, detail: event.detail })),
  };
}

/** A list row: the match and its match-odds best prices. */
export function wireMatchRow(
  match: MatchListRecord,
  state: FeedMatchState,
  matchOdds: { record: MarketRecord; runners: MatchBundle['runners'] } | undefined,
  suspended: SuspendedTargets,
): MatchRow {
  let odds: MatchRow['match_odds'] = null;
  if (matchOdds) {
    const market = wireMarket(matchOdds.record, matchOdds.runners, state, suspended);
    odds = {
      market_id: market.market_id,
      status: market.status,
      runners: market.runners.map((runner) => ({
        selection_id: runner.selection_id,
        name: runner.name,
        back: runner.back[0] ?? null,
        lay: runner.lay[0] ?? null,
      })),
    };
  }
  return {
    match_id: match.match_id,
    name: match.name,
    match_name: match.name,
    series_id: match.series_id,
    series_name: match.series_name,
    sport_id: match.sport_id,
    start_time: new Date(match.start_time).toISOString(),
    in_play: state.phase === 'IN_PLAY',
    match_odds: odds,
  };
}
