import type { Endpoint } from '@app/shared';
import type { FastifyInstance, FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler } from 'fastify';
import type { UserChangeFeed } from '../db/user-changes';
import { AppError } from '../lib/app-error';
import type { SessionUser, SessionsService } from '../modules/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller of an auth 'user' endpoint; set by `app.authenticate`. */
    user: SessionUser;
  }
}

/** The token of `Authorization: Bearer <token>`; tokens are 43 URL-safe characters, 200 at most is plenty. */
const BEARER = /^Bearer\s+(\S{1,200})\s*$/i;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header ? BEARER.exec(header)?.[1] : undefined;
}

/**
 * Sets `app.authenticate(endpoint)`: the onRequest hook of every auth 'user' endpoint. The bearer
 * token must name the user's one live session (else 401 SESSION_EXPIRED or LOGGED_IN_ELSEWHERE).
 * The endpoint's contract says whether the call keeps the session alive (the balance poll does
 * not), whether a copy of the session kept in memory will do (then the hook finishes without
 * waiting), and whether it is allowed while a password change is forced (else 422). The hook
 * holds its endpoint: `request.routeOptions` builds a new object on every read.
 *
 * A call answered from copies (the session here, the balance in its handler) first waits until
 * this process has heard every change committed before the call arrived (`whenCaughtUp`): a
 * change made through another instance is seen by the very next call here (docs/adr/0006).
 */
export function installAuth(app: FastifyInstance, sessions: SessionsService, changes: UserChangeFeed): void {
  app.decorateRequest('user', null as unknown as SessionUser);
  app.decorate('authenticate', (endpoint: Endpoint): onRequestHookHandler => {
    const resolveOptions = { countsAsActivity: endpoint.countsAsActivity !== false };
    const admit = (request: FastifyRequest, user: SessionUser, done: HookHandlerDoneFunction): void => {
      if (user.mustChangePassword && !endpoint.allowedBeforePasswordChange) {
        return done(new AppError('PASSWORD_CHANGE_REQUIRED', 'Please change your password before you continue.'));
      }
      request.user = user;
      done();
    };
    const authenticate = (request: FastifyRequest, token: string | undefined, done: HookHandlerDoneFunction): void => {
      const copy = endpoint.fromMemory ? sessions.copyOf(token) : undefined;
      if (copy) return admit(request, copy, done);
      sessions.resolve(token, resolveOptions).then(
        (user) => admit(request, user, done),
        (error: Error) => done(error),
      );
    };
    return (request, _reply, done) => {
      const token = bearerToken(request);
      const caughtUp = endpoint.fromMemory ? changes.whenCaughtUp() : undefined;
      if (caughtUp) return void caughtUp.then(() => authenticate(request, token, done));
      authenticate(request, token, done);
    };
  });
}

/** The caller of an auth 'user' endpoint: always the token's user, never one named in a body. */
export function currentUserId(request: FastifyRequest): number {
  return request.user.userId;
}
