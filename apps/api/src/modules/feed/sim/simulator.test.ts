import { isOnOddsLadder } from '@app/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FeedFixture, FeedMatchState } from '../odds-feed';
import { createSimulatedFeed } from './simulator';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 10, 23, 12);

function assertPriceInvariants(fixture: FeedFixture, state: FeedMatchState): void {
  for (const market of state.markets) {
    const def = fixture.markets.find((item) => item.key === market.key);
    expect(def).toBeDefined();
    for (const runner of market.runners) {
      if (market.status !== 'OPEN') {
        expect(runner.back).toEqual([]);
        expect(runner.lay).toEqual([]);
        continue;
      }
      expect(runner.back.length).toBeGreaterThan(0);
      expect(runner.lay.length).toBeGreaterThan(0);
      expect(runner.back.length).toBeLessThanOrEqual(3);
      expect(runner.lay.length).toBeLessThanOrEqual(3);
      // Best first: backs fall, lays rise, and the best back is below the best lay.
      expect(runner.back[0]!.odds).toBeLessThan(runner.lay[0]!.odds);
      for (let i = 1; i < runner.back.length; i++) expect(runner.back[i]!.odds).toBeLessThan(runner.back[i - 1]!.odds);
      for (let i = 1; i < runner.lay.length; i++) expect(runner.lay[i]!.odds).toBeGreaterThan(runner.lay[i - 1]!.odds);
      for (const price of [...runner.back, ...runner.lay]) {
        expect(price.sizePaise).toBeGreaterThan(0);
        expect(Number.isInteger(price.sizePaise)).toBe(true);
        if (def?.type === 'BOOKMAKER') expect(Number.isInteger(price.odds) && price.odds > 0).toBe(true);
        else expect(isOnOddsLadder(price.odds)).toBe(true);
      }
    }
  }
  for (const fancy of state.fancies) {
    if (fancy.status !== 'OPEN') {
      expect([fancy.runNo, fancy.runYes, fancy.sizeNo, fancy.sizeYes]).toEqual([null, null, null, null]);
    } else {
      expect(fancy.runYes!).toBeGreaterThan(fancy.runNo!);
      expect(fancy.sizeNo!).toBeGreaterThan(0);
      expect(fancy.sizeYes!).toBeGreaterThan(0);
    }
  }
}

