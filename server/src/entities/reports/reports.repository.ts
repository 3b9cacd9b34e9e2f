import type { Database } from '@nomen/shared/db';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/**
 * SQL of the reports (spec 01 §2.9, §3.3). Every function takes the account first.
 * "In the dataset" means status Submitted or Approved: the only submissions whose rows count as
 * submitted codes. Time zones are IANA names already checked by the contract; days and months
 * are taken in that zone.
 */
type Db = Kysely<Database>;

const IN_DATASET = sql`status in ('Approved', 'Submitted')`;

/** Local midnight of `date` (YYYY-MM-DD) in `tz`, as a timestamptz expression. */
function startOfDay(date: string, tz: string): RawBuilder<unknown> {
  return sql`((${date})::date::timestamp at time zone ${tz})`;
}

/** Local midnight after `date` in `tz`. */
function endOfDay(date: string, tz: string): RawBuilder<unknown> {
  return sql`(((${date})::date + 1)::timestamp at time zone ${tz})`;
}

/** Enabled users, codes submitted and submissions in the dataset of the account. */
export async function summary(db: Db, accountId: number) {
  const { rows } = await sql<{ active_users: number; codes: number; submissions: number }>`
    select (select count(*)::int from users where account_id = ${accountId} and not disabled) as active_users,
      coalesce(sum(row_count), 0)::int as codes, count(*)::int as submissions
    from submissions where account_id = ${accountId} and ${IN_DATASET}`.execute(db);
  return rows[0]!;
}

/** Codes submitted per month `YYYY-MM` (in `tz`) from local midnight of `fromDate` on. */
export async function codesPerMonth(db: Db, accountId: number, tz: string, fromDate: string) {
  const { rows } = await sql<{ month: string; codes: number }>`
    select to_char(submitted_at at time zone ${tz}, 'YYYY-MM') as month, sum(row_count)::int as codes
    from submissions
    where account_id = ${accountId} and ${IN_DATASET} and submitted_at >= ${startOfDay(fromDate, tz)}
    group by 1`.execute(db);
  return rows;
}

/** Users of the account with codes in the dataset, most codes first (ties by name), at most `limit`. */
export async function topUsers(db: Db, accountId: number, limit: number) {
  const { rows } = await sql<{
    id: number;
    name: string;
    email: string;
    last_login: Date | null;
    codes: number;
    last_submission: Date | null;
  }>`
    select u.id, u.name, u.email, u.last_login, t.codes, t.last_submission
    from (
      select submitter_id, sum(row_count)::int as codes, max(submitted_at) as last_submission
      from submissions
      where account_id = ${accountId} and ${IN_DATASET} and submitter_id is not null
      group by submitter_id
    ) t
    join users u on u.id = t.submitter_id and u.account_id = ${accountId}
    order by t.codes desc, u.name, u.id
    limit ${limit}`.execute(db);
  return rows;
}

/** A user of the account, or undefined. */
export async function findUser(db: Db, accountId: number, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'title', 'role', 'disabled', 'created_at', 'last_login'])
    .where('account_id', '=', accountId)
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** One user's codes and last submission in the dataset. */
export async function userTotals(db: Db, accountId: number, userId: number) {
  const { rows } = await sql<{ codes: number; last_submission: Date | null }>`
    select coalesce(sum(row_count), 0)::int as codes, max(submitted_at) as last_submission
    from submissions where account_id = ${accountId} and submitter_id = ${userId} and ${IN_DATASET}`.execute(
    db,
  );
  return rows[0]!;
}

/** One user's codes per template (the template's current name, or the name submitted under), most first. */
export async function userCodesPerTemplate(db: Db, accountId: number, userId: number) {
  const { rows } = await sql<{ id: number | null; name: string; codes: number }>`
    select s.template_id as id, coalesce(max(t.name), max(s.template_name)) as name,
      sum(s.row_count)::int as codes
    from submissions s left join templates t on t.id = s.template_id and t.account_id = ${accountId}
    where s.account_id = ${accountId} and s.submitter_id = ${userId} and s.${IN_DATASET}
    group by s.template_id, case when s.template_id is null then s.template_name end
    order by codes desc, name`.execute(db);
  return rows;
}

