import { randomUUID } from 'node:crypto';
import type { RoomCommand, Thread } from '@nomen/shared';
import type { CollabRepository } from '../collab.repository';
import { RefusedError, type RoomUser } from './room-context';
import type { RoomDoc } from './room-doc';

/** What a handler needs: the room, who sent the command, the database and the lock timeout. */
export interface HandlerContext {
  room: RoomDoc;
  user: RoomUser;
  repository: CollabRepository;
  lockTimeoutMs: number;
  /** Runs a change of the Y.Doc as one server transaction (broadcast to every client). */
  change(fn: () => void): void;
  /** Sends a stateless message to every connection of the room, on every instance. */
  broadcast(message: object): void;
}

/** A handler's answer: an optional thread id for the ack, and whether threads changed. */
export interface HandlerResult {
  threadId?: string;
  threadsChanged?: boolean;
}

function now(): string {
  return new Date().toISOString();
}

function requireApprover(user: RoomUser, action: string): void {
  if (!user.isApprover) throw new RefusedError(`Only approvers can ${action}`);
}

function requireThread(ctx: HandlerContext, threadId: string): Thread {
  const thread = ctx.room.thread(threadId);
  if (!thread) throw new RefusedError('No such thread in this list');
  return thread;
}

/** Someone else's unexpired lock refuses approver actions (spec 02 §4: review mode). */
function requireNoForeignLock(ctx: HandlerContext): void {
  const lock = ctx.room.lock();
  if (lock.isLocked && lock.lockedBy !== ctx.user.id) {
    throw new RefusedError(`${lock.lockedByName ?? 'Someone'} is reviewing this list`);
  }
}

/** The command of one type. */
type CommandOf<T extends RoomCommand['type']> = Extract<RoomCommand, { type: T }>;

/**
 * comment.add and suggestion.add (spec 02 §3): a new thread, general or on a cell, by the sender,
 * with its first comment (a suggestion without a reason says what it suggests).
 */
function addThread(ctx: HandlerContext, command: CommandOf<'comment.add' | 'suggestion.add'>): HandlerResult {
  const { user } = ctx;
  const at = now();
  const id = randomUUID();
  const isSuggestion = command.type === 'suggestion.add';
  const cell = command.cell;
  const body = command.body || (isSuggestion ? `Suggested “${command.value}”` : '');
  ctx.change(() =>
    ctx.room.addThread(
      {
        id,
        createdAt: at,
        updatedAt: at,
        resolved: false,
        metadata: {
          type: isSuggestion ? 'suggestion' : cell ? 'cell' : 'general',
          listValueId: cell?.listValueId ?? null,
          columnId: cell?.columnId ?? null,
          rowNumber: cell?.rowNumber ?? null,
          status: isSuggestion ? 'pending' : null,
          userId: user.id,
          userName: user.name,
          prevValue: isSuggestion ? command.prevValue : null,
          currentValue: isSuggestion ? command.value : null,
          moderatedById: null,
          moderatedByName: null,
          moderatedAt: null,
        },
      },
      { id: randomUUID(), userId: user.id, userName: user.name, createdAt: at, body },
    ),
  );
  return { threadId: id, threadsChanged: isSuggestion };
}

/** comment.reply (spec 02 §3): a comment by the sender at the end of an existing thread. */
function addReply(ctx: HandlerContext, command: CommandOf<'comment.reply'>): HandlerResult {
  const { user } = ctx;
  requireThread(ctx, command.threadId);
  const at = now();
  ctx.change(() =>
    ctx.room.addComment(command.threadId, {
      id: randomUUID(),
      userId: user.id,
      userName: user.name,
      createdAt: at,
      body: command.body,
    }),
  );
  return { threadId: command.threadId };
}

/**
 * thread.resolve (spec 02 §3, §4): refused on a pending suggestion; on a decided suggestion,
 * `resolved: false` reopens it for review (approvers, no one else's lock); other threads are
 * resolved or reopened by their author or an approver.
 */
function resolveThread(ctx: HandlerContext, command: CommandOf<'thread.resolve'>): HandlerResult {
  const { user } = ctx;
  const thread = requireThread(ctx, command.threadId);
  const isSuggestion = thread.metadata.type === 'suggestion';
  if (isSuggestion && thread.metadata.status === 'pending') {
    // Spec 02 §4: resolving would skip review; a pending suggestion ends only by approval,
    // rejection or its author withdrawing it.
    throw new RefusedError(
      'A pending suggestion cannot be resolved: approve or reject it, or its author can withdraw it',
    );
  }
  if (isSuggestion && !command.resolved) {
    // Reopening a moderated suggestion puts it back to review: approvers only.
    requireApprover(user, 'reopen a decided suggestion');
    requireNoForeignLock(ctx);
    ctx.change(() =>
      ctx.room.updateThread(command.threadId, {
        resolved: false,
        updatedAt: now(),
        metadata: {
          ...thread.metadata,
          status: 'pending',
          moderatedById: null,
          moderatedByName: null,
          moderatedAt: null,
        },
      }),
    );
    return { threadId: command.threadId, threadsChanged: true };
  }
  if (thread.metadata.userId !== user.id && !user.isApprover) {
    throw new RefusedError('Only the author or an approver can resolve this thread');
  }
  ctx.change(() => ctx.room.updateThread(command.threadId, { resolved: command.resolved, updatedAt: now() }));
  return { threadId: command.threadId, threadsChanged: true };
}

/**
 * thread.moderate (spec 02 §4): approvers, without someone else's lock, approve or reject pending
 * suggestions, all or none; each is resolved with its decision, values and moderator.
 */
