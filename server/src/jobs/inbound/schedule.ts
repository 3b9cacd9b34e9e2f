import { PULLABLE_INBOUND_SLUGS } from '@nomen/shared';
import type { Database } from '@nomen/shared/db';
import type { Kysely } from 'kysely';
import * as repo from './inbound.repository';

/**
 * The 8-hour schedule of inbound pulls (issue 12 item 5; spec 03 §5 "Sync schedule: only 'every
 * 8 hours' is offered", §9 "Sync: 8 hours"): every process that dispatches jobs looks once a
 * minute for inbound assignments whose last pull (or, before any, their creation) is 8 hours old
 * and queues a pull of each. The unique index on open inbound runs makes the queueing safe when
 * several processes sweep at once. An assignment whose syncFrequency is manual-only is pulled only
 * on demand ("Sync now").
 */

/** Time between two scheduled pulls of one assignment, in ms (spec 03 §9). */
export const INBOUND_SYNC_EVERY_MS = 8 * 3600_000;
/** How often a process looks for assignments that are due, in ms. */
export const INBOUND_SWEEP_MS = 60_000;
/** Pulls queued by one sweep at most (the rest on the next). */
const SWEEP_BATCH = 200;

/** Queues a pull of every due inbound assignment; answers how many were queued. */
export async function queueDuePulls(db: Kysely<Database>, now = new Date()): Promise<number> {
  const due = await repo.dueAssignments(db, PULLABLE_INBOUND_SLUGS, now, INBOUND_SYNC_EVERY_MS, SWEEP_BATCH);
  let queued = 0;
  for (const a of due) {
    const made = await repo.queueInboundRun(db, {
      accountId: a.account_id,
      assignmentId: a.id,
      requestedBy: null,
    });
    if (made?.isNew) queued++;
  }
  return queued;
}

/**
 * Starts the sweep: now and every INBOUND_SWEEP_MS, queues the due pulls and calls `dispatch` when
 * it queued any. Answers a function that stops it. A failed sweep is logged and tried again next time.
 */
export function startInboundSchedule(db: Kysely<Database>, dispatch: () => void): () => void {
  let isRunning = false;
  const sweep = () => {
    if (isRunning) return;
    isRunning = true;
    queueDuePulls(db)
      .then((queued) => {
        if (queued > 0) dispatch();
      })
      .catch((error: unknown) => console.error(`[jobs] inbound schedule failed: ${(error as Error).message}`))
      .finally(() => {
        isRunning = false;
      });
  };
  sweep();
  const timer = setInterval(sweep, INBOUND_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
