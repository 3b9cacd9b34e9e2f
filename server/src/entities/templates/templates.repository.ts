import type { Database, TemplateLogRow, TemplateRow } from '@nomen/shared/db';
import { type Kysely, sql, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * SQL of templates and the tables a template owns (spec 03 §3): template fields, field sets,
 * approvers, link parameters, link validations, integration assignments with notifications and
 * template logs. Account first; fields are read and written through the fields repository.
 */

/** The account's templates, newest first, with their creator's name (spec 03 §2 "Template list"). */
export function listTemplates(db: Db, accountId: number) {
  return db
    .selectFrom('templates as t')
    .leftJoin('users as u', 'u.id', 't.created_by')
    .select([
      't.id',
      't.name',
      't.description',
      't.updated_at',
      't.created_at',
      't.folder_id',
      'u.name as created_by',
    ])
    .where('t.account_id', '=', accountId)
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .execute();
}

/** Pattern names (`patterns`) and field set names (`fieldsets`) of each template of the account. */
export async function templateUsage(db: Db, accountId: number) {
  const patterns = await db
    .selectFrom('template_fields as tf')
    .innerJoin('fields as f', 'f.id', 'tf.field_id')
    .select(['tf.template_id', 'f.name'])
    .where('tf.account_id', '=', accountId)
    .where('f.is_pattern', '=', true)
    .orderBy('tf.precedence')
    .execute();
  const fieldsets = await db
    .selectFrom('template_fieldsets as tf')
    .innerJoin('fieldsets as s', 's.id', 'tf.fieldset_id')
    .select(['tf.template_id', 's.name'])
    .where('tf.account_id', '=', accountId)
    .orderBy('s.name')
    .execute();
  return { patterns, fieldsets };
}

/** Templates of the account among `ids`, optionally locked for update. */
export function findTemplates(db: Db, accountId: number, ids: readonly number[], forUpdate = false) {
  if (ids.length === 0) return Promise.resolve([] as TemplateRow[]);
  let q = db.selectFrom('templates').selectAll().where('account_id', '=', accountId).where('id', 'in', ids);
  if (forUpdate) q = q.forUpdate();
  return q.execute();
}

/** The stored columns of a template besides its owned rows. */
export interface TemplateValues {
  name: string;
  description: string;
  folder_id: number | null;
  settings: Record<string, unknown>;
  submission_status_recipients: unknown[];
  is_creative_classification_enabled: boolean;
  creative_configuration: unknown[];
  rollup_dataset_id: number | null;
}

function storedTemplate(values: TemplateValues) {
  return {
    ...values,
    settings: JSON.stringify(values.settings),
    submission_status_recipients: JSON.stringify(values.submission_status_recipients),
    creative_configuration: JSON.stringify(values.creative_configuration),
  };
}

/** Inserts a template created by `userId`. */
export function insertTemplate(db: Db, accountId: number, userId: number, values: TemplateValues) {
  return db
    .insertInto('templates')
    .values({ account_id: accountId, created_by: userId, ...storedTemplate(values) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Updates a template and stamps updated_at. */
export function updateTemplate(db: Db, accountId: number, id: number, values: TemplateValues) {
  return db
    .updateTable('templates')
    .set({ ...storedTemplate(values), updated_at: sql`now()` })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes templates (their owned rows go with them). */
export async function deleteTemplates(db: Db, accountId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db.deleteFrom('templates').where('account_id', '=', accountId).where('id', 'in', ids).execute();
}

/** The templates among `ids` that power a list (lists.powered_template_id), with the list names. */
export function listsPoweredByTemplates(db: Db, accountId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([] as { template_id: number; list_name: string }[]);
  return db
    .selectFrom('lists')
    .select(['powered_template_id as template_id', 'name as list_name'])
    .where('account_id', '=', accountId)
    .where('powered_template_id', 'in', ids)
    .$narrowType<{ template_id: number }>()
    .execute();
}

/** The template fields of a template in order, each with its field row. */
export function templateFieldsOf(db: Db, accountId: number, templateIds: readonly number[]) {
  if (templateIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('template_fields as tf')
    .innerJoin('fields as f', 'f.id', 'tf.field_id')
    .selectAll('tf')
    .select([
      'f.name as field_name',
      'f.governance_type as field_governance_type',
      'f.is_pattern as field_is_pattern',
      'f.fieldset_id as field_fieldset_id',
      'f.segment_parent_field_id as field_segment_parent_field_id',
      'f.segment_type as field_segment_type',
      'f.settings as field_settings',
    ])
    .where('tf.account_id', '=', accountId)
    .where('tf.template_id', 'in', templateIds)
    .orderBy('tf.precedence')
    .orderBy('tf.id')
    .execute();
}

/** One template field row of the account, with its template id. */
export function findTemplateField(db: Db, accountId: number, id: number) {
  return db
    .selectFrom('template_fields')
    .select(['id', 'template_id'])
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Inserts a template field; returns its id. */
export async function insertTemplateField(
  db: Db,
  accountId: number,
  templateId: number,
  values: Record<string, unknown> & { field_id: number; settings: Record<string, unknown> },
): Promise<number> {
  const row = await db
    .insertInto('template_fields')
    .values({
      account_id: accountId,
      template_id: templateId,
      ...values,
      settings: JSON.stringify(values.settings),
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates a template field of the template. */
export async function updateTemplateField(
  db: Db,
  templateId: number,
  id: number,
  values: Record<string, unknown> & { settings: Record<string, unknown> },
): Promise<void> {
  await db
    .updateTable('template_fields')
    .set({ ...values, settings: JSON.stringify(values.settings) } as never)
    .where('template_id', '=', templateId)
    .where('id', '=', id)
    .execute();
}

/** Deletes template fields of the template not among `keep`. */
export async function deleteTemplateFieldsExcept(db: Db, templateId: number, keep: readonly number[]) {
  let q = db.deleteFrom('template_fields').where('template_id', '=', templateId);
  if (keep.length > 0) q = q.where('id', 'not in', keep);
  await q.execute();
}

/** The field set ids of templates. */
export function fieldsetsOf(db: Db, templateIds: readonly number[]) {
  if (templateIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('template_fieldsets')
    .select(['template_id', 'fieldset_id'])
    .where('template_id', 'in', templateIds)
    .orderBy('fieldset_id')
    .execute();
}

/** Replaces a template's field sets. */
export async function setFieldsets(db: Db, accountId: number, templateId: number, ids: readonly number[]) {
  await db.deleteFrom('template_fieldsets').where('template_id', '=', templateId).execute();
  if (ids.length === 0) return;
  await db
    .insertInto('template_fieldsets')
    .values(ids.map((fieldset_id) => ({ account_id: accountId, template_id: templateId, fieldset_id })))
    .execute();
}

/** Approvers of a template with their names and emails, by name. */
export function approversOf(db: Db, accountId: number, templateId: number) {
  return db
    .selectFrom('template_approvers as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['u.id', 'u.name', 'u.email'])
    .where('a.account_id', '=', accountId)
    .where('a.template_id', '=', templateId)
    .orderBy('u.name')
    .orderBy('u.id')
    .execute();
}

/** Replaces a template's approvers. */
export async function setApprovers(
  db: Db,
  accountId: number,
  templateId: number,
  userIds: readonly number[],
) {
  await db.deleteFrom('template_approvers').where('template_id', '=', templateId).execute();
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  await db
    .insertInto('template_approvers')
    .values(unique.map((user_id) => ({ account_id: accountId, template_id: templateId, user_id })))
    .execute();
}

/** Users of the account among `ids` with their names and roles. */
export function usersOfAccount(db: Db, accountId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'name', 'role', 'disabled'])
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .execute();
}

/** The account's enabled users with name, email and role, by name (the setup step's people). */
export function enabledUsersOfAccount(db: Db, accountId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role'])
    .where('account_id', '=', accountId)
    .where('disabled', '=', false)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Field sets of the account among `ids`. */
export async function fieldsetIdsOfAccount(db: Db, accountId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('fieldsets')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.id);
}

/** Folders of the account among `ids`. */
export async function folderIdsOfAccount(db: Db, accountId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('folders')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.id);
}

/** Link parameters of a template, in order. */
export function parametersOf(db: Db, accountId: number, templateId: number) {
  return db
    .selectFrom('template_link_parameters')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('template_id', '=', templateId)
    .orderBy('precedence')
    .orderBy('id')
    .execute();
}

/** Replaces a template's link parameters. */
export async function setParameters(
  db: Db,
  accountId: number,
  templateId: number,
  rows: readonly {
    name: string;
    field_id: number | null;
    template_field_id: number | null;
    precedence: number;
    url_encoding: string;
    url_name_encoding: string;
    fieldset_ids: number[];
    transform: string;
  }[],
) {
  await db.deleteFrom('template_link_parameters').where('template_id', '=', templateId).execute();
  if (rows.length === 0) return;
  await db
    .insertInto('template_link_parameters')
    .values(rows.map((r) => ({ account_id: accountId, template_id: templateId, ...r })))
    .execute();
}

/** Link validations of a template, in order. */
export function validationsOf(db: Db, accountId: number, templateId: number) {
  return db
    .selectFrom('template_link_validations')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('template_id', '=', templateId)
    .orderBy('precedence')
    .orderBy('id')
    .execute();
}

/** Replaces a template's link validations. */
export async function setValidations(
  db: Db,
  accountId: number,
  templateId: number,
  rows: readonly { slug: string; uuid: string; options: Record<string, unknown> }[],
) {
  await db.deleteFrom('template_link_validations').where('template_id', '=', templateId).execute();
  if (rows.length === 0) return;
  await db
    .insertInto('template_link_validations')
    .values(
      rows.map((r, precedence) => ({
        account_id: accountId,
        template_id: templateId,
        slug: r.slug,
        uuid: r.uuid,
        options: JSON.stringify(r.options),
        precedence,
      })),
    )
    .execute();
}

/** Integration assignments of templates, in order. */
export function assignmentsOf(db: Db, accountId: number, templateIds: readonly number[]) {
  if (templateIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('integration_assignments')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('template_id', 'in', templateIds)
    .orderBy('precedence')
    .orderBy('id')
    .execute();
}

/** Integration assignment `id` of the account's template `templateId`, or undefined (spec 03 §3). */
export function assignmentOfTemplate(db: Db, accountId: number, templateId: number, id: number) {
  return db
    .selectFrom('integration_assignments')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('template_id', '=', templateId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Notifications of integration assignments. */
export function notificationsOf(db: Db, assignmentIds: readonly number[]) {
  if (assignmentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('integration_notifications')
    .selectAll()
    .where('integration_assignment_id', 'in', assignmentIds)
    .orderBy('id')
    .execute();
}

/** The stored columns of an integration assignment. */
export interface AssignmentValues {
  slug: string;
  name: string;
  integration_type: string;
  integration_id: number | null;
  connector_id: number | null;
  connector_type_id: number | null;
  metadata: Record<string, unknown>;
  settings: Record<string, unknown>;
  precedence: number;
  /** What the assignment still lacks, in words; empty when it is ready (migration 0026). */
  missing_settings: readonly string[];
}

function storedAssignment(v: AssignmentValues) {
  return {
    ...v,
    metadata: JSON.stringify(v.metadata),
    settings: JSON.stringify(v.settings),
    missing_settings: JSON.stringify(v.missing_settings),
  };
}

/** Inserts an integration assignment; returns its id. */
export async function insertAssignment(db: Db, accountId: number, templateId: number, v: AssignmentValues) {
  const row = await db
    .insertInto('integration_assignments')
    .values({ account_id: accountId, template_id: templateId, ...storedAssignment(v) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates an integration assignment of the template. */
export async function updateAssignment(db: Db, templateId: number, id: number, v: AssignmentValues) {
  await db
    .updateTable('integration_assignments')
    .set({ ...storedAssignment(v), updated_at: sql`now()` })
    .where('template_id', '=', templateId)
    .where('id', '=', id)
    .execute();
}

/** Deletes the template's integration assignments not among `keep`. */
export async function deleteAssignmentsExcept(db: Db, templateId: number, keep: readonly number[]) {
  let q = db.deleteFrom('integration_assignments').where('template_id', '=', templateId);
  if (keep.length > 0) q = q.where('id', 'not in', keep);
  await q.execute();
}

/** Replaces the notifications of an assignment. */
export async function setNotifications(
  db: Db,
  accountId: number,
  assignmentId: number,
  rows: readonly {
    email_to: string[];
    subject: string;
    email_on_failure: boolean;
    email_on_success: boolean;
  }[],
) {
  await db
    .deleteFrom('integration_notifications')
    .where('integration_assignment_id', '=', assignmentId)
    .execute();
  if (rows.length === 0) return;
  await db
    .insertInto('integration_notifications')
    .values(
      rows.map((r) => ({
        account_id: accountId,
        integration_assignment_id: assignmentId,
        ...r,
        email_to: JSON.stringify(r.email_to),
      })),
    )
    .execute();
}

/** Writes a template log; returns it. */
export function insertLog(
  db: Db,
  accountId: number,
  templateId: number,
  status: TemplateLogRow['status'],
  message = '',
): Promise<TemplateLogRow> {
  return db
    .insertInto('template_logs')
    .values({ account_id: accountId, template_id: templateId, status, message })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Ends a Running log with its outcome; does nothing to a log already ended. */
export async function endLog(db: Db, id: number, status: 'Success' | 'Failed', message: string) {
  await db
    .updateTable('template_logs')
    .set({ status, message })
    .where('id', '=', id)
    .where('status', '=', 'Running')
    .execute();
}

/** The last log of a template of the account, or undefined. */
export function lastLog(db: Db, accountId: number, templateId: number) {
  return db
    .selectFrom('template_logs')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('template_id', '=', templateId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** List columns powered by the given template fields, with their list (spec 03 §3 list_columns). */
export function listColumnsUsingTemplateFields(
  db: Db,
  accountId: number,
  templateFieldIds: readonly number[],
) {
  if (templateFieldIds.length === 0)
    return Promise.resolve(
      [] as {
        template_field_id: number;
        list_id: number;
        list_name: string;
        list_column_id: number;
        column_name: string;
      }[],
    );
  return db
    .selectFrom('list_columns as c')
    .innerJoin('lists as l', 'l.id', 'c.list_id')
    .select([
      'c.powered_template_field_id as template_field_id',
      'l.id as list_id',
      'l.name as list_name',
      'c.id as list_column_id',
      'c.name as column_name',
    ])
    .where('l.account_id', '=', accountId)
    .where('c.powered_template_field_id', 'in', templateFieldIds)
    .$narrowType<{ template_field_id: number }>()
    .execute();
}

/**
 * Among `fieldIds`, the template-owned fields (no field set, not a pattern or segment) that a
 * template other than `templateId` uses: a duplicate's save gives its template its own rows.
 */
export function templateOwnedFieldsOfOtherTemplates(
  db: Db,
  accountId: number,
  templateId: number,
  fieldIds: readonly number[],
) {
  if (fieldIds.length === 0) return Promise.resolve([] as { field_id: number }[]);
  return db
    .selectFrom('template_fields as tf')
    .innerJoin('fields as f', 'f.id', 'tf.field_id')
    .select('tf.field_id')
    .distinct()
    .where('tf.account_id', '=', accountId)
    .where('tf.template_id', '<>', templateId)
    .where('tf.field_id', 'in', fieldIds)
    .where('f.fieldset_id', 'is', null)
    .where('f.is_pattern', '=', false)
    .where('f.segment_parent_field_id', 'is', null)
    .execute();
}

/**
 * The template fields of a template by precedence, each as its id and field id (the
 * classifications a target run uploads are matched to them). A template of another account, or
 * `templateId` null, has none.
 */
export function templateFieldIdsOf(db: Db, accountId: number, templateId: number | null) {
  return db
    .selectFrom('template_fields')
    .select(['id', 'field_id'])
    .where('account_id', '=', accountId)
    .where('template_id', '=', templateId ?? -1)
    .orderBy('precedence')
    .execute();
}

/**
 * The template fields of a template, each with its own governance type and its field's (the
 * template field's, when set, overrides the field's), in no particular order: the powered-list
 * save checks its columns against them (spec 02 §5 "Link dialog").
 */
export function governanceTypesOfTemplateFields(db: Db, templateId: number) {
  return db
    .selectFrom('template_fields')
    .innerJoin('fields', 'fields.id', 'template_fields.field_id')
    .select(['template_fields.id', 'template_fields.governance_type', 'fields.governance_type as field_type'])
    .where('template_fields.template_id', '=', templateId)
    .execute();
}

/** Ends Running logs written before `before` and not among `live` as Failed with `message`. */
export async function failRunningLogsBefore(db: Db, before: Date, live: readonly number[], message: string) {
  let q = db
    .updateTable('template_logs')
    .set({ status: 'Failed', message })
    .where('status', '=', 'Running')
    .where('created_at', '<', before);
  if (live.length > 0) q = q.where('id', 'not in', live);
  await q.execute();
}

/** The account's integration assignments among `ids` (locked with `forUpdate`), with their template. */
export function findAssignments(db: Db, accountId: number, ids: readonly number[], forUpdate = false) {
  if (ids.length === 0) return Promise.resolve([]);
  let q = db
    .selectFrom('integration_assignments')
    .select(['id', 'template_id', 'name', 'slug'])
    .where('account_id', '=', accountId)
    .where('id', 'in', ids);
  if (forUpdate) q = q.forUpdate();
  return q.execute();
}

/** Deletes the account's integration assignments among `ids`; their notifications go with them. */
export async function deleteAssignments(db: Db, accountId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db
    .deleteFrom('integration_assignments')
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .execute();
}
