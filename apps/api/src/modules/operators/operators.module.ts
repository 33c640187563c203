import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { type Approvals, createApprovals } from './approvals.service';
import { type AuditLog, createAuditLog } from './audit.service';
import { installOperatorAuth } from './operator-auth';
import { createOperatorsService, type OperatorsService } from './operators.service';

/** Operators apart from players: accounts, console sessions, the audit log and four-eyes (docs/operators.md). */
export interface OperatorsModule {
  operators: OperatorsService;
  audit: AuditLog;
  approvals: Approvals;
  /** Installs `app.authenticateOperator`; before any auth 'operator' endpoint is registered. */
  installAuth(app: FastifyInstance): void;
}

export function createOperatorsModule({
  db,
  clock,
  idleMinutes,
}: {
  db: Db;
  clock: Clock;
  idleMinutes?: number;
}): OperatorsModule {
  const operators = createOperatorsService(db, clock, idleMinutes === undefined ? {} : { idleMinutes });
  const audit = createAuditLog(db, () => clock.now());
  const approvals = createApprovals(db, clock, audit);
  return { operators, audit, approvals, installAuth: (app) => installOperatorAuth(app, operators) };
}
