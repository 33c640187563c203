import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import type { SessionUser, SessionsService } from '../modules/sessions/sessions.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller of an auth 'user' endpoint; set by `app.authenticate`. */
    user: SessionUser;
  }
}

const BEARER_PREFIX = /^Bearer\s+/i;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header || !BEARER_PREFIX.test(header)) return undefined;
  const token = header.replace(BEARER_PREFIX, '').trim();
  return token.length > 0 && token.length <= 200 ? token : undefined;
}

/**
 * Sets `app.authenticate`: the onRequest hook of every auth 'user' endpoint. The bearer token
 * must name the user's one live session (else 401 SESSION_EXPIRED or LOGGED_IN_ELSEWHERE). The
 * endpoint's contract says whether the call keeps the session alive (the balance poll does not)
 * and whether it is allowed while a password change is forced (else 422).
 */
export function installAuth(app: FastifyInstance, sessions: SessionsService): void {
  app.decorateRequest('user', null as unknown as SessionUser);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const endpoint = request.routeOptions.config.endpoint;
    const user = await sessions.resolve(bearerToken(request), { countsAsActivity: endpoint?.countsAsActivity !== false });
    if (user.mustChangePassword && !endpoint?.allowedBeforePasswordChange) {
      throw new AppError('PASSWORD_CHANGE_REQUIRED', 'Please change your password before you continue.');
    }
    request.user = user;
  });
}
