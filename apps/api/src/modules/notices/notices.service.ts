import { formatPaiseAsRupees, type Notice, NOTICE_LIST_LIMIT, type NoticeKind, paiseToRupees } from '@app/shared';
import type { Db } from '../../db/database';
import { enqueueJob } from '../../db/jobs';
import { writeTransaction } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import { countUnread, insertNotice, listNotices, markRead } from './notices.repository';
import type { PlayerNoticeRow } from './notices.table';

/** The durable job that sends a notice's SMS (docs/accounts.md "Notices"). */
export const NOTICE_SMS_JOB = 'notices.sms';

export interface NewNotice {
  userId: number;
  kind: NoticeKind;
  withdrawId?: number;
  amountPaise?: number;
  reason?: string | null;
}

/**
 * Records a notice in the caller's transaction — the one that made the change it tells of, so the
 * two commit together — and its SMS as a durable job in the same transaction (sent after the
 * commit, retried until the gateway takes it; whether it goes at all is the job's to decide).
 */
export async function recordNotice(executor: Db, now: number, notice: NewNotice): Promise<number> {
  const id = await insertNotice(executor, {
    user_id: notice.userId,
    kind: notice.kind,
    withdraw_id: notice.withdrawId ?? null,
    amount: notice.amountPaise ?? null,
    reason: notice.reason ? notice.reason.slice(0, 200) : null,
    created_at: now,
    read_at: null,
  });
  await enqueueJob(executor, { kind: NOTICE_SMS_JOB, key: `notice:sms:${id}`, payload: { noticeId: id }, runAt: now }, now);
  return id;
}

/**
 * A notice's SMS. In English: the server does not know the language a player reads the site in
 * (the site keeps it in the browser); the site writes the same notice in the player's language.
 */
export function noticeSmsText(notice: Pick<PlayerNoticeRow, 'kind' | 'withdraw_id' | 'amount' | 'reason'>): string {
  const amount = notice.amount === null ? '' : ` of ${formatPaiseAsRupees(Number(notice.amount))}`;
  const withdrawal = `Your withdrawal${notice.withdraw_id === null ? '' : ` ${Number(notice.withdraw_id)}`}${amount}`;
  const because = notice.reason ? `: ${notice.reason}` : '';
  switch (notice.kind) {
    case 'identity_approved':
      return 'Your identity is approved: you can withdraw now.';
    case 'identity_rejected':
      return `Your identity was not approved${because}. You can send new documents from the Withdraw page.`;
    case 'withdrawal_paid':
      return `${withdrawal} is paid.`;
    case 'withdrawal_failed':
      return `${withdrawal} failed; the money is back in your balance.`;
    case 'withdrawal_rejected':
      return `${withdrawal} was rejected${because}. The money is back in your balance.`;
  }
}

function wireNotice(row: PlayerNoticeRow): Notice {
  return {
    id: Number(row.id),
    kind: row.kind,
    withdraw_id: row.withdraw_id === null ? null : Number(row.withdraw_id),
    amount: row.amount === null ? null : paiseToRupees(Number(row.amount)),
    reason: row.reason,
    created_at: new Date(Number(row.created_at)).toISOString(),
    is_read: row.read_at !== null,
  };
}

export interface NoticesService {
  list(userId: number): Promise<{ notices: Notice[]; unread: number }>;
  markRead(userId: number, ids: readonly number[] | null): Promise<{ unread: number }>;
}

export function createNoticesService(db: Db, clock: Clock): NoticesService {
  return {
    async list(userId) {
      const [rows, unread] = await Promise.all([listNotices(db, userId, NOTICE_LIST_LIMIT), countUnread(db, userId)]);
      return { notices: rows.map(wireNotice), unread };
    },
    async markRead(userId, ids) {
      await writeTransaction(db, (tx) => markRead(tx, userId, ids, clock.now()));
      return { unread: await countUnread(db, userId) };
    },
  };
}
