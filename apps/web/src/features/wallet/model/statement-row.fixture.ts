import type { StatementRow } from '@app/shared';

/** A statement line for tests: an empty cash line of `bet_win`, with `changes` over it. */
export function statementRow(changes: Partial<StatementRow>): StatementRow {
  return {
    id: 1,
    date: '2026-01-15T12:00:00.000Z',
    kind: 'bet_win',
    subject: null,
    description: '',
    detail: null,
    reference: '',
    wallet: 'cash',
    credit: 0,
    debit: 0,
    balance: 0,
    is_open: false,
    released: 0,
    movements: [],
    entry_count: 0,
    entries: [],
    ...changes,
  };
}
