import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type AuditRow, POSTING_KINDS } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { auditChanges, auditPlayer, auditSentence } from './audit-words';
import { ledgerWords } from './ledger-words';

const row = (action: string, target: string, before: unknown, after: unknown): AuditRow => ({
  id: 1,
  at: '2026-12-06T10:00:00.000Z',
  operator: 'asha',
  action,
  target,
  before: before === null ? null : JSON.stringify(before),
  after: after === null ? null : JSON.stringify(after),
  ip: '10.0.0.1',
});

describe('the audit log in words (docs/operators.md, "The audit log")', () => {
  it('says a credit with every amount in ₹', () => {
    const sentence = auditSentence(
      row('wallet.credit', 'user:rahul', { cash: 60_000 }, { cash: 60_600, amount: 600, reason: 'goodwill' }),
    );
    expect(sentence.key).toBe('wallet_credit');
    expect(sentence.values).toMatchObject({
      operator: 'asha',
      player: 'rahul',
      amount: '₹600.00',
      cashBefore: '₹60,000.00',
      cashAfter: '₹60,600.00',
      reason: 'goodwill',
    });
  });

  it('finds the player of a withdrawal in its before, and its id in the target', () => {
    const withdrawal = row(
      'withdraw.approve',
      'withdraw:41',
      { status: 'pending', amount: 300, user_name: 'rahul' },
      { status: 'approved' },
    );
    expect(auditPlayer(withdrawal)).toBe('rahul');
    expect(auditSentence(withdrawal).values).toMatchObject({ id: '41', amount: '₹300.00', player: 'rahul' });
  });

  it('lists before and after as fields, money in ₹ and nothing as —', () => {
    expect(auditChanges(JSON.stringify({ split_bonus: 1_500.5, bonus_id: 9, reason: null }))).toEqual([
      { field: 'split_bonus', value: '₹1,500.50' },
      { field: 'bonus_id', value: '9' },
      { field: 'reason', value: '—' },
    ]);
    expect(auditChanges(null)).toEqual([]);
  });

  it('reads an act it has no sentence for as "operator: act on target"', () => {
    expect(auditSentence(row('cli.fair.chain.publish', 'round chain 3', null, null))).toMatchObject({
      key: 'other',
      values: { operator: 'asha', act: 'cli.fair.chain.publish', target: 'round chain 3' },
    });
  });
});

describe('a ledger line in the statement’s words', () => {
  it.each([
    ['exposure_hold', -100, 'wallet.statement.movements.held', 100],
    ['exposure_release', 100, 'wallet.statement.movements.released', 100],
    ['bet_settle_reversal', -40, 'wallet.statement.movements.reversalOut', 40],
    ['bet_settle_reversal', 40, 'wallet.statement.movements.reversalIn', 40],
    ['operator_credit', 500, 'wallet.statement.movements.operator_credit', 500],
  ])('%s of %d', (kind, amount, sentenceKey, named) => {
    expect(ledgerWords({ kind, amount })).toEqual({ kindKey: `wallet.kinds.${kind}`, sentenceKey, amount: named });
  });
});

describe('every posting kind has the statement’s words in every language', () => {
  it.each(['en', 'hi', 'bn'])('%s', (language) => {
    const file = path.resolve(import.meta.dirname, `../../../../public/assets/i18n/${language}.json`);
    const site = JSON.parse(readFileSync(file, 'utf8')) as {
      wallet: { kinds: Record<string, string>; statement: { movements: Record<string, string> } };
    };
    for (const kind of POSTING_KINDS) {
      for (const amount of [-1, 1]) {
        const words = ledgerWords({ kind, amount });
        expect(site.wallet.kinds[words.kindKey.slice('wallet.kinds.'.length)], `${language} ${kind}`).toBeTruthy();
        const sentence = words.sentenceKey.slice('wallet.statement.movements.'.length);
        expect(site.wallet.statement.movements[sentence], `${language} ${sentence}`).toContain('{{amount}}');
      }
    }
  });
});
