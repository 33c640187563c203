import { readFileSync } from 'node:fs';
import path from 'node:path';
import { POSTING_KINDS, type StatementMovement, WITHDRAW_STATUSES, DEPOSIT_STATUSES } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { statementRow } from './statement-row.fixture';
import { lineTitleKey, movementWords, showsNote } from './statement-words';

const I18N_DIR = path.resolve(import.meta.dirname, '../../../../public/assets/i18n');
const files = Object.fromEntries(
  ['en', 'hi', 'bn'].map((language) => [language, JSON.parse(readFileSync(path.join(I18N_DIR, `${language}.json`), 'utf8'))]),
) as Record<string, Record<string, unknown>>;

function textOf(language: string, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], files[language]);
}

const movement = (changes: Partial<StatementMovement>): StatementMovement => ({
  id: 1,
  date: '2026-01-15T12:00:00.000Z',
  kind: 'bet_win',
  amount: 0,
  cash: 0,
  held: 0,
  bonus: 0,
  ...changes,
});

const row = statementRow;

describe('the statement in words', () => {
  it('names the figure each movement is about, never negative', () => {
    expect(movementWords(movement({ kind: 'exposure_hold', cash: -100, held: 100 }))).toEqual({
      key: 'wallet.statement.movements.held',
      amount: 100,
    });
    expect(movementWords(movement({ kind: 'exposure_release', cash: 100, held: -100 }))).toMatchObject({ amount: 100 });
    expect(movementWords(movement({ kind: 'bet_loss', amount: -250, cash: -250 }))).toEqual({
      key: 'wallet.statement.movements.bet_loss',
      amount: 250,
    });
    expect(movementWords(movement({ kind: 'bonus_release', cash: 20, bonus: -20 }))).toMatchObject({ amount: 20 });
    expect(movementWords(movement({ kind: 'bet_settle_reversal', amount: -40 })).key).toBe(
      'wallet.statement.movements.reversalOut',
    );
  });

  it('has a text for every movement, title and state in en, hi and bn, with the amount in each movement', () => {
    const keys = new Set<string>();
    for (const kind of POSTING_KINDS) {
      keys.add(movementWords(movement({ kind, amount: 1, held: 1, bonus: 1, cash: 1 })).key);
      keys.add(movementWords(movement({ kind, amount: -1, held: -1 })).key);
    }
    for (const key of keys) {
      for (const language of ['en', 'hi', 'bn']) {
        const text = textOf(language, key);
        expect(typeof text === 'string' && text.includes('{{amount}}'), `${language} ${key}`).toBe(true);
      }
    }
    const titles = [
      ...WITHDRAW_STATUSES.map((state) => `wallet.statement.withdrawalState.${state}`),
      ...DEPOSIT_STATUSES.map((state) => `wallet.statement.depositState.${state}`),
      'wallet.statement.voidMarket',
      'wallet.statement.cameBack',
      'wallet.statement.withdrawalTo',
      'wallet.statement.depositBy',
      'wallet.statement.balanceHow',
    ];
    for (const key of titles) {
      for (const language of ['en', 'hi', 'bn']) expect(typeof textOf(language, key), `${language} ${key}`).toBe('string');
    }
  });

  it('titles a withdrawal by its state now, and a void market as such', () => {
    const paid = row({
      kind: 'withdrawal_hold',
      subject: 'payment:withdraw:3',
      detail: { type: 'withdrawal', withdraw_id: 3, destination: 'UPI a@okaxis', state: 'paid' },
    });
    expect(lineTitleKey(paid)).toBe('wallet.statement.withdrawalState.paid');
    const voided = row({
      kind: 'exposure_release',
      subject: 'market:1.2',
      released: 200,
      detail: { type: 'market', match: 'India v Australia', market: 'Match Odds', reduced_prices: [] },
    });
    expect(lineTitleKey(voided)).toBe('wallet.statement.voidMarket');
    expect(lineTitleKey(row({ is_open: true, kind: 'exposure_hold', subject: 'market:1.2' }))).toBe(
      'wallet.statement.openMarket',
    );
    expect(lineTitleKey(row({ kind: 'bonus_grant' }))).toBe('wallet.kinds.bonus_grant');
  });

  it('shows an operator’s reason, never the machine’s English notes', () => {
    expect(showsNote(row({ kind: 'operator_credit', description: 'Goodwill for the outage' }))).toBe(true);
    expect(showsNote(row({ kind: 'demo_funding', description: 'play money for a new demo account' }))).toBe(false);
  });
});
