import { hash, randomBytes } from 'node:crypto';

/** An opaque random token of 256 bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens and codes are stored as SHA-256 digests, never as sent. */
export function sha256Hex(value: string): string {
  // The one-shot form: a third of createHash's cost on the per-request session lookup.
  return hash('sha256', value, 'hex');
}

export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}
