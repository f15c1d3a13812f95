/**
 * CSV files the desk hands out: written by papaparse (quoting, line breaks inside fields, a BOM
 * so spreadsheet programs read UTF-8), with cells that would start a formula escaped, and saved
 * through the browser's download (the Electron shell asks where to save it).
 */
import Papa from 'papaparse';

export interface CsvColumn<T> {
  readonly header: string;
  readonly value: (row: T) => string | number | null | undefined;
}

/**
 * A text cell a spreadsheet could run as a formula: `=`, `+`, `-` or `@` (or their full-width
 * forms) first, after any spaces or line breaks, or a tab or carriage return first. Papaparse's own
 * test (`escapeFormulae: true`) misses a formula followed by a line break and one after spaces.
 */
const FORMULA_START = /^[\t\r]|^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const data = rows.map((row) => columns.map((column) => column.value(row) ?? ''));
  // A cell such as "=HYPERLINK(…)" from an order's data must stay text: it gets a leading apostrophe. Numbers are left as they are.
  return `\uFEFF${Papa.unparse({ fields: columns.map((column) => column.header), data }, { escapeFormulae: FORMULA_START, newline: '\r\n' })}`;
}

export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once it started.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
