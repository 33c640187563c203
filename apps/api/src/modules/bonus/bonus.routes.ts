import { endpoints } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { sweepEvery } from '../../lib/sweep';
import { registerEndpoint } from '../../plugins/contract';
import { currentUserId } from '../../plugins/auth';
import { readBonusHistory, readUserBonuses } from './bonus-reports.service';
import type { BonusService } from './bonus.service';

/** How often each API instance looks for bonuses past their expiry (and stale idempotency keys). */
export const WALLET_SWEEP_INTERVAL_MS = 60_000;

export function registerBonusRoutes(app: FastifyInstance, bonuses: BonusService, db: Db, clock: Clock): void {
  registerEndpoint(app, endpoints.bonusHistory, async ({ body, request }) => ({
    data: await readBonusHistory(db, clock, currentUserId(request), body),
  }));
  registerEndpoint(app, endpoints.userBonus, async ({ body, request }) => ({
    data: await readUserBonuses(db, clock, bonuses, currentUserId(request), body),
  }));

  // Expiry is also applied lazily (expired bonuses take no turnover); the sweep moves the money.
  // Several instances may sweep at once: each expiry re-checks its row under a lock.
  sweepEvery(app, 'wallet sweep', WALLET_SWEEP_INTERVAL_MS, async () => {
    await bonuses.expireDue();
    await app.idempotency?.purgeExpired();
  });
}
