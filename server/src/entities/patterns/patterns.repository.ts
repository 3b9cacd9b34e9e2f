import type { Database } from '@nomen/shared/db';
import { type Kysely, sql, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

// Pattern and segment rows live in the fields table, owned by ../fields/fields.repository.ts;
// this repository owns the autonumber counters and the issued codes of patterns.

/**
 * Reserves `count` consecutive numbers of an autonumber segment and returns the first, in one
 * atomic statement: the counter starts at `startValue` the first time. Concurrent callers get
 * disjoint ranges (spec 02 §9; issue 5: the server owns autonumbers).
 */
export async function reserveAutonumbers(
  db: Db,
  segmentId: number,
  startValue: number,
  count: number,
): Promise<number> {
  const { rows } = await sql<{ first: string }>`
    insert into autonumber_counters as c (field_id, next_value) values (${segmentId}, ${startValue}::int8 + ${count}::int8)
    on conflict (field_id) do update set next_value = c.next_value + ${count}::int8
    returning c.next_value - ${count}::int8 as first`.execute(db);
  return Number(rows[0]!.first);
}

/** Records an issued code of a unique pattern; false when it was issued before. */
export async function claimCode(db: Db, patternId: number, code: string): Promise<boolean> {
  const rows = await db
    .insertInto('issued_codes')
    .values({ field_id: patternId, code })
    .onConflict((oc) => oc.doNothing())
    .returning('code')
    .execute();
  return rows.length === 1;
}

/**
 * Reserves consecutive numbers of several autonumber counters (pattern segments or field-set
 * autonumber fields, by field id) in one statement (issue 11: a whole submission's numbers at
 * once): `count` numbers of each counter, each its own count (a resubmission or an edit draws only
 * for the rows that need a new number; a counter with 0 is left alone). Returns the first number
 * of each counter reserved, by counter id. A counter starts at its start value the first time.
 * Rows stay locked until the transaction ends, so concurrent submissions get disjoint ranges and a
 * rolled-back one burns none.
 */
export async function reserveAutonumberBlock(
  db: Db,
  counters: readonly { counterId: number; startValue: number; count: number }[],
): Promise<Map<number, number>> {
  const drawn = counters.filter((c) => c.count > 0);
  if (drawn.length === 0) return new Map();
  const { rows } = await sql<{ field_id: number; first: string }>`
    with u as (
      select * from unnest(
        ${drawn.map((c) => c.counterId)}::int[],
        ${drawn.map((c) => c.startValue)}::int8[],
        ${drawn.map((c) => c.count)}::int8[]
      ) as u(id, start, n)
    )
    insert into autonumber_counters as c (field_id, next_value)
    select u.id, u.start + u.n from u order by u.id
    on conflict (field_id) do update
      set next_value = c.next_value + (select u.n from u where u.id = excluded.field_id)
    returning c.field_id, c.next_value - (select u.n from u where u.id = c.field_id) as first`.execute(db);
  return new Map(rows.map((r) => [r.field_id, Number(r.first)]));
}
