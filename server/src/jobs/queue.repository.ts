import type { Database } from '@nomen/shared/db';
import { CompiledQuery, type Kysely, sql, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

// Owns the SQL run against pg-boss's tables (schema `pgboss`): the app's own statements, and
// pg-boss's when they must join a Kysely transaction (`transactionExecutor`); and the NOTIFY
// channel the workers listen on.

/** A database pg-boss accepts as its `db` option. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** pg-boss statements run inside a Kysely transaction (so a job is sent with the rows that need it). */
export function transactionExecutor(trx: Transaction<Database>): SqlExecutor {
  return {
    async executeSql(text, values) {
      const result = await trx.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as unknown[] };
    },
  };
}

/**
 * The NOTIFY channel a dispatch signals on when it has queued jobs: workers in other processes
 * LISTEN and fetch at once instead of waiting for their next poll (JOB_POLL_SECONDS).
 */
export const RUNS_QUEUED_CHANNEL = 'nomen_integration_runs_queued';

/**
 * Signals {@link RUNS_QUEUED_CHANNEL} in the dispatch's transaction: PostgreSQL delivers it on
 * commit, to the workers of every process, and never for a dispatch that rolled back.
 */
export async function signalJobsQueued(trx: Transaction<Database>): Promise<void> {
  await sql`select pg_notify(${RUNS_QUEUED_CHANNEL}, '')`.execute(trx);
}

/**
 * Moves pg-boss job `jobId`'s deadline to `seconds` from now while it is active (the queue's
 * expiry check is `started_on + expire_in < now()`, and `expire_in` stays the attempt ceiling;
 * README "Jobs", delivery fencing). A job no longer active is left as it is.
 */
export async function extendJobDeadline(db: Db, jobId: string, seconds: number): Promise<void> {
  await sql`update pgboss.job set started_on = now() - expire_in + make_interval(secs => ${seconds})
    where id = ${jobId}::uuid and state = 'active'`.execute(db);
}
