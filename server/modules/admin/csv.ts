/**
 * CSV as spreadsheets read it (RFC 4180): CRLF line ends, a cell quoted when it holds a comma, a
 * quote or a line break (quotes doubled), and a UTF-8 byte order mark first so Excel reads
 * Romanian letters (ă, â, î, ș, ț) as UTF-8.
 */
export const CSV_BOM = '\uFEFF';

/**
 * Spreadsheets run a cell that starts with = + - @ (or a tab or carriage return) as a formula; a
 * customer's name or street could be one ("=HYPERLINK(…)"). Such a text cell gets a leading
 * apostrophe, which spreadsheets show as text. Numbers are written as numbers.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly (string | number)[]): string {
  return `${cells.map(cell).join(',')}\r\n`;
}
