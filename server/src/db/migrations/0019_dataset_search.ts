import { type Kysely, sql } from 'kysely';

/**
 * The search report's trigram index leaves the submit's transaction (issue 11 "Performance": of a
 * 50,000-row submit's 44 s, about 13 s went into the GIN trigram index over `dataset_values`).
 * - `dataset_search_values`: one row per distinct value of `dataset_values` (`value_id` is its id),
 *   with the trigram index `dataset_search_values_trgm_idx` the search report reads. Its rows are
 *   added after the commit by the `dataset-search` job, so the search sees a new value a few
 *   seconds later; whether a value is still held (`row_count > 0`) and by which account is read
 *   from `dataset_values` and `datasets`, so nothing here goes stale.
 * - `dataset_search_backlog`: the outbox the commit writes in its own transaction (one row per
 *   commit that added values: submit, approval, edit), naming the ids the commit's new
 *   `dataset_values` rows of its dataset took (`first_value_id`..`last_value_id`, from the id
 *   sequence, taken while the dataset is locked); the dispatcher turns each into one queue job
 *   (`job_id`, `dispatched_at`), and the job deletes its row once those values are in the search
 *   table. A row still there 15 minutes after its job was queued (the job failed past its retries,
 *   or its process died with it) is queued again; the job is idempotent.
 * - Existing values are copied into the search table here, so everything searchable before stays
 *   searchable; `dataset_values_trgm_idx` is dropped.
 * - Like the index it replaces (migration 0018), the new one takes entries into a pending list of
 *   up to 256 MB and the table is vacuumed after every 100,000 inserted values.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table dataset_search_values (
    value_id bigint primary key,
    value text not null
  )`.execute(db);
  await sql`insert into dataset_search_values (value_id, value)
    select id, value from dataset_values order by id`.execute(db);
  await sql`create index dataset_search_values_trgm_idx on dataset_search_values
    using gin (value gin_trgm_ops) with (gin_pending_list_limit = 262144)`.execute(db);
  await sql`alter table dataset_search_values set (autovacuum_vacuum_insert_threshold = 100000,
    autovacuum_vacuum_insert_scale_factor = 0)`.execute(db);
  await sql`drop index if exists dataset_values_trgm_idx`.execute(db);

  await sql`create table dataset_search_backlog (
    id bigserial primary key,
    account_id integer not null,
    dataset_id integer not null,
    first_value_id bigint not null,
    last_value_id bigint not null,
    job_id text,
    dispatched_at timestamptz,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index dataset_search_backlog_undispatched_idx on dataset_search_backlog (id)
    where job_id is null`.execute(db);
}

/** Back to the trigram index over `dataset_values` (built again from its rows). */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists dataset_search_backlog`.execute(db);
  await sql`drop table if exists dataset_search_values`.execute(db);
  await sql`create index if not exists dataset_values_trgm_idx on dataset_values
    using gin (value gin_trgm_ops) with (gin_pending_list_limit = 262144)`.execute(db);
}
