import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from './spinner';
import './data-table.css';

export interface DataColumn<T> {
  key: string;
  /** Already translated; also labels the cell on phones where rows become cards. */
  header: string;
  /** The cell as shown; defaults to `value`. */
  render?: (row: T) => ReactNode;
  /** The cell as plain text or a number: a cut cell's full text (and the console's CSV value). */
  value?: (row: T) => string | number | null | undefined;
  align?: 'start' | 'end' | 'center';
  /** A column of buttons: never cut (and never exported). */
  isAction?: boolean;
  /** Text that is read whole (a sentence): wraps between words instead of being cut. */
  isProse?: boolean;
}

export interface DataTableProps<T> {
  columns: readonly DataColumn<T>[];
  rows: readonly T[] | undefined;
  getRowKey: (row: T, index: number) => string | number;
  /** Names the table for screen readers (visually hidden caption). */
  caption: string;
  isLoading?: boolean;
  /** Shown when the list is empty; defaults to the common "no records" text. */
  emptyMessage?: ReactNode;
  /** A row's expanded detail, shown full width under it (undefined: collapsed). */
  renderDetail?: (row: T) => ReactNode | undefined;
  /** The id of a row's detail, for the toggle's aria-controls. */
  getDetailId?: (row: T) => string;
  /**
   * Cells never break a word (the console's tables, docs/console.md): numbers (`align: 'end'`) stay
   * on one line, other text is one line cut with an ellipsis (`TruncatedCell`), except action and
   * prose columns. Without it a long token wraps anywhere, as the site's report cards want.
   */
  keepsWordsWhole?: boolean;
}

/** A cut cell's widest, in characters (`.ui-table__truncated` in data-table.css). */
const CELL_MAX_CHARS = 32;

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
    <span className="ui-table__truncated" title={full || undefined} tabIndex={mayBeCut ? 0 : undefined}>
      {children ?? full}
    </span>
  );
}

function cellClass<T>(column: DataColumn<T>, keepsWordsWhole: boolean): string {
  const align = `ui-table__cell--${column.align ?? 'start'}`;
  // Amounts and other numbers stay on one line: "₹60,000.00", never "₹60,000. / 00".
  return keepsWordsWhole && column.align === 'end' ? `${align} ui-table__number` : align;
}

function cellContent<T>(column: DataColumn<T>, row: T, keepsWordsWhole: boolean): ReactNode {
  if (keepsWordsWhole && !column.isAction && !column.isProse && column.align !== 'end') {
    return <TruncatedCell text={column.value?.(row)}>{column.render?.(row)}</TruncatedCell>;
  }
  return column.render?.(row) ?? column.value?.(row) ?? '';
}

/**
 * Every table of the site and the console: rows become stacked cards on phones; loading and empty
 * states built in; optionally rows with an expanded detail, or cells that keep words whole.
 */
export function DataTable<T>({
  columns,
  rows,
  getRowKey,
  caption,
  isLoading = false,
  emptyMessage,
  renderDetail,
  getDetailId,
  keepsWordsWhole = false,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const hasRows = Boolean(rows && rows.length > 0);
  return (
    <div className="ui-table__wrap" aria-busy={isLoading || undefined}>
      <table className={keepsWordsWhole ? 'ui-table ui-table--whole-words' : 'ui-table'}>
        <caption className="visually-hidden">{caption}</caption>
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
              <td colSpan={columns.length}>{emptyMessage ?? t('common.noRecords')}</td>
            </tr>
          ) : (
            rows?.map((row, index) => {
              const detail = renderDetail?.(row);
              return (
                <Fragment key={getRowKey(row, index)}>
                  <tr>
                    {columns.map((column) => (
                      <td key={column.key} data-label={column.header} className={cellClass(column, keepsWordsWhole)}>
                        {cellContent(column, row, keepsWordsWhole)}
                      </td>
                    ))}
                  </tr>
                  {detail !== undefined && (
                    <tr className="ui-table__detail" id={getDetailId?.(row)}>
                      <td colSpan={columns.length}>{detail}</td>
                    </tr>
                  )}
                </Fragment>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
