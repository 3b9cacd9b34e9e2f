import type { ListDetail } from '@nomen/shared';
import Papa from 'papaparse';

/**
 * The multi-list CSV of the lists manager's export (spec 02 §2 "Export-order modal: drag-and-drop
 * ordering of the selected lists, which sets the column order of an exported CSV").
 *
 * Layout, one table for all the lists:
 * - Columns: each list in the order given (the dragged order) contributes its list columns in
 *   their own order (precedence, then id). A list's columns stay together.
 * - Header: one row; each column is named "List name: Column name" ("List name: Column 3" when
 *   the column has no name).
 * - Rows: aligned by row_number. Output row k holds, in every column, the value of the k-th
 *   smallest row_number that holds a value in any of the lists; a list without a value there
 *   leaves its cells empty. Rows empty in every list are not stored (spec 02 §5: empty cells are
 *   not saved), so they are not written either.
 * - Values are written as stored. Fields with a comma, a quote, a line break or a leading or
 *   trailing space are quoted, quotes doubled (RFC 4180); records end with CRLF. The text is
 *   Unicode; the download adds a UTF-8 byte order mark so spreadsheets read it as UTF-8.
 */

/** The parts of a list the CSV needs (a ListDetail from GET /api/v1/account/lists/{id} fits). */
export interface CsvList {
  name: string;
  list_columns: readonly {
    id?: number;
    name: string;
    precedence: number;
    list_values: readonly { row_number: number; value: string }[];
  }[];
}

/** The header of one exported column, e.g. "Countries: ISO code" (see the layout above). */
export function columnHeader(listName: string, columnName: string, columnIndex: number): string {
  const column = columnName.trim() === '' ? `Column ${columnIndex + 1}` : columnName;
  return `${listName}: ${column}`;
}

function orderedColumns(list: CsvList) {
  return [...list.list_columns].sort((a, b) => a.precedence - b.precedence || (a.id ?? 0) - (b.id ?? 0));
}

/**
 * The cells of the multi-list CSV, header row first, as described above (spec 02 §2 export
 * order). `lists` is in the dragged order.
 */
export function multiListCsvRows(lists: readonly CsvList[]): string[][] {
  const columns = lists.flatMap((list) =>
    orderedColumns(list).map((column, index) => ({
      header: columnHeader(list.name, column.name, index),
      values: column.list_values,
    })),
  );
  const rowNumbers = new Set<number>();
  for (const column of columns) for (const cell of column.values) rowNumbers.add(cell.row_number);
  const sortedRowNumbers = [...rowNumbers].sort((a, b) => a - b);
  const rowIndex = new Map(sortedRowNumbers.map((rowNumber, index) => [rowNumber, index]));
  const rows = sortedRowNumbers.map(() => new Array<string>(columns.length).fill(''));
  columns.forEach((column, c) => {
    for (const cell of column.values) {
      const r = rowIndex.get(cell.row_number);
      if (r !== undefined) rows[r]![c] = cell.value;
    }
  });
  return [columns.map((column) => column.header), ...rows];
}

/**
 * The multi-list CSV text (spec 02 §2 export order; layout above), without a byte order mark.
 * `lists` is in the dragged order.
 */
export function buildMultiListCsv(lists: readonly CsvList[]): string {
  return Papa.unparse(multiListCsvRows(lists), { newline: '\r\n', quotes: false });
}

/**
 * The download's file name (spec 02 §2 export): the list's name for one list, otherwise
 * "lists-YYYY-MM-DD"; characters that file systems refuse are replaced by "-".
 */
export function exportFileName(lists: readonly Pick<ListDetail, 'name'>[], now: Date): string {
  const date = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  const base = lists.length === 1 ? lists[0]!.name : `lists-${date}`;
  const safe = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f<>:"/\\|?*]+/g, '-')
    .trim()
    .replace(/^\.+/, '');
  return `${safe || `lists-${date}`}.csv`;
}
