import type { ListDetail } from '@nomen/shared';
import { errorMessage } from '../../../api/errors';

/** How far the export's fetching has come (spec 02 §2 export: progress while fetching). */
export interface ExportProgress {
  /** Lists fetched so far. */
  done: number;
  total: number;
  /** Name of the list being fetched, or null when all are in. */
  current: string | null;
}

/** A list fetch of the export failed; names the list (spec 02 §2 export: a clear error). */
export class ListExportError extends Error {
  readonly listName: string;

  constructor(listName: string, cause: unknown) {
    super(
      `Could not fetch “${listName}”: ${errorMessage(cause, 'Something went wrong. Please try again.')}`,
      {
        cause,
      },
    );
    this.name = 'ListExportError';
    this.listName = listName;
  }
}

/**
 * Fetches the lists one after another in the given (dragged) order for the multi-list CSV
 * (spec 02 §2 export), calling `onProgress` before each fetch and once at the end. One at a time
 * because a list can be ~90 MB of JSON. Answers the lists in the given order. Throws
 * ListExportError naming the first list that failed; rethrows AbortError when `signal` aborts.
 */
export async function fetchListsInOrder(
  lists: readonly { id: number; name: string }[],
  fetchList: (id: number, signal?: AbortSignal) => Promise<ListDetail>,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<ListDetail[]> {
  const fetched: ListDetail[] = [];
  for (const list of lists) {
    signal?.throwIfAborted();
    onProgress({ done: fetched.length, total: lists.length, current: list.name });
    try {
      fetched.push(await fetchList(list.id, signal));
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ListExportError(list.name, error);
    }
  }
  onProgress({ done: fetched.length, total: lists.length, current: null });
  return fetched;
}
