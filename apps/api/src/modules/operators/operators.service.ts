import { OPERATOR_IDLE_MINUTES, OPERATOR_ROLES, type OperatorRole, ROLE_PERMISSIONS, type AdminPermission } from '@app/shared';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { sha256Hex } from '../../lib/ids';
import { listSettingRows } from '../settings';
import { assertPasswordAllowed, hashPassword } from '../users';
import {
  endOperatorSession,
  findLiveOperatorSession,
  findOperatorByNameKey,
  insertOperator,
  touchOperatorSession,
} from './operators.repository';
import { createOperatorLogin } from './operator-login';
import { operatorNameKey, SYSTEM_OPERATOR_NAME } from './operator-names';
import { newTotpSecret, otpauthUrl, totpStep } from './totp';

export { OPERATOR_ATTACK_FAILURES, OPERATOR_LOCK_AFTER_FAILURES, OPERATOR_LOCK_MS } from './operator-login';
export { operatorNameKey, SYSTEM_OPERATOR_NAME } from './operator-names';

/** Who acts: an operator in the console (with the client's address) or in the CLI (`cli`). */
export interface OperatorActor {
  operatorId: number;
  name: string;
  role: OperatorRole;
  ip: string;
}

/** The caller of an auth 'operator' endpoint. */
export interface OperatorUser extends OperatorActor {
  sessionId: number;
}

/** A session's last-seen time is written at most this often (each call would be a write otherwise). */
const TOUCH_EVERY_MS = 15_000;
/** Operators hold the keys to the money: at least 8 characters, none of the most common ones. */
export const OPERATOR_PASSWORD_MIN_LENGTH = 8;
const OPERATOR_NAME = /^[A-Za-z0-9_.@-]{3,40}$/;
/** The authenticator app's label when the operator has not named the site yet (Settings, site_title). */
const TOTP_FALLBACK_ISSUER = 'Casino';

/**
 * The issuer an authenticator app lists the code under: the brand (site_title), the name the
 * operator knows the site by, so two sites' codes are not both "Operator console" (docs/operators.md).
 */
async function totpIssuer(db: Db): Promise<string> {
  const title = (await listSettingRows(db)).find((row) => row.key === 'site_title')?.value.trim();
  return title || TOTP_FALLBACK_ISSUER;
}

export function permissionsOf(role: OperatorRole): AdminPermission[] {
  return [...ROLE_PERMISSIONS[role]];
}

export function createOperatorsService(db: Db, clock: Clock, options: { idleMinutes?: number } = {}) {
  const idleMs = (options.idleMinutes ?? OPERATOR_IDLE_MINUTES) * 60_000;
  const { login, unlock } = createOperatorLogin(db, clock);

  return {
    idleMinutes: idleMs / 60_000,

    /** A new operator with a TOTP secret to put into an authenticator app (shown once). */
    async create(input: { name: string; password: string; role: string }) {
      const name = input.name.trim();
      if (!OPERATOR_NAME.test(name)) throw new AppError('BAD_REQUEST', 'The name must be 3 to 40 letters, digits, _ . @ or -');
      if (operatorNameKey(name) === SYSTEM_OPERATOR_NAME) throw new AppError('BAD_REQUEST', '"system" is the CLI’s own operator');
      if (!(OPERATOR_ROLES as readonly string[]).includes(input.role)) {
        throw new AppError('BAD_REQUEST', `The role must be one of ${OPERATOR_ROLES.join(', ')}`);
      }
      if (input.password.length < OPERATOR_PASSWORD_MIN_LENGTH || input.password.length > 200) {
        throw new AppError('BAD_REQUEST', `The password must be ${OPERATOR_PASSWORD_MIN_LENGTH} to 200 characters`);
      }
      assertPasswordAllowed(input.password, name);
      if (await findOperatorByNameKey(db, operatorNameKey(name))) throw new AppError('CONFLICT', `An operator is named ${name}`);
      const secret = newTotpSecret();
      const id = await insertOperator(db, {
        name,
        name_key: operatorNameKey(name),
        role: input.role as OperatorRole,
        password_hash: await hashPassword(input.password),
        totp_secret: secret,
        created_at: clock.now(),
      }).catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', `An operator is named ${name}`);
        throw error;
      });
      return { id, name, role: input.role as OperatorRole, secret, otpauth: otpauthUrl(await totpIssuer(db), name, secret) };
    },

    /** The operator the CLI acts as: `--as NAME`, or the system operator (created on first use). */
    async actorForCli(name: string | undefined): Promise<OperatorActor> {
      const key = operatorNameKey(name ?? SYSTEM_OPERATOR_NAME);
      let row = await findOperatorByNameKey(db, key);
      if (!row && key === SYSTEM_OPERATOR_NAME) {
        await db
          .insertInto('operators')
          .values({
            name: SYSTEM_OPERATOR_NAME,
            name_key: SYSTEM_OPERATOR_NAME,
            role: 'owner',
            password_hash: null,
            totp_secret: null,
            created_at: clock.now(),
          })
          .onConflict((oc) => oc.column('name_key').doNothing())
          .execute();
        row = await findOperatorByNameKey(db, key);
      }
      if (!row || Number(row.is_active) !== 1)
        throw new AppError('NOT_FOUND', `No operator is named ${name ?? SYSTEM_OPERATOR_NAME}`);
      return { operatorId: Number(row.id), name: row.name, role: row.role, ip: 'cli' };
    },

    login,

    unlock,

    /** The live session of a console token, or 401: none, ended, idle too long, or a player's token. */
    async resolve(token: string | undefined, ip: string): Promise<OperatorUser> {
      if (!token) throw new AppError('SESSION_EXPIRED', 'Please log in to the console.');
      const session = await findLiveOperatorSession(db, sha256Hex(token));
      if (!session || Number(session.is_active) !== 1) throw new AppError('SESSION_EXPIRED', 'Please log in to the console.');
      const now = clock.now();
      const sessionId = Number(session.session_id);
      if (now - Number(session.last_seen_at) > idleMs) {
        await endOperatorSession(db, sessionId, now);
        throw new AppError('SESSION_EXPIRED', 'Your console session was idle too long. Please log in again.');
      }
      if (now - Number(session.last_seen_at) > TOUCH_EVERY_MS) await touchOperatorSession(db, sessionId, now);
      return { operatorId: Number(session.id), name: session.name, role: session.role, ip, sessionId };
    },

    logout: (sessionId: number) => endOperatorSession(db, sessionId, clock.now()),

    list: () => db.selectFrom('operators').select(['name', 'role', 'is_active', 'created_at']).orderBy('id').execute(),

    /** A disabled operator cannot log in, and their console sessions end now. */
    async setActive(name: string, isActive: boolean) {
      const row = await findOperatorByNameKey(db, operatorNameKey(name));
      if (!row || row.name_key === SYSTEM_OPERATOR_NAME) throw new AppError('NOT_FOUND', `No operator is named ${name}`);
      await db
        .updateTable('operators')
        .set({ is_active: isActive ? 1 : 0 })
        .where('id', '=', row.id)
        .execute();
      if (!isActive) {
        await db
          .updateTable('operator_sessions')
          .set({ ended_at: clock.now() })
          .where('operator_id', '=', row.id)
          .where('ended_at', 'is', null)
          .execute();
      }
      return { name: row.name, wasActive: Number(row.is_active) === 1 };
    },

    /** For tests and docs: the step a code is for now. */
    currentStep: () => totpStep(clock.now()),
  };
}

export type OperatorsService = ReturnType<typeof createOperatorsService>;
