import {
  type CalendarDate,
  COMPUTED_GOVERNANCE_TYPES,
  createSessionCache,
  fieldKey,
  indexList,
  isFormColumn,
  type ListChoice,
  type ListIndex,
  matchKey,
  newSubmissionRow,
  type RandomSessionCache,
  type SubmissionForm,
  type SubmissionProblem,
  type SubmissionRow,
  type SubmissionValidator,
  submissionMessageText,
  type TemplateField,
  valuesUnder,
} from '@nomen/shared';
import type { CellPos, GridColumn, GridData } from '../../lists/grid/gridTypes';

/**
 * The model of the submission table (spec 03 §2): one grid column per visible template field
 * in precedence order; the grid edits what the person typed (column-major, as the list editor's
 * grid) and shows the governed values the SAME shared rules as the server compute
 * (`compileSubmissionForm`): transformed text, list spellings, dependent fills, computed fields and
 * the codes, autonumbers shown as "next". Pure functions, no React.
 */

/** Governance types whose cells are computed, never typed (the rules replace what is typed). */
export const COMPUTED_TYPES = COMPUTED_GOVERNANCE_TYPES;

/** One column of the submission table: a visible template field. */
export interface TableColumn {
  /** The field's key in a row (its template field id as text). */
  readonly key: string;
  readonly field: TemplateField;
  /** The header: the field's name. */
  readonly name: string;
  /** Computed by the rules (read-only in the grid). */
  readonly isComputed: boolean;
  /** The value a new row starts with (default or constant), '' for none. */
  readonly initial: string;
}

/** The columns of the table: the template's visible fields (cv_id hidden) in precedence order. */
export function tableColumns(form: Pick<SubmissionForm, 'fields'>): TableColumn[] {
  const initial = newSubmissionRow(form);
  return [...form.fields]
    .sort((a, b) => a.precedence - b.precedence)
    .filter(isFormColumn)
    .map((field) => ({
      key: fieldKey(field),
      field,
      name: field.field.name.trim() || `Field ${field.precedence + 1}`,
      isComputed: COMPUTED_TYPES.has(field.governance_type),
      initial: initial[fieldKey(field)] ?? '',
    }));
}

/** The typed grid holding `rows` (e.g. a reopened draft); computed columns stay empty. */
export function tableData(columns: readonly TableColumn[], rows: readonly SubmissionRow[] = []): GridData {
  return {
    rowCount: rows.length,
    columns: columns.map(
      (c): GridColumn => ({
        key: c.key,
        id: c.key,
        name: c.name,
        values: c.isComputed ? [] : rows.map((r) => r[c.key] ?? ''),
        ids: [],
      }),
    ),
  };
}

/**
 * Fills the defaults and constants of rows that came into being in `next` (typing or pasting
 * below the table) into their empty cells, so "constant and default values fill themselves".
 * Answers `next` itself when no row is new.
 */
export function fillNewRows(previous: GridData, next: GridData, columns: readonly TableColumn[]): GridData {
  if (next.rowCount <= previous.rowCount) return next;
  const from = previous.rowCount;
  let changed = false;
  const filled = next.columns.map((column, c) => {
    const initial = columns[c]?.initial ?? '';
    if (initial === '' || columns[c]?.isComputed) return column;
    const values = column.values.slice();
    for (let r = from; r < next.rowCount; r++) {
      if ((values[r] ?? '') === '') {
        for (let i = values.length; i < r; i++) values.push('');
        values[r] = initial;
        changed = true;
      }
    }
    return { ...column, values };
  });
  return changed ? { ...next, columns: filled } : next;
}

/** Whether table row `row` holds nothing typed beyond its defaults (blank rows are not sent). */
export function isBlankRow(data: GridData, columns: readonly TableColumn[], row: number): boolean {
  return data.columns.every((column, c) => {
    const spec = columns[c];
    if (!spec || spec.isComputed) return true;
    const value = (column.values[row] ?? '').trim();
    return value === '' || value === spec.initial;
  });
}

