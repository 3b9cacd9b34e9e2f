import type { Database, FieldRow } from '@nomen/shared/db';
import { type Kysely, sql, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The one owner of the `fields` table (ARCHITECTURE.md, "one table, one repository"). A row is a
 * governed field of a field set (`fieldset_id`), a pattern (`is_pattern`), or a segment of a
 * pattern (`segment_parent_field_id`) (spec 02 §3); templates refer to rows through
 * `template_fields.field_id` (spec 03 §3). Field sets, patterns, lists and templates read and
 * write fields only through these functions. Every statement takes the account first where it
 * selects by account; ids passed in are already the account's.
 */

/**
 * The stored attributes of a field row: a field set's field carries `governance_type` and
 * `required`, a pattern or segment `segment_type`; kind-specific settings sit in `settings`.
 */
export interface FieldValues {
  name: string;
  description: string;
  must_be_unique: boolean;
  precedence: number;
  settings: Record<string, unknown>;
  governance_type?: string | null;
  required?: boolean;
  segment_type?: string | null;
}

function stored(values: FieldValues) {
  return { ...values, settings: JSON.stringify(values.settings) };
}

/** The fields of the given field sets, in their order (spec 02 §2). */
export function fieldsOfFieldsets(db: Db, fieldsetIds: readonly number[]): Promise<FieldRow[]> {
  if (fieldsetIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('fields')
    .selectAll()
    .where('fieldset_id', 'in', fieldsetIds)
    .orderBy('precedence')
    .orderBy('id')
    .execute();
}

/** How many fields each of the account's field sets holds, as field set id → count (spec 02 §2). */
export async function fieldCountsByFieldset(db: Db, accountId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('fields')
    .select(['fieldset_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('account_id', '=', accountId)
    .where('fieldset_id', 'is not', null)
    .groupBy('fieldset_id')
    .execute();
  return new Map(rows.map((r) => [r.fieldset_id!, Number(r.n)]));
}

/** Inserts a field into a field set; returns its id. */
export async function insertFieldsetField(
  db: Db,
  accountId: number,
  fieldsetId: number,
  values: FieldValues,
): Promise<number> {
  const row = await db
    .insertInto('fields')
    .values({ account_id: accountId, fieldset_id: fieldsetId, ...stored(values) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates a field, pattern or segment row and stamps updated_at; returns the row. */
export function updateField(db: Db, id: number, values: FieldValues): Promise<FieldRow> {
  return db
    .updateTable('fields')
    .set({ ...stored(values), updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Replaces a row's settings without stamping updated_at (a new pattern's colour, chosen from its id). */
export async function setFieldSettings(db: Db, id: number, settings: Record<string, unknown>): Promise<void> {
  await db
    .updateTable('fields')
    .set({ settings: JSON.stringify(settings) })
    .where('id', '=', id)
    .execute();
}

/**
 * Deletes field rows by id; a pattern's segments, autonumber counters and issued codes go with
 * it (foreign keys cascade), a row a template field uses is refused by the database.
 */
export async function deleteFields(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('fields').where('id', 'in', ids).execute();
}

/** The account's patterns, most recently updated first (spec 02 §2). */
export function listPatterns(db: Db, accountId: number): Promise<FieldRow[]> {
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
export function findPatterns(
  db: Db,
  accountId: number,
  ids: readonly number[],
  forUpdate = false,
): Promise<FieldRow[]> {
  let q = db
    .selectFrom('fields')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('is_pattern', '=', true)
    .where('id', 'in', ids);
  if (forUpdate) q = q.forUpdate();
  return q.execute();
}

/** The segments of the given patterns, in order (spec 02 §3). */
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

/** Inserts a pattern; returns its row. */
export function insertPattern(db: Db, accountId: number, values: FieldValues): Promise<FieldRow> {
  return db
    .insertInto('fields')
    .values({ account_id: accountId, is_pattern: true, ...stored(values) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Inserts segments of a pattern; returns their ids in input order. */
export async function insertSegments(
  db: Db,
  accountId: number,
  patternId: number,
  segments: readonly FieldValues[],
): Promise<number[]> {
  if (segments.length === 0) return [];
  const rows = await db
    .insertInto('fields')
    .values(
      segments.map((s) => ({ account_id: accountId, segment_parent_field_id: patternId, ...stored(s) })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Which of the fields (or their segments) templates use: one row per template field, with the
 * template's name and the field (a segment counts for its pattern) (spec 02 §5; spec 03 §3).
 */
export async function templatesUsingFields(
  db: Db,
  fieldIds: readonly number[],
): Promise<{ template_name: string; field_id: number }[]> {
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
 * Which of the fields power a list: a list column whose template field uses the field, with
 * the list's name (spec 02 §2, §5: such a field cannot be deleted).
 */
export function listsPoweredByFields(
  db: Db,
  fieldIds: readonly number[],
): Promise<{ field_id: number; list_name: string }[]> {
  if (fieldIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('template_fields as tf')
    .innerJoin('list_columns as c', 'c.powered_template_field_id', 'tf.id')
    .innerJoin('lists as l', 'l.id', 'c.list_id')
    .select(['tf.field_id', 'l.name as list_name'])
    .where('tf.field_id', 'in', fieldIds)
    .execute();
}

/** Ids of the account's field sets with a field that powers a list (spec 02 §2: their delete is disabled). */
export async function fieldsetsPoweringLists(db: Db, accountId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('fields as f')
    .innerJoin('template_fields as tf', 'tf.field_id', 'f.id')
    .innerJoin('list_columns as c', 'c.powered_template_field_id', 'tf.id')
    .select('f.fieldset_id')
    .distinct()
    .where('f.account_id', '=', accountId)
    .where('f.fieldset_id', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.fieldset_id!));
}

/**
 * The account's fields with list governance that name one of the lists, and the templates
 * holding those fields (issue 8 item 14: a list in use cannot be deleted). One row per field and
 * template (`template_name` null for a field no template holds), ordered by field and template;
 * `list_id` as text, as the settings store it.
 */
export function fieldsUsingLists(db: Db, accountId: number, listIds: readonly number[]) {
  if (listIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('fields as f')
    .leftJoin('template_fields as tf', 'tf.field_id', 'f.id')
    .leftJoin('templates as t', 't.id', 'tf.template_id')
    .select([
      sql<string>`f.settings -> 'list_governance' ->> 'list_id'`.as('list_id'),
      'f.name as field_name',
      't.name as template_name',
    ])
    .where('f.account_id', '=', accountId)
    .where('f.governance_type', '=', 'list')
    .where(sql<boolean>`f.settings -> 'list_governance' ->> 'list_id' = any(${listIds.map(String)}::text[])`)
    .orderBy('f.name')
    .orderBy('t.name')
    .execute();
}

/** Fields of the account among `ids` (any kind: field set field, pattern, segment, template-owned). */
export function findFields(db: Db, accountId: number, ids: readonly number[]): Promise<FieldRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('fields')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .execute();
}

/**
 * Inserts a field a template owns (link, cv_id and the like: spec 03 §3): no field set, no
 * pattern. Returns its id.
 */
export async function insertTemplateOwnedField(
  db: Db,
  accountId: number,
  values: { name: string; governance_type: string | null },
): Promise<number> {
  const row = await db
    .insertInto('fields')
    .values({
      account_id: accountId,
      name: values.name,
      governance_type: values.governance_type,
      settings: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Renames a field a template owns (the link field: spec 03 §2 "Name is disabled unless the field
 * is a link"). Rows of field sets, patterns and segments are never touched.
 */
export async function renameTemplateOwnedField(
  db: Db,
  accountId: number,
  id: number,
  name: string,
): Promise<void> {
  await db
    .updateTable('fields')
    .set({ name, updated_at: sql`now()` })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('fieldset_id', 'is', null)
    .where('is_pattern', '=', false)
    .where('segment_parent_field_id', 'is', null)
    .execute();
}
