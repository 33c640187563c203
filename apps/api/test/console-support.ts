import type { OperatorRole } from '@app/shared';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { runAdmin } from '../src/cli/run-admin';
import { loadConfig } from '../src/config/env';
import type { Db } from '../src/db/database';
import { createBonusModule } from '../src/modules/bonus';
import { createMoneyModule } from '../src/modules/money';
import { createOperatorsService, totpCode, totpStep } from '../src/modules/operators';
import { createPaymentsModule, type PaymentsModule } from '../src/modules/payments';
import { createSettingsService } from '../src/modules/settings';
import { createPaymentsTestApp, nextIp, type PaymentsTestApp } from './payments-support';
import { type TestAppOptions, testDatabaseKind } from './test-app';

export const OPERATOR_PASSWORD = 'Console#2026pass';

export interface ConsoleOperator {
  name: string;
  role: OperatorRole;
  secret: string;
  token: string;
}

export interface ConsoleTestApp extends PaymentsTestApp {
  /** The code an authenticator app shows now for `secret`. */
  totpNow(secret: string): string;
  /** A new operator, logged in (the clock moves to the next TOTP step first, so every login has a fresh code). */
  newOperator(name: string, role: OperatorRole): Promise<ConsoleOperator>;
  /** `POST admin/login`, from its own address unless one is given. */
  adminLogin(body: unknown, ip?: string): Promise<LightMyRequestResponse>;
  /** POST to an admin call with an operator's (or anyone's) bearer token. */
  admin(path: string, body?: unknown, token?: string): Promise<LightMyRequestResponse>;
  /** The operator's side of payments, as `npm run admin` builds it on the same database. */
  operatorPayments: PaymentsModule;
  /** A sign-up player with ₹`cash` of cash, an approved identity and a UPI destination. */
  verifiedPayer(name: string, cash?: number): Promise<{ userId: number; token: string; destinationId: number }>;
  /** A pending withdrawal of ₹`amount`. */
  withdraw(token: string, amount: number, destinationId: number): Promise<number>;
}

const TOTP_STEP_MS = 30_000;

export async function createConsoleTestApp(options: TestAppOptions = {}): Promise<ConsoleTestApp> {
  const t = await createPaymentsTestApp(options);
  const { db } = t.database;
  const operators = createOperatorsService(db, t.clock);
  const { money } = createMoneyModule({ db, clock: t.clock });
  const operatorPayments = createPaymentsModule({
    db,
    clock: t.clock,
    config: t.config,
    money,
    bonuses: createBonusModule({ db, clock: t.clock, money }).bonuses,
    settings: createSettingsService(db, t.clock),
  });
  const totpNow = (secret: string) => totpCode(secret, totpStep(t.clock.now()));
  const adminLogin = (body: unknown, ip?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: body as Record<string, unknown>,
      remoteAddress: ip ?? nextIp(),
    });
  const c: ConsoleTestApp = {
    ...t,
    operatorPayments,
    totpNow,
    adminLogin,
    async newOperator(name, role) {
      const created = await operators.create({ name, password: OPERATOR_PASSWORD, role });
      t.clock.advance(TOTP_STEP_MS);
      const res = await adminLogin({ user_name: name, password: OPERATOR_PASSWORD, totp: totpNow(created.secret) });
      expect(res.statusCode, res.body).toBe(200);
      return { name, role, secret: created.secret, token: res.json().data.token as string };
    },
    admin: (path, body = {}, token) =>
      t.app.inject({
        method: 'POST',
        url: `/api/${path}`,
        payload: body as Record<string, unknown>,
        remoteAddress: nextIp(),
        headers: token ? { authorization: `Bearer ${token}` } : {},
      }),
    async verifiedPayer(name, cash = 5_000) {
      const payer = await t.newPayer(name);
      await t.credit(payer.userId, cash * 100);
      expect((await t.submitKyc(payer.token, {})).statusCode).toBe(200);
      await operatorPayments.kyc.review(name, 'approved', null);
      const destination = await t.post(
        'payment/addDestination',
        { kind: 'upi', upi_id: `${name}@okaxis` },
        { token: payer.token, ip: nextIp() },
      );
      expect(destination.statusCode, destination.body).toBe(200);
      return { ...payer, destinationId: destination.json().data.destination_id as number };
    },
    async withdraw(token, amount, destinationId) {
      const res = await t.postWithKey(
        'payment/requestWithdraw',
        { amount, destination_id: destinationId },
        token,
        `w-${nextIp()}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.withdraw_id as number;
    },
  };
  return c;
}

/** `npm run admin -- …` in this process, on the app's database and clock; a crash of the command (not a refusal) answers code -1. */
export async function adminCommand(t: ConsoleTestApp, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io = { out: (line: string) => out.push(line), err: (line: string) => err.push(line) };
  const config = loadConfig({ LOG_LEVEL: 'silent', ...t.databaseEnv });
  const code = await runAdmin(argv, config, io, t.clock).catch((error: Error) => {
    err.push(error.message);
    return -1;
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/**
 * The database refuses every audit row whose action starts with `prefix` ('cli.', 'sports.') while
 * `run` runs, with the error "audit refused by the test": a failure of the audit insert.
 */
export async function withAuditRefused(db: Db, prefix: string, run: () => Promise<void>): Promise<void> {
  if (!/^[a-z_.]+$/.test(prefix)) throw new Error(`not an action prefix: ${prefix}`);
  const pattern = `${prefix}%`;
  if (testDatabaseKind() === 'postgres') {
    await sql
      .raw(
        `create function refuse_audit_by_test() returns trigger language plpgsql as $$
        begin if new.action like '${pattern}' then raise exception 'audit refused by the test'; end if; return new; end $$`,
      )
      .execute(db);
    await sql`create trigger audit_refused_by_test before insert on operator_audit
      for each row execute function refuse_audit_by_test()`.execute(db);
  } else {
    await sql
      .raw(
        `create trigger audit_refused_by_test before insert on operator_audit when new.action like '${pattern}'
        begin select raise(abort, 'audit refused by the test'); end`,
      )
      .execute(db);
  }
  try {
    await run();
  } finally {
    if (testDatabaseKind() === 'postgres') {
      await sql`drop trigger audit_refused_by_test on operator_audit`.execute(db);
      await sql`drop function refuse_audit_by_test()`.execute(db);
    } else {
      await sql`drop trigger audit_refused_by_test`.execute(db);
    }
  }
}