describe('the simulated odds feed', () => {
  it('is deterministic: the same seed gives the same fixtures and prices, another seed differs', () => {
    const a = createSimulatedFeed({ seed: 'demo', speed: 1 });
    const b = createSimulatedFeed({ seed: 'demo', speed: 1 });
    const other = createSimulatedFeed({ seed: 'other', speed: 1 });
    const fixturesA = a.fixtures(NOW, NOW + 7 * DAY);
    expect(fixturesA).toEqual(b.fixtures(NOW, NOW + 7 * DAY));
    expect(other.fixtures(NOW, NOW + 7 * DAY).map((f) => f.name)).not.toEqual(fixturesA.map((f) => f.name));
    for (const fixture of fixturesA.slice(0, 40)) {
      for (const at of [NOW, fixture.startTime + HOUR / 2, fixture.endBy + 1]) {
        expect(a.state(fixture, at)).toEqual(b.state({ ...fixture }, at));
      }
    }
  });

  it('schedules every simulated sport over the next 7 days, cricket with match odds, bookmaker and fancy', () => {
    const feed = createSimulatedFeed({ seed: 'demo', speed: 1 });
    const fixtures = feed.fixtures(NOW, NOW + 7 * DAY);
    const sports = new Set(fixtures.map((fixture) => fixture.sportId));
    for (const sportId of [4, 1, 2, 7, 7522, -4, 6422]) expect(sports.has(sportId)).toBe(true);
    const cricket = fixtures.find((fixture) => fixture.sportId === 4)!;
    expect(cricket.markets.map((market) => market.type)).toEqual(['MATCH_ODDS', 'BOOKMAKER']);
    expect(cricket.markets[1]!.name).toContain('Bookmaker');
    expect(cricket.fancies.map((fancy) => fancy.name).join(',')).toMatch(
      /6 over runs .*10 over runs .*20 over runs .* runs.*Fall of 1st wkt/,
    );
    const football = fixtures.find((fixture) => fixture.sportId === 1)!;
    expect(football.markets.map((market) => market.type)).toEqual(['MATCH_ODDS', 'OVER_UNDER_25', 'BOTH_TEAMS_TO_SCORE']);
    expect(fixtures.every((fixture) => fixture.startTime <= NOW + 7 * DAY && fixture.endBy >= NOW)).toBe(true);
  });

  it('keeps the price invariants at any moment of any fixture', () => {
    const feed = createSimulatedFeed({ seed: 'props', speed: 60 });
    const fixtures = feed.fixtures(NOW, NOW + 6 * HOUR);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: fixtures.length - 1 }),
        fc.double({ min: -0.2, max: 1.2, noNaN: true }),
        (index, position) => {
          const fixture = fixtures[index]!;
          const at = fixture.startTime + (fixture.endBy - fixture.startTime) * position;
          assertPriceInvariants(fixture, feed.state(fixture, at));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('plays a cricket match to a result: prices move, wickets suspend and markets reopen, fancies settle', () => {
    const speed = 60;
    const feed = createSimulatedFeed({ seed: 'match', speed });
    const fixture = feed.fixtures(NOW, NOW + 6 * HOUR).find((item) => item.sportId === 4)!;
    const seenPrices = new Set<number>();
    let suspensions = 0;
    let reopenedAfterSuspension = false;
    let previous: FeedMatchState['markets'][number]['status'] = 'OPEN';
    const step = 250;
    for (let at = fixture.startTime - 60_000; at <= fixture.endBy + step; at += step) {
      const state = feed.state(fixture, at);
      assertPriceInvariants(fixture, state);
      const status = state.markets[0]!.status;
      if (state.phase === 'IN_PLAY') {
        if (status === 'SUSPENDED' && previous === 'OPEN') suspensions++;
        if (status === 'OPEN' && previous === 'SUSPENDED') reopenedAfterSuspension = true;
        const best = state.markets[0]!.runners[0]!.back[0];
        if (best) seenPrices.add(best.odds);
      }
      previous = status;
    }
    const final = feed.state(fixture, fixture.endBy + 1);
    expect(final.phase).toBe('FINISHED');
    expect(final.markets.every((market) => market.status === 'CLOSED')).toBe(true);
    const winner = final.results.markets.MO;
    expect(fixture.markets[0]!.runners.map((runner) => runner.selectionId)).toContain(winner);
    expect(final.results.markets.BM).toBe(winner);
    // Every fancy line of both innings has its deciding runs.
    expect(Object.keys(final.results.fancies).sort()).toEqual(fixture.fancies.map((fancy) => fancy.key).sort());
    expect(final.scoreboard.status).toBe('finished');
    expect(suspensions).toBeGreaterThan(0);
    expect(reopenedAfterSuspension).toBe(true);
    expect(seenPrices.size).toBeGreaterThan(10);
  });

  it('moves pre-match prices and plays football with goals that suspend the market', () => {
    const feed = createSimulatedFeed({ seed: 'football', speed: 30 });
    const matches = feed.fixtures(NOW, NOW + 24 * HOUR).filter((item) => item.sportId === 1);
    const fixture = matches.find((item) => {
      const end = feed.state(item, item.endBy + 1);
      return Number(end.scoreboard.homeScore) + Number(end.scoreboard.awayScore) > 0;
    })!;
    const before = new Set<number>();
    for (let at = fixture.startTime - 40 * 60_000; at < fixture.startTime; at += 30_000) {
      before.add(feed.state(fixture, at).markets[0]!.runners[0]!.back[0]!.odds);
    }
    expect(before.size).toBeGreaterThan(1);
    let suspended = false;
    for (let at = fixture.startTime; at < fixture.endBy; at += 250) {
      if (feed.state(fixture, at).markets[0]!.status === 'SUSPENDED') suspended = true;
    }
    expect(suspended).toBe(true);
    const final = feed.state(fixture, fixture.endBy + 1);
    expect(final.phase).toBe('FINISHED');
    expect(Object.keys(final.results.markets).sort()).toEqual(['BTTS', 'MO', 'OU25']);
  });

  it('compresses time: at SIM_SPEED 60 a T20 match lasts 3.5 minutes', () => {
    const feed = createSimulatedFeed({ seed: 'demo', speed: 60 });
    const fixture = feed.fixtures(NOW, NOW + 6 * HOUR).find((item) => item.sportId === 4)!;
    expect(fixture.endBy - fixture.startTime).toBe(210_000);
    expect(feed.state(fixture, fixture.startTime + 100_000).phase).toBe('IN_PLAY');
    expect(feed.state(fixture, fixture.endBy).phase).toBe('FINISHED');
  });
});
