import type { GridData } from './gridTypes';

/** How many steps undo keeps. */
export const HISTORY_LIMIT = 100;

/**
 * Undo/redo over whole grid states (spec 02 §2; issue 3 §5): edits, pastes and structure
 * changes are each one step. States share unchanged column arrays, so a step costs only the
 * columns it touched.
 */
export interface GridHistory {
  readonly past: readonly GridData[];
  readonly present: GridData;
  readonly future: readonly GridData[];
}

/** A history holding only `present`. */
export function startHistory(present: GridData): GridHistory {
  return { past: [], present, future: [] };
}

/** Records `next` as a new step (dropping the redo branch); the same state records nothing. */
export function pushHistory(history: GridHistory, next: GridData, limit = HISTORY_LIMIT): GridHistory {
  if (next === history.present) return history;
  const past = [...history.past, history.present];
  if (past.length > limit) past.splice(0, past.length - limit);
  return { past, present: next, future: [] };
}

/** Steps back one state; unchanged when there is nothing to undo. */
export function undoHistory(history: GridHistory): GridHistory {
  const previous = history.past[history.past.length - 1];
  if (!previous) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

/** Steps forward one state; unchanged when there is nothing to redo. */
export function redoHistory(history: GridHistory): GridHistory {
  const [next, ...future] = history.future;
  if (!next) return history;
  return { past: [...history.past, history.present], present: next, future };
}

/**
 * Replaces the present state without making a step (after a save: the same content with the
 * saved ids filled in).
 */
export function replacePresent(history: GridHistory, present: GridData): GridHistory {
  return { ...history, present };
}
