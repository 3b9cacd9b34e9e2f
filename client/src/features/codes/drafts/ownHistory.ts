import type { DraftRow } from '@nomen/shared/draft-room';
import type { DraftEditCommand } from './draftRows';

/**
 * Undo and redo of one's own edits in a shared draft (ARCHITECTURE.md, Live collaboration: "undo
 * undoes one's own edits only"). Each entry is one grid change: the commands sent, with what they
 * replaced. Undo and redo answer the commands to send, worked out against the draft as it is now,
 * so they never take back what someone else wrote since: a cell is set back only while it still
 * holds what this person wrote, a row they added is removed only while it is there, a row they
 * removed comes back (with its cells, after the nearest row that was above it) only while it is
 * gone. Pure, no React.
 */

/** One step of an edit, with what is needed to take it back. */
export type OwnStep =
  | { type: 'cells'; cells: { row: string; field: string; before: string; after: string }[] }
  | { type: 'insert'; after: string | null; rows: DraftRow[] }
  | { type: 'remove'; runs: { anchors: string[]; rows: DraftRow[] }[] };

/** One edit (one grid change, one import). */
export interface OwnEdit {
  steps: OwnStep[];
}

/** The edits that can be undone (oldest first) and redone (next first). */
export interface OwnHistory {
  past: readonly OwnEdit[];
  future: readonly OwnEdit[];
}

/** Most edits kept for undo. */
export const OWN_HISTORY_LIMIT = 100;
/** How many rows above a removed run are kept to put it back (the nearest one still there wins). */
const ANCHORS = 8;

/** An empty history. */
export const EMPTY_HISTORY: OwnHistory = { past: [], future: [] };

/**
 * The edit made by sending `commands` to the draft whose rows were `rows` (what they replaced
 * is read from `rows`). Null when the commands change nothing that could be undone.
 */
export function ownEditOf(rows: readonly DraftRow[], commands: readonly DraftEditCommand[]): OwnEdit | null {
  const index = new Map(rows.map((r, i) => [r.id, i]));
  const steps: OwnStep[] = [];
  for (const command of commands) {
    if (command.type === 'cells.set') {
      const cells = command.cells.map((c) => {
        const at = index.get(c.row);
        const before = at === undefined ? '' : (rows[at]!.cells[c.field] ?? '');
        return { row: c.row, field: c.field, before, after: c.value ?? '' };
      });
      steps.push({ type: 'cells', cells: cells.filter((c) => c.before !== c.after) });
    } else if (command.type === 'rows.insert') {
      steps.push({
        type: 'insert',
        after: command.after,
        rows: command.rows.map((r) => ({ id: r.id, cells: cleanCells(r.cells) })),
      });
    } else steps.push({ type: 'remove', runs: removedRuns(rows, new Set(command.rows)) });
  }
  const kept = steps.filter((s) =>
    s.type === 'cells' ? s.cells.length > 0 : s.type === 'insert' ? s.rows.length > 0 : s.runs.length > 0,
  );
  return kept.length > 0 ? { steps: kept } : null;
}

function cleanCells(cells: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(cells)) if (value) out[key] = value;
  return out;
}

/** The removed rows in runs of neighbours, each with the ids of the rows above it (nearest first). */
function removedRuns(
  rows: readonly DraftRow[],
  gone: ReadonlySet<string>,
): { anchors: string[]; rows: DraftRow[] }[] {
  const runs: { anchors: string[]; rows: DraftRow[] }[] = [];
  let current: { anchors: string[]; rows: DraftRow[] } | null = null;
  rows.forEach((row, i) => {
    if (!gone.has(row.id)) {
      current = null;
      return;
    }
    if (!current) {
      const anchors: string[] = [];
      for (let a = i - 1; a >= 0 && anchors.length < ANCHORS; a--)
        if (!gone.has(rows[a]!.id)) anchors.push(rows[a]!.id);
      current = { anchors, rows: [] };
      runs.push(current);
    }
    current.rows.push(row);
  });
  return runs;
}

