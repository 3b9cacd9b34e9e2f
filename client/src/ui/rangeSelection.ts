/**
 * Shift-click range selection for row checkboxes (spec 02 §2 lists page: "multi-select, with
 * shift-click range selection"). Pure functions over row ids; the table keeps the anchor, the id
 * of the row last clicked.
 */

/**
 * The ids of `orderedIds` from `anchorId` to `targetId`, both included, in table order (either
 * may come first). Empty when either id is not in `orderedIds`.
 */
export function idsBetween(orderedIds: readonly number[], anchorId: number, targetId: number): number[] {
  const from = orderedIds.indexOf(anchorId);
  const to = orderedIds.indexOf(targetId);
  if (from < 0 || to < 0) return [];
  return orderedIds.slice(Math.min(from, to), Math.max(from, to) + 1);
}

/**
 * The selection after a click on the checkbox of `targetId` (spec 02 §2). A plain click flips
 * that row. A shift-click with an anchor (the row clicked last) still in view gives every row
 * from the anchor to the target the state the target takes: selected when the target was not
 * selected, cleared when it was. Without a usable anchor a shift-click is a plain click. Rows
 * outside the range keep their state.
 */
export function clickSelection(
  selected: ReadonlySet<number>,
  orderedIds: readonly number[],
  targetId: number,
  anchorId: number | null,
  isRangeClick: boolean,
): Set<number> {
  const next = new Set(selected);
  const shouldSelect = !selected.has(targetId);
  const range =
    isRangeClick && anchorId !== null ? idsBetween(orderedIds, anchorId, targetId) : ([] as number[]);
  for (const id of range.length > 0 ? range : [targetId]) {
    if (shouldSelect) next.add(id);
    else next.delete(id);
  }
  return next;
}
