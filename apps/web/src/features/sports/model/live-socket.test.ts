import type { MatchDelta } from '@app/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for the browser's WebSocket: the test opens, feeds and closes it. */
class FakeSocket {
  static OPEN = 1;
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

describe('the live socket', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.made = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('location', { protocol: 'http:', host: 'site.test' });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks for a fresh snapshot at each confirmed subscription, first connect and reconnect alike', async () => {
    const { liveSocket } = await import('./live-socket');
    const follower = { onDelta: vi.fn<(delta: MatchDelta) => void>(), onSubscribed: vi.fn() };
    const stop = liveSocket.follow(7, follower);
    const first = FakeSocket.made[0]!;
    expect(first.url).toBe('ws://site.test/api/ws');
    first.open();
    expect(first.sent).toEqual([{ type: 'subscribe', match_id: 7 }]);
    // Deltas sent before the server confirmed were missed: only the confirmation asks again.
    expect(follower.onSubscribed).not.toHaveBeenCalled();
    first.receive({ type: 'subscribed', match_id: 8 });
    expect(follower.onSubscribed).not.toHaveBeenCalled();
    first.receive({ type: 'subscribed', match_id: 7 });
    expect(follower.onSubscribed).toHaveBeenCalledTimes(1);
    first.receive({ type: 'delta', match_id: 7, seq: 2, prev_seq: 1 });
    expect(follower.onDelta).toHaveBeenCalledTimes(1);

    first.close();
    expect(liveSocket.isOpen()).toBe(false);
    vi.advanceTimersByTime(1_000);
    const second = FakeSocket.made[1]!;
    second.open();
    expect(second.sent).toEqual([{ type: 'subscribe', match_id: 7 }]);
    second.receive({ type: 'subscribed', match_id: 7 });
    expect(follower.onSubscribed).toHaveBeenCalledTimes(2);
    stop();
  });
});