/** One user's codes per month in `tz`, newest first. */
export async function userCodesPerMonth(db: Db, accountId: number, userId: number, tz: string) {
  const { rows } = await sql<{ year: number; month: number; codes: number }>`
    select extract(year from submitted_at at time zone ${tz})::int as year,
      extract(month from submitted_at at time zone ${tz})::int as month, sum(row_count)::int as codes
    from submissions where account_id = ${accountId} and submitter_id = ${userId} and ${IN_DATASET}
    group by 1, 2 order by 1 desc, 2 desc`.execute(db);
  return rows;
}

/** A date range in a time zone with a page. */
export interface RangePage {
  from: string;
  to: string;
  tz: string;
  limit: number;
  offset: number;
}

/** Submissions in the dataset submitted within the range: the page, newest first, and the count. */
export async function usage(db: Db, accountId: number, q: RangePage) {
  const where = sql`account_id = ${accountId} and ${IN_DATASET}
    and submitted_at >= ${startOfDay(q.from, q.tz)} and submitted_at < ${endOfDay(q.to, q.tz)}`;
  const { rows } = await sql<{
    id: number;
    dataset_id: number;
    template_name: string;
    name: string;
    submitter_name: string;
    row_count: number;
    submitted_at: Date;
  }>`
    select id, dataset_id, template_name, name, submitter_name, row_count, submitted_at
    from submissions where ${where}
    order by submitted_at desc, id desc limit ${q.limit} offset ${q.offset}`.execute(db);
  const count = await sql<{ n: number }>`select count(*)::int as n from submissions where ${where}`.execute(
    db,
  );
  return { rows, total: count.rows[0]!.n };
}

/** Every template of the account with its codes and last submitter, most codes first. */
export async function templateReport(db: Db, accountId: number) {
  const { rows } = await sql<{
    id: number;
    name: string;
    updated_at: Date;
    codes: number;
    user_name: string | null;
  }>`
    select t.id, t.name, t.updated_at, coalesce(c.codes, 0)::int as codes, l.submitter_name as user_name
    from templates t
    left join lateral (
      select sum(row_count) as codes from submissions s
      where s.account_id = ${accountId} and s.template_id = t.id and s.${IN_DATASET}
    ) c on true
    left join lateral (
      select submitter_name from submissions s
      where s.account_id = ${accountId} and s.template_id = t.id and s.${IN_DATASET}
      order by submitted_at desc, id desc limit 1
    ) l on true
    where t.account_id = ${accountId}
    order by codes desc, t.name, t.id`.execute(db);
  return rows;
}

/** Rows (current versions) of the account's submitted submissions (any status but Draft) in the range. */
export async function globalRows(db: Db, accountId: number, q: RangePage) {
  const where = sql`s.account_id = ${accountId} and s.status <> 'Draft'
    and s.submitted_at >= ${startOfDay(q.from, q.tz)} and s.submitted_at < ${endOfDay(q.to, q.tz)}`;
  const { rows } = await sql<{
    submission_id: number;
    dataset_id: number;
    template_name: string;
    submission_name: string;
    submitted_by: string;
    status: string;
    submitted_at: Date;
    row_number: number;
    cv_id: string;
    data: Record<string, string>;
  }>`
    select s.id as submission_id, s.dataset_id, s.template_name, s.name as submission_name,
      s.submitter_name as submitted_by, s.status, s.submitted_at, r.row_number, r.cv_id, r.data
    from submissions s join submission_rows r on r.submission_id = s.id and r.to_commit is null
    where ${where}
    order by s.submitted_at desc, s.id desc, r.row_number
    limit ${q.limit} offset ${q.offset}`.execute(db);
  const count = await sql<{ n: number }>`
    select count(*)::int as n from submissions s join submission_rows r
      on r.submission_id = s.id and r.to_commit is null where ${where}`.execute(db);
  return { rows, total: count.rows[0]!.n };
}

