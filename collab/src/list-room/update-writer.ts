import * as Y from 'yjs';

/** One command's update waiting to be stored, and whether it changed threads (the pending count). */
interface Queued {
  update: Uint8Array;
  threadsChanged: boolean;
  done(stored: boolean): void;
  failed(error: unknown): void;
}

/**
 * Stores the acknowledged updates of one room in the order they were applied (issue 8 item 10),
 * with group commit: while one write is in flight, the commands that follow queue, and the next
 * write stores all of them as one merged Yjs update (v2) in one statement. So the projection's
 * pending count is always written by the latest write, counted from the room as it is then,
 * and a burst of commands costs one commit, not one each. `write` stores an update with the
 * pending count (null: unchanged) and answers false when the list no longer exists.
 */
export class UpdateWriter {
  private readonly queue: Queued[] = [];
  private writing = false;

  constructor(
    private readonly write: (update: Uint8Array, pendingSuggestions: number | null) => Promise<boolean>,
    private readonly pendingSuggestions: () => number,
  ) {}

  /** Resolves once `update` is stored (true) or refused because the list is gone (false); rejects on a database error. */
  append(update: Uint8Array, threadsChanged: boolean): Promise<boolean> {
    return new Promise((done, failed) => {
      this.queue.push({ update, threadsChanged, done, failed });
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.writing) return;
    this.writing = true;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0);
      const update = batch.length === 1 ? batch[0]!.update : Y.mergeUpdatesV2(batch.map((q) => q.update));
      const pending = batch.some((q) => q.threadsChanged) ? this.pendingSuggestions() : null;
      try {
        const stored = await this.write(update, pending);
        for (const q of batch) q.done(stored);
      } catch (error) {
        for (const q of batch) q.failed(error);
      }
    }
    this.writing = false;
  }
}
