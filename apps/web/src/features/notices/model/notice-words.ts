import type { Notice } from '@app/shared';

/** Where a notice sends the player to act on it. */
export type NoticeLink = 'withdraw' | 'withdrawStatement';

export interface NoticeWords {
  key: string;
  values: Record<string, string | number>;
  link: NoticeLink;
}

/**
 * A notice in words (docs/accounts.md "Notices"): the text's key, what fills it, and where the
 * player goes next. Pure, so every kind is covered by a test; the bell only translates.
 */
export function noticeWords(notice: Notice, formatMoney: (rupees: number) => string): NoticeWords {
  const withdrawal = { id: notice.withdraw_id ?? '', amount: notice.amount === null ? '' : formatMoney(notice.amount) };
  const reason = notice.reason ?? '';
  const withReason = (key: string) => (reason ? `${key}WithReason` : key);
  switch (notice.kind) {
    case 'identity_approved':
      return { key: 'notices.kinds.identity_approved', values: {}, link: 'withdraw' };
    case 'identity_rejected':
      return { key: `notices.kinds.${withReason('identity_rejected')}`, values: reason ? { reason } : {}, link: 'withdraw' };
    case 'withdrawal_paid':
      return { key: 'notices.kinds.withdrawal_paid', values: withdrawal, link: 'withdrawStatement' };
    case 'withdrawal_failed':
      return { key: 'notices.kinds.withdrawal_failed', values: withdrawal, link: 'withdrawStatement' };
    case 'withdrawal_rejected':
      return {
        key: `notices.kinds.${withReason('withdrawal_rejected')}`,
        values: reason ? { ...withdrawal, reason } : withdrawal,
        link: 'withdrawStatement',
      };
  }
}