/** Names and order of template fields (by id) of the account, without the hidden cv_id field. */
export async function templateFieldNames(db: Db, accountId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('template_fields as tf')
    .innerJoin('fields as f', 'f.id', 'tf.field_id')
    .select(['tf.id', 'f.name', 'tf.precedence', 'tf.governance_type'])
    .where('tf.account_id', '=', accountId)
    .where('tf.id', 'in', ids)
    .execute();
}

/** Most distinct matching values the search follows to their submissions. */
export const SEARCH_MAX_VALUES = 100;

/**
 * Submitted values of the account containing `pattern` (an ILIKE pattern), with the submissions
 * and rows (cv_id) holding them at the dataset's latest version, one result per row: the trigram index over `dataset_search_values`
 * (filled a few seconds after each commit by the `dataset-search` job, server/src/jobs) finds up
 * to SEARCH_MAX_VALUES values still held (`dataset_values.row_count` > 0), the GIN index over rows their submissions, and the search stops once
 * `limit` + 1 results are found (so a frequent value does not cost a lookup per match); those are
 * answered newest first.
 */
export async function search(db: Db, accountId: number, pattern: string, limit: number) {
  const { rows } = await sql<{
    template_name: string;
    identifier: string;
    created_at: Date;
    submitted_by: string;
    field_name: string | null;
    cell_value: string;
    dataset_id: number;
    submission_id: number;
    cv_id: string;
  }>`
    with hits as materialized (
      select v.dataset_id, v.template_field_id, v.value
      from dataset_search_values sv
      join dataset_values v on v.id = sv.value_id
      join datasets d on d.id = v.dataset_id
      where d.account_id = ${accountId} and v.row_count > 0 and sv.value ilike ${pattern}
      limit ${SEARCH_MAX_VALUES}
    ), found as materialized (
      select h.dataset_id, h.template_field_id, h.value, m.submission_id, m.cv_id, m.row_number
      from hits h
      cross join lateral (
        select r.submission_id, r.cv_id, r.row_number from submission_rows r
        where r.dataset_id = h.dataset_id and r.from_commit is not null and r.to_commit is null
          and r.data @> jsonb_build_object(h.template_field_id::text, h.value)
        limit ${limit + 1}
      ) m
      limit ${limit + 1}
    )
    select s.template_name, s.name as identifier, s.submitted_at as created_at,
      s.submitter_name as submitted_by, f.name as field_name, x.value as cell_value,
      s.dataset_id, s.id as submission_id, x.cv_id
    from found x
    join submissions s on s.id = x.submission_id and s.account_id = ${accountId}
    left join template_fields tf on tf.id = x.template_field_id
    left join fields f on f.id = tf.field_id
    order by s.submitted_at desc, s.id desc, x.row_number, x.value`.execute(db);
  return rows;
}

/** A downloadable report's query: its columns (also the CSV header) and its SQL, ordered. */
export interface DownloadQuerySql {
  columns: string[];
  query: RawBuilder<unknown>;
}

/** Parameters of a download's query. */
export interface DownloadParams {
  from: string;
  to: string;
  tz: string;
  pattern: string;
}

function col(name: string): RawBuilder<unknown> {
  return sql.raw(`"${name.replace(/"/g, '""')}"`);
}

function localTime(expr: RawBuilder<unknown>, tz: string): RawBuilder<unknown> {
  return sql`to_char(${expr} at time zone ${tz}, 'YYYY-MM-DD HH24:MI')`;
}

/**
 * One row of the account's template field names, orders and hidden (cv_id) fields as jsonb maps
 * keyed by template field id, so a download expanding every value looks its field up in memory
 * instead of joining per value.
 */
