import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Pager, Spinner } from '@/components/ui';
import { csvFileName, downloadCsv, toCsv } from '../model/csv';

export interface ConsoleColumn<T> {
  key: string;
  /** Already translated; also labels the cell on phones where rows become cards, and heads the CSV column. */
  header: string;
  /** The cell as shown; defaults to the CSV value. */
  render?: (row: T) => ReactNode;
  /** The cell as exported: plain text or a number. */
  value: (row: T) => string | number | null | undefined;
  align?: 'start' | 'end' | 'center';
  /** Columns of buttons (actions) are shown but not exported. */
  isAction?: boolean;
  /** Text that is read whole (a sentence): wraps between words instead of being cut. */
  isProse?: boolean;
}

export interface ConsoleTableProps<T> {
  /** Names the table (caption) and its CSV file. */
  title: string;
  columns: readonly ConsoleColumn<T>[];
  rows: readonly T[] | undefined;
  getRowKey: (row: T, index: number) => string | number;
  isLoading?: boolean;
  /** Shown beside the export button: filters, a refresh. */
  toolbar?: ReactNode;
  testId?: string;
  /** A server-paged table view: its page, page size and total, and how to turn the page. */
  paging?: { page: number; limit: number; total_rows: number; onPageChange: (page: number) => void };
}

/** The CSV of exactly what the table shows: its columns (not the action buttons) and its rows. */
export function tableCsv<T>(columns: readonly ConsoleColumn<T>[], rows: readonly T[]): string {
  const exported = columns.filter((column) => !column.isAction);
  return toCsv(
    exported.map((column) => column.header),
    rows.map((row) => exported.map((column) => column.value(row))),
  );
}

/** A text cell's widest, in characters (`.console-cell` in console.css). */
const CELL_MAX_CHARS = 32;

function cellClass<T>(column: ConsoleColumn<T>): string {
  const align = `ui-table__cell--${column.align ?? 'start'}`;
  // Amounts and other numbers stay on one line: "₹60,000.00", never "₹60,000. / 00".
  return column.align === 'end' ? `${align} console-cell--number` : align;
}

/**
 * A text cell that never breaks a word: one line, cut with an ellipsis when the column is narrow,
 * and the full text in its title (pointer) and shown whole when it takes the focus (keyboard, touch).
 */
export function TruncatedCell({ text, children }: { text: string | number | null | undefined; children?: ReactNode }) {
  const full = text === null || text === undefined ? '' : String(text);
  // Only a text long enough to be cut (the cell is 32ch wide at most) takes the focus: a table of
  // short cells is not a hundred tab stops.
  const mayBeCut = full.length > CELL_MAX_CHARS - 2;
  return (
    <span className="console-cell" title={full || undefined} tabIndex={mayBeCut ? 0 : undefined}>
      {children ?? full}
    </span>
  );
}

/**
 * Every list of the console: a table on desktop, cards on a phone (the site's `.ui-table` styles),
 * with loading and empty states, and an export of what it shows as CSV.
 */
export function ConsoleTable<T>({
  title,
  columns,
  rows,
  getRowKey,
  isLoading = false,
  toolbar,
  testId,
  paging,
}: ConsoleTableProps<T>) {
  const { t } = useTranslation('admin');
  const hasRows = Boolean(rows && rows.length > 0);
  return (
    <section className="console-table" aria-label={title} data-testid={testId}>
      <div className="console-table__bar">
        <h2 className="console-table__title">{title}</h2>
        <div className="console-table__tools">
          {toolbar}
          <Button
            variant="secondary"
            size="sm"
            disabled={!hasRows}
            onClick={() => rows && downloadCsv(csvFileName(title), tableCsv(columns, rows))}
          >
            {t('table.exportCsv')}
          </Button>
        </div>
      </div>
      <div className="ui-table__wrap" aria-busy={isLoading || undefined}>
        <table className="ui-table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={`ui-table__cell--${column.align ?? 'start'}`}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {isLoading ? (
              <tr className="ui-table__state">
                <td colSpan={columns.length}>
                  <Spinner />
                </td>
              </tr>
            ) : !hasRows ? (
              <tr className="ui-table__state">
                <td colSpan={columns.length}>{t('table.empty')}</td>
              </tr>
            ) : (
              rows?.map((row, index) => (
                <tr key={getRowKey(row, index)}>
                  {columns.map((column) => (
                    <td key={column.key} data-label={column.header} className={cellClass(column)}>
                      {column.isAction || column.isProse || column.align === 'end' ? (
                        (column.render?.(row) ?? column.value(row) ?? '')
                      ) : (
                        <TruncatedCell text={column.value(row)}>{column.render?.(row)}</TruncatedCell>
                      )}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {paging && paging.total_rows > paging.limit && (
        <Pager
          page={paging.page}
          onPageChange={paging.onPageChange}
          total={paging.total_rows}
          pageSize={paging.limit}
          isDisabled={isLoading}
        />
      )}
    </section>
  );
}
