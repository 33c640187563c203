import type { Clock } from '../lib/clock';
import type { UserChangeFeed } from './user-changes';

/**
 * Copies of rows that belong to one user (a session, a balance), kept in memory and dropped the
 * moment the feed says that user changed (docs/adr/0006-hot-reads-from-memory.md).
 *
 * A copy is only ever kept if no notice for its user arrived while it was being read: a read
 * takes a ticket before it asks the database, and `keep` refuses a ticket that a notice for the
 * same user (or a flush) overtook. So a read that saw the old row cannot store it after the
 * notice of the new one. Copies also expire after `ttlMs`, a backstop rather than the mechanism.
 */
export interface UserCache<K, V> {
  /** The copy, if there is a good one. */
  get(key: K): V | undefined;
  /** Take before reading the database for a value to keep. */
  ticket(): CacheTicket;
  keep(ticket: CacheTicket, key: K, userId: number, value: V): void;
}

export interface CacheTicket {
  readonly notice: number;
  readonly flush: number;
}

export interface UserCacheOptions {
  /** Copies kept at most; the oldest goes first. */
  maxEntries: number;
  ttlMs: number;
}

/** What the API keeps: copies for 100,000 players at most (a few hundred bytes each), a minute each. */
export const HOT_COPIES: UserCacheOptions = { maxEntries: 100_000, ttlMs: 60_000 };

interface Entry<V> {
  value: V;
  userId: number;
  keptAt: number;
}

export function createUserCache<K, V>(feed: UserChangeFeed, clock: Clock, options: UserCacheOptions): UserCache<K, V> {
  const entries = new Map<K, Entry<V>>();
  const keysByUser = new Map<number, Set<K>>();
  /** The notice count when each user last changed; cleared with a flush. */
  const changedAt = new Map<number, number>();
  let notices = 0;
  let flushes = 0;

  function flush(): void {
    entries.clear();
    keysByUser.clear();
    changedAt.clear();
    flushes += 1;
  }

  function drop(key: K, entry: Entry<V>): void {
    entries.delete(key);
    const keys = keysByUser.get(entry.userId);
    keys?.delete(key);
    if (keys?.size === 0) keysByUser.delete(entry.userId);
  }

  feed.subscribe((userId) => {
    if (userId === null) return flush();
    notices += 1;
    if (changedAt.size >= options.maxEntries) flush();
    changedAt.set(userId, notices);
    const keys = keysByUser.get(userId);
    if (!keys) return;
    for (const key of keys) entries.delete(key);
    keysByUser.delete(userId);
  });

  return {
    get(key) {
      feed.catchUp();
      if (!feed.live) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (clock.now() - entry.keptAt > options.ttlMs) {
        drop(key, entry);
        return undefined;
      }
      return entry.value;
    },

    ticket: () => ({ notice: notices, flush: flushes }),

    keep(ticket, key, userId, value) {
      if (!feed.live || ticket.flush !== flushes || (changedAt.get(userId) ?? 0) > ticket.notice) return;
      const previous = entries.get(key);
      if (previous) drop(key, previous);
      if (entries.size >= options.maxEntries) {
        const oldest = entries.entries().next().value;
        if (oldest) drop(oldest[0], oldest[1]);
      }
      entries.set(key, { value, userId, keptAt: clock.now() });
      let keys = keysByUser.get(userId);
      if (!keys) keysByUser.set(userId, (keys = new Set()));
      keys.add(key);
    },
  };
}
