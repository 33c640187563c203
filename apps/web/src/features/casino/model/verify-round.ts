import {
  crashPointOfHashAsync,
  type FairGameCode,
  fairFloatsAsync,
  fairGame,
  isFairGameCode,
  resolveFairRound,
} from '@app/shared';

const encoder = new TextEncoder();

function subtle(): SubtleCrypto {
  const value = globalThis.crypto?.subtle;
  // WebCrypto exists only in secure contexts (https or localhost).
  if (!value) throw new Error('WEBCRYPTO_UNAVAILABLE');
  return value;
}

export async function webHmacSha256(key: string, message: string): Promise<Uint8Array> {
  const cryptoKey = await subtle().importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await subtle().sign('HMAC', cryptoKey, encoder.encode(message)));
}

export async function webSha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await subtle().digest('SHA-256', encoder.encode(text)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface VerifyInput {
  game: string;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  params: unknown;
}

export interface VerifyResult {
  serverSeedHash: string;
  outcome: unknown;
  multiplier: number;
}

/** Recomputes a round in the browser with the same pure code the server uses. */
export async function verifyRound(input: VerifyInput): Promise<VerifyResult> {
  if (!isFairGameCode(input.game)) throw new Error('UNKNOWN_GAME');
  const code: FairGameCode = input.game;
  const game = fairGame(code);
  const params: unknown = game.params.parse(input.params);
  const floats = await fairFloatsAsync(webHmacSha256, input, game.floatCount(params));
  const result = resolveFairRound(code, floats, params);
  return { serverSeedHash: await webSha256Hex(input.serverSeed), outcome: result.outcome, multiplier: result.multiplier };
}

export interface CrashVerifyInput {
  /** The round's hash, revealed when it crashed. */
  roundHash: string;
  /** The chain's salt. */
  salt: string;
  /** What the round's hash must hash to: the previous round's (the terminating hash for round 1). */
  previousHash?: string;
  /** With the position: the round's hash hashed that many times must give the terminating hash. */
  position?: number;
  terminatingHash?: string;
}

export interface CrashVerifyResult {
  crashPoint: number;
  /** null when there was nothing to compare with. */
  isLinkOk: boolean | null;
  isChainOk: boolean | null;
}

/** A Crash round of a published chain, recomputed in the browser (docs/casino-fairness.md, Crash). */
export async function verifyCrashRound(input: CrashVerifyInput): Promise<CrashVerifyResult> {
  const crashPoint = await crashPointOfHashAsync(webHmacSha256, input.roundHash, input.salt);
  const once = await webSha256Hex(input.roundHash);
  let isChainOk: boolean | null = null;
  if (input.terminatingHash && input.position !== undefined && input.position >= 1) {
    let hash = once;
    for (let step = 1; step < input.position; step += 1) hash = await webSha256Hex(hash);
    isChainOk = hash === input.terminatingHash;
  }
  return { crashPoint: crashPoint / 100, isLinkOk: input.previousHash ? once === input.previousHash : null, isChainOk };
}

export interface BeaconVerification {
  /** SHA-256 of the signature is the chain's salt. */
  isSaltFromSignature: boolean;
  /** The signature verifies for the round under drand quicknet's public key (a constant here, not the site's). */
  isSignatureValid: boolean;
}

/**
 * A drand chain's salt, checked in the browser (docs/casino-fairness.md, "A salt nobody chooses"):
 * the BLS code is loaded only now, when a player verifies such a round.
 */
export async function verifyBeaconSalt(round: number, signature: string, salt: string): Promise<BeaconVerification> {
  const { beaconRandomness, verifyQuicknetRound } = await import('@app/shared/drand-verify');
  const check = verifyQuicknetRound({ round, signature });
  let fromSignature: boolean;
  try {
    fromSignature = beaconRandomness(signature) === salt;
  } catch {
    // Not hex: no signature at all.
    fromSignature = false;
  }
  return { isSaltFromSignature: fromSignature, isSignatureValid: check.isValid };
}
