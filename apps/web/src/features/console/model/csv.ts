/**
 * CSV as RFC 4180 writes it: fields holding a comma, a quote or a line break are quoted, quotes
 * doubled; lines end in CRLF. A field starting with = + - @ (or a tab or carriage return) is
 * prefixed with a quote mark so a spreadsheet opening the file reads it as text, not a formula.
 */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** A file name for a table's export: its name and today's date, e.g. `players-2026-11-26.csv`. */
export function csvFileName(name: string, now = new Date()): string {
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'export';
  return `${slug}-${now.toISOString().slice(0, 10)}.csv`;
}

/** Saves the text as a download (a byte-order mark first, so spreadsheets read Hindi and Bengali right). */
export function downloadCsv(fileName: string, csv: string): void {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
