/**
 * A CSV cell; text with a leading formula character is neutralised so a spreadsheet never runs it.
 * A number stays a plain integer (a negative one is no formula), so spreadsheets can add it up.
 */
function csvCell(value: string | number | bigint | null): string {
  let text = value === null ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as a CSV file: UTF-8 with a byte-order mark so spreadsheets read the Vietnamese letters. */
export function csvFile(rows: (string | number | bigint | null)[][]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
