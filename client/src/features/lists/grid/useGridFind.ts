import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  FIND_DEBOUNCE_MS,
  type FindMatcher,
  type FindMatches,
  findMatcher,
  findMatches,
  firstMatchFrom,
  matchPosition,
  NO_MATCHES,
  stepMatch,
} from './find';
import type { CellPos, GridData } from './gridTypes';

/** What the find of a grid needs from it. */
export interface GridFindOptions {
  data: GridData;
  /** The active cell (a new search starts there). */
  getActiveCell: () => CellPos;
  /** Makes a cell the active one and scrolls the virtualised grid to it. */
  jumpTo: (pos: CellPos) => void;
}

/** The find bar's state and actions (spec 02 §2 toolbar search). */
export interface GridFind {
  isOpen: boolean;
  /** Bumped on every open, so the bar focuses its field again. */
  openCount: number;
  query: string;
  setQuery: (query: string) => void;
  matches: FindMatches;
  /** The current match's index, or -1. */
  current: number;
  /** The cell of the current match, or null (highlighted more strongly). */
  currentCell: CellPos | null;
  /** Tests a cell's text against the searched query (the highlight of visible cells), or null. */
  matcher: FindMatcher | null;
  open: () => void;
  close: () => void;
  /** Enter / Shift+Enter: the next or previous match (searching at once if typing is pending). */
  step: (direction: 1 | -1) => void;
}

/**
 * The find bar's query as typed and as searched: `searched` follows `query` FIND_DEBOUNCE_MS
 * after typing stops, or at once on `searchNow`.
 */
function useDebouncedQuery() {
  const [query, setQueryState] = useState('');
  const [searched, setSearched] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const setQuery = useCallback((next: string) => {
    setQueryState(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setSearched(next), FIND_DEBOUNCE_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  const searchNow = useCallback(() => {
    clearTimeout(timer.current);
    setSearched(query);
  }, [query]);
  return { query, searched, setQuery, searchNow };
}

/**
 * The find of the spreadsheet grid (spec 02 §2 toolbar search): the query is
 * searched FIND_DEBOUNCE_MS after typing stops, over the grid's column arrays (findMatches), and
 * again when the data changes while the bar is open; a new query jumps to the first match at or
 * after the active cell; next and previous wrap around and jump; matches are highlighted by
 * testing the visible cells with the same matcher.
 */
export function useGridFind({ data, getActiveCell, jumpTo }: GridFindOptions): GridFind {
  const [isOpen, setIsOpen] = useState(false);
  const [openCount, setOpenCount] = useState(0);
  const { query, searched, setQuery, searchNow } = useDebouncedQuery();
  const [current, setCurrent] = useState(-1);
  const latest = useRef({ getActiveCell, jumpTo });
  latest.current = { getActiveCell, jumpTo };

  const activeQuery = isOpen ? searched : '';
  const matches = useMemo(
    () => (activeQuery === '' ? NO_MATCHES : findMatches(data, activeQuery)),
    [data, activeQuery],
  );
  const matcher = useMemo(() => findMatcher(activeQuery), [activeQuery]);

  // Where the current match is, so that a change of the data keeps the place.
  const place = useRef<{ query: string; cell: CellPos | null }>({ query: '', cell: null });
  useEffect(() => {
    if (matches.count === 0) {
      place.current = { query: matches.query, cell: null };
      setCurrent(-1);
      return;
    }
    const isNewQuery = place.current.query !== matches.query;
    const from = isNewQuery || !place.current.cell ? latest.current.getActiveCell() : place.current.cell;
    const index = firstMatchFrom(matches, from);
    const cell = matchPosition(matches, index);
    place.current = { query: matches.query, cell };
    setCurrent(index);
    if (isNewQuery) latest.current.jumpTo(cell);
  }, [matches]);

  const step = useCallback(
    (direction: 1 | -1) => {
      if (query !== searched) {
        // Enter before the pause: search now (the first match is jumped to).
        searchNow();
        return;
      }
      const index = stepMatch(current, matches.count, direction);
      if (index < 0) return;
      const cell = matchPosition(matches, index);
      place.current = { query: matches.query, cell };
      setCurrent(index);
      latest.current.jumpTo(cell);
    },
    [query, searched, current, matches, searchNow],
  );

  const open = useCallback(() => {
    setIsOpen(true);
    setOpenCount((count) => count + 1);
  }, []);
  const close = useCallback(() => {
    setIsOpen(false);
    // Reopening searches again from where the user is then.
    place.current = { query: '', cell: null };
  }, []);

  const currentCell = current >= 0 && current < matches.count ? matchPosition(matches, current) : null;
  return {
    isOpen,
    openCount,
    query,
    setQuery,
    matches,
    current,
    currentCell,
    matcher,
    open,
    close,
    step,
  };
}
