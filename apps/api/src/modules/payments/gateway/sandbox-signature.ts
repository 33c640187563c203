import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The sandbox gateway's callback signature (docs/payments.md, "Callback rules"), as Stripe signs
 * its webhooks: `X-Sandbox-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 over "<t>.<raw body>">`.
 * The timestamp is inside the signed text, so an old callback cannot be replayed with a new time.
 */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** A signature older or newer than this is refused (replays, wrong clocks). */
export const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

export function sandboxSignature(secret: string, rawBody: string, unixSeconds: number): string {
  const digest = createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex');
  return `t=${unixSeconds},v1=${digest}`;
}

/** True when `header` signs `rawBody` with `secret` at a time within the tolerance of `nowMs`. */
export function isValidSandboxSignature(secret: string, header: string | undefined, rawBody: string, nowMs: number): boolean {
  if (!header || header.length > 1_000) return false;
  let timestamp: number | undefined;
  const candidates: string[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    // Several v1 values: a secret being rotated signs with both.
    if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) candidates.push(value);
  }
  if (timestamp === undefined || candidates.length === 0) return false;
  if (Math.abs(nowMs - timestamp * 1000) > SIGNATURE_TOLERANCE_MS) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex'));
  return candidates.some((candidate) => timingSafeEqual(Buffer.from(candidate), expected));
}