/**
 * The typed rows that are not blank, with the table row each comes from. `keepsBlankRows` (an
 * edit of stored rows, each of which stays a row) keeps every row.
 */
export function filledRows(
  data: GridData,
  columns: readonly TableColumn[],
  keepsBlankRows = false,
): { rows: SubmissionRow[]; tableRows: number[] } {
  const rows: SubmissionRow[] = [];
  const tableRows: number[] = [];
  for (let r = 0; r < data.rowCount; r++) {
    if (!keepsBlankRows && isBlankRow(data, columns, r)) continue;
    const row: SubmissionRow = {};
    data.columns.forEach((column, c) => {
      const spec = columns[c];
      const value = column.values[r] ?? '';
      if (spec && !spec.isComputed && value !== '') row[spec.key] = value;
    });
    rows.push(row);
    tableRows.push(r);
  }
  return { rows, tableRows };
}

/** One problem placed on the table: its cell and its text. */
export interface TableProblem {
  readonly row: number;
  readonly col: number;
  readonly message: string;
}

/** The problems the rules found in one table row, by column and text. */
type RowProblems = readonly { readonly col: number; readonly message: string }[];

/** The problems of a row that has none (shared, so a clean row costs no array). */
const NO_PROBLEMS: RowProblems = [];

/** The table after the rules ran: what each cell shows and every problem, by cell. */
export interface TableValidation {
  /** The governed values, as the grid shows them (same columns and rows as the typed grid). */
  readonly display: GridData;
  /** Problems in row-major order. */
  readonly problems: readonly TableProblem[];
  /** Messages by cell, key `row:col`. */
  readonly byCell: ReadonlyMap<string, readonly string[]>;
  /** How many rows would be sent. */
  readonly filledCount: number;
  /** Per table row, the governed row (blank rows: undefined). */
  readonly governed: ReadonlyArray<SubmissionRow | undefined>;
  /** Per table row, keys of cells whose values are previews ("next"). */
  readonly provisional: ReadonlyArray<ReadonlySet<string> | undefined>;
  /**
   * What the next `validateTable` reuses (rows whose typed cells and place among the sent rows
   * did not change are not governed again): the typed grid, the validator and day it was governed
   * with, each table row's index among the filled rows (−1: blank) and problems (its governed row
   * and preview cells are `governed` and `provisional`), and the session of per-session random values.
   */
  readonly reuse: {
    readonly data: GridData;
    readonly validator: SubmissionValidator;
    readonly today: CalendarDate;
    readonly filledIndex: Int32Array;
    readonly rowProblems: ReadonlyArray<RowProblems | undefined>;
    readonly session: RandomSessionCache;
  };
}

/** The key of a cell in `TableValidation.byCell`. */
export function cellKey(row: number, col: number): string {
  return `${row}:${col}`;
}

/**
 * The column a problem is shown in: its field's column; for a hidden field (a pattern's segment
 * field, a hidden default) the column of its pattern, else the row's first column.
 */
function problemColumn(
  columns: readonly TableColumn[],
  form: SubmissionForm,
  fieldId: SubmissionProblem['fieldId'],
) {
  if (fieldId === null) return 0;
  const at = columns.findIndex((c) => c.key === String(fieldId));
  if (at >= 0) return at;
  const field = form.fields.find((f) => String(f.id) === String(fieldId));
  const parent = field?.field.segment_parent_field_id;
  if (parent != null) {
    const patternAt = columns.findIndex(
      (c) => c.field.field.is_pattern && String(c.field.field_id) === String(parent),
    );
    if (patternAt >= 0) return patternAt;
  }
  return 0;
}

/** What validation draws on in the browser: today's date and the values the dataset holds. */
export interface TableSources {
  readonly today: CalendarDate;
  /** Whether the dataset already holds `value` of field `key` (must_be_unique, answered by the server). */
  readonly isTaken?: (key: string, value: string) => boolean;
  /** Every table row is a row, blank or not (an edit of stored rows; see `filledRows`). */
  readonly keepsBlankRows?: boolean;
}

