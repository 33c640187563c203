import type { LiveRoundView, LiveTableMessage } from '@app/shared';
import { LIVE_SOCKET_PATH } from '@/lib/api-routes';
import { isNewerRound } from './table-feed';

/**
 * The lobby's live tiles share one socket (docs/casino.md "Lobby and pages"): a tile that shows
 * a table subscribes to it, the last one to leave unsubscribes, and the socket closes when no
 * tile is left. A tile shown twice (popular and new) costs nothing more.
 */
type Listener = (round: LiveRoundView, clockOffset: number) => void;

const RECONNECT_MS = 3_000;
const listeners = new Map<string, Set<Listener>>();
const latest = new Map<string, { round: LiveRoundView; clockOffset: number }>();
let socket: WebSocket | null = null;
let reconnectTimer: ReturnType<typeof setTimeout> | undefined;

function send(message: object): void {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function connect(): void {
  if (socket || typeof WebSocket === 'undefined') return;
  const current = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${LIVE_SOCKET_PATH}`);
  socket = current;
  current.onopen = () => {
    for (const table of listeners.keys()) send({ type: 'table_subscribe', table });
  };
  current.onmessage = (event) => {
    let message: LiveTableMessage;
    try {
      message = JSON.parse(String(event.data)) as LiveTableMessage;
    } catch {
      return;
    }
    if (message.type !== 'table' || !message.round) return;
    const previous = latest.get(message.table);
    if (message.event !== 'snapshot' && !isNewerRound(message.round, previous?.round)) return;
    const next = { round: message.round, clockOffset: message.now - Date.now() };
    latest.set(message.table, next);
    for (const listener of listeners.get(message.table) ?? []) listener(next.round, next.clockOffset);
  };
  current.onclose = () => {
    socket = null;
    if (listeners.size > 0) reconnectTimer = setTimeout(connect, RECONNECT_MS);
  };
}

/** Follows a table's rounds; answers the unsubscribe. */
export function watchLobbyTable(table: string, listener: Listener): () => void {
  let tableListeners = listeners.get(table);
  if (!tableListeners) {
    tableListeners = new Set();
    listeners.set(table, tableListeners);
    send({ type: 'table_subscribe', table });
  }
  tableListeners.add(listener);
  const known = latest.get(table);
  if (known) listener(known.round, known.clockOffset);
  connect();
  return () => {
    tableListeners.delete(listener);
    if (tableListeners.size > 0) return;
    listeners.delete(table);
    latest.delete(table);
    send({ type: 'table_unsubscribe', table });
    if (listeners.size === 0) {
      clearTimeout(reconnectTimer);
      socket?.close();
      socket = null;
    }
  };
}
