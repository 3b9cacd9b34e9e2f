import type { afterLoadDocumentPayload, Extension } from '@hocuspocus/server';

/**
 * How long a departed client's clock is kept after its removal, in ms: the removal's broadcast
 * (Hocuspocus `flushDelay`, one event-loop turn by default) and its Redis publish (one turn)
 * read the clock when they flush, so it must outlive both.
 */
const KEEP_CLOCK_MS = 1000;

/**
 * Forgets the clocks of departed clients (collab/README.md, Presence). y-protocols keeps an
 * `awareness.meta` entry for every client that ever joined a room, even after its state is removed
 * (its socket closed, it cleared its presence, or it timed out), so connection churn would grow a
 * long-lived room for as long as it stays loaded. A second after a client's removal, and if it has
 * not come back meanwhile, its entry is deleted.
 */
export class DepartedPresenceExtension implements Extension {
  async afterLoadDocument({ document }: afterLoadDocumentPayload): Promise<void> {
    const { awareness } = document;
    const keepMs = KEEP_CLOCK_MS + (typeof document.flushDelay === 'number' ? document.flushDelay : 0);
    /** Client id -> when its state was removed (ms since the epoch). */
    const departed = new Map<number, number>();
    let timer: NodeJS.Timeout | null = null;
    const schedule = () => {
      if (timer !== null) return;
      timer = setTimeout(purge, keepMs);
      timer.unref();
    };
    const purge = () => {
      timer = null;
      if (document.isDestroyed) return;
      const removedBefore = Date.now() - keepMs;
      for (const [clientId, removedAt] of departed) {
        if (awareness.states.has(clientId)) departed.delete(clientId);
        else if (removedAt <= removedBefore) {
          awareness.meta.delete(clientId);
          departed.delete(clientId);
        }
      }
      if (departed.size > 0) schedule();
    };
    awareness.on('update', ({ removed }: { removed: number[] }) => {
      if (removed.length === 0) return;
      const now = Date.now();
      for (const clientId of removed) departed.set(clientId, now);
      schedule();
    });
  }
}