/** Display grids whose columns a later answer took over (`validateTable`): copied, never taken again. */
const spentDisplays = new WeakSet<GridData>();

/** Whether `previous` was governed with the same validator, day and columns (its rows can be reused). */
function reusable(
  previous: TableValidation | undefined,
  validator: SubmissionValidator,
  data: GridData,
  today: CalendarDate,
): previous is TableValidation {
  if (!previous) return false;
  const { reuse } = previous;
  return (
    reuse.validator === validator &&
    reuse.today.year === today.year &&
    reuse.today.month === today.month &&
    reuse.today.day === today.day &&
    reuse.data.columns.length === data.columns.length
  );
}

/**
 * Runs the shared rules over the table's filled rows (spec 03 §2: "every cell validates as it
 * is typed"): the governed values for display and each problem placed on its cell. Blank rows
 * show what they hold and have no problems. `extra` adds problems from elsewhere (the server's
 * answer to a refused submit), by the index of the sent row. With `previous` (the last answer),
 * only rows whose typed cells or place among the sent rows changed are governed again (a paste
 * of 1,000 rows into 50,000 governs 1,000); must_be_unique always runs over every row. The answer
 * is the same as without `previous`. The answer takes over `previous`'s display columns (their
 * changed rows are rewritten in place, so a paste does not copy every column): `previous` is spent,
 * and a second answer made from it shows every row afresh.
 */
export function validateTable(
  validator: SubmissionValidator,
  columns: readonly TableColumn[],
  data: GridData,
  sources: TableSources,
  extra: readonly { row: number; fieldId: string | number | null; message: string }[] = [],
  previous?: TableValidation,
): TableValidation {
  const last = reusable(previous, validator, data, sources.today) ? previous : null;
  const prior = last?.reuse ?? null;
  const session = prior?.session ?? createSessionCache();
  const rowCount = data.rowCount;
  const now = data.columns.map((c) => c.values);
  const keys = columns.map((c) => c?.key ?? '');

  const messageColumns = new Map<string, number>();
  const columnOf = (fieldId: SubmissionProblem['fieldId']) => {
    const key = String(fieldId);
    let col = messageColumns.get(key);
    if (col === undefined) {
      col = problemColumn(columns, validator.form, fieldId);
      messageColumns.set(key, col);
    }
    return col;
  };

  const rows = governRows({
    validator,
    columns,
    now,
    rowCount,
    sources,
    last,
    isRowChanged: prior ? changedRows(prior.data, now, rowCount) : null,
    session,
    columnOf,
  });
  const { filledIndex, governed, provisional, rowProblems, filled } = rows;
  const sent = sentRowsOf(rows, rowCount);
  const tableRowOf = (index: number): number | undefined =>
    sent.tableRows ? sent.tableRows[index] : index >= 0 && index < rowCount ? index : undefined;
  const display = displayOf(data, keys, columns, rows, last);

  const problems: TableProblem[] = [];
  for (let r = 0; r < rowCount; r++) {
    const found = rowProblems[r];
    if (found) for (const p of found) problems.push({ row: r, col: p.col, message: p.message });
  }
  for (const p of validator.uniquenessProblems(sent.rows, sent.provisional, sources.isTaken)) {
    const row = tableRowOf(p.row);
    if (row === undefined) continue;
    problems.push({ row, col: columnOf(p.fieldId), message: submissionMessageText(p.messageId, p.params) });
  }
  for (const p of extra) {
    const row = tableRowOf(p.row);
    if (row === undefined) continue;
    problems.push({ row, col: columnOf(p.fieldId), message: p.message });
  }
  problems.sort((a, b) => a.row - b.row || a.col - b.col);
  // The same problems keep their objects, so the cells' looks and the error count stay as they are.
  const isSame = last !== null && sameProblems(last.problems, problems);
  return {
    display,
    problems: isSame ? last.problems : problems,
    byCell: isSame ? last.byCell : problemsByCell(problems),
    filledCount: filled,
    governed,
    provisional,
    reuse: { data, validator, today: sources.today, filledIndex, rowProblems, session },
  };
}