function fieldMaps(accountId: number): RawBuilder<unknown> {
  return sql`select coalesce(jsonb_object_agg(tf.id::text, f.name), '{}') as names,
      coalesce(jsonb_object_agg(tf.id::text, tf.precedence), '{}') as places,
      coalesce(array_agg(tf.id::text) filter (where tf.governance_type = 'cv_id'), '{}') as hidden
    from template_fields tf join fields f on f.id = tf.field_id where tf.account_id = ${accountId}`;
}

/** What every download's query is built from: the account, the parameters and two helpers. */
interface DownloadContext {
  accountId: number;
  p: DownloadParams;
  /** A time column's name with its zone, e.g. `created_at (Europe/Paris)`. */
  at: (name: string) => string;
  /** `column` within the local days `p.from`..`p.to` (inclusive) in `p.tz`. */
  range: (column: RawBuilder<unknown>) => RawBuilder<unknown>;
}

/** The summary download: active users, codes submitted and submissions in the dataset. */
function summaryDownload({ accountId }: DownloadContext): DownloadQuerySql {
  const columns = ['active_users', 'codes_submitted', 'submissions'];
  return {
    columns,
    query: sql`select (select count(*)::int from users where account_id = ${accountId} and not disabled) as ${col(columns[0]!)},
          coalesce(sum(row_count), 0)::int as ${col(columns[1]!)}, count(*)::int as ${col(columns[2]!)}
          from submissions where account_id = ${accountId} and ${IN_DATASET}`,
  };
}

/** The charts download: codes submitted per local month over the last six months. */
function chartsDownload({ accountId, p }: DownloadContext): DownloadQuerySql {
  const columns = ['month', 'codes_submitted'];
  return {
    columns,
    query: sql`select to_char(m, 'YYYY-MM') as ${col('month')},
            coalesce((select sum(row_count) from submissions s
              where s.account_id = ${accountId} and s.${IN_DATASET}
                and s.submitted_at >= (m at time zone ${p.tz})
                and s.submitted_at < ((m + interval '1 month') at time zone ${p.tz})), 0)::int
              as ${col('codes_submitted')}
          from generate_series(date_trunc('month', now() at time zone ${p.tz}) - interval '5 months',
            date_trunc('month', now() at time zone ${p.tz}), interval '1 month') m
          order by m`,
  };
}

/** The top users download: each submitter's codes, last login and last submission. */
function topUsersDownload({ accountId, p, at }: DownloadContext): DownloadQuerySql {
  const columns = ['name', 'email', 'submitted_codes', at('last_login'), at('last_submission')];
  return {
    columns,
    query: sql`select u.name as ${col(columns[0]!)}, u.email as ${col(columns[1]!)},
            t.codes as ${col(columns[2]!)}, ${localTime(sql`u.last_login`, p.tz)} as ${col(columns[3]!)},
            ${localTime(sql`t.last_submission`, p.tz)} as ${col(columns[4]!)}
          from (select submitter_id, sum(row_count)::int as codes, max(submitted_at) as last_submission
            from submissions where account_id = ${accountId} and ${IN_DATASET} and submitter_id is not null
            group by submitter_id) t
          join users u on u.id = t.submitter_id and u.account_id = ${accountId}
          order by t.codes desc, u.name, u.id`,
  };
}

/** The usage download: the dataset's submissions submitted in the date range. */
function usageDownload({ accountId, p, at, range }: DownloadContext): DownloadQuerySql {
  const columns = ['template_name', 'submission_name', 'submitter_name', 'number_of_codes', at('created_at')];
  return {
    columns,
    query: sql`select template_name as ${col(columns[0]!)}, name as ${col(columns[1]!)},
            submitter_name as ${col(columns[2]!)}, row_count as ${col(columns[3]!)},
            ${localTime(sql`submitted_at`, p.tz)} as ${col(columns[4]!)}
          from submissions where account_id = ${accountId} and ${IN_DATASET} and ${range(sql`submitted_at`)}
          order by submitted_at desc, id desc`,
  };
}

