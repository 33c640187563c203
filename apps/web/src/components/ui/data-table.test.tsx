// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '@/lib/test-i18n';
import { type DataColumn, DataTable, TruncatedCell } from './data-table';

/**
 * The one table of the site and the console: the site's cells as rendered; with `keepsWordsWhole`
 * (the console's, docs/console.md) a text cell is cut with an ellipsis, its full text in the title
 * and on focus, and a number stays on one line.
 */
beforeAll(() => initTestI18n('en'));
afterEach(cleanup);

describe('a text cell of a table that keeps words whole', () => {
  it('keeps a long text whole in its title and lets the keyboard reach it', () => {
    const text = 'UPI queue.payee.with.a.long.handle@okaxis';
    render(<TruncatedCell text={text} />);
    const cell = screen.getByText(text);
    expect(cell.getAttribute('title')).toBe(text);
    expect(cell.getAttribute('tabindex')).toBe('0');
  });

  it('is no tab stop when the text is short enough to show whole', () => {
    render(<TruncatedCell text="Pending" />);
    expect(screen.getByText('Pending').getAttribute('tabindex')).toBeNull();
  });

  it('shows what it renders but titles the plain text', () => {
    render(
      <TruncatedCell text={60600}>
        <strong>₹60,600.00</strong>
      </TruncatedCell>,
    );
    expect(screen.getByText('₹60,600.00').parentElement?.getAttribute('title')).toBe('60600');
  });
});

interface Row {
  id: number;
  payee: string;
  amount: number;
  note: string;
}

const rows: Row[] = [{ id: 1, payee: 'queue.payee.with.a.long.handle@okaxis', amount: 60600, note: 'A sentence read whole.' }];
const columns: DataColumn<Row>[] = [
  { key: 'payee', header: 'Payee', value: (row) => row.payee },
  { key: 'amount', header: 'Amount', value: (row) => row.amount, render: (row) => `₹${row.amount}`, align: 'end' },
  { key: 'note', header: 'Note', value: (row) => row.note, isProse: true },
  { key: 'act', header: 'Act', render: () => <button type="button">Approve</button>, isAction: true },
];

describe('the shared data table', () => {
  it('shows the site’s cells as rendered, labelled for the phone’s cards, and says when there are none', () => {
    const { container, rerender } = render(
      <DataTable caption="Statement" columns={columns} rows={rows} getRowKey={(row) => row.id} />,
    );
    expect(container.querySelector('table')?.className).toBe('ui-table');
    expect(container.querySelector('.ui-table__truncated')).toBeNull();
    expect(screen.getByText('₹60600').getAttribute('data-label')).toBe('Amount');
    rerender(<DataTable caption="Statement" columns={columns} rows={[]} getRowKey={(row) => row.id} />);
    expect(container.querySelector('.ui-table__state')?.textContent).not.toBe('');
  });

  it('keeps words whole when asked: text cut with its full title, numbers on one line, prose and buttons as they are', () => {
    const { container } = render(
      <DataTable caption="Queue" columns={columns} rows={rows} getRowKey={(row) => row.id} keepsWordsWhole />,
    );
    const cut = container.querySelectorAll('.ui-table__truncated');
    expect(cut).toHaveLength(1);
    expect(cut[0]?.getAttribute('title')).toBe(rows[0]?.payee);
    expect(screen.getByText('₹60600').className).toContain('ui-table__number');
    expect(screen.getByText('A sentence read whole.').tagName).toBe('TD');
    expect(screen.getByRole('button', { name: 'Approve' }).parentElement?.tagName).toBe('TD');
  });
});
