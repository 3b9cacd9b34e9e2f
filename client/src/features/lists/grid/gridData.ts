import {
  type CellPos,
  type CellRange,
  type GridColumn,
  type GridData,
  type GridSelection,
  SPARE_COLUMNS,
  SPARE_ROWS,
} from './gridTypes';

let tempCounter = 0;

/** A fresh temporary list column id, "lc" and a counter (spec 02 §3 temporary ids). */
export function tempColumnId(): string {
  tempCounter += 1;
  return `lc${tempCounter.toString(36)}`;
}

/** A column not saved yet, with a temporary id and optional cell texts (spec 02 §3). */
export function createColumn(name: string, values: readonly string[] = []): GridColumn {
  const id = tempColumnId();
  return { key: id, id, name, values, ids: [] };
}

/** An empty grid of `columnCount` default-named columns and `rowCount` empty rows (spec 02 §4 new list). */
export function emptyGrid(columnCount: number, rowCount: number): GridData {
  const columns: GridColumn[] = [];
  for (let i = 0; i < columnCount; i++) columns.push(createColumn(`Column ${i + 1}`));
  return { columns, rowCount };
}

/**
 * The default name of a new column, "Column N" with N the next number not already used
 * (spec 02 §4: a new column's name defaults to a numbered default label).
 */
export function defaultColumnName(columns: readonly GridColumn[]): string {
  const names = new Set(columns.map((c) => c.name));
  let n = columns.length + 1;
  while (names.has(`Column ${n}`)) n += 1;
  return `Column ${n}`;
}

/** The text of a cell ('' beyond the data). */
export function cellText(data: GridData, row: number, col: number): string {
  return data.columns[col]?.values[row] ?? '';
}

/** Rows the grid shows: the data plus 10 spare rows, never beyond `rowLimit` (spec 02 §9). */
export function displayRowCount(data: GridData, rowLimit: number): number {
  return Math.max(data.rowCount, Math.min(rowLimit, data.rowCount + SPARE_ROWS));
}

/**
 * Columns the grid shows: the data plus 1 spare column, never beyond `columnLimit` (spec 02 §9;
 * a drop-down list's limit of 1 shows no spare column once it has its column).
 */
export function displayColumnCount(data: GridData, columnLimit: number): number {
  return Math.max(data.columns.length, Math.min(columnLimit, data.columns.length + SPARE_COLUMNS));
}

/** The rectangle between the anchor and the active cell. */
export function selectionRange(selection: GridSelection): CellRange {
  const { active, anchor } = selection;
  return {
    top: Math.min(active.row, anchor.row),
    bottom: Math.max(active.row, anchor.row),
    left: Math.min(active.col, anchor.col),
    right: Math.max(active.col, anchor.col),
  };
}

/** A selection of one cell. */
export function cellSelection(pos: CellPos): GridSelection {
  return { active: pos, anchor: pos };
}

/** `pos` moved inside a grid of `rows` x `cols` (after rows or columns went away). */
export function clampPosition(pos: CellPos, rows: number, cols: number): CellPos {
  if (pos.row < rows && pos.col < cols) return pos;
  return { row: Math.min(pos.row, Math.max(0, rows - 1)), col: Math.min(pos.col, Math.max(0, cols - 1)) };
}

/**
 * The selection of a whole column (header click: active cell on top) or row (row-number click:
 * active cell on the left) in a grid of `rows` x `cols`. With `from` (a shift-click: the current
 * selection), the lines from the anchor's column or row to `index` (spec 02 §2 shift-click
 * range selection, on row numbers and column headers as on cells).
 */
export function lineSelection(
  kind: 'column' | 'row',
  index: number,
  rows: number,
  cols: number,
  from?: GridSelection,
): GridSelection {
  const active: CellPos = kind === 'column' ? { row: 0, col: index } : { row: index, col: 0 };
  const start = from ? (kind === 'column' ? from.anchor.col : from.anchor.row) : index;
  const anchor: CellPos =
    kind === 'column'
      ? { row: Math.max(0, rows - 1), col: start }
      : { row: start, col: Math.max(0, cols - 1) };
  return { active, anchor };
}

