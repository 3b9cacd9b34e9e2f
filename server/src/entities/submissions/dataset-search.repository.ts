import type { Database } from '@nomen/shared/db';
import { type Kysely, sql, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

// Owns dataset_search_values and dataset_search_backlog (migration 0019): the search report's
// trigram index over the distinct values of datasets, filled after each commit by the
// `dataset-search` job (server/src/jobs/dataset-search.ts) instead of inside the commit.

/**
 * Marks where the ids of the values a commit is about to add to `dataset_values` start: takes
 * one id from the table's sequence (so every id taken after it is larger). Call with the dataset
 * locked, right before adding the values; pass the answer to {@link queueSearchValues}.
 */
export async function markNewValues(db: Db): Promise<number> {
  const { rows } = await sql<{ id: string }>`
    select nextval(pg_get_serial_sequence('dataset_values', 'id')) as id`.execute(db);
  return Number(rows[0]!.id);
}

/**
 * Records, in the commit's transaction, that the values it added to `dataset_values` since
 * `mark` ({@link markNewValues}; the ids this session took from the sequence since then) are to
 * be made searchable: one backlog row for the `dataset-search` job (the outbox). Nothing is
 * queued when the commit added no new value.
 */
export async function queueSearchValues(
  db: Db,
  entry: { accountId: number; datasetId: number; mark: number },
): Promise<void> {
  const { rows } = await sql<{ id: string }>`
    select currval(pg_get_serial_sequence('dataset_values', 'id')) as id`.execute(db);
  const last = Number(rows[0]!.id);
  if (last <= entry.mark) return;
  await db
    .insertInto('dataset_search_backlog')
    .values({
      account_id: entry.accountId,
      dataset_id: entry.datasetId,
      first_value_id: entry.mark + 1,
      last_value_id: last,
    })
    .execute();
}

/** How long a queued backlog row may wait for its job before it is queued again. */
export const SEARCH_BACKLOG_REDISPATCH_MINUTES = 15;

/**
 * Up to `limit` backlog rows to queue, oldest first, locked (SKIP LOCKED) for the dispatcher:
 * those without a job, and those whose job was queued more than
 * SEARCH_BACKLOG_REDISPATCH_MINUTES ago and has not done them (it failed past its retries, or died
 * with its process), so no commit's values stay out of the search for good.
 */
export function undispatchedSearchBacklog(trx: Transaction<Database>, limit: number) {
  return trx
    .selectFrom('dataset_search_backlog')
    .select(['id', 'account_id'])
    .where((eb) =>
      eb.or([
        eb('job_id', 'is', null),
        eb(
          'dispatched_at',
          '<',
          sql<Date>`now() - make_interval(mins => ${SEARCH_BACKLOG_REDISPATCH_MINUTES})`,
        ),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** Records the queue job of a backlog row and when it was queued. */
export async function setSearchBacklogJob(
  trx: Transaction<Database>,
  id: number,
  jobId: string,
): Promise<void> {
  await trx
    .updateTable('dataset_search_backlog')
    .set({ job_id: jobId, dispatched_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/**
 * Makes one backlog row's values searchable, in one transaction: the dataset's `dataset_values`
 * rows with ids in the row's range (a primary-key range read) go into `dataset_search_values`
 * (already there: kept), then the row is deleted; after a commit of more than
 * ANALYZE_AFTER_VALUES new values the search tables are analysed. Idempotent: a row already done
 * (or never there) does nothing; answers how many backlog rows it worked (0 or 1).
 */
export async function indexSearchBacklog(db: Kysely<Database>, id: number): Promise<number> {
  const { worked, added } = await db.transaction().execute(async (trx) => {
    const entry = await trx
      .selectFrom('dataset_search_backlog')
      .select(['dataset_id', 'first_value_id', 'last_value_id'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!entry) return { worked: 0, added: 0 };
    const inserted = await sql`insert into dataset_search_values (value_id, value)
      select v.id, v.value from dataset_values v
       where v.id between ${entry.first_value_id} and ${entry.last_value_id}
         and v.dataset_id = ${entry.dataset_id}
       order by v.id
      on conflict (value_id) do nothing`.execute(trx);
    await trx.deleteFrom('dataset_search_backlog').where('id', '=', id).execute();
    return { worked: 1, added: Number(inserted.numAffectedRows ?? 0) };
  });
  // After the commit: the search's plan depends on the tables' statistics, which autovacuum may
  // take minutes to gather after a large commit (seconds per search until then).
  if (added > ANALYZE_AFTER_VALUES) await analyzeSearchTables(db);
  return worked;
}

/** New searchable values of one commit past which the search tables are analysed at once. */
export const ANALYZE_AFTER_VALUES = 10_000;

/** ANALYZE of the tables the search report reads (`dataset_values`, `dataset_search_values`). */
export async function analyzeSearchTables(db: Kysely<Database>): Promise<void> {
  await sql`analyze dataset_values, dataset_search_values`.execute(db);
}

/**
 * Works every backlog row now, whether queued or not (the job does the same one row at a time):
 * for tests that need the search table caught up without a worker. Answers how many rows it worked.
 */
export async function indexWholeSearchBacklog(db: Kysely<Database>): Promise<number> {
  const rows = await db.selectFrom('dataset_search_backlog').select('id').orderBy('id').execute();
  let done = 0;
  for (const row of rows) done += await indexSearchBacklog(db, Number(row.id));
  return done;
}
