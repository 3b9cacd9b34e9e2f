import { randomUUID } from 'node:crypto';
import { AppError, DRAFT_MAX_ROWS, draftRoomName, type SubmissionRow } from '@nomen/shared';
import type { Database } from '@nomen/shared/db';
import { applyStoredUpdate, DraftDoc, type DraftMeta, type DraftRow } from '@nomen/shared/draft-room';
import type { Kysely, Transaction } from 'kysely';
import * as Y from 'yjs';
import * as repo from './draft-room.repository';

/**
 * The REST server's side of a shared draft's room (ARCHITECTURE.md "Shared drafts"; this
 * folder's README "Shared drafts"): it seeds the room when a draft is first shared, reads the
 * room's rows (while shared the room is the truth for them), merges a REST save into it, closes it
 * on submit and writes its rows back when the draft is shared with nobody again. Every write of an
 * open room is one Yjs update (v2) appended to `collab_updates` with the Draft check and followed
 * by a NOTIFY `{"room": name}`, so a collab server holding the room applies it live.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** Which room: its name, its submission and account (the append's Draft check). */
export interface DraftRoomRef {
  name: string;
  submissionId: number;
  accountId: number;
}

/** The room of a draft of the account `accountUuid`/`accountId`. */
export function roomOf(
  account: { accountId: number; accountUuid: string },
  submissionId: number,
): DraftRoomRef {
  return {
    name: draftRoomName(account.accountUuid, submissionId),
    submissionId,
    accountId: account.accountId,
  };
}

/** The room's Y.Doc as stored: its state and every update appended since. */
export async function loadRoomDoc(db: Db, name: string): Promise<DraftDoc> {
  const stored = await repo.loadRoom(db, name);
  const doc = new Y.Doc();
  if (stored.state) applyStoredUpdate(doc, stored.state);
  for (const update of stored.updates) applyStoredUpdate(doc, update);
  return new DraftDoc(doc);
}

/** The room's rows in order (row id and cells), as stored now. */
export async function roomRows(db: Db, name: string): Promise<DraftRow[]> {
  return (await loadRoomDoc(db, name)).rows();
}

/**
 * Seeds a draft's room from its stored rows (in order, fresh row ids, empty cells left out) with
 * its meta open, written as the room's whole state. Call in the sharing transaction.
 */
export async function seedRoom(
  trx: Db,
  name: string,
  rows: readonly Record<string, string>[],
): Promise<void> {
  const draft = new DraftDoc(new Y.Doc());
  draft.doc.transact(() => {
    draft.insertRows(
      null,
      rows.map((cells) => ({ id: randomUUID(), cells: cells as SubmissionRow })),
    );
    draft.setMeta({ status: 'open', submissionStatus: null, closedByName: null, closedAt: null });
  });
  await repo.lockRoom(trx, name);
  await repo.writeRoomState(trx, name, Y.encodeStateAsUpdateV2(draft.doc));
}

/**
 * Reads a room's rows and deletes its stored state (a draft shared with nobody again); answers
 * the rows for the draft's submission_rows. Call in the sharing transaction.
 */
export async function closeRoomForWriteBack(trx: Db, name: string): Promise<DraftRow[]> {
  await repo.lockRoom(trx, name);
  const rows = await roomRows(trx, name);
  await repo.deleteRoom(trx, name);
  return rows;
}

/**
 * Applies `change` to the stored room and appends what it changed as one update, then notifies
 * the room. 409 when the draft is no longer a Draft (the append's check). Answers the changed
 * document (nothing is appended when the change wrote nothing).
 */
async function changeRoom(trx: Db, room: DraftRoomRef, change: (draft: DraftDoc) => void): Promise<DraftDoc> {
  const draft = await loadRoomDoc(trx, room.name);
  const updates: Uint8Array[] = [];
  const collect = (update: Uint8Array) => updates.push(update);
  draft.doc.on('updateV2', collect);
  try {
    draft.doc.transact(() => change(draft));
  } finally {
    draft.doc.off('updateV2', collect);
  }
  if (updates.length === 0) return draft;
  const update = updates.length === 1 ? updates[0]! : Y.mergeUpdatesV2(updates);
  if (!(await repo.appendRoomUpdate(trx, room, update)))
    throw new AppError('CONFLICT', 'This draft is no longer a draft');
  await repo.notifyRoom(trx, room.name);
  return draft;
}

/**
 * Merges a REST save into a shared draft's room (README "Shared drafts"): the save's rows are
 * matched to the room's rows by position in the room's order now; for a matched row each cell
 * the save gives (a key given empty or null clears it) whose value differs from the room's is
 * written; rows beyond the room's count are added at the end with fresh ids; room rows beyond the
 * save's are kept. A REST save never removes others' rows. Answers the room's row count after.
 * 400 naming `body.rows` when the room would pass DRAFT_MAX_ROWS.
 */
export async function mergeSaveIntoRoom(
  trx: Db,
  room: DraftRoomRef,
  rows: readonly Record<string, string | null>[],
): Promise<number> {
  const draft = await changeRoom(trx, room, (d) => {
    const order = d.order.toArray();
    if (rows.length > DRAFT_MAX_ROWS)
      throw AppError.badField('body.rows', `A draft holds at most ${DRAFT_MAX_ROWS} rows`);
    const cells = rows
      .slice(0, order.length)
      .flatMap((row, i) =>
        Object.entries(row).map(([field, value]) => ({ row: order[i]!, field, value: value ?? '' })),
      );
    d.setCells(cells);
    const added = rows.slice(order.length).map((row) => ({ id: randomUUID(), cells: cleanCells(row) }));
    if (added.length > 0) d.insertRows(order.at(-1) ?? null, added);
  });
  return draft.rowCount();
}

function cleanCells(row: Readonly<Record<string, string | null>>): SubmissionRow {
  const out: SubmissionRow = {};
  for (const [key, value] of Object.entries(row)) if (value) out[key] = value;
  return out;
}

/**
 * Closes a shared draft's room on submit (its meta: closed, by whom, when, the new status),
 * appended and notified in the submit's transaction, before the status changes (the append's
 * Draft check still passes; the submit holds the submission's row).
 */
export async function closeRoomOnSubmit(
  trx: Db,
  room: DraftRoomRef,
  meta: Omit<DraftMeta, 'status'>,
): Promise<void> {
  await changeRoom(trx, room, (d) => d.setMeta({ status: 'closed', ...meta }));
}