/**
 * Which rows' typed cells differ from the last answer's typed grid `before` (column by column: a
 * column whose values are the very same array is unchanged); rows beyond `before`'s are changed.
 * Answers one flag (1: changed) per row of `now` (column-major typed values, `rowCount` rows).
 */
function changedRows(before: GridData, now: readonly (readonly string[])[], rowCount: number): Uint8Array {
  const isRowChanged = new Uint8Array(rowCount);
  const shared = Math.min(rowCount, before.rowCount);
  for (let r = shared; r < rowCount; r++) isRowChanged[r] = 1;
  for (let c = 0; c < now.length; c++) {
    const was = before.columns[c]!.values;
    const values = now[c]!;
    if (was === values) continue;
    for (let r = 0; r < shared; r++) if ((was[r] ?? '') !== (values[r] ?? '')) isRowChanged[r] = 1;
  }
  return isRowChanged;
}

/** What {@link governRows} works from. */
interface GovernInput {
  readonly validator: SubmissionValidator;
  readonly columns: readonly TableColumn[];
  /** The typed values, column-major. */
  readonly now: readonly (readonly string[])[];
  readonly rowCount: number;
  readonly sources: TableSources;
  /** The last answer, when its rows can be reused. */
  readonly last: TableValidation | null;
  /** Per row, 1 when its typed cells changed since `last`; null: every row is new. */
  readonly isRowChanged: Uint8Array | null;
  readonly session: RandomSessionCache;
  /** The table column a problem of field `fieldId` is shown in. */
  readonly columnOf: (fieldId: SubmissionProblem['fieldId']) => number;
}

/** Every table row governed: {@link governRows}'s answer. */
interface GovernedRows {
  /** Per table row, its index among the filled rows (−1: blank). */
  readonly filledIndex: Int32Array;
  readonly governed: (SubmissionRow | undefined)[];
  readonly provisional: (ReadonlySet<string> | undefined)[];
  readonly rowProblems: (RowProblems | undefined)[];
  /** Rows whose shown values may differ from the last answer's, ascending. */
  readonly changed: number[];
  /** How many rows are filled (sent). */
  readonly filled: number;
}

/**
 * Governs each filled table row with the shared rules (spec 03 §2: every cell validates as it is
 * typed), reusing the last answer's row when its typed cells and place among the filled rows did
 * not change: the governed row, its preview cells and its problems placed on their columns.
 */
function governRows(input: GovernInput): GovernedRows {
  const { validator, columns, now, rowCount, sources, last, isRowChanged, session, columnOf } = input;
  const prior = last?.reuse ?? null;
  const width = now.length;
  const isComputed = columns.map((c) => c?.isComputed ?? true);
  const keys = columns.map((c) => c?.key ?? '');
  const isBlank = (r: number): boolean => {
    for (let c = 0; c < width; c++) {
      if (isComputed[c]) continue;
      const value = (now[c]![r] ?? '').trim();
      if (value !== '' && value !== columns[c]!.initial) return false;
    }
    return true;
  };

  const filledIndex = new Int32Array(rowCount);
  const governed: (SubmissionRow | undefined)[] = new Array(rowCount);
  const provisional: (ReadonlySet<string> | undefined)[] = new Array(rowCount);
  const rowProblems: (RowProblems | undefined)[] = new Array(rowCount);
  const changed: number[] = [];
  // Rows mostly share one set of preview cells: the previous row's set stands in for an equal one.
  let sharedPreview: ReadonlySet<string> | undefined;
  let filled = 0;
  // One input row, every typed cell written again for each row governed (validateRow never keeps it).
  const row: SubmissionRow = {};
  const rowSources = { today: sources.today };
  for (let r = 0; r < rowCount; r++) {
    const isSame = isRowChanged !== null && isRowChanged[r] === 0;
    // An edit of stored rows (`keepsBlankRows`) sends every row, blank or not.
    const blank = sources.keepsBlankRows ? false : isSame ? prior!.filledIndex[r] === -1 : isBlank(r);
    const index = blank ? -1 : filled++;
    filledIndex[r] = index;
    const isReused = isSame && prior!.filledIndex[r] === index;
    if (!isReused) changed.push(r);
    if (blank) continue;
    if (isReused) {
      governed[r] = last!.governed[r];
      provisional[r] = last!.provisional[r];
      rowProblems[r] = prior!.rowProblems[r];
      continue;
    }
    for (let c = 0; c < width; c++) if (!isComputed[c]) row[keys[c]!] = now[c]![r] ?? '';
    const result = validator.validateRow(row, index, rowSources, session);
    let preview: ReadonlySet<string> = result.provisional;
    if (sharedPreview && sameSet(preview, sharedPreview)) preview = sharedPreview;
    else sharedPreview = preview;
    governed[r] = result.row;
    provisional[r] = preview;
    rowProblems[r] =
      result.problems.length === 0
        ? NO_PROBLEMS
        : result.problems.map((p) => ({
            col: columnOf(p.fieldId),
            message: submissionMessageText(p.messageId, p.params),
          }));
  }
  return { filledIndex, governed, provisional, rowProblems, changed, filled };
}

