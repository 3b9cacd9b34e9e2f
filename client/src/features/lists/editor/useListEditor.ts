import { AppError, type ListSaved, listsApi } from '@nomen/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { apiFetch } from '../../../api/apiFetch';
import { confirmAction } from '../../../ui/confirmAction';
import type { EditorRouteSource } from '../../../ui/form/EditorRoute';
import { notifyFailure, notifySuccess } from '../../../ui/notify';
import { LISTS_QUERY_KEY } from '../api';
import { keepFirstColumns } from '../grid/gridData';
import {
  type GridHistory,
  pushHistory,
  redoHistory,
  replacePresent,
  startHistory,
  undoHistory,
} from '../grid/gridHistory';
import type { GridData } from '../grid/gridTypes';
import {
  duplicateEditorList,
  type EditorList,
  isMetaChanged,
  type ListMeta,
  newEditorList,
} from './listModel';
import { applySaved, buildDelta, buildFullSave, type ColumnIdMap } from './listSave';
import { type ListReadProgress, readListStream } from './listStream';

/** The message of a save refused because the list changed meanwhile (409, spec 02 §4). */
export const STALE_LIST_MESSAGE =
  'This list was changed by someone else since you opened it. Reload to get their version; your unsaved changes will be lost.';

/** The success toast of a save (spec 02 §8: "List saved", 5 s). */
export const LIST_SAVED_MESSAGE = 'List saved';

/** Everything the editor holds for one list. */
export interface ListEditorDoc {
  /** The list as last read or saved: the snapshot the next delta is computed against. */
  readonly saved: EditorList;
  /** An unsaved copy (?duplicate): dirty until its first save. */
  readonly isCopy: boolean;
  /** The form as edited. */
  readonly meta: ListMeta;
  /** The grid's states for undo/redo; `present` is what the grid shows. */
  readonly history: GridHistory;
  /** Saved ids of columns created with temporary ids (for undo states older than a save). */
  readonly columnIds: ColumnIdMap;
  /**
   * While the cells are still arriving (spec 02 §7), how far the read has got; null once the
   * whole list is in. The list is read-only until then.
   */
  readonly loading: ListReadProgress | null;
}

/** Loading state of the editor. */
export type ListEditorLoad =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly error: unknown }
  | { readonly status: 'ready'; readonly doc: ListEditorDoc };

/** What the list editor page gets from useListEditor. */
export interface ListEditor {
  readonly load: ListEditorLoad;
  readonly isDirty: boolean;
  readonly isSaving: boolean;
  setMeta(meta: ListMeta): void;
  /** Records a grid change as one undo step (spec 02 §2). */
  changeGrid(next: GridData): void;
  undo(): void;
  redo(): void;
  /** Saves (PUT for a new list, a delta otherwise); resolves to the saved id, or null on failure. */
  save(): Promise<number | null>;
  /** Reads the list again, dropping unsaved changes (after a 409). */
  reload(): void;
  /**
   * Reads the saved list again in place, without the loading screen, dropping unsaved changes
   * (spec 02 §4: after a collaborator's save the list is refetched). Keeps the current
   * state when the read fails.
   */
  refresh(): void;
}

/**
 * The list editor's loading as the shared editor route reads it (client/src/ui/form/README.md): the
 * loaded doc is what the editor starts from; a failed read (an unknown id reads as a 404, so every
 * route is a known one here) shows the load failure, and "Try again" reads the list again. The key
 * never changes: the editor holds its state itself and must survive the first save's route change.
 */
export function editorRouteSourceOf(
  editor: Pick<ListEditor, 'load' | 'reload'>,
): EditorRouteSource<ListEditorDoc> {
  const { load } = editor;
  const doc = load.status === 'ready' ? load.doc : null;
  return {
    isUnknownRoute: false,
    existingId: doc?.saved.id ?? null,
    source: {
      data: doc ?? undefined,
      error: load.status === 'error' ? load.error : null,
      refetch: editor.reload,
    },
    start: doc,
    key: 'list',
    reload: editor.reload,
  };
}

