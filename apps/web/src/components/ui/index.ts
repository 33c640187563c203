// Shared UI primitives: every feature builds its screens from these.
export { Button, type ButtonProps, type ButtonVariant } from './button';
export { Modal, type ModalProps } from './modal';
export { ToastProvider, toast, dismissToast, TOAST_DURATION_MS, type ToastKind } from './toast';
export { FormField, type FormFieldProps, type FieldControlProps } from './form-field';
export { Spinner, Loading, type SpinnerProps } from './spinner';
export { Tabs, type TabItem, type TabsProps } from './tabs';
export { DataTable, type DataColumn, type DataTableProps } from './data-table';
export { DateRangeFilter, type DateRangeFilterProps } from './date-range-filter';
export {
  type DateRange,
  DEFAULT_RANGE_DAYS,
  MAX_RANGE_DAYS_BACK,
  dateRangeProblem,
  defaultDateRange,
  toIsoDate,
} from './date-range';
export { Pager, type PagerProps } from './pager';
export { ReportPage, type ReportPageProps, useRangeAndPage } from './report-page';
export { AfterFirstPaint } from './after-first-paint';
export { SaveText, type SaveTextProps } from './save-text';
