/**
 * A local stand-in for Betfair's identity service (test-only): `POST /api/keepAlive` with
 * X-Application and X-Authentication, and the certificate login `POST /api/certlogin` with a
 * client certificate and a form body of username and password. Its answers have the shapes of
 * the recorded ones in apps/api/test/fixtures/betfair/stream/ (keep_alive_*.json, login_*.json).
 * Sessions are shared with the local stream server: a login adds one, `expire` ends one.
 */
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';

export interface IdentityCall {
  path: string;
  appKey: string | undefined;
  /** Keep-alive: the token it was asked to extend. */
  session?: string;
  /** Login: whether the expected client certificate came with it. */
  hasCertificate?: boolean;
}

export interface IdentityServerOptions {
  tls: { cert: string; key: string };
  appKey: string;
  sessions: Set<string>;
  login: { username: string; password: string; certFingerprint256: string };
}

export interface BetfairIdentityServer {
  /** Base address, as BETFAIR_IDENTITY_URL and BETFAIR_IDENTITY_CERT_URL take it. */
  url: string;
  calls(): IdentityCall[];
  /** Betfair ends this session: the stream and keep-alive refuse it from now on. */
  expire(token: string): void;
  /** The tokens the logins gave, in order. */
  issued(): string[];
  close(): Promise<void>;
}

export async function startBetfairIdentityServer(options: IdentityServerOptions): Promise<BetfairIdentityServer> {
  const calls: IdentityCall[] = [];
  const issued: string[] = [];
  const server: Server = createServer(
    // The client certificate is asked for and checked by fingerprint below (a self-signed one has no CA to check against).
    { cert: options.tls.cert, key: options.tls.key, requestCert: true, rejectUnauthorized: false },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const appKey = request.headers['x-application'] as string | undefined;
        const answer = (body: object) =>
          response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        if (request.method === 'POST' && request.url === '/api/keepAlive') {
          const session = request.headers['x-authentication'] as string | undefined;
          calls.push({ path: 'keepAlive', appKey, session });
          if (session && options.sessions.has(session)) {
            return answer({ token: session, product: appKey ?? '', status: 'SUCCESS', error: '' });
          }
          return answer({
            token: '',
            product: appKey ?? '',
            status: 'FAIL',
            error: session ? 'NO_SESSION' : 'INPUT_VALIDATION_ERROR',
          });
        }
        if (request.method === 'POST' && request.url === '/api/certlogin') {
          const peer = (request.socket as TLSSocket).getPeerCertificate();
          const hasCertificate = Boolean(peer?.fingerprint256) && peer.fingerprint256 === options.login.certFingerprint256;
          calls.push({ path: 'certlogin', appKey, hasCertificate });
          const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
          if (!hasCertificate) return answer({ loginStatus: 'CERT_AUTH_REQUIRED' });
          if (appKey !== options.appKey) return answer({ loginStatus: 'INVALID_APP_KEY' });
          if (form.get('username') !== options.login.username || form.get('password') !== options.login.password) {
            return answer({ loginStatus: 'INVALID_USERNAME_OR_PASSWORD' });
          }
          const token = `session-${issued.length + 1}`;
          issued.push(token);
          options.sessions.add(token);
          return answer({ sessionToken: token, loginStatus: 'SUCCESS' });
        }
        response.writeHead(404).end();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}/api/`,
    calls: () => [...calls],
    expire: (token) => void options.sessions.delete(token),
    issued: () => [...issued],
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