/**
 * The rows sent, in order, with their preview cells, and the table row of each (null when every
 * table row is sent, so sent index and table row are the same).
 */
function sentRowsOf(
  { filledIndex, governed, provisional, filled }: GovernedRows,
  rowCount: number,
): { rows: SubmissionRow[]; provisional: ReadonlySet<string>[]; tableRows: number[] | null } {
  if (filled === rowCount)
    return {
      rows: governed as SubmissionRow[],
      provisional: provisional as ReadonlySet<string>[],
      tableRows: null,
    };
  const rows: SubmissionRow[] = new Array(filled);
  const sentProvisional: ReadonlySet<string>[] = new Array(filled);
  const tableRows: number[] = new Array(filled);
  for (let r = 0; r < rowCount; r++) {
    const index = filledIndex[r]!;
    if (index < 0) continue;
    rows[index] = governed[r]!;
    sentProvisional[index] = provisional[r]!;
    tableRows[index] = r;
  }
  return { rows, provisional: sentProvisional, tableRows };
}

/**
 * What the grid shows: each governed row's values, a blank row's typed cells (its computed cells
 * empty). The last answer's display columns become this answer's, patched in the changed rows,
 * unless an answer took them already (then they may hold that answer's values, and every row is
 * shown afresh).
 */
function displayOf(
  data: GridData,
  keys: readonly string[],
  columns: readonly TableColumn[],
  { governed, changed }: GovernedRows,
  last: TableValidation | null,
): GridData {
  const rowCount = data.rowCount;
  const isComputed = columns.map((c) => c?.isComputed ?? true);
  const canPatch = last !== null && last.display.rowCount === rowCount && !spentDisplays.has(last.display);
  if (last) spentDisplays.add(last.display);
  return {
    rowCount,
    columns: data.columns.map((column, c) => {
      const key = keys[c]!;
      const typed = column.values;
      const computed = isComputed[c]!;
      const shown = (r: number): string => {
        const row = governed[r];
        return row ? (row[key] ?? '') : computed ? '' : (typed[r] ?? '');
      };
      let values: string[];
      if (canPatch) {
        // Taken over (see above): this answer owns these arrays now.
        values = last!.display.columns[c]!.values as string[];
        for (const r of changed) values[r] = shown(r);
      } else {
        values = new Array(rowCount);
        for (let r = 0; r < rowCount; r++) values[r] = shown(r);
      }
      return { ...column, values };
    }),
  };
}

/** The messages of each cell, key `row:col`, in the order of `problems`, each message once. */
function problemsByCell(problems: readonly TableProblem[]): Map<string, string[]> {
  const byCell = new Map<string, string[]>();
  for (const p of problems) {
    const key = cellKey(p.row, p.col);
    const messages = byCell.get(key);
    if (!messages) byCell.set(key, [p.message]);
    else if (!messages.includes(p.message)) messages.push(p.message);
  }
  return byCell;
}

