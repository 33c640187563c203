import type { CrashFlightMessage, CrashRoundView } from '@app/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { LIVE_SOCKET_PATH } from '@/lib/api-routes';
import { drawnMultiplier, type FlightView, ServerClock, takeLook } from './crash-flight';

const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 15_000;

export interface CrashFlight {
  view: FlightView | null;
  /** The server's clock now, as the looks tell it. */
  serverNow: () => number;
}

/**
 * Crash's round as the server tells it: the live socket's looks (every tick of the flight, the
 * crash at its moment) and the state poll's, merged (model/crash-flight.ts). Without the socket
 * the poll alone keeps the page right, only less smooth.
 */
export function useCrashFlight(polled: { now: number; round: CrashRoundView; receivedAt: number } | undefined): CrashFlight {
  const clock = useRef(new ServerClock());
  const [view, setView] = useState<FlightView | null>(null);
  const take = useCallback((look: { now: number; round: CrashRoundView }, receivedAt: number) => {
    clock.current.note(look.now, receivedAt);
    setView((previous) => takeLook(previous, look));
  }, []);

  useEffect(() => {
    if (polled) take(polled, polled.receivedAt);
  }, [polled, take]);

  useEffect(() => {
    if (typeof WebSocket === 'undefined') return undefined;
    let socket: WebSocket | null = null;
    let retryMs = RECONNECT_MIN_MS;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let isDone = false;
    const connect = () => {
      const current = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${LIVE_SOCKET_PATH}`);
      socket = current;
      current.onopen = () => {
        retryMs = RECONNECT_MIN_MS;
        current.send(JSON.stringify({ type: 'crash_subscribe' }));
      };
      current.onmessage = (event) => {
        const receivedAt = Date.now();
        let message: CrashFlightMessage;
        try {
          message = JSON.parse(String(event.data)) as CrashFlightMessage;
        } catch {
          return;
        }
        if (message.type === 'crash') take(message, receivedAt);
      };
      current.onclose = () => {
        socket = null;
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
  }, [take]);

  const serverNow = useCallback(() => clock.current.now(Date.now()), []);
  return { view, serverNow };
}

/**
 * The multiplier to draw now, every animation frame while the round flies. Within a round it only
 * grows (a clock sample that moves back does not pull the counter back); a new round starts at
 * its own value, never the last round's.
 */
export function useDrawnMultiplier(view: FlightView | null, serverNow: () => number): number {
  const [drawn, setDrawn] = useState(() => ({ round: view?.roundNumber, value: drawnMultiplier(view, serverNow()) }));
  const isFlying = view?.phase === 'running';
  useEffect(() => {
    const draw = () => {
      const value = drawnMultiplier(view, serverNow());
      setDrawn((previous) =>
        previous.round === view?.roundNumber && isFlying
          ? previous.value >= value
            ? previous
            : { round: previous.round, value }
          : { round: view?.roundNumber, value },
      );
    };
    draw();
    if (!isFlying) return undefined;
    let frame = requestAnimationFrame(function tick() {
      draw();
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [view, serverNow, isFlying]);
  // Out of flight the value is the server's alone (1.00×, the crash point), from the same render
  // that shows the phase; in flight never a value of another round, not even for one frame.
  return isFlying && drawn.round === view?.roundNumber ? drawn.value : drawnMultiplier(view, serverNow());
}
