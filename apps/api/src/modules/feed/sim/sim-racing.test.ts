import { isOnOddsLadder, placesPaid } from '@app/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FeedFixture } from '../odds-feed';
import { finishingOrder, placeChances } from './sim-race-cards';
import { fixtureForKey } from './sim-schedule';
import { createSimulatedFeed } from './simulator';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 10, 23, 6);

const races = (fixtures: FeedFixture[]) => fixtures.filter((fixture) => fixture.sportId === 7 || fixture.sportId === 4339);

/** Every order of the field with its chance under Harville's model, to check the closed forms. */
function permutations(items: number[]): number[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, index) =>
    permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]),
  );
}

describe('the simulated race cards', () => {
  it('lays out each venue’s meeting: races named "Venue HH:MM" a fixed gap apart, the venue as the series', () => {
    const feed = createSimulatedFeed({ seed: 'cards', speed: 1 });
    const fixtures = races(feed.fixtures(NOW, NOW + 7 * DAY));
    for (const sportId of [7, 4339]) expect(fixtures.filter((fixture) => fixture.sportId === sportId).length).toBeGreaterThan(20);
    const mumbai = fixtures.filter((fixture) => fixture.seriesName === 'Mumbai');
    expect(mumbai.length).toBeGreaterThan(4);
    for (const race of mumbai) {
      expect(race.name).toMatch(/^Mumbai \d\d:\d\d$/);
      expect(race.home).toBe('Mumbai');
      expect(race.away).toMatch(/^\d+m .+/);
      // Mumbai is on India time: the name's clock is UTC + 5:30.
      const ist = new Date(race.startTime + 5.5 * HOUR);
      expect(race.name.slice(-5)).toBe(
        `${String(ist.getUTCHours()).padStart(2, '0')}:${String(ist.getUTCMinutes()).padStart(2, '0')}`,
      );
    }
    const gaps = mumbai.slice(1, 4).map((race, index) => race.startTime - mumbai[index]!.startTime);
    expect(gaps.every((gap) => gap === 30 * 60_000)).toBe(true);
    // A horse race runs about a minute or two, a greyhound race about half a minute.
    const horse = fixtures.find((fixture) => fixture.sportId === 7)!;
    const dogs = fixtures.find((fixture) => fixture.sportId === 4339)!;
    expect(horse.endBy - horse.startTime).toBeGreaterThan(50_000);
    expect(dogs.endBy - dogs.startTime).toBeLessThan(50_000);
    // Times are whole milliseconds at any speed (the database stores integers).
    for (const speed of [7, 60, 600]) {
      for (const race of races(createSimulatedFeed({ seed: 'cards', speed }).fixtures(NOW, NOW + DAY))) {
        expect(Number.isSafeInteger(race.startTime) && Number.isSafeInteger(race.endBy)).toBe(true);
      }
    }
  });

  it('draws believable fields: cloth numbers, jockeys, form, a Win market and a Place market paying by field size', () => {
    const sizes = new Set<number>();
    for (let slot = 0; slot < 300; slot++) {
      for (const [sportId, lane] of [
        [7, slot % 5],
        [4339, slot % 5],
      ] as const) {
        const race = fixtureForKey('field', 1, `sim-field-x1:${sportId}:v${lane}:${slot}`)!;
        const runners = race.markets[0]!.runners;
        sizes.add(runners.length);
        expect(runners.map((runner) => runner.clothNumber)).toEqual(runners.map((_, index) => index + 1));
        expect(new Set(runners.map((runner) => runner.selectionId)).size).toBe(runners.length);
        expect(new Set(runners.map((runner) => runner.name)).size).toBe(runners.length);
        for (const runner of runners) {
          expect(runner.form).toMatch(/^[0-9P-]{3,}$/);
          if (sportId === 7) expect(runner.jockey).toMatch(/\w+ \w+/);
          else expect(runner.jockey).toBeUndefined();
        }
        const [win, place] = race.markets;
        expect(win).toMatchObject({ key: 'WIN', type: 'WIN', numberOfWinners: 1 });
        if (runners.length < 5) expect(place).toBeUndefined();
        else {
          expect(place).toMatchObject({ key: 'PLACE', type: 'PLACE', numberOfWinners: placesPaid(runners.length) });
          expect(place!.runners).toEqual(runners);
        }
      }
    }
    // Fields under 5 (no Place), of 5–7 (2 places) and of 8 or more (3 places) all occur.
    expect([...sizes].some((size) => size < 5)).toBe(true);
    expect([...sizes].some((size) => size >= 5 && size < 8)).toBe(true);
    expect([...sizes].some((size) => size >= 8)).toBe(true);
  });

  it('prices Win and Place before the off, suspends at the off and closes with the placings', () => {
    const feed = createSimulatedFeed({ seed: 'run', speed: 1 });
    const fixtures = races(feed.fixtures(NOW, NOW + 2 * DAY));
    let checked = 0;
    for (const race of fixtures.slice(0, 40)) {
      const places = race.markets[1]?.numberOfWinners ?? 0;
      const before = feed.state(race, race.startTime - 5 * 60_000);
      expect(before.phase).toBe('PRE');
      const [win, place] = before.markets;
      expect(win!.status).toBe('OPEN');
      for (const runner of win!.runners) {
        expect(isOnOddsLadder(runner.back[0]!.odds)).toBe(true);
        expect(runner.back[0]!.odds).toBeLessThan(runner.lay[0]!.odds);
        // Being placed is likelier than winning: its price is shorter.
        const placed = place?.runners.find((item) => item.selectionId === runner.selectionId);
        if (placed) expect(placed.back[0]!.odds).toBeLessThanOrEqual(runner.back[0]!.odds);
      }
      // The Win book is near 100%; the Place book near 100% per place paid.
      const book = (market: typeof win) => market!.runners.reduce((sum, runner) => sum + 100 / runner.back[0]!.odds, 0);
      expect(book(win)).toBeGreaterThan(0.85);
      expect(book(win)).toBeLessThan(1.05);
      if (place) expect(book(place) / places).toBeLessThan(1.05);

      const running = feed.state(race, race.startTime + 1);
      expect(running.phase).toBe('IN_PLAY');
      expect(
        running.markets.every((market) => market.status === 'SUSPENDED' && market.runners.every((r) => !r.back.length)),
      ).toBe(true);

      const after = feed.state(race, race.endBy + 1);
      expect(after.phase).toBe('FINISHED');
      expect(after.markets.every((market) => market.status === 'CLOSED')).toBe(true);
      const placings = after.scoreboard.placings!;
      expect(placings.map((placing) => placing.selectionId).sort()).toEqual(
        win!.runners.map((runner) => runner.selectionId).sort(),
      );
      expect(placings.map((placing) => placing.position)).toEqual(placings.map((_, index) => index + 1));
      expect(after.results.markets.WIN).toBe(placings[0]!.selectionId);
      if (places) expect(after.results.placed?.PLACE).toEqual(placings.slice(0, places).map((placing) => placing.selectionId));
      else expect(after.results.placed?.PLACE).toBeUndefined();
      expect(after.scoreboard.note).toBe(`Winner: ${placings[0]!.name}`);
      checked++;
    }
    expect(checked).toBe(40);
  });

  it('draws results by the runners’ chances: favourites win about as often as their price says', () => {
    const feed = createSimulatedFeed({ seed: 'fair', speed: 60 });
    const fixtures = Array.from({ length: 600 }, (_, index) => {
      const sportId = index % 2 ? 7 : 4339;
      return fixtureForKey('fair', 60, `sim-fair-x60:${sportId}:v${Math.floor(index / 2) % 5}:${Math.floor(index / 10)}`)!;
    });
    let expected = 0;
    let favourites = 0;
    for (const race of fixtures) {
      const win = feed.state(race, race.startTime - 1).markets[0]!;
      const favourite = [...win.runners].sort((a, b) => a.back[0]!.odds - b.back[0]!.odds)[0]!;
      expected += 100 / favourite.back[0]!.odds;
      if (feed.state(race, race.endBy + 1).results.markets.WIN === favourite.selectionId) favourites++;
    }
    expect(fixtures.length).toBe(600);
    // 600 races: within about four standard deviations of what the prices promise.
    expect(Math.abs(favourites - expected)).toBeLessThan(4 * Math.sqrt(expected));
  });

  it('computes place chances as Harville’s model does, and draws a full finishing order', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0.05, max: 1, noNaN: true }), { minLength: 5, maxLength: 7 }), (weights) => {
        const total = weights.reduce((sum, weight) => sum + weight, 0);
        const win = weights.map((weight) => weight / total);
        const orderChance = (order: number[]) => {
          let left = 1;
          return order.reduce((chance, runner) => {
            const next = chance * (win[runner]! / left);
            left -= win[runner]!;
            return next;
          }, 1);
        };
        const orders = permutations(win.map((_, index) => index));
        for (const places of [1, 2, 3]) {
          const chances = placeChances(win, places);
          expect(chances.reduce((sum, chance) => sum + chance, 0)).toBeCloseTo(places, 9);
          chances.forEach((chance, runner) => {
            const brute = orders
              .filter((order) => order.slice(0, places).includes(runner))
              .reduce((sum, order) => sum + orderChance(order), 0);
            expect(chance).toBeCloseTo(brute, 9);
          });
        }
        const order = finishingOrder(`k${weights.join()}`, win);
        expect([...order].sort()).toEqual(win.map((_, index) => index).sort());
      }),
      { numRuns: 60 },
    );
  });

  it('does not know race keys of the older simulator (they retire instead of changing meaning)', () => {
    expect(fixtureForKey('demo', 1, 'sim-demo-x1:7:0:12')).toBeUndefined();
    expect(fixtureForKey('demo', 1, 'sim-demo-x1:4:v0:12')).toBeUndefined();
    expect(fixtureForKey('demo', 1, 'sim-demo-x1:7:v9:12')).toBeUndefined();
    expect(fixtureForKey('demo', 1, 'sim-demo-x1:7:v0:12')?.seriesName).toBe('Mumbai');
  });
});