/** `history` with `edit` done last (what could be redone is forgotten). */
export function recordEdit(history: OwnHistory, edit: OwnEdit | null): OwnHistory {
  if (!edit) return history;
  const past = [...history.past, edit];
  return { past: past.length > OWN_HISTORY_LIMIT ? past.slice(-OWN_HISTORY_LIMIT) : past, future: [] };
}

/** Undoes the last edit against the draft's rows now: the history after and the commands to send. */
export function undoEdit(
  history: OwnHistory,
  rows: readonly DraftRow[],
): { history: OwnHistory; commands: DraftEditCommand[] } {
  const edit = history.past.at(-1);
  if (!edit) return { history, commands: [] };
  const now = rowIndex(rows);
  const commands: DraftEditCommand[] = [];
  for (const step of [...edit.steps].reverse()) commands.push(...inverseOf(step, now));
  return { history: { past: history.past.slice(0, -1), future: [edit, ...history.future] }, commands };
}

/** Redoes the last undone edit against the draft's rows now: the history after and the commands to send. */
export function redoEdit(
  history: OwnHistory,
  rows: readonly DraftRow[],
): { history: OwnHistory; commands: DraftEditCommand[] } {
  const edit = history.future[0];
  if (!edit) return { history, commands: [] };
  const now = rowIndex(rows);
  const commands: DraftEditCommand[] = [];
  for (const step of edit.steps) commands.push(...forwardOf(step, now));
  return { history: { past: [...history.past, edit], future: history.future.slice(1) }, commands };
}

function rowIndex(rows: readonly DraftRow[]): ReadonlyMap<string, DraftRow> {
  return new Map(rows.map((r) => [r.id, r]));
}

/** The commands that take `step` back, given the rows now. */
function inverseOf(step: OwnStep, now: ReadonlyMap<string, DraftRow>): DraftEditCommand[] {
  if (step.type === 'cells') {
    const cells = step.cells
      .filter((c) => now.has(c.row) && (now.get(c.row)!.cells[c.field] ?? '') === c.after)
      .map((c) => ({ row: c.row, field: c.field, value: c.before }));
    return cells.length > 0 ? [{ type: 'cells.set', cells }] : [];
  }
  if (step.type === 'insert') {
    const ids = step.rows.map((r) => r.id).filter((id) => now.has(id));
    return ids.length > 0 ? [{ type: 'rows.remove', rows: ids }] : [];
  }
  const commands: DraftEditCommand[] = [];
  for (const run of step.runs) {
    const rows = run.rows.filter((r) => !now.has(r.id));
    if (rows.length === 0) continue;
    // The nearest row that was above the run; none left (or none ever): on top or, failing that, at the end.
    const after =
      run.anchors.length === 0 ? null : (run.anchors.find((id) => now.has(id)) ?? run.anchors[0]!);
    commands.push({ type: 'rows.insert', after, rows });
  }
  return commands;
}

/** The commands that do `step` again, given the rows now. */
function forwardOf(step: OwnStep, now: ReadonlyMap<string, DraftRow>): DraftEditCommand[] {
  if (step.type === 'cells') {
    const cells = step.cells
      .filter((c) => now.has(c.row) && (now.get(c.row)!.cells[c.field] ?? '') === c.before)
      .map((c) => ({ row: c.row, field: c.field, value: c.after }));
    return cells.length > 0 ? [{ type: 'cells.set', cells }] : [];
  }
  if (step.type === 'insert') {
    const rows = step.rows.filter((r) => !now.has(r.id));
    return rows.length > 0 ? [{ type: 'rows.insert', after: step.after, rows }] : [];
  }
  const ids = step.runs.flatMap((run) => run.rows.map((r) => r.id)).filter((id) => now.has(id));
  return ids.length > 0 ? [{ type: 'rows.remove', rows: ids }] : [];
}
