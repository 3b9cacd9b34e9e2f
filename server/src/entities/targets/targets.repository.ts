import type { Database, MultiTargetRow, TargetRow } from '@nomen/shared/db';
import { type Kysely, sql, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/** A target's columns as the save writes them. */
export type TargetValues = Omit<TargetRow, 'id' | 'account_id' | 'created_at' | 'updated_at'>;

/** A target row with its connected account's name and type, and how many multi-targets it has. */
export type TargetListRow = TargetRow & {
  connector_name: string | null;
  connector_connector_type_id: number | null;
  multi_targets_count: number;
};

function targetsWithConnector(db: Db, accountId: number) {
  return db
    .selectFrom('targets as t')
    .leftJoin('connectors as c', (join) =>
      join.onRef('c.id', '=', 't.connector_id').on('c.account_id', '=', accountId),
    )
    .selectAll('t')
    .select((eb) => [
      'c.name as connector_name',
      'c.connector_type_id as connector_connector_type_id',
      eb
        .selectFrom('multi_targets as m')
        .whereRef('m.target_id', '=', 't.id')
        .select(sql<number>`count(*)::int`.as('n'))
        .as('multi_targets_count'),
    ])
    .where('t.account_id', '=', accountId);
}

/** The account's targets by name, with connector and multi-target count. */
export async function listTargets(db: Db, accountId: number): Promise<TargetListRow[]> {
  const rows = await targetsWithConnector(db, accountId).orderBy('t.name').orderBy('t.id').execute();
  return rows.map((r) => ({ ...r, multi_targets_count: Number(r.multi_targets_count ?? 0) }));
}

/** One target of the account with connector and multi-target count, or undefined. */
export async function findTarget(db: Db, accountId: number, id: number): Promise<TargetListRow | undefined> {
  const row = await targetsWithConnector(db, accountId).where('t.id', '=', id).executeTakeFirst();
  return row ? { ...row, multi_targets_count: Number(row.multi_targets_count ?? 0) } : undefined;
}

/**
 * One target of the account as stored (no connector or multi-target count, unlike
 * {@link findTarget}), or undefined; the upload of a target run reads it.
 */
export function findTargetRow(db: Db, accountId: number, id: number) {
  return db
    .selectFrom('targets')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Targets of the account among `ids` (others are absent), locked for update. */
export function findTargetsForUpdate(db: Db, accountId: number, ids: readonly number[]) {
  return db
    .selectFrom('targets')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .forUpdate()
    .execute();
}

/** Inserts a target. */
export function insertTarget(db: Db, accountId: number, values: TargetValues) {
  return db
    .insertInto('targets')
    .values({
      ...values,
      account_id: accountId,
      classifications_names: JSON.stringify(values.classifications_names),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Updates a target of the account. */
export function updateTarget(db: Db, accountId: number, id: number, values: TargetValues) {
  return db
    .updateTable('targets')
    .set({
      ...values,
      classifications_names: JSON.stringify(values.classifications_names),
      updated_at: sql`now()`,
    })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes targets of the account (their multi-targets and fields go with them). */
export async function deleteTargets(db: Db, accountId: number, ids: readonly number[]) {
  await db.deleteFrom('targets').where('account_id', '=', accountId).where('id', 'in', ids).execute();
}

/** The fields of targets (by target id, then classification name), with the field's name. */
export function listTargetFields(db: Db, accountId: number, targetIds: readonly number[]) {
  if (targetIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('target_fields as tf')
    .innerJoin('fields as f', 'f.id', 'tf.field_id')
    .select(['tf.id', 'tf.target_id', 'tf.field_id', 'tf.classification_name', 'f.name as field_name'])
    .where('tf.account_id', '=', accountId)
    .where('tf.target_id', 'in', targetIds)
    .orderBy('tf.target_id')
    .orderBy('tf.classification_name')
    .execute();
}

/** Replaces a target's fields. */
export async function replaceTargetFields(
  db: Db,
  accountId: number,
  targetId: number,
  fields: readonly { field_id: number; classification_name: string }[],
) {
  await db
    .deleteFrom('target_fields')
    .where('account_id', '=', accountId)
    .where('target_id', '=', targetId)
    .execute();
  if (fields.length === 0) return;
  await db
    .insertInto('target_fields')
    .values(fields.map((f) => ({ account_id: accountId, target_id: targetId, ...f })))
    .execute();
}

/** Which of `ids` are fields of the account, with their names. */
export function findFields(db: Db, accountId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('fields')
    .select(['id', 'name'])
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .execute();
}

/** Fields of field sets and patterns (not segments) of the account by name, with their group's name. */
export function listFieldChoices(db: Db, accountId: number) {
  return db
    .selectFrom('fields as f')
    .leftJoin('fieldsets as fs', 'fs.id', 'f.fieldset_id')
    .select(['f.id', 'f.name', 'f.is_pattern', 'fs.name as fieldset_name'])
    .where('f.account_id', '=', accountId)
    .where('f.segment_parent_field_id', 'is', null)
    .where((eb) => eb.or([eb('f.fieldset_id', 'is not', null), eb('f.is_pattern', '=', true)]))
    .orderBy('f.name')
    .orderBy('f.id')
    .execute();
}

/** Targets of the account whose fields use any of `fieldIds`, with those field ids. */
export function targetsUsingFields(db: Db, accountId: number, fieldIds: readonly number[]) {
  if (fieldIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('target_fields as tf')
    .innerJoin('targets as t', 't.id', 'tf.target_id')
    .select([
      't.id',
      't.name',
      sql<number[]>`array_agg(distinct tf.field_id order by tf.field_id)`.as('field_ids'),
    ])
    .where('tf.account_id', '=', accountId)
    .where('tf.field_id', 'in', fieldIds)
    .groupBy(['t.id', 't.name'])
    .orderBy('t.name')
    .execute();
}

/** A target's multi-targets, oldest first. */
export function listMultiTargets(db: Db, accountId: number, targetId: number): Promise<MultiTargetRow[]> {
  return db
    .selectFrom('multi_targets')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('target_id', '=', targetId)
    .orderBy('id')
    .execute();
}

/** A multi-target's columns as the save writes them. */
export interface MultiTargetValues {
  remote_realm_id: string;
  remote_realm_name: string;
  remote_target_id: string;
  remote_target_name: string;
  classifications_names: string[];
  status: 'active' | 'inactive';
}

/** Inserts a multi-target. */
export function insertMultiTarget(db: Db, accountId: number, targetId: number, values: MultiTargetValues) {
  return db
    .insertInto('multi_targets')
    .values({
      ...values,
      account_id: accountId,
      target_id: targetId,
      classifications_names: JSON.stringify(values.classifications_names),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Updates a multi-target of a target. */
export function updateMultiTarget(
  db: Db,
  accountId: number,
  targetId: number,
  id: number,
  values: MultiTargetValues,
) {
  return db
    .updateTable('multi_targets')
    .set({
      ...values,
      classifications_names: JSON.stringify(values.classifications_names),
      updated_at: sql`now()`,
    })
    .where('account_id', '=', accountId)
    .where('target_id', '=', targetId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes multi-targets of a target. */
export async function deleteMultiTargets(
  db: Db,
  accountId: number,
  targetId: number,
  ids: readonly number[],
) {
  await db
    .deleteFrom('multi_targets')
    .where('account_id', '=', accountId)
    .where('target_id', '=', targetId)
    .where('id', 'in', ids)
    .execute();
}

/** Deletes every multi-target of a target (it became a Google target). */
export async function deleteAllMultiTargets(db: Db, accountId: number, targetId: number) {
  return db
    .deleteFrom('multi_targets')
    .where('account_id', '=', accountId)
    .where('target_id', '=', targetId)
    .returningAll()
    .execute();
}

/** Adobe targets of the account with a connected account and a report, by name. */
export function listTargetsForImport(db: Db, accountId: number) {
  return db
    .selectFrom('targets')
    .select([
      'id',
      'name',
      'nickname',
      'connector_id',
      'connector_type_id',
      'remote_realm_id',
      'realm_name',
      'remote_target_id',
      'remote_target_name',
    ])
    .where('account_id', '=', accountId)
    .where('connector_type_id', '=', 1)
    .where('connector_id', 'is not', null)
    .where('remote_target_id', '<>', '')
    .orderBy('name')
    .execute();
}