/** Whether two lists of problems name the same cells with the same texts, in the same order. */
function sameProblems(a: readonly TableProblem[], b: readonly TableProblem[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.row !== y.row || x.col !== y.col || x.message !== y.message) return false;
  }
  return true;
}

/** Whether two sets hold the same members. */
function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const member of a) if (!b.has(member)) return false;
  return true;
}

/**
 * What the selected cell's problems say, for the line under the submission spreadsheet (spec 03 §2:
 * its error count and jump to the next error say where and what is wrong): "<column>, row <n>: <message>" (messages that start with the column's name
 * lose that repetition), several joined by " · "; '' when the cell has none.
 */
export function cellProblemText(
  columns: readonly Pick<TableColumn, 'name'>[],
  byCell: ReadonlyMap<string, readonly string[]>,
  cell: CellPos,
): string {
  const messages = byCell.get(cellKey(cell.row, cell.col));
  if (!messages || messages.length === 0) return '';
  const name = columns[cell.col]?.name ?? `Column ${cell.col + 1}`;
  const said = messages.map((m) => (m.startsWith(`${name}: `) ? m.slice(name.length + 2) : m));
  return `${name}, row ${cell.row + 1}: ${said.join(' · ')}`;
}

/** The first problem cell after `from` in row-major order, wrapping to the first; null with none. */
export function nextErrorCell(validation: Pick<TableValidation, 'problems'>, from: CellPos): CellPos | null {
  const { problems } = validation;
  if (problems.length === 0) return null;
  const next = problems.find((p) => p.row > from.row || (p.row === from.row && p.col > from.col));
  const target = next ?? problems[0]!;
  return { row: target.row, col: target.col };
}

/**
 * The values of the must_be_unique fields that the server has not been asked about yet, by field
 * key (previews and empty values left out).
 */
export function uniquenessQuestions(
  validator: SubmissionValidator,
  validation: Pick<TableValidation, 'governed' | 'provisional'>,
  asked: ReadonlyMap<string, ReadonlySet<string>>,
): Map<string, string[]> {
  const questions = new Map<string, string[]>();
  for (const key of validator.uniqueKeys) {
    const known = asked.get(key);
    const values = new Set<string>();
    validation.governed.forEach((row, r) => {
      const value = row?.[key] ?? '';
      if (value === '' || validation.provisional[r]?.has(key) || known?.has(value)) return;
      values.add(value);
    });
    if (values.size > 0) questions.set(key, [...values]);
  }
  return questions;
}

/** A list field's source: its list, indexed, and its column's position. */
export interface ListSource {
  readonly index: ListIndex;
  readonly column: number;
  /** Earlier single-value fields of the same drill-down or dependent list: (key, column position). */
  readonly parents: readonly { key: string; column: number }[];
}

/**
 * The list behind each list column of the table (drop-down, drill-down, dependent), by field key,
 * with the earlier fields of the same list the picker cascades by.
 */
export function listSources(form: SubmissionForm): Map<string, ListSource> {
  const indexes = new Map(form.lists.map((l) => [l.id, indexList(l)]));
  const byList = new Map<number, { key: string; column: number }[]>();
  const sources = new Map<string, ListSource>();
  const fields = [...form.fields].sort((a, b) => a.precedence - b.precedence);
  for (const f of fields) {
    const g = f.list_governance;
    if (f.governance_type !== 'list' || !g || g.list_id === null || g.list_column_id === null) continue;
    const index = indexes.get(g.list_id);
    const column = index?.columnIndex.get(g.list_column_id);
    if (!index || column === undefined) continue;
    const isSingle = g.delimiter == null || g.delimiter === 'none';
    const siblings = byList.get(g.list_id) ?? [];
    const parents =
      isSingle && index.list.type !== 'drop-down' ? siblings.filter((s) => s.column < column) : [];
    sources.set(fieldKey(f), { index, column, parents });
    if (isSingle) {
      siblings.push({ key: fieldKey(f), column });
      byList.set(g.list_id, siblings);
    }
  }
  return sources;
}