/** The texts of a range, row by row (for copying). */
export function readRange(data: GridData, range: CellRange): string[][] {
  const rows: string[][] = [];
  for (let r = range.top; r <= range.bottom; r++) {
    const row: string[] = [];
    for (let c = range.left; c <= range.right; c++) row.push(cellText(data, r, c));
    rows.push(row);
  }
  return rows;
}

/** `values` copied and padded with `filler` to at least `length` entries (no holes, no spread). */
function paddedCopy<T>(values: readonly T[], length: number, filler: T): T[] {
  const copy = values.slice();
  for (let i = copy.length; i < length; i++) copy.push(filler);
  return copy;
}

/** The columns with new default-named columns appended until there are `count`. */
function withColumns(columns: readonly GridColumn[], count: number): GridColumn[] {
  const next = columns.slice();
  while (next.length < count) next.push(createColumn(defaultColumnName(next)));
  return next;
}

/**
 * Writes a block of texts (row-major, rows may be ragged; missing cells write '') with its
 * top-left cell at `top`/`left`, adding columns and rows as needed, in one new GridData: the
 * paste and single-cell edit of spec 02 §2. Columns outside the block keep their arrays, so
 * history and the save diff share them. Returns `data` itself when nothing changes.
 */
export function writeBlock(
  data: GridData,
  top: number,
  left: number,
  rows: readonly (readonly string[])[],
): GridData {
  const height = rows.length;
  let width = 0;
  for (const row of rows) if (row.length > width) width = row.length;
  if (height === 0 || width === 0) return data;
  const columns = withColumns(data.columns, left + width);
  let changed = columns.length !== data.columns.length;
  for (let c = 0; c < width; c++) {
    const column = columns[left + c]!;
    let values: string[] | null = null;
    for (let r = 0; r < height; r++) {
      const text = rows[r]![c] ?? '';
      if ((column.values[top + r] ?? '') === text && (values === null || values[top + r] === text)) continue;
      if (values === null) values = paddedCopy(column.values, top + height, '');
      values[top + r] = text;
    }
    if (values !== null) {
      columns[left + c] = { ...column, values };
      changed = true;
    }
  }
  const rowCount = Math.max(data.rowCount, top + height);
  if (!changed && rowCount === data.rowCount) return data;
  return { columns, rowCount };
}

/** Sets one cell's text (spec 02 §2 cell editing); `data` itself when unchanged. */
export function setCell(data: GridData, pos: CellPos, text: string): GridData {
  return writeBlock(data, pos.row, pos.col, [[text]]);
}

/** Empties every cell of a range (Delete/Backspace); `data` itself when nothing was filled. */
export function clearRange(data: GridData, range: CellRange): GridData {
  let columns: GridColumn[] | null = null;
  const right = Math.min(range.right, data.columns.length - 1);
  for (let c = range.left; c <= right; c++) {
    const column = data.columns[c]!;
    const bottom = Math.min(range.bottom, column.values.length - 1);
    let values: string[] | null = null;
    for (let r = range.top; r <= bottom; r++) {
      if (column.values[r] === '') continue;
      if (values === null) values = column.values.slice();
      values[r] = '';
    }
    if (values !== null) {
      columns ??= data.columns.slice();
      columns[c] = { ...column, values };
    }
  }
  return columns === null ? data : { columns, rowCount: data.rowCount };
}

/** A copy of `values` with `count` × `filler` inserted at `at` (only when the array reaches `at`). */
function insertedAt<T>(values: readonly T[], at: number, filler: T, count = 1): readonly T[] {
  if (values.length <= at || count <= 0) return values;
  const copy = values.slice(0, at);
  for (let i = 0; i < count; i++) copy.push(filler);
  for (let i = at; i < values.length; i++) copy.push(values[i]!);
  return copy;
}

/** A copy of `values` without the entries `from`..`to` (inclusive; only when the array reaches `from`). */
function removedAt<T>(values: readonly T[], from: number, to = from): readonly T[] {
  if (values.length <= from) return values;
  const copy = values.slice(0, from);
  for (let i = to + 1; i < values.length; i++) copy.push(values[i]!);
  return copy;
}

