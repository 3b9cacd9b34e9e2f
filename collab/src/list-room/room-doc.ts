import { type LockState, ROOM_KEYS, type Thread, type ThreadComment } from '@nomen/shared';
import type * as Y from 'yjs';

/**
 * The shape of a list room's Y.Doc (ARCHITECTURE.md, Live collaboration): `threads`, a map of
 * thread id → the thread as one plain JSON value (replaced whole when it changes, so a room of
 * 5,000 threads encodes and syncs as 5,000 small values rather than nested shared types); `lock`,
 * a map holding lockedBy, lockedByName and lockedAt while locked (keys are deleted on release so
 * toggling does not grow the document). No cell data lives here.
 */
export class RoomDoc {
  constructor(readonly doc: Y.Doc) {}

  private get threads(): Y.Map<Thread> {
    return this.doc.getMap(ROOM_KEYS.threads);
  }

  private get lockMap(): Y.Map<unknown> {
    return this.doc.getMap(ROOM_KEYS.lock);
  }

  /** One thread, or undefined. */
  thread(id: string): Thread | undefined {
    return this.threads.get(id);
  }

  /** Every thread. */
  allThreads(): Thread[] {
    return [...this.threads.values()];
  }

  /** How many suggestions await a decision (the lists page's count, spec 02 §2). */
  pendingSuggestions(): number {
    let n = 0;
    for (const t of this.threads.values()) {
      if (t.metadata.type === 'suggestion' && t.metadata.status === 'pending' && !t.resolved) n++;
    }
    return n;
  }

  /** Adds a thread with its first comment. */
  addThread(thread: Omit<Thread, 'comments'>, first: ThreadComment): void {
    this.threads.set(thread.id, { ...thread, comments: [first] });
  }

  /** Appends a reply to a thread. */
  addComment(threadId: string, comment: ThreadComment): void {
    const thread = this.threads.get(threadId)!;
    this.threads.set(threadId, {
      ...thread,
      comments: [...thread.comments, comment],
      updatedAt: comment.createdAt,
    });
  }

  /** Changes a thread's resolved flag and metadata. */
  updateThread(
    threadId: string,
    changes: { resolved?: boolean; metadata?: Thread['metadata']; updatedAt: string },
  ): void {
    const thread = this.threads.get(threadId)!;
    this.threads.set(threadId, {
      ...thread,
      resolved: changes.resolved ?? thread.resolved,
      metadata: changes.metadata ?? thread.metadata,
      updatedAt: changes.updatedAt,
    });
  }

  /** Removes a thread (a withdrawn suggestion, spec 02 §4; issue 8 item 16). */
  removeThread(threadId: string): void {
    this.threads.delete(threadId);
  }

  /** The lock as plain data. */
  lock(): LockState {
    const lockedBy = (this.lockMap.get('lockedBy') as number | undefined) ?? null;
    return {
      isLocked: lockedBy !== null,
      lockedBy,
      lockedByName: (this.lockMap.get('lockedByName') as string | undefined) ?? null,
      lockedAt: (this.lockMap.get('lockedAt') as string | undefined) ?? null,
    };
  }

  /** Shows the lock as held; keys are only written when the holder changes. */
  setLock(holder: { lockedBy: number; lockedByName: string; lockedAt: string }): void {
    const current = this.lock();
    if (current.lockedBy === holder.lockedBy && current.lockedAt === holder.lockedAt) return;
    this.lockMap.set('lockedBy', holder.lockedBy);
    this.lockMap.set('lockedByName', holder.lockedByName);
    this.lockMap.set('lockedAt', holder.lockedAt);
  }

  /** Shows the list as unlocked by deleting the lock keys. */
  clearLock(): void {
    for (const key of ['lockedBy', 'lockedByName', 'lockedAt'])
      if (this.lockMap.has(key)) this.lockMap.delete(key);
  }
}
