import { ageOn, type KycStatus, MAX_KYC_DOCUMENT_BYTES, MIN_PLAYER_AGE_YEARS, reportDay } from '@app/shared';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { writeTransaction } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { recordNotice } from '../notices';
import type { SettingsService } from '../settings';
import { findUserByNameKey, userNameKey, userNamesByIds } from '../users';
import type { KycDocumentStore } from './kyc-documents';
import { assertCanUsePayments, type PaymentCaller } from './payment-access';
import { insertKycSubmission, latestKycSubmission, listKycSubmissions, reviewKycSubmission } from './payments.repository';
import type { KycRowDb } from './payments.table';

/** Nobody alive was born this long ago: a typo, refused. */
const MAX_AGE_YEARS = 120;

export interface KycSubmission {
  legal_name: string;
  date_of_birth: string;
  document: Uint8Array;
}

type KycListRow = Omit<Awaited<ReturnType<typeof listKycSubmissions>>[number], 'user_id'> & { user_name: string };

export interface KycService {
  submit(caller: PaymentCaller, submission: KycSubmission): Promise<{ status: 'submitted' }>;
  status(caller: PaymentCaller): Promise<{ status: KycStatus; reason?: string }>;
  /** Refuses (422 IDENTITY_REQUIRED) unless the player's identity is approved. */
  assertApproved(userId: number): Promise<void>;
  /** The submissions newest first (200 at most), each with its player's name. */
  list(status: KycRowDb['status'] | null): Promise<KycListRow[]>;
  /** The document of a player's latest submission, for an operator's review; undefined when there is none. */
  document(userName: string): Promise<{ contentType: string; bytes: Buffer } | undefined>;
  review(userName: string, decision: 'approved' | 'rejected', reason: string | null): Promise<KycRowDb>;
}

/**
 * Identity before payouts (docs/payments.md, "Identity"): the player sends their legal name, date
 * of birth (18 or older) and an ID document image; an operator approves or rejects it with a
 * reason. The latest submission is the player's state.
 */
export function createKycService(deps: {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  documents: KycDocumentStore;
}): KycService {
  const { db, clock, settings, documents } = deps;

  return {
    async submit(caller, { legal_name: legalName, date_of_birth: dateOfBirth, document }) {
      await assertCanUsePayments(settings, caller);
      const latest = await latestKycSubmission(db, caller.userId);
      if (latest?.status === 'approved') throw new AppError('REFUSED', 'Your identity is already verified');
      if (latest?.status === 'submitted') {
        throw new AppError('REFUSED', 'Your documents are being checked; you can send new ones if they are rejected');
      }
      const today = reportDay(clock.now());
      if (dateOfBirth > today) throw new AppError('BAD_REQUEST', 'date_of_birth must not be in the future');
      const age = ageOn(dateOfBirth, today);
      if (age > MAX_AGE_YEARS) throw new AppError('BAD_REQUEST', 'date_of_birth is not a believable date of birth');
      if (age < MIN_PLAYER_AGE_YEARS)
        throw new AppError('REFUSED', `You must be ${MIN_PLAYER_AGE_YEARS} or older to play for real money`);
      if (document.byteLength === 0) throw new AppError('BAD_REQUEST', 'document is empty');
      if (document.byteLength > MAX_KYC_DOCUMENT_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'document must be at most 5 MB');
      const checked = await documents.check(document);
      const waiting = () =>
        new AppError('REFUSED', 'Your documents are being checked; you can send new ones if they are rejected');
      try {
        // The submission and its document together; the database keeps one submission waiting per
        // player (a partial unique index), so parallel submissions store one.
        await writeTransaction(db, async (tx) => {
          const now = clock.now();
          const id = await insertKycSubmission(tx, {
            user_id: caller.userId,
            legal_name: legalName,
            date_of_birth: dateOfBirth,
            document_name: checked.name,
            document_type: checked.contentType,
            status: 'submitted',
            reason: null,
            created_at: now,
            reviewed_at: null,
          });
          await documents.store(tx, id, checked, document, now);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw waiting();
        throw error;
      }
      return { status: 'submitted' };
    },

    async status(caller) {
      await assertCanUsePayments(settings, caller);
      const latest = await latestKycSubmission(db, caller.userId);
      if (!latest) return { status: 'none' };
      return latest.status === 'rejected' ? { status: 'rejected', reason: latest.reason ?? '' } : { status: latest.status };
    },

    async assertApproved(userId) {
      const latest = await latestKycSubmission(db, userId);
      if (latest?.status === 'approved') return;
      const message =
        latest?.status === 'submitted'
          ? 'Your identity is still being checked: you can withdraw once it is approved'
          : 'Verify your identity before your first withdrawal';
      throw new AppError('IDENTITY_REQUIRED', message);
    },

    async list(status) {
      const rows = await listKycSubmissions(db, status, 200);
      const names = await userNamesByIds(
        db,
        rows.map((row) => Number(row.user_id)),
      );
      return rows.map(({ user_id: userId, ...row }) => ({ ...row, user_name: names.get(Number(userId)) ?? '' }));
    },

    async document(userName) {
      const user = await findUserByNameKey(db, userNameKey(userName));
      const latest = user ? await latestKycSubmission(db, Number(user.id)) : undefined;
      return latest ? documents.read({ ...latest, id: Number(latest.id) }) : undefined;
    },

    async review(userName, decision, reason) {
      const user = await findUserByNameKey(db, userNameKey(userName));
      if (!user) throw new AppError('NOT_FOUND', `No user is named ${userName}`);
      const latest = await latestKycSubmission(db, Number(user.id));
      if (!latest) throw new AppError('NOT_FOUND', `${userName} has sent no identity documents`);
      // The decision and the player's notice of it commit together (docs/accounts.md "Notices").
      await writeTransaction(db, async (tx) => {
        if (!(await reviewKycSubmission(tx, Number(latest.id), { status: decision, reason, now: clock.now() }))) {
          throw new AppError(
            'REFUSED',
            `${userName}'s identity is ${latest.status} already: only a submitted one can be reviewed`,
          );
        }
        await recordNotice(tx, clock.now(), {
          userId: Number(user.id),
          kind: decision === 'approved' ? 'identity_approved' : 'identity_rejected',
          reason,
        });
      });
      return { ...latest, status: decision, reason, reviewed_at: clock.now() };
    },
  };
}
