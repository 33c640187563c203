import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from './spinner';
import './data-table.css';

export interface DataColumn<T> {
  key: string;
  /** Already translated; also labels the cell on phones where rows become cards. */
  header: string;
  render: (row: T) => ReactNode;
  align?: 'start' | 'end' | 'center';
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
}

/** A report table: rows become stacked cards on phones; loading and empty states built in. */
export function DataTable<T>({
  columns,
  rows,
  getRowKey,
  caption,
  isLoading = false,
  emptyMessage,
  renderDetail,
  getDetailId,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const hasRows = Boolean(rows && rows.length > 0);
  return (
    <div className="ui-table__wrap" aria-busy={isLoading || undefined}>
      <table className="ui-table">
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
                      <td key={column.key} data-label={column.header} className={`ui-table__cell--${column.align ?? 'start'}`}>
                        {column.render(row)}
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
