import type { CrashFlightMessage } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';

/** Where the flight is now and when to look again (CrashService.flight). */
export type FlightSource = () => Promise<{ message: CrashFlightMessage; nextAt: number }>;

/** After a failed look (no chain left, the database away) the flight looks again this much later. */
const RETRY_MS = 1_000;

/**
 * Crash's flight for the live socket's watchers on this instance (docs/casino.md "Crash on the
 * screen"). While someone watches, a timer looks at the round when its next step is due (take-off,
 * every tick of the flight, the crash, the next round) and hands each look to every watcher. No
 * bus: each instance reads the same stored round and tells its own watchers from its own clock,
 * so a `running` look is only ever sent before the crash moment on the clock that judges a
 * cash-out. Nothing runs while nobody watches.
 */
export function createCrashFlightHub(clock: Clock, logger: FastifyBaseLogger) {
  const listeners = new Set<(message: CrashFlightMessage) => void>();
  let source: FlightSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isLooking = false;

  // One timer at most: a new schedule replaces the one waiting.
  const schedule = (delayMs: number) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void look(), Math.max(0, delayMs));
    timer.unref();
  };

  async function look(): Promise<void> {
    timer = undefined;
    if (listeners.size === 0 || !source || isLooking) return;
    isLooking = true;
    try {
      const { message, nextAt } = await source();
      for (const listener of listeners) listener(message);
      if (listeners.size > 0) schedule(nextAt - clock.now());
    } catch (error) {
      if (!(error instanceof AppError)) logger.error({ err: error }, 'crash flight look failed');
      if (listeners.size > 0) schedule(RETRY_MS);
    } finally {
      isLooking = false;
    }
  }

  return {
    /** The crash service's flight, once the module registered it. */
    attach(flight: FlightSource): void {
      source = flight;
      if (listeners.size > 0 && !timer) schedule(0);
    },

    /** Every look from now on; the first watcher starts the timer, the last one's stop ends it. */
    watch(listener: (message: CrashFlightMessage) => void): () => void {
      listeners.add(listener);
      if (listeners.size === 1 && !timer) schedule(0);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && timer) {
          clearTimeout(timer);
          timer = undefined;
        }
      };
    },

    /** The flight now, for a watcher that just joined (a reconnecting page sees the round at once). */
    async snapshot(): Promise<CrashFlightMessage> {
      if (!source) throw new AppError('NOT_FOUND', 'Crash is not open yet');
      return (await source()).message;
    },

    close(): void {
      listeners.clear();
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}

export type CrashFlightHub = ReturnType<typeof createCrashFlightHub>;
