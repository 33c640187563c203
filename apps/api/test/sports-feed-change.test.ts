import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeedSync } from '../src/modules/markets/feed-sync';
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
