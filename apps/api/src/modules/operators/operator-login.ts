import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { newToken, sha256Hex } from '../../lib/ids';
import { RetryLaterError } from '../../plugins/error-handler';
import { claimThrottleAttempt, clearThrottleAttempts, clearThrottleAttemptsByPrefix } from '../auth';
import { hashPassword, verifyPassword } from '../users';
import { operatorNameKey, SYSTEM_OPERATOR_NAME } from './operator-names';
import { claimTotpStep, findOperatorByNameKey, hasOperatorLoginFrom, insertOperatorSession } from './operators.repository';
import { matchTotp } from './totp';

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
/** An operator's login with its lock-out, and an owner's unlock (docs/operators.md, "Lock-out"). */
export function createOperatorLogin(db: Db, clock: Clock) {
  let dummyHash: Promise<string> | undefined;
  const refused = () => new AppError('INVALID_CREDENTIALS', 'The name, password or code is not right.');

  return {
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
  };
}
