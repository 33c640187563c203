import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import { AppError } from '../../lib/app-error';

/** A provider's RSA public key (PEM, SPKI or PKCS#1), at least 2048 bits; refuses anything else. */
export function parseProviderPublicKey(pem: string): string {
  let key: KeyObject;
  try {
    key = createPublicKey(pem);
  } catch {
    throw new AppError('BAD_REQUEST', 'The public key is not a PEM public key');
  }
  if (key.asymmetricKeyType !== 'rsa') throw new AppError('BAD_REQUEST', 'The public key must be an RSA key');
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < 2048) throw new AppError('BAD_REQUEST', 'The RSA key must have at least 2048 bits');
  return key.export({ type: 'spki', format: 'pem' }).toString();
}

const keyCache = new Map<string, KeyObject>();

/**
 * RSA-SHA256 (PKCS#1 v1.5) over the exact bytes received, base64 in X-Signature. The check runs
 * on libuv's thread pool, not the event loop: an RSA verification is a fifth of a wallet call's
 * JavaScript, and the other requests go on meanwhile (docs/casino.md, "The seamless wallet API").
 */
export function isValidSignature(publicKeyPem: string, rawBody: string, signature: string | undefined): Promise<boolean> {
  if (!signature || !/^[A-Za-z0-9+/=]{16,1024}$/.test(signature)) return Promise.resolve(false);
  let key = keyCache.get(publicKeyPem);
  if (!key) {
    key = createPublicKey(publicKeyPem);
    keyCache.set(publicKeyPem, key);
  }
  const signed = key;
  return new Promise((resolve) => {
    verify('sha256', Buffer.from(rawBody), signed, Buffer.from(signature, 'base64'), (error, isValid) =>
      resolve(error === null && isValid),
    );
  });
}

/** The launch template: an https:// address or a site path, holding {game_code} and {token}. */
export function parseLaunchTemplate(template: string): string {
  const text = template.trim();
  if (!/^(https:\/\/[^\s]+|\/[^\s]*)$/.test(text)) {
    throw new AppError('BAD_REQUEST', 'The launch URL must be an https:// address or a path starting with /');
  }
  if (!text.includes('{token}') || !text.includes('{game_code}')) {
    throw new AppError('BAD_REQUEST', 'The launch URL must hold {game_code} and {token} (and may hold {lang})');
  }
  if (text.length > 500) throw new AppError('BAD_REQUEST', 'The launch URL is at most 500 characters');
  return text;
}

export function fillLaunchTemplate(template: string, values: { gameCode: string; token: string; lang: string }): string {
  return template
    .replaceAll('{game_code}', encodeURIComponent(values.gameCode))
    .replaceAll('{token}', encodeURIComponent(values.token))
    .replaceAll('{lang}', encodeURIComponent(values.lang));
}
