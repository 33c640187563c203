import { type CrashRoundView, crashMultiplierAt, crashSureToReach } from '@app/shared';

/**
 * What the page knows of the Crash round in play, from the server's looks (the live socket's
 * `crash` messages and the state poll; docs/casino.md "Crash on the screen"). The page draws
 * from this alone: never from its own idea of when the round crashes.
 */
export interface FlightView {
  /** The round as the furthest look told it (its hash, its chain, the crash once told). */
  round: CrashRoundView;
  roundNumber: number;
  phase: CrashRoundView['phase'];
  /** Take-off on the server's clock (epoch ms). */
  takeOffAt: number;
  /** The latest server time at which the server said the flight still ran (null: none yet). */
  runningAt: number | null;
  /** In hundredths, once the server told the crash. */
  crashPoint: number | null;
}

const PHASE_ORDER = { betting: 0, running: 1, crashed: 2 } as const;

/**
 * The view after one more look of the server (`now` is the server's clock at that look). Looks
 * arrive twice (socket and poll), late or out of order: a later round replaces the view, an older
 * one is ignored, and within a round the phase only moves forward and the running time only grows.
 */
export function takeLook(view: FlightView | null, look: { now: number; round: CrashRoundView }): FlightView {
  const { round } = look;
  if (view && round.round_number < view.roundNumber) return view;
  const isSameRound = view !== null && round.round_number === view.roundNumber;
  const phase = isSameRound && PHASE_ORDER[view.phase] > PHASE_ORDER[round.phase] ? view.phase : round.phase;
  const runningAt = round.phase === 'running' ? look.now : null;
  const isBehind = isSameRound && PHASE_ORDER[view.phase] > PHASE_ORDER[round.phase];
  return {
    round: isBehind ? view.round : round,
    roundNumber: round.round_number,
    phase,
    takeOffAt: round.betting_ends_at,
    runningAt: isSameRound ? maxOrNull(view.runningAt, runningAt) : runningAt,
    crashPoint: round.crash_point !== null ? Math.round(round.crash_point * 100) : isSameRound ? view.crashPoint : null,
  };
}

function maxOrNull(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
}

/**
 * The multiplier to draw (hundredths) at `serverNow`: 1.00× before take-off, the crash point once
 * told, and in flight the curve at `serverNow`, never past what the server's latest running look
 * makes sure (crashSureToReach): so never above the crash point, however late the crash is told
 * or however wrong the page's clock is. A flight the page has not yet seen running draws 1.00×.
 */
export function drawnMultiplier(view: FlightView | null, serverNow: number): number {
  if (!view || view.phase === 'betting') return 100;
  if (view.phase === 'crashed') return view.crashPoint ?? 100;
  if (view.runningAt === null) return 100;
  return Math.min(crashMultiplierAt(serverNow - view.takeOffAt), crashSureToReach(view.runningAt - view.takeOffAt));
}

/** How long a sample of the server's clock counts (a page left open for hours drifts). */
const CLOCK_SAMPLE_MS = 30_000;

/**
 * The server's clock from the page's, from looks that carry the server's time. A look's time was
 * read before it travelled, so `now - receivedAt` is never more than the true offset: the largest
 * recent one is the best lower bound. Being behind only holds the curve back a little; the cap
 * above keeps it honest either way.
 */
export class ServerClock {
  private samples: { offset: number; at: number }[] = [];

  note(serverNow: number, receivedAt: number): void {
    this.samples = this.samples.filter((sample) => receivedAt - sample.at < CLOCK_SAMPLE_MS);
    this.samples.push({ offset: serverNow - receivedAt, at: receivedAt });
  }

  /** The server's time when the page's clock reads `localNow` (the page's own before any look). */
  now(localNow: number): number {
    if (this.samples.length === 0) return localNow;
    return localNow + Math.max(...this.samples.map((sample) => sample.offset));
  }
}
