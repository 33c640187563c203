// @vitest-environment happy-dom
import { accountStatement, type DataOf, type StatementRow } from '@app/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '@/lib/test-i18n';
import { statementRow } from '../model/statement-row.fixture';
import { AccountStatementPage } from './account-statement-page';

/**
 * The statement's rows as a player reads them (docs/wallet.md "Account statement"): a market's
 * holds, releases and result folded into one line that opens to its movements in words, a void
 * market saying its stakes came back, and an operator's credit with the operator's reason.
 */
const AT = '2026-12-06T10:00:00.000Z';

function line(partial: Partial<StatementRow> & Pick<StatementRow, 'id' | 'kind'>): StatementRow {
  return statementRow({ date: AT, ...partial });
}

const movement = (id: number, kind: StatementRow['kind'], change: { amount?: number; cash?: number; held?: number }) => ({
  id,
  date: AT,
  kind,
  amount: change.amount ?? 0,
  cash: change.cash ?? 0,
  held: change.held ?? 0,
  bonus: 0,
});

const statement: DataOf<typeof accountStatement> = accountStatement.data.parse({
  rows: [
    line({
      id: 30,
      kind: 'bet_win',
      subject: 'market:1.301',
      detail: { type: 'market', match: 'Mumbai v Chennai', market: 'Match Odds', reduced_prices: [] },
      credit: 150,
      balance: 1_150,
      movements: [
        movement(32, 'bet_win', { amount: 150, cash: 250 }),
        movement(31, 'exposure_release', { cash: 100, held: -100 }),
        movement(30, 'exposure_hold', { cash: -100, held: 100 }),
      ],
      entry_count: 6,
    }),
    line({
      id: 20,
      kind: 'exposure_release',
      subject: 'market:1.302',
      detail: { type: 'market', match: 'Delhi v Kolkata', market: 'Match Odds', reduced_prices: [] },
      balance: 1_000,
      released: 200,
      movements: [
        movement(21, 'exposure_release', { cash: 200, held: -200 }),
        movement(20, 'exposure_hold', { cash: -200, held: 200 }),
      ],
      entry_count: 4,
    }),
    line({ id: 10, kind: 'operator_credit', description: 'goodwill', credit: 1_000, balance: 1_000 }),
  ],
  from_date: '2026-11-07',
  to_date: '2026-12-06',
  page: 1,
  limit: 20,
  total_rows: 3,
  totals: { credit: 1_150, debit: 0 },
});

beforeAll(() => initTestI18n('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderStatement() {
  const requests: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      requests.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ status: true, message: 'ok', data: statement }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <AccountStatementPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return requests;
}

describe('the account statement’s rows', () => {
  it('folds a market into one line that opens to its movements in words, newest first', async () => {
    const requests = renderStatement();
    const titles = await screen.findAllByTestId('statement-title');
    expect(titles.map((title) => title.textContent)).toEqual(['Bet won', 'Void: stakes returned', 'Credit by the operator']);
    expect(accountStatement.request.safeParse(requests[0]).success).toBe(true);

    const toggle = screen.getByRole('button', { name: 'Show 3 movements' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const list = screen.getByRole('list', { name: /Mumbai v Chennai/ });
    expect(
      within(list)
        .getAllByTestId('statement-movement')
        .map((item) => item.querySelector('span')?.textContent),
    ).toEqual(['Won ₹150.00', '₹100.00 held for your bets came back', '₹100.00 held for your bets']);
    fireEvent.click(screen.getByRole('button', { name: 'Hide the movements' }));
    expect(screen.queryByRole('list', { name: /Mumbai v Chennai/ })).toBeNull();
  });

  it('says a void market’s stakes came back, and shows the operator’s reason on a credit', async () => {
    renderStatement();
    expect((await screen.findByTestId('statement-came-back')).textContent).toContain('₹200.00');
    const details = screen.getAllByTestId('statement-detail').map((detail) => detail.textContent);
    expect(details).toEqual(['Mumbai v Chennai · Match Odds', 'Delhi v Kolkata · Match Odds', 'goodwill']);
    expect(screen.getAllByTestId('statement-balance').map((cell) => cell.textContent)).toEqual([
      '1,150.00',
      '1,000.00',
      '1,000.00',
    ]);
  });
});
