import type { MatchDelta } from '@app/shared';
import { useSyncExternalStore } from 'react';
import { LIVE_SOCKET_PATH } from '@/lib/api-routes';

const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 15_000;

interface Follower {
  onDelta(delta: MatchDelta): void;
  /**
   * The server confirmed the subscription (on every connect): deltas flow from now on, and any
   * sent before it were missed, so the snapshot is fetched again.
   */
  onSubscribed(): void;
}

/**
 * One socket to `/api/ws` for the whole page, opened while some match is followed. It
 * reconnects with a growing pause; while it is down, pages poll instead (useLiveSocketOpen).
 */
function createLiveSocket() {
  const followers = new Map<number, Set<Follower>>();
  const statusListeners = new Set<() => void>();
  let socket: WebSocket | null = null;
  let isOpen = false;
  let retryMs = RECONNECT_MIN_MS;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const setOpen = (value: boolean) => {
    if (isOpen === value) return;
    isOpen = value;
    for (const listener of statusListeners) listener();
  };

  const send = (message: unknown) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };

  const connect = () => {
    if (socket || typeof WebSocket === 'undefined') return;
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${LIVE_SOCKET_PATH}`;
    const current = new WebSocket(url);
    socket = current;
    current.onopen = () => {
      retryMs = RECONNECT_MIN_MS;
      setOpen(true);
      for (const matchId of followers.keys()) send({ type: 'subscribe', match_id: matchId });
    };
    current.onmessage = (event) => {
      let message: { type?: string; match_id?: number };
      try {
        message = JSON.parse(String(event.data)) as { type?: string; match_id?: number };
      } catch {
        return;
      }
      if (message.match_id === undefined) return;
      for (const follower of followers.get(message.match_id) ?? []) {
        if (message.type === 'delta') follower.onDelta(message as MatchDelta);
        else if (message.type === 'subscribed') follower.onSubscribed();
      }
    };
    current.onclose = () => {
      socket = null;
      setOpen(false);
      if (followers.size === 0) return;
      retryTimer = setTimeout(connect, retryMs);
      retryMs = Math.min(RECONNECT_MAX_MS, retryMs * 2);
    };
  };

  return {
    follow(matchId: number, follower: Follower): () => void {
      let set = followers.get(matchId);
      if (!set) {
        followers.set(matchId, (set = new Set()));
        send({ type: 'subscribe', match_id: matchId });
      }
      set.add(follower);
      connect();
      return () => {
        set.delete(follower);
        if (set.size > 0) return;
        followers.delete(matchId);
        send({ type: 'unsubscribe', match_id: matchId });
        if (followers.size === 0) {
          clearTimeout(retryTimer);
          socket?.close();
        }
      };
    },
    isOpen: () => isOpen,
    onStatus(listener: () => void) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
  };
}

export const liveSocket = createLiveSocket();

/** Whether live deltas arrive now (else the page polls). */
export function useLiveSocketOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const stop = liveSocket.onStatus(listener);
      return () => void stop();
    },
    liveSocket.isOpen,
    () => false,
  );
}