function docOf(list: EditorList, isCopy: boolean, loading: ListReadProgress | null = null): ListEditorDoc {
  return {
    saved: list,
    isCopy,
    meta: list.meta,
    history: startHistory(list.data),
    columnIds: new Map(),
    loading,
  };
}

/**
 * How the editor starts on `routeId` (spec 02 §7): a saved list's editor shows at once,
 * empty, read-only and loading, so its first cells paint as soon as they arrive instead of after
 * the editor has mounted; other routes show the loading state until their list is ready.
 */
function firstLoad(routeId: string): ListEditorLoad {
  const id = Number(routeId);
  if (routeId === 'new' || !Number.isInteger(id) || id <= 0) return { status: 'loading' };
  const list: EditorList = {
    id,
    updatedAt: null,
    poweredTemplateId: null,
    meta: { name: '', notes: '', type: 'drill-down' },
    data: { columns: [], rowCount: 0 },
  };
  return { status: 'ready', doc: docOf(list, false, { loaded: 0, total: 0 }) };
}

/** Whether a doc holds changes not saved yet (spec 02 §4 dirty flag). */
export function isDocDirty(doc: ListEditorDoc): boolean {
  return doc.isCopy || isMetaChanged(doc.saved.meta, doc.meta) || doc.history.present !== doc.saved.data;
}

/**
 * Reads the doc the editor starts from (spec 02 §2, §7): an empty new list, a copy of
 * `duplicateId` (dirty until saved), or the saved list `routeId`, streamed, with each partial list
 * given to `onPartial`. Throws AppError NOT_FOUND for an id that cannot exist, and what the read
 * throws (an abort through `signal` included).
 */
async function readEditorDoc(
  routeId: string,
  duplicateId: string | null,
  signal: AbortSignal,
  onPartial: (list: EditorList, progress: ListReadProgress) => void,
): Promise<ListEditorDoc> {
  if (routeId === 'new') {
    if (duplicateId === null) return docOf(newEditorList(), false);
    const source = Number(duplicateId);
    if (!Number.isInteger(source) || source <= 0) throw AppError.notFound('List');
    return docOf(duplicateEditorList(await readListStream(source, { signal })), true);
  }
  const numericId = Number(routeId);
  if (!Number.isInteger(numericId) || numericId <= 0) throw AppError.notFound('List');
  const list = await readListStream(numericId, { signal, onPartial });
  return docOf(list, false);
}

/**
 * Loads the editor's list for the route (spec 02 §7: a saved list shows as its cells arrive) and
 * again on `reload`; not again when the route changes to the list already held (the first
 * save's route change). Returns the load state, its setter, the held list's id and the doc as
 * last rendered (refs), and `reload`.
 */
