import {
  AppError,
  buildPath,
  LIST_STREAM_FIRST_ROWS,
  LIST_STREAM_MEDIA_TYPE,
  type ListStreamHead,
  listsApi,
} from '@nomen/shared';
import { errorFromResponse, NETWORK_ERROR_MESSAGE, UNREADABLE_ERROR_MESSAGE } from '../../../api/errors';
import type { GridColumn, GridData } from '../grid/gridTypes';
import type { EditorList } from './listModel';

/** How far a list read has got: cells placed so far of the cells the columns' row counts allow. */
export interface ListReadProgress {
  readonly loaded: number;
  readonly total: number;
}

/**
 * Builds the editor's list from the lines of a list stream (issue 14 item 5; spec 02 §7 GET
 * lists/{id}/stream): the head makes one value and one id array per column, and each run fills
 * its rows in place. `list()` answers the list so far with fresh grid identities (so the grid
 * repaints) over the same arrays: the arrays are only written while loading, before the editor
 * lets anyone edit (GridColumn's arrays are immutable after). The whole list has, per column,
 * arrays as long as its row count ('' and 0 where it has no cell), the rows by row number.
 */
export class ListStreamAssembler {
  private head: ListStreamHead | null = null;
  private columns: {
    key: string;
    id: number;
    name: string;
    values: string[];
    ids: number[];
    rowCount: number;
  }[] = [];
  private indexOf = new Map<number, number>();
  private rowCount = 0;
  /** Cells placed so far, and the most there can be. */
  loaded = 0;
  total = 0;
  /** Whether a run past the first rows has arrived: every column's first rows are in. */
  hasFirstRows = false;

  /** Takes one parsed line. Throws AppError INTERNAL for a line that is not part of a list stream. */
  take(line: unknown): void {
    if (this.head === null) {
      this.start(line as ListStreamHead);
      return;
    }
    if (!Array.isArray(line) || line.length < 2) throw unreadable();
    const index = this.indexOf.get(line[0] as number);
    const first = line[1] as number;
    if (index === undefined || !Number.isInteger(first) || first < 0) throw unreadable();
    const { values, ids, rowCount } = this.columns[index]!;
    // A run past the column's announced rows is not part of this list.
    if (first + (line.length - 2) / 2 > rowCount) throw unreadable();
    // Runs of a column come in row order: the arrays grow as they arrive (rows not in yet read
    // as empty, as GridColumn allows), padded over gaps.
    for (let k = 2, row = first; k < line.length; k += 2, row++) {
      while (values.length < row) {
        values.push('');
        ids.push(0);
      }
      ids[row] = line[k] as number;
      values[row] = line[k + 1] as string;
    }
    this.loaded += (line.length - 2) / 2;
    if (first >= LIST_STREAM_FIRST_ROWS) this.hasFirstRows = true;
  }

  /** Whether the head has arrived (there is a list to show). */
  get hasHead(): boolean {
    return this.head !== null;
  }

  /**
   * The list as read so far; `isWhole`: the whole list, each column's arrays as long as its row
   * count. Throws AppError INTERNAL before the head.
   */
  list(isWhole = false): EditorList {
    const head = this.head;
    if (head === null) throw unreadable();
    if (isWhole)
      for (const column of this.columns)
        while (column.values.length < column.rowCount) {
          column.values.push('');
          column.ids.push(0);
        }
    const columns: GridColumn[] = this.columns.map(({ rowCount: _, ...c }) => c);
    const data: GridData = { columns, rowCount: this.rowCount };
    return {
      id: head.id,
      updatedAt: head.updated_at,
      poweredTemplateId: head.powered_template_id,
      meta: { name: head.name, notes: head.notes, type: head.type },
      data,
    };
  }

  private start(head: ListStreamHead): void {
    if (typeof head !== 'object' || head === null || !Array.isArray(head.list_columns)) throw unreadable();
    this.head = head;
    const sorted = [...head.list_columns].sort((a, b) => a.precedence - b.precedence);
    this.columns = sorted.map((column, i) => {
      this.indexOf.set(column.id, i);
      this.total += column.row_count;
      if (column.row_count > this.rowCount) this.rowCount = column.row_count;
      return {
        key: `c${column.id}`,
        id: column.id,
        name: column.name,
        values: [],
        ids: [],
        rowCount: column.row_count,
      };
    });
  }
}

