import type { Database, FieldRow } from '@nomen/shared/db';
import { type Kysely, sql, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/** The account's patterns, most recently updated first (spec 02 §2). */
export function listPatterns(db: Db, accountId: number) {
  return db
    .selectFrom('fields')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('is_pattern', '=', true)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Patterns of the account among `ids`, optionally locked for update. */
export function findPatterns(db: Db, accountId: number, ids: readonly number[], forUpdate = false) {
  let q = db
    .selectFrom('fields')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('is_pattern', '=', true)
    .where('id', 'in', ids);
  if (forUpdate) q = q.forUpdate();
  return q.execute();
}

/** The segments of the given patterns, in order. */
export function segmentsOf(db: Db, patternIds: readonly number[]): Promise<FieldRow[]> {
  if (patternIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('fields')
    .selectAll()
    .where('segment_parent_field_id', 'in', patternIds)
    .orderBy('precedence')
    .orderBy('id')
    .execute();
}

/** The values of a pattern or segment row. */
export interface FieldValues {
  name: string;
  description: string;
  must_be_unique: boolean;
  precedence: number;
  segment_type: string | null;
  settings: Record<string, unknown>;
}

/** Inserts a pattern; returns its row. */
export function insertPattern(db: Db, accountId: number, values: FieldValues) {
  return db
    .insertInto('fields')
    .values({ account_id: accountId, is_pattern: true, ...values, settings: JSON.stringify(values.settings) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Updates a pattern row and stamps updated_at. */
export function updatePattern(db: Db, id: number, values: FieldValues) {
  return db
    .updateTable('fields')
    .set({ ...values, settings: JSON.stringify(values.settings), updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Sets a pattern's stored colour (chosen from its id after insert). */
export async function setSettings(db: Db, id: number, settings: Record<string, unknown>) {
  await db
    .updateTable('fields')
    .set({ settings: JSON.stringify(settings) })
    .where('id', '=', id)
    .execute();
}

/** Inserts segments of a pattern; returns their ids in input order. */
export async function insertSegments(
  db: Db,
  accountId: number,
  patternId: number,
  segments: readonly FieldValues[],
) {
  if (segments.length === 0) return [];
  const rows = await db
    .insertInto('fields')
    .values(
      segments.map((s) => ({
        account_id: accountId,
        segment_parent_field_id: patternId,
        ...s,
        settings: JSON.stringify(s.settings),
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Updates one segment. */
export async function updateSegment(db: Db, id: number, values: FieldValues) {
  await db
    .updateTable('fields')
    .set({ ...values, settings: JSON.stringify(values.settings), updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Deletes fields by id (segments' counters and issued codes go with them). */
export async function deleteFields(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db.deleteFrom('fields').where('id', 'in', ids).execute();
}

/** Names of templates that use any of the fields (or their segments). */
export async function templatesUsing(db: Db, fieldIds: readonly number[]) {
  if (fieldIds.length === 0) return [];
  return db
    .selectFrom('template_fields as tf')
    .innerJoin('templates as t', 't.id', 'tf.template_id')
    .innerJoin('fields as f', 'f.id', 'tf.field_id')
    .select([
      't.name as template_name',
      sql<number>`coalesce(f.segment_parent_field_id, f.id)`.as('field_id'),
    ])
    .where((eb) => eb.or([eb('f.id', 'in', fieldIds), eb('f.segment_parent_field_id', 'in', fieldIds)]))
    .execute();
}

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