/**
 * Inserts `count` empty rows above `row` (spec 02 §2 context menu "Insert row above", once per
 * selected row, as in spreadsheets); the cells below move down with their ids. A row at or
 * beyond the data's end changes nothing.
 */
export function insertRows(data: GridData, row: number, count: number): GridData {
  if (row >= data.rowCount || count <= 0) return data;
  return {
    columns: data.columns.map((c) => ({
      ...c,
      values: insertedAt(c.values, row, '', count),
      ids: insertedAt(c.ids, row, 0, count),
    })),
    rowCount: data.rowCount + count,
  };
}

/** Inserts one empty row above `row` (see `insertRows`). */
export function insertRow(data: GridData, row: number): GridData {
  return insertRows(data, row, 1);
}

/**
 * Removes the rows `top`..`bottom` inclusive (spec 02 §2 "Remove row", applied to every selected
 * row); the cells below move up. Rows beyond the data are ignored; none within it: unchanged.
 */
export function removeRows(data: GridData, top: number, bottom: number): GridData {
  const last = Math.min(bottom, data.rowCount - 1);
  if (top > last) return data;
  return {
    columns: data.columns.map((c) => ({
      ...c,
      values: removedAt(c.values, top, last),
      ids: removedAt(c.ids, top, last),
    })),
    rowCount: data.rowCount - (last - top + 1),
  };
}

/** Removes one row (see `removeRows`). */
export function removeRow(data: GridData, row: number): GridData {
  return removeRows(data, row, row);
}

/** Inserts a new empty column named `name` at index `at` (spec 02 §2 "Insert column left"). */
export function insertColumn(data: GridData, at: number, name: string): GridData {
  const columns = data.columns.slice();
  columns.splice(Math.min(at, columns.length), 0, createColumn(name));
  return { columns, rowCount: data.rowCount };
}

/** Removes the column at `at` with its cells (spec 02 §2 "Remove column"). */
export function removeColumn(data: GridData, at: number): GridData {
  if (at >= data.columns.length) return data;
  const columns = data.columns.slice();
  columns.splice(at, 1);
  return { columns, rowCount: data.rowCount };
}

/** Moves the column at `at` to the first position (spec 02 §2 "Move column to start"). */
export function moveColumnToStart(data: GridData, at: number): GridData {
  if (at <= 0 || at >= data.columns.length) return data;
  const columns = data.columns.slice();
  const [moved] = columns.splice(at, 1);
  columns.unshift(moved!);
  return { columns, rowCount: data.rowCount };
}

/** Renames the column at `at` (spec 02 §2 "Rename column"); the spare column is created first. */
export function renameColumn(data: GridData, at: number, name: string): GridData {
  const columns = withColumns(data.columns, at + 1);
  const column = columns[at]!;
  if (column.name === name && columns.length === data.columns.length) return data;
  columns[at] = { ...column, name };
  return { columns, rowCount: data.rowCount };
}

/**
 * Replaces the whole content with a header row of column names and rows of texts (CSV import,
 * issue 3 §5). Existing columns are reused by position (their ids survive, so fields that point
 * at them keep working); extra ones are dropped and missing ones added.
 */
export function replaceContent(
  data: GridData,
  header: readonly string[],
  rows: readonly (readonly string[])[],
): GridData {
  const columns: GridColumn[] = header.map((name, c) => {
    const values: string[] = new Array(rows.length);
    for (let r = 0; r < rows.length; r++) values[r] = rows[r]![c] ?? '';
    const existing = data.columns[c];
    if (!existing) return createColumn(name, values);
    return { ...existing, name, values, ids: existing.ids.slice(0, rows.length) };
  });
  return { columns, rowCount: rows.length };
}

/** Keeps only the first `count` columns (drop-down lists keep one column, spec 02 §4). */
export function keepFirstColumns(data: GridData, count: number): GridData {
  if (data.columns.length <= count) return data;
  return { columns: data.columns.slice(0, count), rowCount: data.rowCount };
}
