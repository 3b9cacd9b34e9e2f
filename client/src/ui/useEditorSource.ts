import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { routeIdOf } from './routeId';

/** How an editor turns loaded data into drafts. */
export interface DraftMakers<T, D> {
  /** The draft of a new item. */
  empty: () => D;
  /** The draft of a saved item. */
  of: (data: T) => D;
  /** The unsaved copy of an item (duplicate). */
  copy: (data: T) => D;
}

/** What an editor page needs to render its editor. */
export interface EditorSource<T, D> {
  /** The route named neither "new" nor a valid id: the page shows the fallback. */
  isUnknownRoute: boolean;
  /** The saved item's id, or null for a new item or a copy. */
  existingId: number | null;
  source: UseQueryResult<T>;
  /** The editor's first draft and the baseline its dirty flag compares with; null while loading. */
  start: { initial: D; baseline: D } | null;
  /** A key that remounts the editor for another route or after a reload. */
  key: string;
  /** Reads the item again and restarts the editor from it (after a 409). */
  reload: () => Promise<void>;
}

/**
 * The loading side of an "edit or create or duplicate" page (spec 02 §2: /{id}, /new,
 * /new?duplicate={id}): parses the route, loads the item or the copy's source with `load`, and
 * makes the editor's first draft. A copy is unsaved work from the start (its baseline is the empty
 * draft), so leaving it asks first. `load` is a query hook, called on every render.
 */
export function useEditorSource<T, D>(
  routeParam: string | undefined,
  duplicateParam: string | null,
  load: (id: number | null) => UseQueryResult<T>,
  drafts: DraftMakers<T, D>,
): EditorSource<T, D> {
  const isNew = routeParam === 'new';
  const existingId = isNew ? null : routeIdOf(routeParam);
  const duplicateId = isNew ? routeIdOf(duplicateParam) : null;
  const sourceId = existingId ?? duplicateId;
  const source = load(sourceId);
  const [session, setSession] = useState(0);

  // `session` renews the draft after a reload, from the data read again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: session is a deliberate trigger; drafts are module functions
  const start = useMemo(() => {
    if (sourceId === null) return { initial: drafts.empty(), baseline: drafts.empty() };
    if (!source.data) return null;
    if (existingId !== null) {
      const draft = drafts.of(source.data);
      return { initial: draft, baseline: draft };
    }
    return { initial: drafts.copy(source.data), baseline: drafts.empty() };
  }, [sourceId, existingId, source.data, session]);

  return {
    isUnknownRoute: !isNew && existingId === null,
    existingId,
    source,
    start,
    key: `${routeParam}:${duplicateId ?? ''}:${session}`,
    reload: async () => {
      await source.refetch();
      setSession((s) => s + 1);
    },
  };
}
