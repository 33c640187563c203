import type { LiveRoundView, LiveTableMessage } from '@app/shared';
import { useEffect, useState } from 'react';
import { LIVE_SOCKET_PATH } from '@/lib/api-routes';

const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 15_000;

export interface TableFeed {
  /** The newest round the socket told (null before the first message). */
  round: LiveRoundView | null;
  /** The server's clock minus ours, from the last message. */
  clockOffset: number;
  isOpen: boolean;
}

const PHASE_ORDER = { betting: 0, result: 1 } as const;

/** Whether `next` is a later state of the table than `current` (messages may arrive twice or late). */
export function isNewerRound(next: LiveRoundView | null | undefined, current: LiveRoundView | null | undefined): boolean {
  if (!next) return false;
  if (!current) return true;
  if (next.round_number !== current.round_number) return next.round_number > current.round_number;
  return PHASE_ORDER[next.phase] > PHASE_ORDER[current.phase];
}

/**
 * The table's rounds over `/api/ws`: a snapshot on every (re)connect, then each round's opening
 * and result, as every other watcher gets them. Reconnects with a growing pause; the page reads
 * the state endpoint meanwhile.
 */
export function useTableFeed(table: string): TableFeed {
  const [feed, setFeed] = useState<TableFeed>({ round: null, clockOffset: 0, isOpen: false });
  useEffect(() => {
    if (typeof WebSocket === 'undefined' || !table) return undefined;
    let socket: WebSocket | null = null;
    let retryMs = RECONNECT_MIN_MS;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let isDone = false;
    const connect = () => {
      const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${LIVE_SOCKET_PATH}`;
      const current = new WebSocket(url);
      socket = current;
      current.onopen = () => {
        retryMs = RECONNECT_MIN_MS;
        current.send(JSON.stringify({ type: 'table_subscribe', table }));
        setFeed((previous) => ({ ...previous, isOpen: true }));
      };
      current.onmessage = (event) => {
        let message: LiveTableMessage;
        try {
          message = JSON.parse(String(event.data)) as LiveTableMessage;
        } catch {
          return;
        }
        if (message.type !== 'table' || message.table !== table) return;
        setFeed((previous) => {
          // A snapshot after a reconnect replaces what the page held; steps only move it forward.
          const isTaken = message.event === 'snapshot' || isNewerRound(message.round, previous.round);
          return {
            isOpen: true,
            clockOffset: message.now - Date.now(),
            round: isTaken ? message.round : previous.round,
          };
        });
      };
      current.onclose = () => {
        socket = null;
        setFeed((previous) => ({ ...previous, isOpen: false }));
        if (isDone) return;
        retryTimer = setTimeout(connect, retryMs);
        retryMs = Math.min(RECONNECT_MAX_MS, retryMs * 2);
      };
    };
    connect();
    return () => {
      isDone = true;
      clearTimeout(retryTimer);
      socket?.close();
    };
  }, [table]);
  return feed;
}

/** Whole seconds until `at` on the server's clock, counted down every 250 ms. */
export function useSecondsUntil(at: number | undefined, clockOffset: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  if (at === undefined) return 0;
  return Math.max(0, Math.ceil((at - (now + clockOffset)) / 1000));
}
