import { type Endpoint, roleMay } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { OperatorsService, OperatorUser } from './operators.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller of an auth 'operator' endpoint; set by `app.authenticateOperator`. */
    operator: OperatorUser;
  }
}

const BEARER = /^Bearer\s+(\S{1,200})\s*$/i;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header ? BEARER.exec(header)?.[1] : undefined;
}

/**
 * Sets `app.authenticateOperator(endpoint)`: the onRequest hook of every auth 'operator'
 * endpoint. The bearer token must name a live console session (a player's token never does:
 * 401), and the operator's role must hold the endpoint's permission (else 403 FORBIDDEN).
 */
export function installOperatorAuth(app: FastifyInstance, operators: OperatorsService): void {
  app.decorateRequest('operator', null as unknown as OperatorUser);
  app.decorate('authenticateOperator', (endpoint: Endpoint) => {
    const permission = endpoint.permission;
    return async (request: FastifyRequest) => {
      const operator = await operators.resolve(bearerToken(request), request.ip);
      if (!permission || !roleMay(operator.role, permission)) {
        throw new AppError('FORBIDDEN', `The ${operator.role} role may not do this.`);
      }
      request.operator = operator;
    };
  });
}
