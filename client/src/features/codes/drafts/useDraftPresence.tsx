import { useCallback, useMemo, useRef } from 'react';
import type { CellDecoration, GridData } from '../../lists/grid/gridTypes';
import type { LiveTableLayer } from '../table/SubmissionTable';
import type { TableColumn } from '../table/submissionTable';
import type { DraftRoomClient, DraftRoomSnapshot } from './DraftRoomClient';
import type { DraftRowOrder } from './draftRows';
import {
  type CellPresence,
  displayWithTyping,
  draftCellAt,
  presenceKey,
  presenceOnGrid,
} from './livePresence';

/** The name tag drawn in a cell another person has selected, in their colour. */
function NameTag({ presence }: { presence: CellPresence }) {
  return (
    <span
      data-testid="presence-name"
      style={{
        background: presence.color,
        color: 'white',
        fontSize: 10,
        lineHeight: '14px',
        padding: '0 4px',
        borderRadius: 3,
        whiteSpace: 'nowrap',
      }}
    >
      {presence.names.join(', ')}
    </span>
  );
}

/** `base` (a problem, a computed cell) with the others' outline, name tag and words on top. */
function withPresence(base: CellDecoration | undefined, presence: CellPresence): CellDecoration {
  const words = `Selected by ${presence.names.join(', ')}${presence.typing !== null ? ' (typing)' : ''}`;
  return {
    className: base?.className,
    outlineColor: presence.color,
    badge: <NameTag presence={presence} />,
    description: base?.description ? `${base.description}\n${words}` : words,
  };
}

/**
 * The live layer of a shared draft's table (ARCHITECTURE.md, Live collaboration): the grid is
 * read-only once the draft is submitted (or before its rows arrived, or when the room cannot be
 * joined); each other person's selected cell is outlined in their colour with their name, and what
 * they type shows in that cell before they commit it; this person's selected cell and typing are
 * shared with the others (typing on every keystroke, cleared on commit or Escape). `shown` holds
 * the order of the rows the grid shows (kept while only cells change: rowOrderOf, so an edit of a
 * cell changes nothing here) and hears whether a cell editor is open.
 */
export function useDraftPresence(
  client: DraftRoomClient,
  snapshot: DraftRoomSnapshot,
  columns: readonly TableColumn[],
  shown: { rows: DraftRowOrder; onEditing?: (isEditing: boolean) => void } = { rows: snapshot.rows },
): LiveTableLayer {
  const { others, meta, loaded, status } = snapshot;
  const { rows, onEditing } = shown;
  const presence = useMemo(() => presenceOnGrid(others, rows, columns), [others, rows, columns]);
  // Decorations reused for the same cell look, so memoised cells re-render only when it changes.
  const cache = useMemo(() => new Map<string, CellDecoration>(), []);
  const decorate = useCallback(
    (row: number, col: number, base: CellDecoration | undefined) => {
      const here = presence.get(presenceKey(row, col));
      if (!here) return base;
      const key = `${base?.className ?? ''}|${base?.description ?? ''}|${here.color}|${here.names.join('\u0000')}|${here.typing !== null}`;
      let decoration = cache.get(key);
      if (!decoration) {
        decoration = withPresence(base, here);
        cache.set(key, decoration);
      }
      return decoration;
    },
    [presence, cache],
  );
  const display = useCallback((shown: GridData) => displayWithTyping(shown, presence), [presence]);

  // The selected cell, so typing is shared on it without waiting for a render.
  const cell = useRef<ReturnType<typeof draftCellAt>>(null);
  const latest = useRef({ rows, columns });
  latest.current = { rows, columns };
  const onActiveCell = useCallback(
    (row: number, col: number) => {
      const next = draftCellAt(latest.current.rows, latest.current.columns, row, col);
      // Told again on every re-render of the grid: only a move to another cell is news.
      if (next?.row === cell.current?.row && next?.field === cell.current?.field) return;
      cell.current = next;
      client.setPresence({ cell: next, typing: null });
    },
    [client],
  );
  const onTyping = useCallback(
    (text: string | null) => {
      onEditing?.(text !== null);
      client.setPresence({ cell: cell.current, typing: text });
    },
    [client, onEditing],
  );

  const isReadOnly = meta.status === 'closed' || !loaded || status === 'failed';
  // Where the selected cell is now, by its row id and field (rows others added or removed move it).
  const selectedCell = useMemo(() => {
    const selected = cell.current;
    if (!selected) return null;
    const row = rows.findIndex((r) => r.id === selected.row);
    const col = columns.findIndex((c) => c.key === selected.field);
    return row >= 0 && col >= 0 ? { row, col } : null;
    // Read again whenever the rows or columns change (the ref changes with the grid's reports).
  }, [rows, columns]);
  return useMemo(
    () => ({ isReadOnly, decorate, display, onActiveCell, onTyping, selectedCell }),
    [isReadOnly, decorate, display, onActiveCell, onTyping, selectedCell],
  );
}
