import { type LockState, ROOM_KEYS, type Thread, type ThreadComment } from '@nomen/shared';
import * as Y from 'yjs';

/**
 * The shape of a list room's Y.Doc (ARCHITECTURE.md, Live collaboration): `threads`, a map of
 * thread id → Y.Map (id, createdAt, updatedAt, resolved, metadata, comments: Y.Array of
 * comments); `lock`, a map holding lockedBy, lockedByName and lockedAt while locked (keys are
 * deleted on release so toggling does not grow the document). No cell data lives here.
 */
export class RoomDoc {
  constructor(readonly doc: Y.Doc) {}

  private get threads(): Y.Map<Y.Map<unknown>> {
    return this.doc.getMap(ROOM_KEYS.threads);
  }

  private get lockMap(): Y.Map<unknown> {
    return this.doc.getMap(ROOM_KEYS.lock);
  }

  /** One thread as plain data, or undefined. */
  thread(id: string): Thread | undefined {
    const map = this.threads.get(id);
    return map ? (map.toJSON() as Thread) : undefined;
  }

  /** Every thread as plain data. */
  allThreads(): Thread[] {
    return [...this.threads.values()].map((m) => m.toJSON() as Thread);
  }

  /** How many suggestions await a decision (the lists page's count, spec 02 §2). */
  pendingSuggestions(): number {
    let n = 0;
    for (const map of this.threads.values()) {
      const metadata = map.get('metadata') as Thread['metadata'];
      if (metadata.type === 'suggestion' && metadata.status === 'pending' && !map.get('resolved')) n++;
    }
    return n;
  }

  /** Adds a thread with its first comment. */
  addThread(thread: Omit<Thread, 'comments'>, first: ThreadComment): void {
    const map = new Y.Map<unknown>();
    map.set('id', thread.id);
    map.set('createdAt', thread.createdAt);
    map.set('updatedAt', thread.updatedAt);
    map.set('resolved', thread.resolved);
    map.set('metadata', thread.metadata);
    const comments = new Y.Array<ThreadComment>();
    comments.push([first]);
    map.set('comments', comments);
    this.threads.set(thread.id, map);
  }

  /** Appends a reply to a thread. */
  addComment(threadId: string, comment: ThreadComment): void {
    const map = this.threads.get(threadId)!;
    (map.get('comments') as Y.Array<ThreadComment>).push([comment]);
    map.set('updatedAt', comment.createdAt);
  }

  /** Changes a thread's resolved flag and metadata. */
  updateThread(
    threadId: string,
    changes: { resolved?: boolean; metadata?: Thread['metadata']; updatedAt: string },
  ): void {
    const map = this.threads.get(threadId)!;
    if (changes.resolved !== undefined) map.set('resolved', changes.resolved);
    if (changes.metadata) map.set('metadata', changes.metadata);
    map.set('updatedAt', changes.updatedAt);
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
