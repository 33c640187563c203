import type { MarketsSnapshot, MatchDelta } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { busTopics, createLocalEventBus } from '../../lib/event-bus';
import { createLiveTicker } from './live-ticker';
import { FEED_TICK_MS, type MarketsService, SNAPSHOT_LAG_MS } from './markets.service';

const MATCH_ID = 7;

/** A match whose one market's price moves at every moment and whose status the test sets. */
function snapshotAt(seq: number, status: 'OPEN' | 'SUSPENDED'): MarketsSnapshot {
  const price = [{ price: 1.5 + (seq % 10) / 100, size: 100 }];
  return {
    match: { match_id: MATCH_ID, name: 'A v B', in_play: true, scoreboard: null },
    markets: [
      {
        market_id: '1.1',
        market_type: 'MATCH_ODDS',
        status,
        runners: [{ selection_id: 1, back: status === 'OPEN' ? price : [], lay: [] }],
      },
      { market_id: '1.2', market_type: 'BOOKMAKER', status: 'OPEN', runners: [{ selection_id: 1, back: price, lay: [] }] },
    ],
    fancy: [],
    seq,
  } as unknown as MarketsSnapshot;
}

describe('the live ticker after a change of status', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 * FEED_TICK_MS }));
  afterEach(() => vi.useRealTimers());

  it('publishes the match whole for as long as another instance may still answer the old status, then diffs again', async () => {
    let status: 'OPEN' | 'SUSPENDED' = 'OPEN';
    const seqAt = (now: number) => Math.floor(now / FEED_TICK_MS);
    const markets = {
      seqAt,
      getMarkets: async () => snapshotAt(seqAt(Date.now()), status),
    } as unknown as MarketsService;
    const bus = createLocalEventBus();
    const deltas: MatchDelta[] = [];
    bus.subscribe(busTopics.match(MATCH_ID), (payload) => deltas.push(payload as MatchDelta));
    const ticker = createLiveTicker(bus, markets, { error: vi.fn() } as unknown as FastifyBaseLogger);
    ticker.start();
    ticker.noteInterest([MATCH_ID]);

    await vi.advanceTimersByTimeAsync(FEED_TICK_MS * 4);
    expect(deltas.map((delta) => delta.full)).toEqual([true, false, false, false]);

    status = 'SUSPENDED';
    deltas.length = 0;
    await vi.advanceTimersByTimeAsync(SNAPSHOT_LAG_MS + FEED_TICK_MS * 4);
    const whole = deltas.filter((delta) => delta.full);
    // Every moment of the window is whole (a page's stale snapshot of any of them is replaced)...
    expect(whole.length).toBeGreaterThanOrEqual(Math.floor(SNAPSHOT_LAG_MS / FEED_TICK_MS));
    expect(whole.every((delta) => delta.markets.find((m) => m.market_id === '1.1')?.status === 'SUSPENDED')).toBe(true);
    expect(deltas.slice(0, whole.length).every((delta) => delta.full)).toBe(true);
    // ...then only what changed again.
    expect(deltas.at(-1)).toMatchObject({ full: false, prev_seq: deltas.at(-2)!.seq });
    expect(deltas.at(-1)!.markets.map((m) => m.market_id)).toEqual(['1.2']);
    ticker.stop();
    await bus.close();
  });
});