function moderateThreads(ctx: HandlerContext, command: CommandOf<'thread.moderate'>): HandlerResult {
  const { user } = ctx;
  requireApprover(user, 'approve or reject suggestions');
  requireNoForeignLock(ctx);
  const threads = command.decisions.map((d) => requireThread(ctx, d.threadId));
  const notPending = threads.find((t) => t.metadata.type !== 'suggestion' || t.metadata.status !== 'pending');
  if (notPending) throw new RefusedError('Only pending suggestions can be approved or rejected');
  const at = now();
  ctx.change(() => {
    command.decisions.forEach((decision, i) => {
      const thread = threads[i]!;
      ctx.room.updateThread(decision.threadId, {
        resolved: true,
        updatedAt: at,
        metadata: {
          ...thread.metadata,
          status: decision.status,
          prevValue: decision.prevValue ?? thread.metadata.prevValue,
          currentValue: decision.currentValue ?? thread.metadata.currentValue,
          moderatedById: user.id,
          moderatedByName: user.name,
          moderatedAt: at,
        },
      });
    });
  });
  return { threadsChanged: true };
}

/**
 * thread.withdraw (spec 02 §4): the author of a pending suggestion withdraws it (removes the
 * thread, so the pending count drops); anyone else, or a decided suggestion, is refused.
 */
function withdrawSuggestion(ctx: HandlerContext, command: CommandOf<'thread.withdraw'>): HandlerResult {
  const thread = requireThread(ctx, command.threadId);
  if (thread.metadata.userId !== ctx.user.id) throw new RefusedError('Only the author can withdraw this');
  if (thread.metadata.type !== 'suggestion' || thread.metadata.status !== 'pending') {
    throw new RefusedError('Only a pending suggestion can be withdrawn');
  }
  ctx.change(() => ctx.room.removeThread(command.threadId));
  return { threadId: command.threadId, threadsChanged: true };
}

/**
 * lock.take (spec 02 §4): an approver takes or renews the review lock in PostgreSQL, then in the
 * room; refused while someone else holds it.
 */
async function takeLock(ctx: HandlerContext): Promise<HandlerResult> {
  const { user } = ctx;
  requireApprover(user, 'lock the list');
  const holder = await ctx.repository.takeLock(user.accountId, user.listId, user, ctx.lockTimeoutMs);
  if (holder.lockedBy !== user.id) throw new RefusedError(`${holder.lockedByName} is reviewing this list`);
  ctx.change(() =>
    ctx.room.setLock({
      lockedBy: user.id,
      lockedByName: user.name,
      lockedAt: holder.lockedAt.toISOString(),
    }),
  );
  return {};
}

/**
 * list.saved (spec 02 §4): an approver announces a save; everyone refetches the list and the
 * sender's lock is released.
 */
async function announceSave(ctx: HandlerContext): Promise<HandlerResult> {
  const { user } = ctx;
  requireApprover(user, 'save the list');
  requireNoForeignLock(ctx);
  ctx.broadcast({ type: 'refetch', by: user.name });
  await releaseLockOf(ctx, user.id);
  return {};
}

/**
 * Applies one validated command to the room (spec 02 §3, §4, §6): comments and suggestions by
 * anyone in the room; replies; resolving by the author or an approver; moderation, locking and
 * the after-save refetch by approvers only. Authorship and times come from the server. Throws
 * RefusedError with the reason when the sender may not do it.
 *
 * Suggestions (spec 02 §4): a pending suggestion ends only by approval or rejection
 * (`thread.moderate`, approvers) or by its author withdrawing it (`thread.withdraw`, which
 * removes the thread); `thread.resolve` on a pending suggestion is refused for everyone.
 * `thread.resolve {resolved: false}` on an approved or rejected suggestion reopens it for
 * review: it becomes pending again with its moderation fields cleared, so Approve and Reject
 * apply again and the pending count rises. Only approvers may reopen (reopening undoes an
 * approver's decision), and not while someone else holds the lock. Resolving or reopening
 * other threads stays with their author or an approver. The caller has already checked the
 * sender's access, the list and any named cell (CommandsExtension).
 */
export async function handleCommand(ctx: HandlerContext, command: RoomCommand): Promise<HandlerResult> {
  switch (command.type) {
    case 'comment.add':
    case 'suggestion.add':
      return addThread(ctx, command);
    case 'comment.reply':
      return addReply(ctx, command);
    case 'thread.resolve':
      return resolveThread(ctx, command);
    case 'thread.moderate':
      return moderateThreads(ctx, command);
    case 'thread.withdraw':
      return withdrawSuggestion(ctx, command);
    case 'lock.take':
      return takeLock(ctx);
    case 'lock.release':
      await releaseLockOf(ctx, ctx.user.id);
      return {};
    case 'list.saved':
      return announceSave(ctx);
  }
}

/**
 * Releases the lock when `userId` holds it (null: whoever holds it), in PostgreSQL and in the
 * room. Used by lock.release, after a save, on disconnect, when presence goes, and on timeout.
 */
export async function releaseLockOf(
  ctx: Pick<HandlerContext, 'room' | 'repository' | 'change' | 'user'>,
  userId: number | null,
): Promise<void> {
  const lock = ctx.room.lock();
  if (!lock.isLocked || (userId !== null && lock.lockedBy !== userId)) return;
  await ctx.repository.releaseLock(ctx.user.listId, lock.lockedBy);
  ctx.change(() => ctx.room.clearLock());
}
