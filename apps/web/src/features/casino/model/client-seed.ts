/** What the API accepts as a client seed: 1–64 printable characters, no spaces (the contract's rule). */
export const CLIENT_SEED_PATTERN = /^[\x21-\x7e]{1,64}$/;

export function isValidClientSeed(value: string): boolean {
  return CLIENT_SEED_PATTERN.test(value.trim());
}

/**
 * A random client seed drawn in this browser, for the next pair: the server sees it only when the
 * player rotates, after the next server seed's hash was shown (docs/casino-fairness.md, Seeds).
 */
export function suggestClientSeed(): string {
  const bytes = new Uint8Array(10);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
