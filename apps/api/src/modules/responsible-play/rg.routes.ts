import { endpoints, parseRupees } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { currentUserId } from '../../plugins/auth';
import { registerEndpoint } from '../../plugins/contract';
import { clientInfo } from '../sessions';
import type { RgActor, RgService } from './rg.service';

const player = (request: FastifyRequest): RgActor => ({
  kind: 'player',
  client: clientInfo(request.ip, request.headers['user-agent']),
});

/** Rupees as sent (a number with at most two decimals) to paise. */
function toPaise(amount: number): number {
  const parsed = parseRupees(String(amount));
  if (!parsed.ok) throw new AppError('BAD_REQUEST', `amount ${parsed.reason}`);
  return parsed.paise;
}

export function registerRgRoutes(app: FastifyInstance, rg: RgService): void {
  registerEndpoint(app, endpoints.rgGetLimits, async ({ request }) => ({ data: await rg.state(currentUserId(request)) }));
  registerEndpoint(app, endpoints.rgSetLimit, async ({ body, request }) => ({
    data: await rg.setLimit(
      currentUserId(request),
      body.kind,
      body.period,
      body.amount === null ? null : toPaise(body.amount),
      player(request),
    ),
    message: 'Limit saved',
  }));
  registerEndpoint(app, endpoints.rgConfirmLimit, async ({ body, request }) => ({
    data: await rg.confirmLimit(currentUserId(request), body.kind, body.period, player(request)),
    message: 'Limit change confirmed',
  }));
  registerEndpoint(app, endpoints.rgSetSessionControls, async ({ body, request }) => ({
    data: await rg.setSessionControls(
      currentUserId(request),
      body.reality_check_minutes,
      body.session_limit_minutes,
      player(request),
    ),
    message: 'Session controls saved',
  }));
  registerEndpoint(app, endpoints.rgPause, async ({ body, request }) => ({
    data: await rg.pause(currentUserId(request), body.kind, body.duration, player(request)),
    message: body.kind === 'time_out' ? 'Your time-out has started' : 'Your self-exclusion has started',
  }));
  registerEndpoint(app, endpoints.rgRequestReturn, async ({ request }) => ({
    data: await rg.requestReturn(currentUserId(request), player(request)),
    message: 'You can play again in 24 hours',
  }));
  registerEndpoint(app, endpoints.rgSession, async ({ request }) => ({ data: await rg.sessionClock(request.user) }));
  registerEndpoint(app, endpoints.rgContinueSession, async ({ request }) => ({ data: await rg.continueSession(request.user) }));
}
