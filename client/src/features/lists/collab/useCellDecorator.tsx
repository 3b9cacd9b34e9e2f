import type { Thread } from '@nomen/shared';
import { type ReactNode, useCallback, useMemo, useRef } from 'react';
import type { CellDecoration, CellDecorator, GridData } from '../grid/gridTypes';
import type { Presence } from './ListRoomClient';
import { type PresenceOutline, presenceOutlines } from './presence';
import { MARK_LABELS, ReviewMark } from './ReviewMark';
import type { ModerationQueue } from './reviewQueue';
import { relocateThreads } from './threadCells';
import { type CellMark, cellKey, cellMarks } from './threads';

const BADGES: Record<CellMark, ReactNode> = {
  pending: <ReviewMark mark="pending" size={14} />,
  approved: <ReviewMark mark="approved" size={14} />,
  rejected: <ReviewMark mark="rejected" size={14} />,
  comment: <ReviewMark mark="comment" size={14} />,
};

/**
 * The decoration of a cell with a review mark and/or a collaborator's outline (spec 02 §2 review
 * marks; issue 4 presence outlines): the mark as a badge, the first collaborator's colour as the
 * outline, and both said in words for assistive technology and the tooltip.
 */
export function cellDecoration(
  mark: CellMark | undefined,
  outline: PresenceOutline | undefined,
): CellDecoration | undefined {
  if (!mark && !outline) return undefined;
  const words: string[] = [];
  if (mark) words.push(MARK_LABELS[mark]);
  if (outline) words.push(`Selected by ${outline.names.join(', ')}`);
  return {
    badge: mark ? BADGES[mark] : undefined,
    outlineColor: outline?.color,
    description: words.join('; '),
    className: mark ? `review-mark-${mark}` : undefined,
  };
}

/** What the grid's decorator is built from. */
export interface CellDecoratorInput {
  data: GridData;
  threads: readonly Thread[];
  queue: ModerationQueue;
  presence: readonly Presence[];
  userId: number;
}

/**
 * The grid's cell decorator for a list under review (spec 02 §2; CellDecorator in gridTypes):
 * review marks from the unresolved threads (queued decisions shown as made; threads follow
 * their saved value when rows moved) and outlines where others have a cell selected. A
 * decoration object is reused for the same mark, colour and names, so memoised cells only
 * re-render when what they show changes. Undefined (no decorator) when `input` is null.
 */
export function useCellDecorator(input: CellDecoratorInput | null): CellDecorator | undefined {
  const data = input?.data;
  const threads = input?.threads;
  const queue = input?.queue;
  const presence = input?.presence;
  const userId = input?.userId ?? 0;
  const cache = useRef(new Map<string, CellDecoration | undefined>());

  const marks = useMemo(
    () => (data && threads && queue ? cellMarks(relocateThreads(threads, data), queue) : null),
    [data, threads, queue],
  );
  const outlines = useMemo(() => (presence ? presenceOutlines(presence, userId) : null), [presence, userId]);

  const decorate = useCallback(
    (row: number, _col: number, column: GridData['columns'][number] | undefined) => {
      if (!marks || !outlines || !column || typeof column.id !== 'number') return undefined;
      const key = cellKey(column.id, row);
      const mark = marks.get(key);
      const outline = outlines.get(key);
      if (!mark && !outline) return undefined;
      const cacheKey = `${mark ?? ''}|${outline?.color ?? ''}|${outline?.names.join('\u0000') ?? ''}`;
      if (!cache.current.has(cacheKey)) cache.current.set(cacheKey, cellDecoration(mark, outline));
      return cache.current.get(cacheKey);
    },
    [marks, outlines],
  );
  return input ? decorate : undefined;
}
