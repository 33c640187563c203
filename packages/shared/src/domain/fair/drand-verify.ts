import { bls12_381 } from '@noble/curves/bls12-381.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { type BeaconRound, isBeaconSignatureHex, QUICKNET, quicknetRoundBytes } from './beacon';

export type BeaconCheck =
  { isValid: true; round: number; signature: string; randomness: string } | { isValid: false; reason: string };

const shortSignatures = bls12_381.shortSignatures;
let publicKey: Uint8Array | undefined;

/** SHA-256 of the signature's bytes, hex: the round's randomness, our chains' salt. */
export function beaconRandomness(signatureHex: string): string {
  return bytesToHex(sha256(hexToBytes(signatureHex)));
}

/**
 * Checks a quicknet round offline (docs/casino-fairness.md, "A salt nobody chooses"): its BLS
 * signature on G1 must verify, under quicknet's public key, for SHA-256 of the round number as
 * 8 bytes big end first. The key is the constant of `QUICKNET`, never one a site hands out, and
 * the randomness is recomputed from the signature (a relay's own is not trusted).
 */
export function verifyQuicknetRound(beacon: BeaconRound): BeaconCheck {
  const signature = beacon.signature.trim().toLowerCase();
  if (!Number.isSafeInteger(beacon.round) || beacon.round < 1) return { isValid: false, reason: 'not a round number' };
  if (!isBeaconSignatureHex(signature)) return { isValid: false, reason: 'the signature is not 48 bytes of hex' };
  publicKey ??= hexToBytes(QUICKNET.publicKey);
  let isValid: boolean;
  try {
    const message = shortSignatures.hash(sha256(quicknetRoundBytes(beacon.round)), QUICKNET.dst);
    isValid = shortSignatures.verify(hexToBytes(signature), message, publicKey);
  } catch {
    // Bytes that are no point of the curve: not a signature.
    isValid = false;
  }
  if (!isValid) return { isValid: false, reason: `the signature does not verify for round ${beacon.round}` };
  const randomness = beaconRandomness(signature);
  if (beacon.randomness !== undefined && beacon.randomness.toLowerCase() !== randomness) {
    return { isValid: false, reason: 'the randomness is not SHA-256 of the signature' };
  }
  return { isValid: true, round: beacon.round, signature, randomness };
}