/** The templates download: each template's codes and its last submitter. */
function templatesDownload({ accountId, p, at }: DownloadContext): DownloadQuerySql {
  const columns = ['identifier', 'user_name', at('updated_at'), 'codes'];
  return {
    columns,
    query: sql`select t.name as ${col(columns[0]!)}, l.submitter_name as ${col(columns[1]!)},
            ${localTime(sql`t.updated_at`, p.tz)} as ${col(columns[2]!)}, coalesce(c.codes, 0)::int as ${col(columns[3]!)}
          from templates t
          left join lateral (select sum(row_count) as codes from submissions s
            where s.account_id = ${accountId} and s.template_id = t.id and s.${IN_DATASET}) c on true
          left join lateral (select submitter_name from submissions s
            where s.account_id = ${accountId} and s.template_id = t.id and s.${IN_DATASET}
            order by submitted_at desc, id desc limit 1) l on true
          where t.account_id = ${accountId}
          order by coalesce(c.codes, 0) desc, t.name, t.id`,
  };
}

/** The search download: every current value matching `p.pattern`, one line per value. */
function searchDownload({ accountId, p, at }: DownloadContext): DownloadQuerySql {
  const columns = [
    'template_name',
    'identifier',
    at('created_at'),
    'submitted_by',
    'field_name',
    'cell_value',
    'dataset_id',
  ];
  return {
    columns,
    query: sql`with m as materialized (${fieldMaps(accountId)})
          select s.template_name as ${col(columns[0]!)}, s.name as ${col(columns[1]!)},
            ${localTime(sql`s.submitted_at`, p.tz)} as ${col(columns[2]!)}, s.submitter_name as ${col(columns[3]!)},
            m.names ->> e.key as ${col(columns[4]!)}, e.value as ${col(columns[5]!)}, s.dataset_id as ${col(columns[6]!)}
          from m, submission_rows r
          cross join lateral jsonb_each_text(r.data) e
          join submissions s on s.id = r.submission_id
          where r.account_id = ${accountId} and r.from_commit is not null and r.to_commit is null
            and e.value ilike ${p.pattern} and s.account_id = ${accountId}
          order by s.submitted_at desc, s.id desc, r.row_number, (m.places ->> e.key)::int, e.key`,
  };
}

/** The global download: every visible value of the non-draft submissions in the date range. */
function globalDownload({ accountId, p, at, range }: DownloadContext): DownloadQuerySql {
  const columns = [
    'template_name',
    'submission_name',
    'submitted_by',
    'status',
    at('submitted_at'),
    'row_number',
    'cv_id',
    'field_name',
    'value',
  ];
  return {
    columns,
    query: sql`with m as materialized (${fieldMaps(accountId)})
          select s.template_name as ${col(columns[0]!)}, s.name as ${col(columns[1]!)},
            s.submitter_name as ${col(columns[2]!)}, s.status as ${col(columns[3]!)},
            ${localTime(sql`s.submitted_at`, p.tz)} as ${col(columns[4]!)}, r.row_number + 1 as ${col(columns[5]!)},
            r.cv_id as ${col(columns[6]!)}, m.names ->> e.key as ${col(columns[7]!)}, e.value as ${col(columns[8]!)}
          from m, submissions s
          join submission_rows r on r.submission_id = s.id and r.to_commit is null
          cross join lateral jsonb_each_text(r.data) e
          where s.account_id = ${accountId} and s.status <> 'Draft' and ${range(sql`s.submitted_at`)}
            and not (e.key = any(m.hidden))
          order by s.submitted_at desc, s.id desc, r.row_number, (m.places ->> e.key)::int, e.key`,
  };
}

/** The submissions download: every submission submitted (or, if never, created) in the range. */
function submissionsDownload({ accountId, p, at, range }: DownloadContext): DownloadQuerySql {
  const columns = [
    'template_name',
    'submission_name',
    'status',
    'submitter_name',
    'number_of_codes',
    at('submitted_at'),
    at('created_at'),
  ];
  return {
    columns,
    query: sql`select template_name as ${col(columns[0]!)}, name as ${col(columns[1]!)}, status as ${col(columns[2]!)},
            submitter_name as ${col(columns[3]!)}, row_count as ${col(columns[4]!)},
            ${localTime(sql`submitted_at`, p.tz)} as ${col(columns[5]!)}, ${localTime(sql`created_at`, p.tz)} as ${col(columns[6]!)}
          from submissions where account_id = ${accountId} and ${range(sql`coalesce(submitted_at, created_at)`)}
          order by coalesce(submitted_at, created_at) desc, id desc`,
  };
}

