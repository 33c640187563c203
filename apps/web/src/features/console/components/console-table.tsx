import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type DataColumn, DataTable, Pager } from '@/components/ui';
import { csvFileName, downloadCsv, toCsv } from '../model/csv';

/** A column of the shared table whose `value` is required: it heads and fills the CSV column. */
export type ConsoleColumn<T> = DataColumn<T> & {
  /** The cell as exported: plain text or a number (the shown cell defaults to it). */
  value: (row: T) => string | number | null | undefined;
};

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

/**
 * Every list of the console: the site's table (`components/ui/data-table.tsx`; a table on desktop,
 * cards on a phone) with its cells keeping words whole, under a title bar with an export of what it
 * shows as CSV, and a pager when the server pages it.
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
      <DataTable
        caption={title}
        columns={columns}
        rows={rows}
        getRowKey={getRowKey}
        isLoading={isLoading}
        emptyMessage={t('table.empty')}
        keepsWordsWhole
      />
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
