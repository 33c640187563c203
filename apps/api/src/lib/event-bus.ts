/**
 * Messages that every API instance must hear: live prices, balance and session changes, outbox
 * events. In one process it is a plain in-memory fan-out; with REDIS_URL the sports module's
 * implementation also carries them through Redis to the other instances.
 */
export interface EventBus {
  /** Delivers to this instance's subscribers, and to every other instance's when shared. */
  publish(topic: string, payload: unknown): void;
  /** Returns the unsubscribe function. */
  subscribe(topic: string, handler: (payload: unknown) => void): () => void;
  /** Delivers to this instance's subscribers only (what every instance derives for its own sockets). */
  publishLocal(topic: string, payload: unknown): void;
  /** Whether anything in this instance listens to the topic. */
  hasLocalSubscribers(topic: string): boolean;
  close(): Promise<void>;
}

/** One process only: the default when no Redis is configured, and in unit tests. */
export function createLocalEventBus(): EventBus {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const deliver = (topic: string, payload: unknown) => {
    for (const handler of handlers.get(topic) ?? []) handler(payload);
  };
  return {
    publish: deliver,
    publishLocal: deliver,
    hasLocalSubscribers: (topic) => (handlers.get(topic)?.size ?? 0) > 0,
    subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) handlers.set(topic, (set = new Set()));
      set.add(handler);
      return () => set.delete(handler);
    },
    async close() {
      handlers.clear();
    },
  };
}

/** The topics in use, named in one place so publishers and subscribers agree. */
export const busTopics = {
  /** Live deltas of one match (sports ticker → every instance's sockets). */
  match: (matchId: number) => `sports:match:${matchId}`,
  /** Which matches some instance's sockets follow, so the ticker knows what to price. */
  sportsInterest: 'sports:interest',
  /** Ticker instances announce themselves; the lowest id publishes. */
  sportsTicker: 'sports:ticker',
  /** Each message the holder of a Betfair stream applied, for the other instances (docs/feeds.md "Several instances"). */
  feedStream: (key: string) => `feed:stream:${key}`,
  /** A user's balance and exposure changed: the payload goes to the user's sockets as is. */
  userBalance: (userId: number) => `user:${userId}:balance`,
  /** A live table's round opened or has its result (the instance that made the step → every instance's sockets). */
  liveTable: (table: string) => `live-table:${table}`,
} as const;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's event bus (set in app.ts): Redis-backed across instances when REDIS_URL is set. */
    bus: EventBus;
  }
}
