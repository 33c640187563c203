/**
 * The arithmetic of our provably-fair games, for a player to check a round in the browser.
 *
 * - The server seed is shown before play as SHA-256(server seed) in hex.
 * - Round bytes are HMAC-SHA256(key = server seed, message = `${clientSeed}:${nonce}:${cursor}`),
 *   both as UTF-8 text; cursor 0 gives the first 32 bytes, cursor 1 the next 32, and so on.
 * - Each group of 4 bytes becomes one float in [0, 1): b0/256 + b1/256² + b2/256³ + b3/256⁴.
 * - A game with N equally likely outcomes takes floor(float × N).
 */
export const BYTES_PER_FLOAT = 4;

const encoder = new TextEncoder();

function subtleCrypto(): SubtleCrypto {
  const subtle = globalThis.crypto?.subtle;
  // WebCrypto exists only in secure contexts (https or localhost).
  if (!subtle) throw new Error('WEBCRYPTO_UNAVAILABLE');
  return subtle;
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await subtleCrypto().digest('SHA-256', encoder.encode(text));
  return toHex(new Uint8Array(digest));
}

export function roundMessage(clientSeed: string, nonce: number, cursor: number): string {
  return `${clientSeed}:${nonce}:${cursor}`;
}

export async function roundBytes(serverSeed: string, clientSeed: string, nonce: number, cursor = 0): Promise<Uint8Array> {
  const subtle = subtleCrypto();
  const key = await subtle.importKey('raw', encoder.encode(serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signature = await subtle.sign('HMAC', key, encoder.encode(roundMessage(clientSeed, nonce, cursor)));
  return new Uint8Array(signature);
}

/** Four bytes → a float in [0, 1), most significant byte first. */
export function bytesToFloat(bytes: ArrayLike<number>): number {
  if (bytes.length !== BYTES_PER_FLOAT) throw new Error('a float takes exactly 4 bytes');
  let float = 0;
  for (let index = 0; index < BYTES_PER_FLOAT; index += 1) {
    float += (bytes[index] ?? 0) / 256 ** (index + 1);
  }
  return float;
}

/** All floats of one 32-byte HMAC result (8 of them). */
export function floatsFromBytes(bytes: Uint8Array): number[] {
  const floats: number[] = [];
  for (let offset = 0; offset + BYTES_PER_FLOAT <= bytes.length; offset += BYTES_PER_FLOAT) {
    floats.push(bytesToFloat(bytes.subarray(offset, offset + BYTES_PER_FLOAT)));
  }
  return floats;
}

/** Outcome index for a game with `outcomes` equally likely results. */
export function outcomeIndex(float: number, outcomes: number): number {
  return Math.floor(float * outcomes);
}

export interface VerifiedRound {
  serverSeedHash: string;
  hmacHex: string;
  firstBytes: number[];
  firstFloat: number;
}

export function isValidNonce(value: string): boolean {
  return /^\d{1,15}$/.test(value.trim());
}

export async function verifyRound(serverSeed: string, clientSeed: string, nonce: number): Promise<VerifiedRound> {
  const bytes = await roundBytes(serverSeed, clientSeed, nonce, 0);
  const firstBytes = Array.from(bytes.subarray(0, BYTES_PER_FLOAT));
  return {
    serverSeedHash: await sha256Hex(serverSeed),
    hmacHex: toHex(bytes),
    firstBytes,
    firstFloat: bytesToFloat(firstBytes),
  };
}
