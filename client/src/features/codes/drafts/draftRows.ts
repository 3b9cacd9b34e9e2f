import type { DraftCommandInput } from '@nomen/shared';
import type { DraftRow } from '@nomen/shared/draft-room';

/** A draft-room command as the browser asks for it: the room client adds the id. */
export type DraftCommandRequest = DraftCommandInput extends infer C
  ? C extends unknown
    ? Omit<C, 'id'>
    : never
  : never;

/** The commands that change a draft's rows (the others are comments). */
export type DraftEditCommand = Extract<
  DraftCommandRequest,
  { type: 'cells.set' | 'rows.insert' | 'rows.remove' }
>;

/** Whether a command changes rows (shown at once, before the server acknowledges it). */
export function isEditCommand(command: DraftCommandRequest): command is DraftEditCommand {
  return command.type === 'cells.set' || command.type === 'rows.insert' || command.type === 'rows.remove';
}

/**
 * A draft's rows with one command applied, as the collab server applies it with DraftDoc
 * (ARCHITECTURE.md, Live collaboration; `@nomen/shared/draft-room`): `cells.set` writes cells of
 * rows still there (an empty value clears the cell), `rows.insert` adds rows whose ids are new
 * after `after` (null: on top; a row not there: at the end), `rows.remove` drops the rows still
 * there. Rows untouched keep their objects; answers `rows` itself when nothing changes.
 */
export function applyDraftCommand(rows: readonly DraftRow[], command: DraftEditCommand): readonly DraftRow[] {
  if (command.type === 'cells.set') return setCells(rows, command.cells);
  if (command.type === 'rows.insert') return insertRows(rows, command.after, command.rows);
  const gone = new Set(command.rows);
  const kept = rows.filter((row) => !gone.has(row.id));
  return kept.length === rows.length ? rows : kept;
}

/** `rows` with each command applied in order (this client's edits not acknowledged yet, on top of the room). */
export function applyDraftCommands(
  rows: readonly DraftRow[],
  commands: readonly DraftEditCommand[],
): readonly DraftRow[] {
  let out = rows;
  for (const command of commands) out = applyDraftCommand(out, command);
  return out;
}

function setCells(
  rows: readonly DraftRow[],
  cells: readonly { row: string; field: string; value?: string | undefined }[],
): readonly DraftRow[] {
  const byRow = new Map<string, { field: string; value: string }[]>();
  for (const cell of cells) {
    const list = byRow.get(cell.row) ?? [];
    list.push({ field: cell.field, value: cell.value ?? '' });
    byRow.set(cell.row, list);
  }
  let out: DraftRow[] | null = null;
  rows.forEach((row, index) => {
    const writes = byRow.get(row.id);
    if (!writes) return;
    const next = { ...row.cells };
    for (const { field, value } of writes) {
      if (value === '') delete next[field];
      else next[field] = value;
    }
    out ??= rows.slice();
    out[index] = { id: row.id, cells: next };
  });
  return out ?? rows;
}

function insertRows(
  rows: readonly DraftRow[],
  after: string | null,
  added: readonly { id: string; cells: Record<string, string | undefined> }[],
): readonly DraftRow[] {
  const ids = new Set(rows.map((r) => r.id));
  const fresh: DraftRow[] = [];
  for (const row of added) {
    if (ids.has(row.id)) continue;
    ids.add(row.id);
    const cells: Record<string, string> = {};
    for (const [field, value] of Object.entries(row.cells)) if (value) cells[field] = value;
    fresh.push({ id: row.id, cells });
  }
  if (fresh.length === 0) return rows;
  let index = rows.length;
  if (after === null) index = 0;
  else {
    const at = rows.findIndex((r) => r.id === after);
    if (at >= 0) index = at + 1;
  }
  const out = rows.slice(0, index);
  for (const row of fresh) out.push(row);
  for (let i = index; i < rows.length; i++) out.push(rows[i]!);
  return out;
}

/**
 * The rows to show while this person has a cell editor open: the rows shown when it opened, in
 * that order, each with its latest cells (`latest`); rows others added meanwhile wait, rows others
 * removed stay until the editor closes. So what is being typed lands in the row it was typed in,
 * not the one that moved into its place. Answers `shown` itself when no row changed.
 */
export function heldRows(shown: readonly DraftRow[], latest: readonly DraftRow[]): readonly DraftRow[] {
  if (shown === latest) return shown;
  const byId = new Map(latest.map((r) => [r.id, r]));
  let changed = false;
  const out = shown.map((row) => {
    const now = byId.get(row.id) ?? row;
    if (now !== row) changed = true;
    return now;
  });
  return changed ? out : shown;
}

/**
 * The rows' order as what depends only on it reads it (where the others' cells, the commented
 * cells and the selected cell are): row ids only, the cells not to be read.
 */
export type DraftRowOrder = readonly Pick<DraftRow, 'id'>[];

/**
 * `last` when `rows` hold the same row ids in the same order (an edit of cells changes no place),
 * else `rows`: so what depends only on the order is not worked out again for every edit of a cell.
 */
export function rowOrderOf(last: DraftRowOrder, rows: readonly DraftRow[]): DraftRowOrder {
  if (last === rows) return last;
  if (last.length !== rows.length) return rows;
  for (let i = 0; i < rows.length; i++) if (last[i]!.id !== rows[i]!.id) return rows;
  return last;
}
