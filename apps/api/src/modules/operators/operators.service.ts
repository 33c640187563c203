import { OPERATOR_IDLE_MINUTES, OPERATOR_ROLES, type OperatorRole, ROLE_PERMISSIONS, type AdminPermission } from '@app/shared';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { newToken, sha256Hex } from '../../lib/ids';
import { RetryLaterError } from '../../plugins/error-handler';
import { claimThrottleAttempt, clearThrottleAttempts, clearThrottleAttemptsByPrefix } from '../auth';
import { listSettingRows } from '../settings';
import { assertPasswordAllowed, hashPassword, verifyPassword } from '../users';
import {
  claimTotpStep,
  endOperatorSession,
  findLiveOperatorSession,
  findOperatorByNameKey,
  hasOperatorLoginFrom,
  insertOperator,
  insertOperatorSession,
  touchOperatorSession,
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

/**
 * The lock-out (docs/operators.md, "Lock-out"): checks of one operator from one address per
 * window; past it that address waits for the window to end. An outsider locks out only their own
 * address, never the operator.
 */
export const OPERATOR_LOCK_AFTER_FAILURES = 5;
export const OPERATOR_LOCK_MS = 15 * 60_000;
/**
 * Checks of one operator from every address per window. Past it the operator is under attack:
 * only an address the operator logged in from in the last KNOWN_ADDRESS_DAYS is still checked.
 */
export const OPERATOR_ATTACK_FAILURES = 20;
const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60_000;
const pairKey = (operatorId: number, ip: string) => `operator-pair:${operatorId}:${ip}`;
const operatorKey = (operatorId: number) => `operator:${operatorId}`;
/** A session's last-seen time is written at most this often (each call would be a write otherwise). */
const TOUCH_EVERY_MS = 15_000;
export const SYSTEM_OPERATOR_NAME = 'system';
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

    /**
     * Password and TOTP code (docs/operators.md, "Lock-out"). Each check first claims an attempt
     * of the operator from this address, and of the operator from anywhere, in one statement each
     * (so parallel guesses share the allowance, in any process); a good login gives them back. A
     * code is accepted once (RFC 6238 §5.2). `onFailure` hears every refused check (the audit).
     */
    async login(
      input: { user_name: string; password: string; totp: string; ip: string },
      onFailure?: (failure: { operatorId: number | null; name: string; reason: string }) => Promise<void>,
    ) {
      const now = clock.now();
      const row = await findOperatorByNameKey(db, operatorNameKey(input.user_name));
      if (!row || !row.password_hash || !row.totp_secret || Number(row.is_active) !== 1) {
        // The same work as a real check, so a missing name does not answer faster.
        dummyHash ??= hashPassword('not an operator’s password');
        await verifyPassword(await dummyHash, input.password);
        await onFailure?.({
          operatorId: row ? Number(row.id) : null,
          name: input.user_name,
          reason: 'unknown or disabled operator',
        });
        throw refused();
      }
      const id = Number(row.id);
      const lockedOut = (message: string) => new RetryLaterError('RATE_LIMITED', message, Math.ceil(OPERATOR_LOCK_MS / 1000));
      if (!(await claimThrottleAttempt(db, pairKey(id, input.ip), now, OPERATOR_LOCK_MS, OPERATOR_LOCK_AFTER_FAILURES))) {
        throw lockedOut('Too many failed logins from this address: please try again later, or ask an owner to unlock you.');
      }
      const isAccountClaimed =
        (await claimThrottleAttempt(db, operatorKey(id), now, OPERATOR_LOCK_MS, OPERATOR_ATTACK_FAILURES)) > 0;
      if (!isAccountClaimed && !(await hasOperatorLoginFrom(db, id, input.ip, now - KNOWN_ADDRESS_MS))) {
        throw lockedOut(
          'This operator has had many failed logins: only an address it logged in from before is accepted now. Ask an owner to unlock you.',
        );
      }
      const fail = async (reason: string) => {
        await onFailure?.({ operatorId: id, name: row.name, reason });
        return refused();
      };
      if (!(await verifyPassword(row.password_hash, input.password))) throw await fail('wrong password');
      const step = matchTotp(row.totp_secret, input.totp, now, Number(row.totp_last_step));
      if (step === null || !(await claimTotpStep(db, id, step))) throw await fail('wrong or used code');
      // A good login: this address and the operator start afresh.
      await clearThrottleAttempts(db, [pairKey(id, input.ip), operatorKey(id)]);
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

    /** Lifts an operator's lock-out from every address (`operator unlock`, an owner's act). */
    async unlock(name: string): Promise<{ name: string; cleared: number }> {
      const row = await findOperatorByNameKey(db, operatorNameKey(name));
      if (!row || row.name_key === SYSTEM_OPERATOR_NAME) throw new AppError('NOT_FOUND', `No operator is named ${name}`);
      const id = Number(row.id);
      const cleared = await clearThrottleAttemptsByPrefix(db, `operator-pair:${id}:`);
      await clearThrottleAttempts(db, [operatorKey(id)]);
      return { name: row.name, cleared };
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
