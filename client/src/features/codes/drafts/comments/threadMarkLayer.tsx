import type { Thread } from '@nomen/shared';
import { useMemo } from 'react';
import { MARK_LABELS, ReviewMark } from '../../../lists/collab/ReviewMark';
import type { CellDecoration } from '../../../lists/grid/gridTypes';
import type { LiveTableLayer } from '../../table/SubmissionTable';
import type { DraftRowOrder } from '../draftRows';
import { type DraftThreadColumn, openThreadCells } from './draftThreads';

const COMMENT_MARK = <ReviewMark mark="comment" size={14} />;

/**
 * `base` with the comment mark of a cell that has an open thread (the list review's grey speech
 * bubble, "Has comments" in its words): the mark goes before any badge `base` has (a
 * collaborator's name tag), and the words after its description.
 */
export function withCommentMark(base: CellDecoration | undefined): CellDecoration {
  return {
    ...base,
    badge: base?.badge ? (
      <>
        {COMMENT_MARK}
        {base.badge}
      </>
    ) : (
      COMMENT_MARK
    ),
    description: base?.description ? `${MARK_LABELS.comment}; ${base.description}` : MARK_LABELS.comment,
  };
}

/**
 * The shared draft's live layer with its cells that have an open thread marked (comments on a
 * draft, as the list review marks them): the same layer when no cell has one. A mark follows its
 * row when rows are added or removed above it (threads name their cell by row id).
 */
export function useThreadMarkLayer(
  live: LiveTableLayer,
  threads: readonly Thread[],
  rows: DraftRowOrder,
  columns: readonly DraftThreadColumn[],
): LiveTableLayer {
  const cells = useMemo(() => openThreadCells(threads, rows, columns), [threads, rows, columns]);
  // Decorations reused for the same look, so memoised cells re-render only when theirs changes.
  const cache = useMemo(() => new WeakMap<CellDecoration, CellDecoration>(), []);
  return useMemo(() => {
    if (cells.size === 0) return live;
    let bare: CellDecoration | null = null;
    const decorate = (row: number, col: number, base: CellDecoration | undefined) => {
      const inner = live.decorate(row, col, base);
      if (!cells.has(`${row}:${col}`)) return inner;
      if (!inner) {
        bare ??= withCommentMark(undefined);
        return bare;
      }
      let marked = cache.get(inner);
      if (!marked) {
        marked = withCommentMark(inner);
        cache.set(inner, marked);
      }
      return marked;
    };
    return { ...live, decorate };
  }, [live, cells, cache]);
}
