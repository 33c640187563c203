/**
 * Provably fair randomness (docs/product.md, Casino): every outcome comes from
 * HMAC-SHA256(key = server seed, message = `${clientSeed}:${nonce}:${cursor}`). Each 32-byte digest
 * gives eight floats in [0, 1), four bytes each (b0/256 + b1/256² + b2/256³ + b3/256⁴); a game that
 * needs more than eight floats takes the next cursor. The HMAC itself is injected, so the same
 * code runs with node:crypto on the server and WebCrypto in the browser.
 */

export interface FairSeeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/** HMAC-SHA256 of a UTF-8 message under a UTF-8 key. */
export type HmacSha256 = (key: string, message: string) => Uint8Array;
export type HmacSha256Async = (key: string, message: string) => Promise<Uint8Array>;

export const FLOATS_PER_DIGEST = 8;
const BYTES_PER_FLOAT = 4;

export function hmacMessage(clientSeed: string, nonce: number, cursor: number): string {
  return `${clientSeed}:${nonce}:${cursor}`;
}

/** How many digests (cursors 0..n-1) `floatCount` floats need. */
export function digestCount(floatCount: number): number {
  return Math.ceil(floatCount / FLOATS_PER_DIGEST);
}

/** The floats in [0, 1) that a list of digests yields, in cursor order. */
export function floatsFromDigests(digests: readonly Uint8Array[], floatCount: number): number[] {
  const floats: number[] = [];
  for (const digest of digests) {
    for (let offset = 0; offset + BYTES_PER_FLOAT <= digest.length && floats.length < floatCount; offset += BYTES_PER_FLOAT) {
      let value = 0;
      let scale = 1;
      for (let index = 0; index < BYTES_PER_FLOAT; index += 1) {
        scale *= 256;
        value += (digest[offset + index] ?? 0) / scale;
      }
      floats.push(value);
    }
  }
  if (floats.length < floatCount) throw new Error(`Needed ${floatCount} floats, the digests gave ${floats.length}`);
  return floats;
}

export function fairFloats(hmac: HmacSha256, seeds: FairSeeds, floatCount: number): number[] {
  const digests: Uint8Array[] = [];
  for (let cursor = 0; cursor < digestCount(floatCount); cursor += 1) {
    digests.push(hmac(seeds.serverSeed, hmacMessage(seeds.clientSeed, seeds.nonce, cursor)));
  }
  return floatsFromDigests(digests, floatCount);
}

export async function fairFloatsAsync(hmac: HmacSha256Async, seeds: FairSeeds, floatCount: number): Promise<number[]> {
  const digests = await Promise.all(
    Array.from({ length: digestCount(floatCount) }, (_, cursor) =>
      hmac(seeds.serverSeed, hmacMessage(seeds.clientSeed, seeds.nonce, cursor)),
    ),
  );
  return floatsFromDigests(digests, floatCount);
}

/** Multipliers are integers in ten-thousandths (×10 000), so payouts stay integer paise. */
export const MULTIPLIER_SCALE = 10_000;

/** The payout of a stake at a multiplier, rounded down to the paisa. */
export function payoutPaise(stakePaise: number, multiplier: number): number {
  return Math.floor((stakePaise * multiplier) / MULTIPLIER_SCALE);
}
