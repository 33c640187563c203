import { readFileSync } from 'node:fs';
import path from 'node:path';
import { NOTICE_KINDS, type Notice } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { noticeWords } from './notice-words';

const I18N_DIR = path.resolve(import.meta.dirname, '../../../../public/assets/i18n');
const textOf = (language: string, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      JSON.parse(readFileSync(path.join(I18N_DIR, `${language}.json`), 'utf8')),
    );

const notice = (changes: Partial<Notice>): Notice => ({
  id: 1,
  kind: 'withdrawal_paid',
  withdraw_id: 12,
  amount: 1500,
  reason: null,
  created_at: '2026-01-15T12:00:00.000Z',
  is_read: false,
  ...changes,
});
const money = (rupees: number) => `₹${rupees.toFixed(2)}`;

describe('notices in words', () => {
  it('names the withdrawal and its amount, and the reason when one was given', () => {
    expect(noticeWords(notice({}), money)).toEqual({
      key: 'notices.kinds.withdrawal_paid',
      values: { id: 12, amount: '₹1500.00' },
      link: 'withdrawStatement',
    });
    expect(noticeWords(notice({ kind: 'withdrawal_rejected', reason: 'Name differs' }), money)).toMatchObject({
      key: 'notices.kinds.withdrawal_rejectedWithReason',
      values: { reason: 'Name differs' },
    });
    expect(noticeWords(notice({ kind: 'identity_rejected', withdraw_id: null, amount: null }), money).key).toBe(
      'notices.kinds.identity_rejected',
    );
  });

  it('has every text in en, hi and bn, with the values it is given', () => {
    for (const kind of NOTICE_KINDS) {
      for (const reason of [null, 'Because']) {
        const words = noticeWords(notice({ kind, reason }), money);
        for (const language of ['en', 'hi', 'bn']) {
          const text = textOf(language, words.key);
          expect(typeof text, `${language} ${words.key}`).toBe('string');
          for (const name of Object.keys(words.values))
            expect(text as string, `${language} ${words.key}`).toContain(`{{${name}}}`);
        }
      }
    }
    for (const key of [
      'notices.title',
      'notices.open',
      'notices.empty',
      'notices.new',
      'notices.links.withdraw',
      'notices.links.withdrawStatement',
    ]) {
      for (const language of ['en', 'hi', 'bn']) expect(typeof textOf(language, key), `${language} ${key}`).not.toBe('undefined');
    }
  });
});