/** The logins download (also the answer for an unknown report): the account's users. */
function loginsDownload({ accountId, p, at }: DownloadContext): DownloadQuerySql {
  const columns = ['name', 'email', 'role', 'disabled', at('last_login'), at('created_at')];
  return {
    columns,
    query: sql`select name as ${col(columns[0]!)}, email as ${col(columns[1]!)}, role as ${col(columns[2]!)},
            case when disabled then 'yes' else 'no' end as ${col(columns[3]!)},
            ${localTime(sql`last_login`, p.tz)} as ${col(columns[4]!)}, ${localTime(sql`created_at`, p.tz)} as ${col(columns[5]!)}
          from users where account_id = ${accountId}
          order by last_login desc nulls last, name, id`,
  };
}

/** Each downloadable report's query builder by report name; any other name downloads logins. */
const DOWNLOAD_QUERIES: Readonly<Record<string, (ctx: DownloadContext) => DownloadQuerySql>> = {
  summary: summaryDownload,
  charts: chartsDownload,
  'top-users': topUsersDownload,
  usage: usageDownload,
  templates: templatesDownload,
  search: searchDownload,
  global: globalDownload,
  submissions: submissionsDownload,
};

/**
 * The SQL of each downloadable report (spec 01 §7 downloads), with times as local
 * `YYYY-MM-DD HH:MM` in `tz` (the column says which zone). Ordered like the screen. A report
 * name not in the list downloads the logins.
 */
export function downloadQuery(report: string, accountId: number, p: DownloadParams): DownloadQuerySql {
  const ctx: DownloadContext = {
    accountId,
    p,
    at: (name) => `${name} (${p.tz})`,
    range: (column) => sql`${column} >= ${startOfDay(p.from, p.tz)} and ${column} < ${endOfDay(p.to, p.tz)}`,
  };
  const build = Object.hasOwn(DOWNLOAD_QUERIES, report) ? DOWNLOAD_QUERIES[report]! : loginsDownload;
  return build(ctx);
}

/**
 * Streams the rows of `text` (a download query with its parameters inlined as literals;
 * {@link downloadQuery}) out of PostgreSQL's own CSV writer, `COPY (…) TO STDOUT` as CSV with a
 * header row, on `client` (PostgreSQL only). Answers the stream of CSV bytes; the caller reads it
 * to its end or destroys it.
 */
export function copyDownloadCsv(client: pg.PoolClient, text: string) {
  return client.query(copyTo(`COPY (${text}) TO STDOUT WITH (FORMAT csv, HEADER true)`));
}

/**
 * Opens the server-side cursor `report_download` over `text` (a download query with its
 * parameters inlined as literals; {@link downloadQuery}) in `trx`; it lives until
 * {@link closeDownloadCursor} or the end of the transaction.
 */
export async function openDownloadCursor(trx: Transaction<Database>, text: string): Promise<void> {
  await sql.raw(`declare report_download no scroll cursor for ${text}`).execute(trx);
}

/** The next `count` rows (fewer at the end, none after it) of the cursor {@link openDownloadCursor} opened. */
export async function fetchDownloadRows(
  trx: Transaction<Database>,
  count: number,
): Promise<Record<string, unknown>[]> {
  const { rows } = await sql.raw<Record<string, unknown>>(`fetch ${count} from report_download`).execute(trx);
  return rows;
}

/** Closes the cursor {@link openDownloadCursor} opened. */
export async function closeDownloadCursor(trx: Transaction<Database>): Promise<void> {
  await sql.raw('close report_download').execute(trx);
}