function unreadable(): AppError {
  return new AppError('INTERNAL', UNREADABLE_ERROR_MESSAGE);
}

/** Least time between two partial lists handed to `onPartial` once the first rows are in (ms). */
const PARTIAL_INTERVAL_MS = 250;

/**
 * Reads list `id` progressively (issue 14 item 5; GET lists/{id}/stream): parses the stream
 * chunk by chunk as it arrives and hands `onPartial` the list so far with its progress once
 * cells are in: after every chunk until every column's first rows are in (the first screen paints from the first
 * bytes), then at most every PARTIAL_INTERVAL_MS. Resolves with the whole list. Throws AppError:
 * the server's error (404 when the list is gone), or INTERNAL when the server cannot be reached,
 * the stream breaks off or is unreadable; rethrows AbortError when `signal` aborts.
 */
export async function readListStream(
  id: number,
  options: {
    signal?: AbortSignal;
    onPartial?: (list: EditorList, progress: ListReadProgress) => void;
  } = {},
): Promise<EditorList> {
  const { signal, onPartial } = options;
  let response: Response;
  try {
    response = await fetch(buildPath(listsApi.stream.path, { id }), {
      credentials: 'same-origin',
      headers: { Accept: LIST_STREAM_MEDIA_TYPE },
      signal,
    });
  } catch (error) {
    throw aborted(error) ?? new AppError('INTERNAL', NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw errorFromResponse(response.status, body);
  }
  if (!response.body) throw unreadable();
  return readListBody(response.body, onPartial);
}

/**
 * Reads the body of a list stream (`readListStream`) as it arrives: bytes in chunks split
 * anywhere, lines parsed as they complete. Resolves with the whole list; throws AppError INTERNAL
 * when the body breaks off (a read fails, or it ends inside a line or before the head) or is not
 * a list stream; rethrows an AbortError.
 */
export async function readListBody(
  body: ReadableStream<Uint8Array>,
  onPartial?: (list: EditorList, progress: ListReadProgress) => void,
): Promise<EditorList> {
  const assembler = new ListStreamAssembler();
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let carry = '';
  let lastPartial = 0;
  let sliceStart = performance.now();
  try {
    for (;;) {
      // Chunks already received resolve reads at once: give the page its turn (a render, a
      // paint, input) after a partial list or a slice of parsing, so the first rows show while
      // the rest is parsed.
      if (performance.now() - sliceStart >= SLICE_MS) {
        await yieldToPage();
        sliceStart = performance.now();
      }
      const { done, value } = await reader.read();
      if (done) break;
      const text = carry + decoder.decode(value, { stream: true });
      const end = text.lastIndexOf('\n');
      if (end === -1) {
        carry = text;
        continue;
      }
      carry = text.slice(end + 1);
      let start = 0;
      while (start < end) {
        const next = text.indexOf('\n', start);
        assembler.take(JSON.parse(text.slice(start, next)));
        start = next + 1;
      }
      const now = performance.now();
      if (
        onPartial &&
        assembler.loaded > 0 &&
        (!assembler.hasFirstRows || now - lastPartial >= PARTIAL_INTERVAL_MS)
      ) {
        lastPartial = now;
        onPartial(assembler.list(), { loaded: assembler.loaded, total: assembler.total });
        sliceStart = -Infinity;
      }
    }
  } catch (error) {
    throw aborted(error) ?? (error instanceof AppError ? error : unreadable());
  }
  if (carry + decoder.decode() !== '' || !assembler.hasHead) throw unreadable();
  return assembler.list(true);
}

/** Longest stretch of parsing before the page gets a turn (ms). */
const SLICE_MS = 8;

/**
 * Resolves in a new task queued behind what the page has queued (React's render, input), with a
 * paint in between when one is due: a message to itself, which timers' clamping does not slow
 * and which, unlike `scheduler.yield`, does not jump ahead of React's task.
 */
function yieldToPage(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** The error itself when it is an abort, else null. */
function aborted(error: unknown): unknown {
  return error instanceof DOMException && error.name === 'AbortError' ? error : null;
}
