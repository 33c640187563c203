import type { ClosedBy, Fancy, Market, MarketStatus, MatchRow, Scoreboard } from '@app/shared';
import { paiseToRupees } from '@app/shared';
import type { FeedFixture, FeedMatchState, FeedPrice } from '../feed';
import type { MatchBundle, MatchListRecord } from './markets.repository';
import type { FancyRecord, MarketRecord } from './markets.table';

/** What is true of a market or fancy line besides the feed, by target: 'M:{market_id}', 'F:{fancy_id}'. */
export interface TargetStates {
  /** Operator suspensions. */
  suspended: ReadonlySet<string>;
  /** Decided: a result declared (feed or operator) or void (docs/sports.md "Market states"). */
  closed: ReadonlyMap<string, ClosedBy>;
}

/** A list row shows this many placings of a finished race. */
const ROW_PLACINGS = 3;

/**
 * One status for every view and for placement: decided (closed) beats an operator's suspension,
 * which beats the feed's OPEN; the feed's own SUSPENDED or CLOSED stands.
 */
function statusOf(feedStatus: MarketStatus, target: string, states: TargetStates): { status: MarketStatus; closedBy?: ClosedBy } {
  const closedBy = states.closed.get(target);
  if (closedBy && feedStatus !== 'CLOSED') return { status: 'CLOSED', closedBy };
  if (feedStatus === 'OPEN' && states.suspended.has(target)) return { status: 'SUSPENDED' };
  return { status: feedStatus };
}

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
  states: TargetStates,
): Market {
  const feedMarket = state.markets.find((market) => market.key === record.market_key);
  const { status, closedBy } = statusOf(feedMarket?.status ?? 'CLOSED', `M:${record.market_id}`, states);
  const isBookmaker = record.market_type === 'BOOKMAKER';
  const winners = Number(record.number_of_winners);
  return {
    market_id: record.market_id,
    market_name: record.name,
    market_type: record.market_type,
    status,
    ...(closedBy ? { closed_by: closedBy } : {}),
    ...(winners > 1 ? { number_of_winners: winners } : {}),
    // A push feed's own in-play flag and delay, as they arrive; else the match's phase and the stored delay.
    in_play: feedMarket?.inPlay ?? state.phase === 'IN_PLAY',
    bet_delay_s: feedMarket?.betDelaySeconds ?? record.bet_delay_s,
    ...(feedMarket?.version === undefined ? {} : { version: feedMarket.version }),
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
          ...(runner.cloth_number === null ? {} : { cloth_number: Number(runner.cloth_number) }),
          ...(runner.jockey === null ? {} : { jockey: runner.jockey }),
          ...(runner.form === null ? {} : { form: runner.form }),
          back: isOpen ? prices.back.map((price) => wirePrice(price, isBookmaker)) : [],
          lay: isOpen ? prices.lay.map((price) => wirePrice(price, isBookmaker)) : [],
          ...(prices?.lastTraded === undefined ? {} : { last_traded: prices.lastTraded / 100 }),
          ...(prices?.isRemoved ? { is_removed: true as const } : {}),
        };
      }),
  };
}

/** The fancy lines on offer now; decided ones are gone from the list. */
export function wireFancies(records: FancyRecord[], state: FeedMatchState, states: TargetStates): Fancy[] {
  const fancies: Fancy[] = [];
  for (const record of records) {
    const line = state.fancies.find((item) => item.key === record.fancy_key);
    if (!line) continue;
    const { status, closedBy } = statusOf(line.status, `F:${record.fancy_id}`, states);
    const isOpen = status === 'OPEN';
    fancies.push({
      fancy_id: record.fancy_id,
      selection_id: record.fancy_id,
      name: record.name,
      status,
      ...(closedBy ? { closed_by: closedBy } : {}),
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
    ...(board.placings ? { placings: wirePlacings(board.placings) } : {}),
  };
}

function wirePlacings(placings: NonNullable<FeedMatchState['scoreboard']['placings']>): Scoreboard['placings'] {
  return placings.map((placing) => ({ position: placing.position, selection_id: placing.selectionId, name: placing.name }));
}

/** What a match says of itself on every wire shape: a list row, a match page's snapshot. */
export function wireMatchHead(match: MatchListRecord, state: FeedMatchState) {
  return {
    match_id: match.match_id,
    name: match.name,
    match_name: match.name,
    series_id: match.series_id,
    series_name: match.series_name,
    sport_id: match.sport_id,
    start_time: new Date(match.start_time).toISOString(),
    in_play: state.phase === 'IN_PLAY',
  };
}

/** A list row: the match and its match-odds best prices. */
export function wireMatchRow(
  match: MatchListRecord,
  state: FeedMatchState,
  matchOdds: { record: MarketRecord; runners: MatchBundle['runners'] } | undefined,
  states: TargetStates,
): MatchRow {
  let odds: MatchRow['match_odds'] = null;
  if (matchOdds) {
    const market = wireMarket(matchOdds.record, matchOdds.runners, state, states);
    odds = {
      market_id: market.market_id,
      status: market.status,
      ...(market.closed_by ? { closed_by: market.closed_by } : {}),
      runners: market.runners.map((runner) => ({
        selection_id: runner.selection_id,
        name: runner.name,
        back: runner.back[0] ?? null,
        lay: runner.lay[0] ?? null,
      })),
    };
  }
  return {
    ...wireMatchHead(match, state),
    match_odds: odds,
    ...(state.phase === 'FINISHED' && state.scoreboard.placings
      ? { placings: wirePlacings(state.scoreboard.placings.slice(0, ROW_PLACINGS)) }
      : {}),
  };
}
