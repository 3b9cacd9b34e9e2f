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
 * Reserves `count` consecutive numbers of each of several autonumber counters (pattern segments or
 * field-set autonumber fields, by field id) in one statement (issue 11: a whole submission's
 * numbers at once) and returns the first number of each, by counter id. A counter starts at its
 * start value the first time. Rows stay locked until the transaction ends, so concurrent
 * submissions get disjoint ranges and a rolled-back one burns none.
 */
export async function reserveAutonumberBlock(
  db: Db,
  counters: readonly { counterId: number; startValue: number }[],
  count: number,
): Promise<Map<number, number>> {
  if (counters.length === 0 || count === 0) return new Map();
  const { rows } = await sql<{ field_id: number; first: string }>`
    insert into autonumber_counters as c (field_id, next_value)
    select u.id, u.start + ${count}::int8
      from unnest(${counters.map((c) => c.counterId)}::int[], ${counters.map((c) => c.startValue)}::int8[]) as u(id, start)
      order by u.id
    on conflict (field_id) do update set next_value = c.next_value + ${count}::int8
    returning c.field_id, c.next_value - ${count}::int8 as first`.execute(db);
  return new Map(rows.map((r) => [r.field_id, Number(r.first)]));
}
