/** The site's one money format (docs/shell.md "Numbers"), as the slip needs it: paise in, ₹ out. */
export { formatPaiseAsRupees as formatPaise, formatWholeRupees } from '@app/shared';