function useListLoad(routeId: string, duplicateId: string | null) {
  const [load, setLoad] = useState<ListEditorLoad>(() => firstLoad(routeId));
  const [reloadToken, setReloadToken] = useState(0);
  // The id of the list held, so replacing the route after the first save does not reload it.
  const heldId = useRef<number | null>(null);
  const docRef = useRef<ListEditorDoc | null>(null);
  docRef.current = load.status === 'ready' ? load.doc : null;

  useEffect(() => {
    void reloadToken;
    if (routeId !== 'new' && heldId.current === Number(routeId) && docRef.current) return;
    const controller = new AbortController();
    setLoad(firstLoad(routeId));
    // A saved list shows as its cells arrive (the first screen first), read-only until all are in:
    // nothing can change meanwhile, so each partial list replaces the doc.
    const showPartial = (list: EditorList, progress: ListReadProgress) => {
      if (!controller.signal.aborted) setLoad({ status: 'ready', doc: docOf(list, false, progress) });
    };
    readEditorDoc(routeId, duplicateId, controller.signal, showPartial).then(
      (doc) => {
        heldId.current = doc.saved.id;
        setLoad({ status: 'ready', doc });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [routeId, duplicateId, reloadToken]);

  const reload = useCallback(() => {
    heldId.current = null;
    setReloadToken((token) => token + 1);
  }, []);

  return { load, setLoad, heldId, docRef, reload };
}

/**
 * Before saving a drop-down list with more than one column (spec 02 §4), asks to remove the
 * others. Resolves to the grid to save and whether it was trimmed so, or null when the user
 * declines.
 */
async function confirmDropDownColumns(
  meta: ListMeta,
  data: GridData,
): Promise<{ data: GridData; isTrimmed: boolean } | null> {
  if (meta.type !== 'drop-down' || data.columns.length <= 1) return { data, isTrimmed: false };
  const extra = data.columns.length - 1;
  const isConfirmed = await confirmAction({
    title: 'Keep one column?',
    message: `Drop-down lists have a single column. Saving removes the other ${extra} column${extra === 1 ? '' : 's'} and their values.`,
    confirmLabel: 'Remove and save',
  });
  return isConfirmed ? { data: keepFirstColumns(data, 1), isTrimmed: true } : null;
}

/**
 * Sends a save (spec 02 §4): PUT for a list never saved, else the delta against `before` with its
 * updated_at. Resolves to the server's answer and the grid with the answer's ids written back.
 * Throws the API's AppError (STALE_WRITE on 409).
 */
async function sendListSave(before: EditorList, meta: ListMeta, data: GridData, columnIds: ColumnIdMap) {
  let answer: ListSaved;
  let plan: ReturnType<typeof buildFullSave> | ReturnType<typeof buildDelta>;
  if (before.id === null) {
    const full = buildFullSave(meta, data);
    plan = full;
    answer = await apiFetch(listsApi.save, { body: full.body });
  } else {
    const delta = buildDelta(before, { meta, data }, before.updatedAt ?? '', columnIds);
    plan = delta;
    answer = await apiFetch(listsApi.saveDelta, { params: { id: before.id }, body: delta.body });
  }
  return { answer, applied: applySaved(data, plan.writeBack, answer, columnIds) };
}

/**
 * The doc after a save: the new snapshot, and the form and grid as saved unless they changed
 * while the save ran. Pure.
 */
function docAfterSave(
  doc: ListEditorDoc,
  sent: { before: EditorList; meta: ListMeta; data: GridData },
  answer: ListSaved,
  applied: ReturnType<typeof applySaved>,
): ListEditorDoc {
  const { before, meta, data } = sent;
  const savedMeta = { ...meta, name: meta.name.trim() };
  return {
    saved: {
      id: answer.id,
      updatedAt: answer.updated_at,
      poweredTemplateId: before.poweredTemplateId,
      meta: savedMeta,
      data: applied.data,
    },
    isCopy: false,
    // The form may only differ by the name's outer spaces, which the save trimmed.
    meta: doc.meta === meta ? savedMeta : doc.meta,
    history: doc.history.present === data ? replacePresent(doc.history, applied.data) : doc.history,
    columnIds: applied.columnIds,
    loading: null,
  };
}

/** Shows why a save failed: a 409 offers to reload, others show the server's message (§8). */
function reportSaveFailure(error: unknown, reload: () => void): void {
  if (error instanceof AppError && error.code === 'STALE_WRITE') {
    notifyFailure(new AppError('STALE_WRITE', STALE_LIST_MESSAGE), STALE_LIST_MESSAGE, reload);
  } else {
    notifyFailure(error, 'The list could not be saved. Please try again.');
  }
}

/** What `useListSave` works on. */
interface ListSaveOptions {
  docRef: RefObject<ListEditorDoc | null>;
  heldId: RefObject<number | null>;
  update: (change: (doc: ListEditorDoc) => ListEditorDoc) => void;
  changeGrid: (next: GridData) => void;
  reload: () => void;
}

/**
 * The editor's save (spec 02 §4, §8): nothing before the whole list is in or without a name;
 * asks before a drop-down list's extra columns go; sends the save, takes the answer in, says
 * "List saved" and refreshes the lists' queries. Resolves to the saved id, or null.
 */
function useListSave({ docRef, heldId, update, changeGrid, reload }: ListSaveOptions) {
  const queryClient = useQueryClient();
  const [isSaving, setIsSaving] = useState(false);
  const save = useCallback(async (): Promise<number | null> => {
    const start = docRef.current;
    // Nothing is saved before the whole list is in (it is read-only until then).
    if (!start || start.meta.name.trim() === '' || start.loading !== null) return null;
    const confirmed = await confirmDropDownColumns(start.meta, start.history.present);
    if (confirmed === null) return null;
    const { data } = confirmed;
    if (confirmed.isTrimmed) changeGrid(data);
    const meta = start.meta;
    const { saved: before, columnIds } = start;
    setIsSaving(true);
    try {
      const { answer, applied } = await sendListSave(before, meta, data, columnIds);
      heldId.current = answer.id;
      update((doc) => docAfterSave(doc, { before, meta, data }, answer, applied));
      notifySuccess(LIST_SAVED_MESSAGE);
      void queryClient.invalidateQueries({ queryKey: LISTS_QUERY_KEY });
      return answer.id;
    } catch (error) {
      reportSaveFailure(error, reload);
      return null;
    } finally {
      setIsSaving(false);
    }
  }, [changeGrid, update, queryClient, reload, docRef, heldId]);
  return { save, isSaving };
}

/**
 * The list editor's state and calls (spec 02 §2, §4, §7): loads the list (a saved
 * one with plain fetch, a new one, or a copy for ?duplicate), keeps the snapshot read, the form
 * and the grid's undo history, and saves: the first save of a new list with PUT, later ones with
 * the delta endpoint (always with updated_at), writing the answer's ids back so the next delta
 * uses saved ids. A drop-down list with more than one column asks before its extra columns go
 * (§4). 409 offers to reload; other failures show the server's message (413 included).
 * `routeId` is the :id route parameter ("new" or a number), `duplicateId` the ?duplicate one.
 */
export function useListEditor(routeId: string, duplicateId: string | null): ListEditor {
  const { load, setLoad, heldId, docRef, reload } = useListLoad(routeId, duplicateId);

  const update = useCallback(
    (change: (doc: ListEditorDoc) => ListEditorDoc) => {
      setLoad((current) =>
        current.status === 'ready' ? { status: 'ready', doc: change(current.doc) } : current,
      );
    },
    [setLoad],
  );

  const setMeta = useCallback((meta: ListMeta) => update((doc) => ({ ...doc, meta })), [update]);
  const changeGrid = useCallback(
    (next: GridData) => update((doc) => ({ ...doc, history: pushHistory(doc.history, next) })),
    [update],
  );
  const undo = useCallback(() => update((doc) => ({ ...doc, history: undoHistory(doc.history) })), [update]);
  const redo = useCallback(() => update((doc) => ({ ...doc, history: redoHistory(doc.history) })), [update]);

  const refresh = useCallback(() => {
    const id = docRef.current?.saved.id ?? null;
    if (id === null) return;
    readListStream(id).then(
      (list) => {
        // Only when the same list is still held (the route may have changed meanwhile).
        if (heldId.current !== id) return;
        setLoad({ status: 'ready', doc: docOf(list, false) });
      },
      (error: unknown) => notifyFailure(error, 'The list could not be reloaded. Please try again.'),
    );
  }, [docRef, heldId, setLoad]);

  const { save, isSaving } = useListSave({ docRef, heldId, update, changeGrid, reload });
  const isDirty = load.status === 'ready' && isDocDirty(load.doc);
  return { load, isDirty, isSaving, setMeta, changeGrid, undo, redo, save, reload, refresh };
}
