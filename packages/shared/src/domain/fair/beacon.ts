/**
 * The public randomness beacon that salts our round chains (docs/casino-fairness.md, "A salt
 * nobody chooses"): the League of Entropy's drand `quicknet` network. Round r is out at
 * genesis + (r − 1) × 3 s; it is a BLS signature on G1 (scheme bls-unchained-g1-rfc9380) of
 * SHA-256(r as 8 bytes, big end first), checkable offline with the network's public key below;
 * its randomness is SHA-256 of the signature. The constants are drand's published chain
 * information, fixed for the life of the network. The signature check itself is
 * `@app/shared/drand-verify` (it needs the BLS12-381 code, which the browser loads only when it
 * verifies).
 */
export const QUICKNET = {
  beaconId: 'quicknet',
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  publicKey:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  scheme: 'bls-unchained-g1-rfc9380',
  /** Hash-to-curve domain separation tag of the scheme (RFC 9380, signatures on G1). */
  dst: 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_',
  genesisSeconds: 1_692_803_367,
  periodSeconds: 3,
} as const;

/** A beacon round as drand's relays serve it (`GET {relay}/{chain hash}/public/{round}`). */
export interface BeaconRound {
  round: number;
  /** 48 bytes, hex. */
  signature: string;
  /** SHA-256 of the signature, hex (relays send it; we always recompute it). */
  randomness?: string;
}

/** When round `round` comes out (epoch ms). */
export function quicknetRoundTime(round: number): number {
  return (QUICKNET.genesisSeconds + (round - 1) * QUICKNET.periodSeconds) * 1000;
}

/** The first round that comes out at or after `epochMs`: the one a chain starting then is salted by. */
export function quicknetRoundFrom(epochMs: number): number {
  const seconds = epochMs / 1000 - QUICKNET.genesisSeconds;
  return Math.max(1, Math.ceil(seconds / QUICKNET.periodSeconds) + 1);
}

/** The newest round out at `epochMs`. */
export function quicknetLatestRound(epochMs: number): number {
  return Math.max(0, Math.floor((epochMs / 1000 - QUICKNET.genesisSeconds) / QUICKNET.periodSeconds) + 1);
}

/** What round `round` signs: SHA-256 is applied by the verifier; these are the 8 bytes, big end first. */
export function quicknetRoundBytes(round: number): Uint8Array {
  if (!Number.isSafeInteger(round) || round < 1) throw new Error(`Beacon round ${round} is not a round number`);
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(round));
  return bytes;
}

export const isBeaconSignatureHex = (value: string): boolean => /^[0-9a-f]{96}$/.test(value);
