import { describe, expect, it } from 'vitest';
import { manualClock } from '../../test/accounts-support';
import { createUserCache, type UserCacheOptions } from './user-cache';
import type { UserChangeFeed, UserChangeListener } from './user-changes';

/** A feed the test drives: flip `live`, send notices by hand. */
function fakeFeed() {
  const listeners: UserChangeListener[] = [];
  const feed: UserChangeFeed & { live: boolean; notice(userId: number | null): void } = {
    live: true,
    subscribe: (listener) => void listeners.push(listener),
    report: (userId) => listeners.forEach((listener) => listener(userId)),
    whenTold: () => undefined,
    whenCaughtUp: () => undefined,
    catchUp: () => undefined,
    onError: () => undefined,
    close: async () => undefined,
    notice: (userId) => listeners.forEach((listener) => listener(userId)),
  };
  return feed;
}

const ALICE = 1;
const BOB = 2;
const OPTIONS: UserCacheOptions = { maxEntries: 100, ttlMs: 60_000 };

function setUp(options: UserCacheOptions = OPTIONS) {
  const feed = fakeFeed();
  const clock = manualClock();
  const cache = createUserCache<string, string>(feed, clock, options);
  /** A read as the services do it: ticket first, then the value, then keep. */
  const read = (key: string, userId: number, value: string) => cache.keep(cache.ticket(), key, userId, value);
  return { feed, clock, cache, read };
}

describe('createUserCache', () => {
  it('serves what was kept, by key, and nothing for a key never kept', () => {
    const { cache, read } = setUp();
    read('alice-session', ALICE, 'alice v1');
    expect(cache.get('alice-session')).toBe('alice v1');
    expect(cache.get('bob-session')).toBeUndefined();
    read('alice-session', ALICE, 'alice v2');
    expect(cache.get('alice-session')).toBe('alice v2');
  });

  it("drops every copy of a user on a notice for that user, and only that user's", () => {
    const { feed, cache, read } = setUp();
    read('alice-phone', ALICE, 'alice on phone');
    read('alice-laptop', ALICE, 'alice on laptop');
    read('bob-phone', BOB, 'bob on phone');
    feed.notice(ALICE);
    expect(cache.get('alice-phone')).toBeUndefined();
    expect(cache.get('alice-laptop')).toBeUndefined();
    expect(cache.get('bob-phone')).toBe('bob on phone');
  });

  it('refuses to keep a value read before a notice for its user arrived (read old row, notice, keep)', () => {
    const { feed, cache } = setUp();
    const ticket = cache.ticket();
    // The read saw the old row; the write's notice lands before the read finishes.
    feed.notice(ALICE);
    cache.keep(ticket, 'alice', ALICE, 'stale');
    expect(cache.get('alice')).toBeUndefined();
    // A read that starts after the notice sees the new row and may keep it.
    const next = cache.ticket();
    cache.keep(next, 'alice', ALICE, 'fresh');
    expect(cache.get('alice')).toBe('fresh');
  });

  it("keeps a read overtaken only by another user's notice", () => {
    const { feed, cache } = setUp();
    const ticket = cache.ticket();
    feed.notice(BOB);
    cache.keep(ticket, 'alice', ALICE, 'alice');
    expect(cache.get('alice')).toBe('alice');
  });

  it('flushes everything on a null notice and refuses every read that started before it', () => {
    const { feed, cache, read } = setUp();
    read('alice', ALICE, 'alice');
    read('bob', BOB, 'bob');
    const before = cache.ticket();
    feed.notice(null);
    expect(cache.get('alice')).toBeUndefined();
    expect(cache.get('bob')).toBeUndefined();
    cache.keep(before, 'alice', ALICE, 'maybe stale');
    expect(cache.get('alice')).toBeUndefined();
    read('alice', ALICE, 'fresh');
    expect(cache.get('alice')).toBe('fresh');
  });

  it('still refuses an overtaken read after it stopped remembering which users changed', () => {
    // It remembers changed users for at most maxEntries of them, then forgets them all at once.
    const { feed, cache } = setUp({ maxEntries: 2, ttlMs: 60_000 });
    const ticket = cache.ticket();
    feed.notice(ALICE);
    feed.notice(BOB);
    feed.notice(3);
    cache.keep(ticket, 'alice', ALICE, 'stale');
    expect(cache.get('alice')).toBeUndefined();
  });

  it('serves a copy for ttlMs after it was kept, then no more', () => {
    const { clock, cache, read } = setUp({ maxEntries: 100, ttlMs: 1_000 });
    read('alice', ALICE, 'alice');
    clock.advance(1_000);
    expect(cache.get('alice')).toBe('alice');
    clock.advance(1);
    expect(cache.get('alice')).toBeUndefined();
    // Kept again, it lives a full ttl from then.
    read('alice', ALICE, 'alice again');
    clock.advance(999);
    expect(cache.get('alice')).toBe('alice again');
  });

  it('evicts the oldest copy beyond maxEntries; replacing a copy evicts nothing', () => {
    const { feed, cache, read } = setUp({ maxEntries: 2, ttlMs: 60_000 });
    read('alice', ALICE, 'alice');
    read('bob', BOB, 'bob');
    read('bob', BOB, 'bob v2');
    expect(cache.get('alice')).toBe('alice');
    read('carol', 3, 'carol');
    expect(cache.get('alice')).toBeUndefined();
    expect(cache.get('bob')).toBe('bob v2');
    expect(cache.get('carol')).toBe('carol');
    // An evicted copy leaves nothing behind that a later notice could trip over.
    feed.notice(ALICE);
    expect(cache.get('bob')).toBe('bob v2');
  });

  it('serves and keeps nothing while the feed is not live (a notice could be missed)', () => {
    const { feed, cache, read } = setUp();
    read('alice', ALICE, 'alice');
    feed.live = false;
    expect(cache.get('alice')).toBeUndefined();
    read('bob', BOB, 'bob read while deaf');
    feed.live = true;
    expect(cache.get('bob')).toBeUndefined();
  });
});
