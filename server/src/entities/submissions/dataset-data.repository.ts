import type { Database } from '@nomen/shared/db';
import { type Kysely, sql } from 'kysely';

// The dataset page's reads (issue 11 item 6) over submission_rows, submissions and
// dataset_commits (migration 0010). The dataset id is already checked against the account.

/** One dataset row at HEAD with its submission, submitter and the time its version entered. */
export interface DatasetDataRecord {
  id: string;
  cv_id: string;
  data: Record<string, string | null>;
  submission_id: number;
  submission_name: string;
  submitter_name: string;
  committed_at: Date;
}

/** `q` as an ILIKE pattern matching it anywhere, its wildcards escaped. */
function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The filter of the rows: any value, the submission's name or the submitter containing `q`, and,
 * with `row`, only the row of that id (cv_id).
 */
function filter(q: string, row?: string) {
  const one = row === undefined ? sql`true` : sql`r.cv_id = ${row}`;
  if (q === '') return one;
  const pattern = containsPattern(q);
  return sql`${one} and (s.name ilike ${pattern} or s.submitter_name ilike ${pattern}
    or exists (select 1 from jsonb_each_text(r.data) e where e.value ilike ${pattern}))`;
}

/**
 * A page of the dataset's rows at HEAD matching `q` (and, with `row`, being that row), in the
 * order they entered. `afterId` pages by key (the download) instead of `offset`.
 */
export async function datasetDataRows(
  db: Kysely<Database>,
  datasetId: number,
  options: { q: string; row?: string; limit: number; offset?: number; afterId?: string },
): Promise<DatasetDataRecord[]> {
  const after = options.afterId ? sql`and r.id > ${options.afterId}::int8` : sql``;
  const { rows } = await sql<DatasetDataRecord>`
    select r.id::text as id, r.cv_id, r.data, s.id as submission_id, s.name as submission_name,
           s.submitter_name, c.created_at as committed_at
    from submission_rows r
    join submissions s on s.id = r.submission_id
    join dataset_commits c on c.id = r.from_commit
    where r.dataset_id = ${datasetId} and r.from_commit is not null and r.to_commit is null
      and ${filter(options.q, options.row)} ${after}
    order by r.id
    limit ${options.limit} offset ${options.offset ?? 0}`.execute(db);
  return rows;
}

/** How many rows at HEAD match `q` (and, with `row`, are that row). */
export async function countDatasetDataRows(
  db: Kysely<Database>,
  datasetId: number,
  q: string,
  row?: string,
): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(*)::text as n
    from submission_rows r
    join submissions s on s.id = r.submission_id
    where r.dataset_id = ${datasetId} and r.from_commit is not null and r.to_commit is null
      and ${filter(q, row)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
