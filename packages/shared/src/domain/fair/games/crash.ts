import { z } from 'zod';
import { defineFairGame, nthFloat } from '../game';
import { crashPointHundredths, targetMultiplier } from './limbo';

export const crashParams = z.strictObject({
  /** Where the bet cashes out (automatically, or the point the player cashed out at). */
  cashout: targetMultiplier,
});
export type CrashParams = z.infer<typeof crashParams>;

/**
 * Crash: one shared round for every player. The crash point comes from the round's seeds
 * (the game's server seed, the public client seed `crash`, the round number as nonce);
 * a bet cashed out at m before the crash wins m.
 */
export const crash = defineFairGame({
  code: 'crash',
  name: 'Crash',
  category: 'virtual-game',
  params: crashParams,
  floatCount: () => 1,
  resolve(floats, params) {
    const point = crashPointHundredths(nthFloat(floats, 0));
    const cashout = Math.round(params.cashout * 100);
    return { outcome: { crash_point: point / 100 }, multiplier: point >= cashout ? cashout * 100 : 0 };
  },
  rtpPercent: () => 99,
  benchParams: { cashout: 2 },
});

/** How a crash round's multiplier grows: m(t) = e^(rate × ms since take-off); 2× after about 11.6 s. */
export const CRASH_GROWTH_PER_MS = 0.00006;
/** Bets are taken for this long before take-off. */
export const CRASH_BETTING_MS = 6_000;
/** The crashed round stays on screen this long before the next one opens. */
export const CRASH_PAUSE_MS = 3_000;

/** The multiplier in hundredths `elapsedMs` after take-off. */
export function crashMultiplierAt(elapsedMs: number): number {
  return Math.floor(100 * Math.exp(CRASH_GROWTH_PER_MS * Math.max(0, elapsedMs)));
}

/** Milliseconds from take-off until the multiplier reaches the crash point. */
export function crashDurationMs(crashPointHundredths: number): number {
  return Math.ceil(Math.log(crashPointHundredths / 100) / CRASH_GROWTH_PER_MS);
}
