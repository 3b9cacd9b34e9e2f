import * as Y from 'yjs';
import type { Thread, ThreadComment } from '../collab/collab.contract';
import { DRAFT_ROOM_KEYS } from '../submissions/draft-room.contract';
import type { SubmissionRow } from '../submissions/submission-form';

/** A row of a draft room: its stable id and its cells (template field id → text). */
export interface DraftRow {
  id: string;
  cells: SubmissionRow;
}

/** What a draft room says of its draft (its `meta` map). */
export interface DraftMeta {
  /** Open for editing, or closed by a submit (everyone then sees who submitted it). */
  status: 'open' | 'closed';
  /** The submission's status once closed (Submitted, Pending). */
  submissionStatus: string | null;
  closedByName: string | null;
  closedAt: string | null;
}

/**
 * The shape of a draft room's Y.Doc (ARCHITECTURE.md, Live collaboration), read and written
 * through this class by the collab server (which alone writes: clients join read-only and send
 * commands), the REST server (a REST save merged into the room, the submit reading it) and the
 * browser (which only reads):
 * - `order`: Y.Array of row ids, the rows' order;
 * - `rows`: Y.Map of row id → Y.Map of template field id → text (one Y.Map per row, so two
 *   people writing different cells of a row never conflict; the same cell is last writer wins);
 * - `meta`: open or closed by a submit, with who and when;
 * - `threads`: thread id → Thread as one JSON value (as list rooms; a cell thread names its row
 *   id in `metadata.rowId` and its template field id in `metadata.columnId`).
 * Writers call these methods inside `doc.transact`.
 */
export class DraftDoc {
  constructor(readonly doc: Y.Doc) {}

  /** The rows' order (row ids). */
  get order(): Y.Array<string> {
    return this.doc.getArray(DRAFT_ROOM_KEYS.order);
  }

  /** The rows' cells by row id. */
  get rowMap(): Y.Map<Y.Map<string>> {
    return this.doc.getMap(DRAFT_ROOM_KEYS.rows);
  }

  private get metaMap(): Y.Map<unknown> {
    return this.doc.getMap(DRAFT_ROOM_KEYS.meta);
  }

  private get threadMap(): Y.Map<Thread> {
    return this.doc.getMap(DRAFT_ROOM_KEYS.threads);
  }

  /** Whether the room holds anything yet (a room loaded for the first time is seeded from the draft). */
  isEmpty(): boolean {
    return this.order.length === 0 && this.metaMap.size === 0 && this.rowMap.size === 0;
  }

  /** How many rows the draft has. */
  rowCount(): number {
    return this.order.length;
  }

  /** Whether a row id is in the draft. */
  hasRow(id: string): boolean {
    return this.rowMap.has(id);
  }

  /** One cell's text ('' when empty). */
  cell(rowId: string, field: string): string {
    return this.rowMap.get(rowId)?.get(field) ?? '';
  }

  /** Every row in order, as plain data. */
  rows(): DraftRow[] {
    const out: DraftRow[] = [];
    for (const id of this.order.toArray()) {
      const row = this.rowMap.get(id);
      if (row) out.push({ id, cells: row.toJSON() as SubmissionRow });
    }
    return out;
  }

  /** The room's meta (open unless a submit closed it). */
  meta(): DraftMeta {
    const m = this.metaMap;
    return {
      status: m.get('status') === 'closed' ? 'closed' : 'open',
      submissionStatus: (m.get('submissionStatus') as string | undefined) ?? null,
      closedByName: (m.get('closedByName') as string | undefined) ?? null,
      closedAt: (m.get('closedAt') as string | undefined) ?? null,
    };
  }

  /** Marks the room open (a seeded room) or closed by a submit. */
  setMeta(meta: DraftMeta): void {
    for (const [key, value] of Object.entries(meta)) {
      if (value === null) {
        if (this.metaMap.has(key)) this.metaMap.delete(key);
      } else if (this.metaMap.get(key) !== value) this.metaMap.set(key, value);
    }
  }

  /**
   * Writes cells of existing rows; a cell of a row not in the draft is skipped, an empty value
   * deletes the cell (so clearing a cell does not grow the document). Returns the cells written.
   */
  setCells(cells: readonly { row: string; field: string; value: string }[]): number {
    let written = 0;
    for (const { row, field, value } of cells) {
      const map = this.rowMap.get(row);
      if (!map) continue;
      if ((map.get(field) ?? '') === value) continue;
      if (value === '') map.delete(field);
      else map.set(field, value);
      written++;
    }
    return written;
  }

  /**
   * Inserts rows after the row `after` (null: at the top; a row not in the draft: at the end).
   * Rows whose id is already in the draft are skipped. Returns the ids inserted.
   */
  insertRows(after: string | null, rows: readonly DraftRow[]): string[] {
    const seen = new Set<string>();
    const fresh = rows.filter((r) => {
      if (this.rowMap.has(r.id) || seen.has(r.id)) return false;
      seen.add(r.id);
      return true;
    });
    if (fresh.length === 0) return [];
    for (const row of fresh) {
      const map = new Y.Map<string>();
      for (const [field, value] of Object.entries(row.cells)) if (value) map.set(field, value);
      this.rowMap.set(row.id, map);
    }
    let index = this.order.length;
    if (after === null) index = 0;
    else if (this.rowMap.has(after)) {
      const at = this.order.toArray().indexOf(after);
      if (at >= 0) index = at + 1;
    }
    this.order.insert(
      index,
      fresh.map((r) => r.id),
    );
    return fresh.map((r) => r.id);
  }

  /** Removes rows by id (ids not in the draft are skipped). Returns how many were removed. */
  removeRows(ids: readonly string[]): number {
    const gone = new Set(ids.filter((id) => this.rowMap.has(id)));
    if (gone.size === 0) return 0;
    const order = this.order.toArray();
    // Delete from the end so earlier indexes stay valid; runs of neighbours go in one delete.
    for (let i = order.length - 1; i >= 0; ) {
      if (!gone.has(order[i]!)) {
        i--;
        continue;
      }
      let start = i;
      while (start > 0 && gone.has(order[start - 1]!)) start--;
      this.order.delete(start, i - start + 1);
      i = start - 1;
    }
    for (const id of gone) this.rowMap.delete(id);
    return gone.size;
  }

  /** One thread, or undefined. */
  thread(id: string): Thread | undefined {
    return this.threadMap.get(id);
  }

  /** Every thread. */
  threads(): Thread[] {
    return [...this.threadMap.values()];
  }

  /** Adds a thread with its first comment. */
  addThread(thread: Omit<Thread, 'comments'>, first: ThreadComment): void {
    this.threadMap.set(thread.id, { ...thread, comments: [first] });
  }

  /** Appends a reply to a thread (which must exist). */
  addComment(threadId: string, comment: ThreadComment): void {
    const thread = this.threadMap.get(threadId)!;
    this.threadMap.set(threadId, {
      ...thread,
      comments: [...thread.comments, comment],
      updatedAt: comment.createdAt,
    });
  }

  /** Resolves or reopens a thread (which must exist). */
  resolveThread(threadId: string, resolved: boolean, at: string): void {
    const thread = this.threadMap.get(threadId)!;
    this.threadMap.set(threadId, { ...thread, resolved, updatedAt: at });
  }
}

/** Applies a stored room state or update, in Yjs update format v2 or (older rows) v1. */
export function applyStoredUpdate(doc: Y.Doc, update: Uint8Array, origin?: unknown): void {
  try {
    Y.applyUpdateV2(doc, update, origin);
  } catch {
    Y.applyUpdate(doc, update, origin);
  }
}
