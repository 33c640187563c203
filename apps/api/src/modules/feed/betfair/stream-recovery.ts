import type { StreamError } from './stream-health';
import { IdentityError } from './stream-session';
import { forgetConnection, recordProblem, setStreamState, type StreamLink, type StreamProblem } from './stream-client-support';
import { reconnectDelayMs, type StatusAction } from './stream-status';

const DEFAULT_RECONNECT_BASE_MS = 1_000;
const DEFAULT_RECONNECT_MAX_MS = 60_000;
const DEFAULT_SLOW_RETRY_MS = 30_000;

/** What follows a lost link: a wait with backoff and a new connection, a new session first, or a stop. */
export interface StreamRecovery {
  /** Closes connection `id` (if still current) and decides what follows. */
  endConnection(id: number, problem: StreamProblem, action: StatusAction): void;
  /** No session to connect with (docs/feeds-stream.md, "The session"): stop, or try again later. */
  onIdentityFault(error: unknown): void;
  /** Cancels a reconnection that is waiting (the stream stops). */
  cancel(): void;
}

/**
 * The stream's recovery (docs/feeds-stream.md, "When the stream fails"): a status error is fatal
 * (stop until the configuration changes), a session to renew, refused resume tokens, or a fault
 * to retry (stream-status.ts). `open` connects again; `random` is the reconnect jitter.
 */
export function createStreamRecovery(
  link: StreamLink,
  random: () => number,
  open: (renewFirst: boolean) => void,
): StreamRecovery {
  const { config, health, log, clock, session } = link;
  const reconnectBaseMs = config.reconnectBaseMs ?? DEFAULT_RECONNECT_BASE_MS;
  const reconnectMaxMs = config.reconnectMaxMs ?? DEFAULT_RECONNECT_MAX_MS;
  const slowRetryMs = config.slowRetryMs ?? DEFAULT_SLOW_RETRY_MS;
  let reconnectTimer: NodeJS.Timeout | undefined;

  /** Waits, then connects again; `renewFirst`: get a new session before. */
  const scheduleReconnect = (minimumMs: number, renewFirst = false) => {
    if (!link.sink || reconnectTimer) return;
    link.attempt += 1;
    const delayMs = Math.max(minimumMs, reconnectDelayMs(link.attempt, reconnectBaseMs, reconnectMaxMs, random));
    setStreamState(link, 'waiting');
    health.nextAttemptAt = clock.now() + delayMs;
    health.reconnects += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      open(renewFirst);
    }, delayMs);
  };

  const fail = (error: StreamError) => {
    setStreamState(link, 'failed');
    session.stop();
    log.error({ code: error.code, reason: error.message }, 'betfair stream: stopped until its configuration changes');
  };

  return {
    endConnection(id, problem, action) {
      if (id !== link.connection) return;
      forgetConnection(link, true);
      if (!link.sink) return;
      const error = recordProblem(link, problem, action === 'fatal');
      if (action === 'fatal') return fail(error);
      log.warn({ code: problem.code, reason: problem.message, action }, 'betfair stream: connection lost');
      if (action === 'resubscribe-fresh') {
        // The resume tokens are refused: a fresh subscription starts over with a whole image.
        health.initialClk = null;
        health.clk = null;
      }
      if (action === 'renew-session') return scheduleReconnect(0, true);
      scheduleReconnect(action === 'retry-slowly' ? slowRetryMs : 0);
    },
    onIdentityFault(error) {
      const fault = error instanceof IdentityError ? error : new IdentityError('IDENTITY_UNAVAILABLE', String(error), false);
      const recorded = recordProblem(link, { code: fault.code, message: fault.message }, fault.isFatal);
      if (fault.isFatal) return fail(recorded);
      log.warn({ code: fault.code, reason: fault.message }, 'betfair stream: no session yet');
      scheduleReconnect(fault.retryAfterMs);
    },
    cancel() {
      clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
    },
  };
}
