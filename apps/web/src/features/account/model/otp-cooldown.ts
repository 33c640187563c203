import { OTP_RESEND_ENABLE_MS } from '@app/shared';

/**
 * The server refuses a new code for the same mobile for 60 s (docs/accounts.md "one send per
 * 60 s"; otp.service OTP_RESEND_COOLDOWN_MS). The contract does not carry it, so the site keeps
 * the same figure; a refusal's `retry_after` (seconds), when the server sends one, wins.
 */
export const OTP_SERVER_COOLDOWN_MS = 60_000;

/** When the last code went out, per mobile, for this page's life (the resend step reads it). */
const lastSentAt = new Map<string, number>();
let lastMobile: string | null = null;

export function recordOtpSent(mobile: string, at: number): void {
  lastSentAt.set(mobile, at);
  lastMobile = mobile;
}

/**
 * When Resend may be pressed: never before the spec's 2000 ms, and not while the server would
 * refuse (its cooldown since the last send to that mobile).
 */
export function resendReadyAt(mobile: string | null, now: number): number {
  const key = mobile ?? lastMobile;
  const sentAt = key === null ? undefined : lastSentAt.get(key);
  if (sentAt === undefined) return now + OTP_RESEND_ENABLE_MS;
  return Math.max(sentAt + OTP_SERVER_COOLDOWN_MS, sentAt + OTP_RESEND_ENABLE_MS);
}

/** Whole seconds left until `readyAt` (rounded up, so the button never says 0 while disabled). */
export function secondsUntil(readyAt: number, now: number): number {
  return Math.max(0, Math.ceil((readyAt - now) / 1000));
}
