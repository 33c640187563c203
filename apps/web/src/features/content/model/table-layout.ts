/** Cells longer than this make a table of prose rather than figures. */
const PROSE_CELL_CHARS = 40;

/**
 * A table of prose (three or more columns with long cells) is shown as one card per row on a
 * phone; a table of short figures stays a grid and scrolls sideways if it must.
 */
export function isProseTable(columns: string[], rows: string[][]): boolean {
  return columns.length >= 3 && rows.some((row) => row.some((cell) => cell.length > PROSE_CELL_CHARS));
}
