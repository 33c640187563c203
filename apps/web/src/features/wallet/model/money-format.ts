/**
 * Money as the whole site shows it: ₹ with Indian grouping, two decimals, Latin digits in every
 * language (docs/shell.md "Numbers"). The format lives in the shared package, so the header, the
 * slip, the reports and the API's messages agree.
 */
export { formatAmount, formatRupees } from '@app/shared';