/**
 * The values a list cell offers (drop-down list, drill-down cascade): the column's values under
 * what the row's earlier fields of the same list hold (their governed values), filtered by the
 * typed text (case-insensitive, those starting with it first), at most `limit`.
 */
export function listOptions(
  source: ListSource,
  row: SubmissionRow | Readonly<Record<string, string>> | undefined,
  typed: string,
  limit = 50,
): string[] {
  const choices: ListChoice[] = [];
  for (const parent of source.parents) {
    const value = row?.[parent.key] ?? '';
    if (value.trim() !== '' && source.index.postings[parent.column]?.has(matchKey(value)))
      choices.push([parent.column, matchKey(value)]);
  }
  const all = valuesUnder(source.index, source.column, choices);
  const query = matchKey(typed);
  if (query === '') return all.slice(0, limit);
  const starts: string[] = [];
  const contains: string[] = [];
  for (const value of all) {
    const key = matchKey(value);
    if (key.startsWith(query)) starts.push(value);
    else if (key.includes(query)) contains.push(value);
    if (starts.length >= limit) break;
  }
  return [...starts, ...contains].slice(0, limit);
}

/**
 * The option a list cell's editor highlights by itself for `typed` (spec 02 §1 list governance;
 * spec 03 §2 submission spreadsheet): the
 * option spelled like the typed text (any case), else the first one offered; none (-1) while
 * nothing is typed or nothing is offered, so Enter then keeps the cell as typed (or empty).
 */
export function autoHighlight(shown: readonly string[], typed: string): number {
  const key = matchKey(typed);
  if (key === '' || shown.length === 0) return -1;
  const exact = shown.findIndex((value) => matchKey(value) === key);
  return exact >= 0 ? exact : 0;
}

/** One changed row of an edit (spec 01 §6 edit_submissions): the row to send and its table row. */
export interface EditedRows {
  /** Each changed row: the row's identifier under the cv_id field's key and every typed cell ('' clears). */
  readonly rows: SubmissionRow[];
  /** The table row of each sent row, so the server's problems (by sent index) land on their cells. */
  readonly tableRows: number[];
}

/**
 * The rows of an edit of stored rows (spec 01 §6 edit_submissions): the table rows whose typed cells differ
 * from `initial` (the same rows as opened), each with its identifier (`cvIds[row]` under
 * `cvKey`) and all its typed cells, empty ones as '' so the server clears them. Rows left as they
 * were are not sent, so they keep their version.
 */
export function editedRows(
  initial: GridData,
  current: GridData,
  columns: readonly TableColumn[],
  cvKey: string,
  cvIds: readonly string[],
): EditedRows {
  const rows: SubmissionRow[] = [];
  const tableRows: number[] = [];
  for (let r = 0; r < current.rowCount; r++) {
    const cvId = cvIds[r];
    if (cvId === undefined) continue;
    let isChanged = false;
    const row: SubmissionRow = { [cvKey]: cvId };
    current.columns.forEach((column, c) => {
      const spec = columns[c];
      if (!spec || spec.isComputed) return;
      const value = column.values[r] ?? '';
      row[spec.key] = value;
      if (value !== (initial.columns[c]?.values[r] ?? '')) isChanged = true;
    });
    if (!isChanged) continue;
    rows.push(row);
    tableRows.push(r);
  }
  return { rows, tableRows };
}

/**
 * The server's problems with an edit (400 issues at `body.rows.<sent row>.<field id>`, each
 * message starting "Row <sent row + 1>: ") placed on the table: each on the table row it was sent
 * from (`tableRows`, as `editedRows` answers it), without the sent row's number, which is not the
 * row the person sees. For a table that keeps every row (`keepsBlankRows`).
 */
export function editProblemsOnTable<P extends { row: number; message: string }>(
  problems: readonly P[],
  tableRows: readonly number[],
): P[] {
  return problems.map((p) => ({
    ...p,
    row: tableRows[p.row] ?? p.row,
    message: p.message.replace(/^Row \d+: /, ''),
  }));
}
