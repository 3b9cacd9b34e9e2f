import { randomUUID } from 'node:crypto';
import { DRAFT_MAX_ROWS, type DraftCell, type DraftCommand, type Thread } from '@nomen/shared';
import type { DraftDoc } from '@nomen/shared/draft-room';
import { RefusedError } from '../list-room/room-context';
import type { DraftUser } from './draft-context';
import type { LastWriters } from './last-writers';

/** What a draft handler needs: the room's DraftDoc, the sender, and the room's last writers. */
export interface DraftHandlerContext {
  draft: DraftDoc;
  user: DraftUser;
  writers: LastWriters;
  /** Runs a change of the Y.Doc as the command's one transaction. */
  change(fn: () => void): void;
  /** Takes-back steps for the last writers, run in reverse if the command is not stored. */
  journal: (() => void)[];
}

/**
 * A draft handler's answer: the new thread's id (comment.add) and the cells each other person
 * wrote last that this command replaced (by their user id), to tell them once stored.
 */
export interface DraftHandlerResult {
  threadId?: string;
  overwritten?: Map<number, DraftCell[]>;
}

/** The command of one type. */
type CommandOf<T extends DraftCommand['type']> = Extract<DraftCommand, { type: T }>;

/**
 * cells.set: writes cells of rows in the draft (a row removed meanwhile is skipped); an unchanged
 * value writes nothing. The sender becomes each written cell's last writer; a cell another
 * person wrote last is reported as overwritten to them.
 */
function setCells(ctx: DraftHandlerContext, command: CommandOf<'cells.set'>): DraftHandlerResult {
  const { draft, user, writers } = ctx;
  const overwritten = new Map<number, DraftCell[]>();
  ctx.change(() => {
    for (const { row, field, value } of command.cells) {
      if (draft.setCells([{ row, field, value }]) === 0) continue;
      const previous = writers.of({ row, field });
      if (previous && previous.id !== user.id) {
        const cells = overwritten.get(previous.id) ?? [];
        if (!cells.some((c) => c.row === row && c.field === field)) cells.push({ row, field });
        overwritten.set(previous.id, cells);
      }
      writers.set({ row, field }, user, ctx.journal);
    }
  });
  return { overwritten };
}

/**
 * rows.insert: adds rows with their client-made ids after `after`. Refused when an id is given
 * twice or is already in the draft, or when the draft would hold more than DRAFT_MAX_ROWS rows.
 * The sender becomes the last writer of the cells they filled.
 */
function insertRows(ctx: DraftHandlerContext, command: CommandOf<'rows.insert'>): DraftHandlerResult {
  const { draft, user } = ctx;
  const seen = new Set<string>();
  for (const row of command.rows) {
    if (seen.has(row.id)) throw new RefusedError(`Row id ${row.id} is given twice`);
    if (draft.hasRow(row.id)) throw new RefusedError(`Row id ${row.id} is already in this draft`);
    seen.add(row.id);
  }
  if (draft.rowCount() + command.rows.length > DRAFT_MAX_ROWS) {
    throw new RefusedError(`A draft holds at most ${DRAFT_MAX_ROWS.toLocaleString('en-US')} rows`);
  }
  ctx.change(() => {
    draft.insertRows(
      command.after,
      command.rows.map((r) => ({ id: r.id, cells: r.cells })),
    );
    for (const row of command.rows) {
      for (const [field, value] of Object.entries(row.cells)) {
        if (value) ctx.writers.set({ row: row.id, field }, user, ctx.journal);
      }
    }
  });
  return {};
}

/** rows.remove: removes the rows still in the draft (two people removing one row remove it once). */
function removeRows(ctx: DraftHandlerContext, command: CommandOf<'rows.remove'>): DraftHandlerResult {
  ctx.change(() => {
    ctx.draft.removeRows(command.rows);
    for (const id of command.rows) ctx.writers.forgetRow(id, ctx.journal);
  });
  return {};
}

/**
 * comment.add: a new thread by the sender, on a cell of a row in the draft (its row id in
 * `metadata.rowId`, its template field id in `metadata.columnId`) or general, as list rooms
 * build them.
 */
function addThread(ctx: DraftHandlerContext, command: CommandOf<'comment.add'>): DraftHandlerResult {
  const { user, draft } = ctx;
  const cell = command.cell;
  const columnId = cell ? Number(cell.field) : null;
  if (cell && (!draft.hasRow(cell.row) || !Number.isSafeInteger(columnId))) {
    throw new RefusedError('That cell is not in this draft');
  }
  const at = new Date().toISOString();
  const id = randomUUID();
  const thread: Omit<Thread, 'comments'> = {
    id,
    createdAt: at,
    updatedAt: at,
    resolved: false,
    metadata: {
      type: cell ? 'cell' : 'general',
      listValueId: null,
      columnId,
      rowNumber: null,
      rowId: cell?.row ?? null,
      status: null,
      userId: user.id,
      userName: user.name,
      prevValue: null,
      currentValue: null,
      moderatedById: null,
      moderatedByName: null,
      moderatedAt: null,
    },
  };
  const first = { id: randomUUID(), userId: user.id, userName: user.name, createdAt: at, body: command.body };
  ctx.change(() => draft.addThread(thread, first));
  return { threadId: id };
}

/** The thread a command names, or RefusedError. */
function requireThread(ctx: DraftHandlerContext, threadId: string): Thread {
  const thread = ctx.draft.thread(threadId);
  if (!thread) throw new RefusedError('No such thread in this draft');
  return thread;
}

/** comment.reply: a comment by the sender at the end of an existing thread. */
function addReply(ctx: DraftHandlerContext, command: CommandOf<'comment.reply'>): DraftHandlerResult {
  const { user } = ctx;
  requireThread(ctx, command.threadId);
  const at = new Date().toISOString();
  ctx.change(() =>
    ctx.draft.addComment(command.threadId, {
      id: randomUUID(),
      userId: user.id,
      userName: user.name,
      createdAt: at,
      body: command.body,
    }),
  );
  return { threadId: command.threadId };
}

/** thread.resolve: resolves or reopens a thread; anyone in the draft may. */
function resolveThread(ctx: DraftHandlerContext, command: CommandOf<'thread.resolve'>): DraftHandlerResult {
  const thread = requireThread(ctx, command.threadId);
  if (thread.resolved === command.resolved) return { threadId: command.threadId };
  const at = new Date().toISOString();
  ctx.change(() => ctx.draft.resolveThread(command.threadId, command.resolved, at));
  return { threadId: command.threadId };
}

/**
 * Applies one validated draft command to the room (shared `draftCommandSchema`; ARCHITECTURE.md,
 * Live collaboration): cell writes, row inserts and removals, and cell or general comments with
 * replies, resolving and reopening, each as one transaction of the room's Y.Doc. Authorship and
 * times come from the server. Throws RefusedError with the reason (nothing applied). The caller
 * has already checked that the sender is still in the draft and that it is still a Draft
 * (DraftCommandsExtension), and stores the update before the ack.
 */
export function handleDraftCommand(ctx: DraftHandlerContext, command: DraftCommand): DraftHandlerResult {
  switch (command.type) {
    case 'cells.set':
      return setCells(ctx, command);
    case 'rows.insert':
      return insertRows(ctx, command);
    case 'rows.remove':
      return removeRows(ctx, command);
    case 'comment.add':
      return addThread(ctx, command);
    case 'comment.reply':
      return addReply(ctx, command);
    case 'thread.resolve':
      return resolveThread(ctx, command);
  }
}
