import { OPERATOR_IDLE_MINUTES, OPERATOR_ROLES, type OperatorRole, ROLE_PERMISSIONS, type AdminPermission } from '@app/shared';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { newToken, sha256Hex } from '../../lib/ids';
import { RetryLaterError } from '../../plugins/error-handler';
import { assertPasswordAllowed, hashPassword, verifyPassword } from '../users';
import {
  claimTotpStep,
  endOperatorSession,
  findLiveOperatorSession,
  findOperatorByNameKey,
  insertOperator,
  insertOperatorSession,
  touchOperatorSession,
  updateOperatorLogin,
} from './operators.repository';
import { matchTotp, newTotpSecret, otpauthUrl, totpStep } from './totp';

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

/** Failed logins in a row that lock an operator out, and for how long. */
export const OPERATOR_LOCK_AFTER_FAILURES = 5;
export const OPERATOR_LOCK_MS = 15 * 60_000;
/** A session's last-seen time is written at most this often (each call would be a write otherwise). */
const TOUCH_EVERY_MS = 15_000;
export const SYSTEM_OPERATOR_NAME = 'system';
/** Operators hold the keys to the money: at least 8 characters, none of the most common ones. */
export const OPERATOR_PASSWORD_MIN_LENGTH = 8;
const OPERATOR_NAME = /^[A-Za-z0-9_.@-]{3,40}$/;
const TOTP_ISSUER = 'Operator console';

export const operatorNameKey = (name: string) => name.trim().toLowerCase();

export function permissionsOf(role: OperatorRole): AdminPermission[] {
  return [...ROLE_PERMISSIONS[role]];
}

export function createOperatorsService(db: Db, clock: Clock, options: { idleMinutes?: number } = {}) {
  const idleMs = (options.idleMinutes ?? OPERATOR_IDLE_MINUTES) * 60_000;
  let dummyHash: Promise<string> | undefined;
  const refused = () => new AppError('INVALID_CREDENTIALS', 'The name, password or code is not right.');

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
      return { id, name, role: input.role as OperatorRole, secret, otpauth: otpauthUrl(TOTP_ISSUER, name, secret) };
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

    /**
     * Password and TOTP code. Each failure counts; OPERATOR_LOCK_AFTER_FAILURES in a row lock the
     * operator out for OPERATOR_LOCK_MS (429). A code is accepted once (RFC 6238 §5.2).
     */
    async login(input: { user_name: string; password: string; totp: string; ip: string }) {
      const now = clock.now();
      const row = await findOperatorByNameKey(db, operatorNameKey(input.user_name));
      if (!row || !row.password_hash || !row.totp_secret || Number(row.is_active) !== 1) {
        // The same work as a real check, so a missing name does not answer faster.
        dummyHash ??= hashPassword('not an operator’s password');
        await verifyPassword(await dummyHash, input.password);
        throw refused();
      }
      const id = Number(row.id);
      if (row.locked_until !== null && Number(row.locked_until) > now) {
        throw new RetryLaterError(
          'RATE_LIMITED',
          'Too many failed logins: this operator is locked for a while. Please try again later.',
          Math.ceil((Number(row.locked_until) - now) / 1000),
        );
      }
      const fail = async () => {
        const failures = Number(row.failed_logins) + 1;
        const lock = failures >= OPERATOR_LOCK_AFTER_FAILURES;
        await updateOperatorLogin(db, id, {
          failed_logins: lock ? 0 : failures,
          locked_until: lock ? now + OPERATOR_LOCK_MS : null,
        });
        return refused();
      };
      if (!(await verifyPassword(row.password_hash, input.password))) throw await fail();
      const step = matchTotp(row.totp_secret, input.totp, now, Number(row.totp_last_step));
      if (step === null || !(await claimTotpStep(db, id, step))) throw await fail();
      const token = newToken();
      await insertOperatorSession(db, {
        operator_id: id,
        token_hash: sha256Hex(token),
        ip: input.ip,
        created_at: now,
        last_seen_at: now,
      });
      return { token, operatorId: id, name: row.name, role: row.role };
    },

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

    /** For tests and docs: the step a code is for now. */
    currentStep: () => totpStep(clock.now()),
  };
}

export type OperatorsService = ReturnType<typeof createOperatorsService>;
