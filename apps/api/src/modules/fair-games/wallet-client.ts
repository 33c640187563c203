import { createPrivateKey, generateKeyPairSync, type KeyObject, randomUUID, sign } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { WalletAnswer, WalletOperation } from '../casino';

/** Sends a signed body to the platform's wallet API; answers the wallet's JSON. */
export type WalletTransport = (path: string, rawBody: string, signature: string) => Promise<WalletAnswer>;

const PATHS: Record<WalletOperation, string> = {
  balance: '/api/provider/wallet/user/balance',
  bet: '/api/provider/wallet/transaction/bet',
  win: '/api/provider/wallet/transaction/win',
  rollback: '/api/provider/wallet/transaction/rollback',
};

/**
 * In the same process, through the platform's HTTP layer (routing, body parsing, signature
 * check) exactly as an outside provider's request goes — only without a socket.
 */
export function injectTransport(app: FastifyInstance): WalletTransport {
  return async (path, rawBody, signature) => {
    const response = await app.inject({
      method: 'POST',
      url: path,
      payload: rawBody,
      headers: { 'content-type': 'application/json', 'x-signature': signature },
    });
    return response.json<WalletAnswer>();
  };
}

export function generateProviderKeys(): { private_key: string; public_key: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    public_key: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

export interface WalletClient {
  call(operation: WalletOperation, body: Record<string, unknown>): Promise<WalletAnswer>;
}

/** A provider's side of the wallet API: every body signed RSA-SHA256 with its private key. */
export function createWalletClient(privateKeyPem: string, transport: WalletTransport): WalletClient {
  const key: KeyObject = createPrivateKey(privateKeyPem);
  return {
    async call(operation, body) {
      // The body names its operation, so the signature is good for that operation only (docs/casino.md).
      const rawBody = JSON.stringify({ operation, request_uuid: randomUUID(), ...body });
      // Signed on libuv's thread pool, off the event loop: a live table pays a thousand wins at once
      // (docs/casino.md, "Live tables"), and RSA signing is most of a win's cost on our side.
      const signature = await new Promise<string>((resolve, reject) =>
        sign('sha256', Buffer.from(rawBody), key, (error, bytes) => (error ? reject(error) : resolve(bytes.toString('base64')))),
      );
      return transport(PATHS[operation], rawBody, signature);
    },
  };
}
