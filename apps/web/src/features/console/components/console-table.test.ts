import { describe, expect, it } from 'vitest';
import { type ConsoleColumn, tableCsv } from './console-table';

interface Row {
  name: string;
  amount: number;
  note: string | null;
}

const columns: ConsoleColumn<Row>[] = [
  { key: 'name', header: 'Player', value: (row) => row.name },
  { key: 'amount', header: 'Amount', value: (row) => row.amount, render: (row) => `₹${row.amount}` },
  { key: 'note', header: 'Note, if any', value: (row) => row.note },
  { key: 'actions', header: 'Actions', value: () => '', isAction: true },
];

describe('a console table’s CSV', () => {
  it('exports the columns and rows it shows, values not their display, and no action buttons', () => {
    const rows: Row[] = [
      { name: 'ravi', amount: 1250.5, note: 'said "later", twice' },
      { name: 'sita', amount: -40, note: null },
    ];
    expect(tableCsv(columns, rows)).toBe('Player,Amount,"Note, if any"\r\nravi,1250.5,"said ""later"", twice"\r\nsita,-40,\r\n');
  });
});
