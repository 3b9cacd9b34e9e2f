import Papa from 'papaparse';
import type { GridData } from '../grid/gridTypes';

/** Rows of a parsed CSV file: the header row of column names and the data rows. */
export interface CsvTable {
  readonly header: string[];
  readonly rows: string[][];
}

/**
 * The list as CSV (issue 3 §5 export, papaparse unparse): a header row of column names, then
 * one line per row up to the last row holding a value.
 */
export function gridToCsv(data: GridData): string {
  let lastRow = -1;
  for (const column of data.columns) {
    for (let r = column.values.length - 1; r > lastRow; r--) {
      if (column.values[r] !== '') {
        lastRow = r;
        break;
      }
    }
  }
  const rows: string[][] = [];
  for (let r = 0; r <= lastRow; r++) rows.push(data.columns.map((c) => c.values[r] ?? ''));
  return Papa.unparse({ fields: data.columns.map((c) => c.name), data: rows }, { newline: '\r\n' });
}

/**
 * Reads CSV text (issue 3 §5 import, papaparse): the first row names the columns, the others
 * are cells; blank lines are skipped. Returns an error message for unreadable text or a file
 * without a header row.
 */
export function parseCsv(text: string): CsvTable | { error: string } {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
  const fatal = result.errors.find((e) => e.type === 'Quotes');
  if (fatal)
    return { error: `The file could not be read as CSV (row ${(fatal.row ?? 0) + 1}: ${fatal.message}).` };
  const [header, ...rows] = result.data;
  if (!header || header.length === 0)
    return { error: 'The file is empty: it needs a header row of column names.' };
  return { header, rows };
}

/** A file name for the exported list: its name with characters unsafe in file names replaced. */
export function csvFileName(listName: string): string {
  let base = '';
  for (const char of listName.trim()) base += char < ' ' || '\\/:*?"<>|'.includes(char) ? '_' : char;
  base = base.replace(/_+/g, '_') || 'list';
  return `${base}.csv`;
}
