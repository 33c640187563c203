import { z } from 'zod';
import type { HmacSha256, HmacSha256Async } from '../floats';
import { defineFairGame, nthFloat } from '../game';
import { MAX_CRASH_HUNDREDTHS, targetMultiplier } from './limbo';

export const crashParams = z.strictObject({
  /** Where the bet cashes out (automatically, or the point the player cashed out at). */
  cashout: targetMultiplier,
});
export type CrashParams = z.infer<typeof crashParams>;

const TWO_POW_32 = 2 ** 32;

/**
 * The crash point in hundredths from the round's 32-bit number n (the first four bytes of
 * HMAC-SHA256(key = round hash, message = salt), big end first): floor(99 × 2³² / (n + 1)),
 * at least 1.00× and at most 1 000 000×. P(point ≥ m) = 0.99 / m (to 2⁻³²).
 * In doubles the division is exact enough: 99 × 2³² < 2⁵³, so the floor is the integer one.
 */
export function crashPointFromNumber(roundNumber32: number): number {
  const point = Math.floor((99 * TWO_POW_32) / (roundNumber32 + 1));
  return Math.min(MAX_CRASH_HUNDREDTHS, Math.max(100, point));
}

/** The round's number n from its HMAC digest: the first four bytes, big end first. */
export function crashNumberOfDigest(digest: Uint8Array): number {
  return (((digest[0] ?? 0) << 24) >>> 0) + ((digest[1] ?? 0) << 16) + ((digest[2] ?? 0) << 8) + (digest[3] ?? 0);
}

/** A crash round's point from its hash and its chain's salt (docs/casino-fairness.md, Crash). */
export function crashPointOfHash(hmac: HmacSha256, roundHash: string, salt: string): number {
  return crashPointFromNumber(crashNumberOfDigest(hmac(roundHash, salt)));
}

export async function crashPointOfHashAsync(hmac: HmacSha256Async, roundHash: string, salt: string): Promise<number> {
  return crashPointFromNumber(crashNumberOfDigest(await hmac(roundHash, salt)));
}

/**
 * The exact chance that a round reaches a cash-out of `cashoutHundredths`: (the last n that still
 * reaches it + 1) / 2³².
 */
export function crashWinChance(cashoutHundredths: number): number {
  return Math.min(TWO_POW_32, Math.floor((99 * TWO_POW_32) / cashoutHundredths)) / TWO_POW_32;
}

/**
 * Crash: one shared round for every player, its hash the next one down a published SHA-256 hash
 * chain (docs/casino-fairness.md). The game's one "float" is n / 2³² of the round's digest; a bet
 * cashed out at m before the crash wins m.
 */
export const crash = defineFairGame({
  code: 'crash',
  name: 'Crash',
  category: 'virtual-game',
  params: crashParams,
  floatCount: () => 1,
  resolve(floats, params) {
    const point = crashPointFromNumber(Math.floor(nthFloat(floats, 0) * TWO_POW_32));
    const cashout = Math.round(params.cashout * 100);
    return { outcome: { crash_point: point / 100 }, multiplier: point >= cashout ? cashout * 100 : 0 };
  },
  rtpPercent: (params) => {
    // Exact: cash-out × P(point ≥ cash-out).
    const cashout = Math.round(params.cashout * 100);
    return Math.round(cashout * crashWinChance(cashout) * 100) / 100;
  },
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

/**
 * What a flight that the server saw still running `elapsedMs` after take-off is sure to reach, in
 * hundredths: one hundredth more than the multiplier then. The round crashes at the first
 * millisecond its curve reaches the crash point (crashDurationMs rounds up), so a round still
 * running at t has a crash point above e^(rate × t), hence at least floor(…) + 1. The page never
 * draws past it (docs/casino.md "Crash on the screen"), and a cash-out may ask for it.
 */
export function crashSureToReach(elapsedMs: number): number {
  return crashMultiplierAt(elapsedMs) + 1;
}

/** How often the server tells the page that the flight still runs (its socket's `crash` messages). */
export const CRASH_TICK_MS = 100;

/** Milliseconds from take-off until the multiplier reaches the crash point. */
export function crashDurationMs(crashPointHundredths: number): number {
  return Math.ceil(Math.log(crashPointHundredths / 100) / CRASH_GROWTH_PER_MS);
}
