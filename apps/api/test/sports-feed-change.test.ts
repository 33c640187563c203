import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OddsFeed } from '../src/modules/feed';
import { createFeedSync, RETIRE_UNKNOWN_AFTER_MS } from '../src/modules/markets/feed-sync';
import { createFeed } from '../src/modules/markets/markets.module';
import { manualClock } from './accounts-support';
import { createTestApp, type TestApp } from './test-app';

const clock = manualClock(Date.UTC(2026, 10, 23, 12, 0, 0));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { SIM_SEED: 'before', SIM_SPEED: '60' } });
});
afterAll(async () => t.close());

const unfinished = async (prefix: string) =>
  (
    await t.database.db
      .selectFrom('matches')
      .select('match_id')
      .where('finished_at', 'is', null)
      .where('feed_key', 'like', `${prefix}%`)
      .execute()
  ).length;

describe('a push feed that answers nothing for a moment (a hand-over, a reload)', () => {
  it('keeps its fixtures until they stay unknown for a while, then retires them', async () => {
    const source = createFeed({ FEED: 'simulator', SIM_SEED: 'before', SIM_SPEED: 60 });
    let isReloading = true;
    const pushFeed: OddsFeed = {
      name: source.name,
      fixtures: (from, to) => source.fixtures(from, to),
      state(fixture, at) {
        if (isReloading) throw new Error('no market of this fixture yet');
        return source.state(fixture, at);
      },
      push: {
        position: () => 0,
        isReady: () => true,
        onChange: () => () => undefined,
        start: async () => {},
        stop: async () => {},
      },
    };
    const sync = createFeedSync(t.database.db, clock, pushFeed);
    const watched = (await t.database.db.selectFrom('matches').select('match_id').where('finished_at', 'is', null).execute()).map(
      (row) => Number(row.match_id),
    );
    expect(watched.length).toBeGreaterThan(0);
    const stillOpen = async () =>
      (
        await t.database.db
          .selectFrom('matches')
          .select('match_id')
          .where('finished_at', 'is', null)
          .where('match_id', 'in', watched)
          .execute()
      ).length;
    await sync.syncFixtures();
    clock.advance(RETIRE_UNKNOWN_AFTER_MS - 1);
    await sync.syncFixtures();
    expect(await stillOpen()).toBe(watched.length);
    // Known again: the next absence counts from its own start.
    isReloading = false;
    await sync.syncFixtures();
    isReloading = true;
    await sync.syncFixtures();
    clock.advance(RETIRE_UNKNOWN_AFTER_MS - 1);
    await sync.syncFixtures();
    expect(await stillOpen()).toBe(watched.length);
    clock.advance(1);
    await sync.syncFixtures();
    expect(await stillOpen()).toBe(0);
  });
});

describe('a restart with another seed or speed', () => {
  it('retires the fixtures the feed no longer knows and takes in the new ones', async () => {
    expect(await unfinished('sim-before-x60:')).toBeGreaterThan(0);
    const sync = createFeedSync(t.database.db, clock, createFeed({ FEED: 'simulator', SIM_SEED: 'after', SIM_SPEED: 1 }));
    expect(await sync.syncFixtures()).toBeGreaterThan(0);
    expect(await unfinished('sim-before-x60:')).toBe(0);
    expect(await unfinished('sim-after-x1:')).toBeGreaterThan(0);
    // The results sweep skips what it cannot price instead of failing for every match.
    await expect(sync.recordResults()).resolves.toBeDefined();
  });
});
