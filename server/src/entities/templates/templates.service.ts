import {
  AppError,
  approverRefusal,
  checkIntegrations,
  composeSegmentLinks,
  connectorTypeBySlug,
  type IntegrationAssignment,
  integrationFor,
  integrationMessageText,
  isKnownIntegrationSlug,
  isMissingSettingIssue,
  LINK_VALIDATION_SLUGS,
  LINK_VALIDATION_TYPES,
  mayApproveTemplates,
  missingSettingsByIntegration,
  parametersToSave,
  type StoredPattern,
  type Template,
  type TemplateField,
  type TemplateLog,
  type TemplatePerson,
  type TemplateSaveParsed,
  type TemplateSummary,
  templateFieldReferences,
  templateIssueText,
  validateTemplate,
  withForcedSettings,
} from '@nomen/shared';
import type { Database, FieldRow, TemplateLogRow } from '@nomen/shared/db';
import type { Kysely, Transaction } from 'kysely';
import type { Actor, AppDeps } from '../../http/context';
import { recordActivity } from '../activities/activities.service';
import * as connectorsRepo from '../connectors/connectors.repository';
import { connectorOfAccount } from '../connectors/connectors.service';
import * as fieldsRepo from '../fields/fields.repository';
import * as fieldsetsRepo from '../fieldsets/fieldsets.repository';
import { assertAllFound, assertNotStale } from '../guards';
import * as listsRepo from '../lists/lists.repository';
import { assignmentFromRow, templateFieldFromRow, templateFromRows } from './template-rows';
import * as repo from './templates.repository';

type Db = Kysely<Database> | Transaction<Database>;

/** The message a Failed template log carries when no check named the cause (spec 03 §4). */
export const TEMPLATE_INTEGRATIONS_FAILED = 'Template integrations failed to validate.';
/** The message of a Running log whose process ended before finishing it. */
export const TEMPLATE_SAVE_INTERRUPTED =
  'Template integrations failed to validate: the save was interrupted.';

/** Running logs this process is still checking. */
const liveLogs = new Set<number>();
/**
 * How long a save's integration check may run (ms). A Running log older than this that no process
 * of ours is checking was interrupted; the window, not the process start, decides, so a REST
 * replica that restarts never ends another replica's running check.
 */
export const TEMPLATE_CHECK_TIMEOUT_MS = 5 * 60_000;

/** Template-field keys kept in `template_fields.settings` (spec 03 §3). */
const FIELD_SETTINGS_KEYS = [
  'list_governance',
  'autofill',
  'date',
  'validation',
  'transformation',
  'concatenation_governance',
  'segments',
  'link_governance',
  'segment_id',
  'segment_link',
] as const;

function toLog(row: TemplateLogRow): TemplateLog {
  return {
    id: row.id,
    template_id: row.template_id,
    status: row.status,
    message: row.message,
    created_at: row.created_at.toISOString(),
  };
}

/** The account's templates for the list page, newest first (spec 03 §2 "Template list"). */
export async function listTemplates(deps: AppDeps, actor: Actor): Promise<{ data: TemplateSummary[] }> {
  const [rows, usage] = await Promise.all([
    repo.listTemplates(deps.db, actor.accountId),
    repo.templateUsage(deps.db, actor.accountId),
  ]);
  const namesBy = (list: { template_id: number; name: string }[]) => {
    const map = new Map<number, string[]>();
    for (const r of list) {
      const names = map.get(r.template_id) ?? [];
      if (!names.includes(r.name)) names.push(r.name);
      map.set(r.template_id, names);
    }
    return map;
  };
  const patterns = namesBy(usage.patterns);
  const fieldsets = namesBy(usage.fieldsets);
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      updated_at: r.updated_at.toISOString(),
      created_at: r.created_at.toISOString(),
      created_by: r.created_by ?? null,
      patterns: patterns.get(r.id) ?? [],
      fieldsets: fieldsets.get(r.id) ?? [],
      folder_id: r.folder_id,
    })),
  };
}

/** A template as stored, without access checks (for jobs acting for the account, issue 12); null when not the account's. */
export async function loadTemplate(db: Db, accountId: number, id: number): Promise<Template | null> {
  const [template] = await repo.findTemplates(db, accountId, [id]);
  if (!template) return null;
  const [fields, fieldsets, approvers, parameters, validations, assignments] = await Promise.all([
    repo.templateFieldsOf(db, accountId, [id]),
    repo.fieldsetsOf(db, [id]),
    repo.approversOf(db, accountId, id),
    repo.parametersOf(db, accountId, id),
    repo.validationsOf(db, accountId, id),
    repo.assignmentsOf(db, accountId, [id]),
  ]);
  const [listColumns, notifications] = await Promise.all([
    repo.listColumnsUsingTemplateFields(
      db,
      accountId,
      fields.map((f) => f.id),
    ),
    repo.notificationsOf(
      db,
      assignments.map((a) => a.id),
    ),
  ]);
  return templateFromRows({
    template,
    fields,
    listColumns,
    fieldsets,
    approvers,
    parameters,
    validations,
    assignments,
    notifications,
  });
}

/** What an integration run reads of its template (spec 03 §3): its id, name and template fields. */
export type RunTemplate = Pick<Template, 'id' | 'name' | 'template_fields'>;

/**
 * What an outbound run needs of the template it delivers (spec 03 §3, §5): the template's
 * id, name and template fields in order, and the one integration assignment `assignmentId` with its
 * notifications, as `loadTemplate` shows them (the same mappers), without the template's other
 * parts. The template fields' `list_columns` are left empty: a run never reads them. Null when the
 * template is not the account's or the assignment is no longer the template's. Four reads, no
 * access checks.
 */
export async function loadRunAssignment(
  db: Db,
  accountId: number,
  templateId: number,
  assignmentId: number,
): Promise<{ template: RunTemplate; assignment: IntegrationAssignment } | null> {
  const [[template], assignment] = await Promise.all([
    repo.findTemplates(db, accountId, [templateId]),
    repo.assignmentOfTemplate(db, accountId, templateId, assignmentId),
  ]);
  if (!template || !assignment) return null;
  const [fields, notifications] = await Promise.all([
    repo.templateFieldsOf(db, accountId, [templateId]),
    repo.notificationsOf(db, [assignment.id]),
  ]);
  return {
    template: {
      id: template.id,
      name: template.name,
      template_fields: fields.map((r) => templateFieldFromRow(r, [])),
    },
    assignment: assignmentFromRow(assignment, template.id, notifications),
  };
}

/** One template with everything the editor needs (spec 03 §3, §7); 404 when not in the account. */
export async function getTemplate(deps: AppDeps, actor: Actor, id: number): Promise<Template> {
  const template = await loadTemplate(deps.db, actor.accountId, id);
  if (!template) throw AppError.notFound('Template');
  return template;
}

/** What the activity log keeps of a template: its attributes as the API shows them. */
function audited(t: Template): Record<string, unknown> {
  return {
    name: t.name,
    description: t.description,
    folder_id: t.folder_id,
    settings: t.settings,
    fields: t.template_fields.map((f) => `${f.field.name} (${f.governance_type ?? 'none'})`),
    fieldsets: t.fieldsets,
    integrations: t.integrations.map((i) => `${i.name || integrationFor(i.slug).label} (${i.slug})`),
    parameters: t.parameters.map((p) => p.name),
    validations: t.validations.map((v) => v.slug),
    approvers: t.approvers,
  };
}

/** Ids a template save names besides its own parts, each checked against the account (404 naming it). */
async function assertReferencesInAccount(trx: Db, actor: Actor, input: TemplateSaveParsed): Promise<void> {
  const { accountId } = actor;
  if (input.folder_id !== null)
    assertAllFound(
      [input.folder_id],
      await repo.folderIdsOfAccount(trx, accountId, [input.folder_id]),
      'Folder',
    );
  const fieldsetIds = [...new Set([...input.fieldsets, ...input.parameters.flatMap((p) => p.fieldset_ids)])];
  assertAllFound(fieldsetIds, await repo.fieldsetIdsOfAccount(trx, accountId, fieldsetIds), 'Field sets');
  const users = [...new Set([...input.approvers, ...input.submissionStatusRecipients.map((r) => r.userId)])];
  assertAllFound(
    users,
    (await repo.usersOfAccount(trx, accountId, users)).map((u) => u.id),
    'Users',
  );
}

/** Saved field ids a save names besides its template fields' own: references, parameters, mappings. */
function referencedFieldIds(input: TemplateSaveParsed): number[] {
  const ids = new Set<number>();
  const add = (id: unknown) => {
    if (typeof id === 'number') ids.add(id);
  };
  for (const tf of input.template_fields) {
    add(tf.autofill?.field_id);
    for (const id of tf.concatenation_governance?.field_ids ?? []) add(id);
    add(tf.field.segment_parent_field_id);
  }
  for (const p of input.parameters) add(p.field_id);
  for (const a of input.integrations) for (const m of a.mapping_fields) add(m.cvFieldId);
  return [...ids];
}

/** The lists and columns the template fields' list governance names must be the account's (404). */
async function assertListsInAccount(trx: Db, accountId: number, input: TemplateSaveParsed): Promise<void> {
  const governed = input.template_fields.flatMap((tf) => (tf.list_governance ? [tf.list_governance] : []));
  const listIds = [...new Set(governed.flatMap((g) => (g.list_id === null ? [] : [g.list_id])))];
  const columns = await listsRepo.columnIdsOfLists(trx, accountId, listIds);
  assertAllFound(listIds, [...columns.keys()], 'Lists');
  const knownColumns = [...columns.values()].flat();
  const columnIds = [
    ...new Set(governed.flatMap((g) => (g.list_column_id === null ? [] : [g.list_column_id]))),
  ];
  assertAllFound(columnIds, knownColumns, 'List columns');
}

function fieldColumns(tf: TemplateField, fieldId: number, precedence: number) {
  const settings: Record<string, unknown> = {};
  for (const key of FIELD_SETTINGS_KEYS) {
    const value = key === 'segment_id' ? tf.field.segment_id : tf[key];
    if (value !== null && value !== undefined) settings[key] = value;
  }
  return {
    field_id: fieldId,
    precedence,
    governance_type: tf.governance_type,
    required: tf.required,
    visible_on_form: tf.visible_on_form,
    default_value: tf.default_value,
    apply_default_value_to_empty_values: tf.apply_default_value_to_empty_values,
    must_be_unique: tf.must_be_unique,
    is_preview_url: tf.is_preview_url,
    generates_creative_classification: tf.generates_creative_classification,
    classification_parameter_type: tf.classification_parameter_type,
    constant_value: tf.constant_value,
    max_length: tf.max_length,
    min_length: tf.min_length,
    color: tf.color,
    pattern_updated_at: tf.pattern_updated_at,
    settings,
  };
}

/** Replaces TEMP_ field ids inside a template field's references (autofill, concatenation) with saved ids. */
function resolveFieldRefs(
  tf: TemplateField,
  resolve: (id: string | number, path: string) => number,
  path: string,
) {
  return {
    ...tf,
    autofill:
      tf.autofill && tf.autofill.field_id !== null
        ? { field_id: resolve(tf.autofill.field_id, `${path}.autofill.field_id`) }
        : tf.autofill,
    concatenation_governance: tf.concatenation_governance && {
      ...tf.concatenation_governance,
      field_ids: tf.concatenation_governance.field_ids.map((id, k) =>
        resolve(id, `${path}.concatenation_governance.field_ids.${k}`),
      ),
    },
  };
}

/**
 * Refuses approvers who may not approve templates (spec 01 §5; spec 03 §2 "Approvers"): each of
 * `userIds` must be a user of the account (404 naming the missing ids) whom `approverRefusal`
 * lets approve (400 at `${path}.{index}` naming the user). The one check of the template save and
 * the approvers add.
 */
async function assertApprovers(
  trx: Db,
  actor: Actor,
  userIds: readonly number[],
  path: string,
): Promise<void> {
  const users = await repo.usersOfAccount(trx, actor.accountId, userIds);
  assertAllFound(
    userIds,
    users.map((u) => u.id),
    'Users',
  );
  userIds.forEach((id, i) => {
    const refusal = approverRefusal(users.find((u) => u.id === id)!, actor.features);
    if (refusal) throw AppError.badField(`${path}.${i}`, refusal);
  });
}

/**
 * The integration assignments of a save as they are stored (spec 03 §3, §5): each with its
 * family's forced settings (`withForcedSettings`: a Snowflake push is csv, comma, "output") and,
 * when it names a connected account, that account's connector type id. The connected account must
 * be the account's (a foreign or unknown id is refused, not left for the run to find missing) and
 * of the connector type the integration uses; an integration that uses none takes none. 400 at
 * `body.integrations.{i}.connector_id` naming the integration otherwise.
 */
async function integrationsToStore(
  trx: Db,
  accountId: number,
  integrations: readonly TemplateSaveParsed['integrations'][number][],
): Promise<TemplateSaveParsed['integrations']> {
  const connectorIds = [
    ...new Set(integrations.flatMap((a) => (a.connector_id === null ? [] : [a.connector_id]))),
  ];
  const connectors =
    connectorIds.length === 0 ? [] : await connectorsRepo.findConnectors(trx, accountId, connectorIds);
  return integrations.map((raw, i) => {
    const a = withForcedSettings(raw);
    if (a.connector_id === null) return a;
    const definition = integrationFor(a.slug);
    const label = a.name.trim() || definition.label;
    const path = `body.integrations.${i}.connector_id`;
    const connector = connectors.find((c) => c.id === a.connector_id);
    if (!connector)
      throw AppError.badField(
        path,
        `${label}: connected account ${a.connector_id} is not one of this account's`,
      );
    const type =
      definition.connectorTypeSlug === null ? undefined : connectorTypeBySlug(definition.connectorTypeSlug);
    if (!type) throw AppError.badField(path, `${label}: this integration uses no connected account`);
    if (connector.connector_type_id !== type.id)
      throw AppError.badField(
        path,
        `${label}: the connected account "${connector.name}" is not a ${type.name} account`,
      );
    return { ...a, connector_type_id: connector.connector_type_id };
  });
}

/**
 * A template field's `field` as the server holds it (spec 03 §3): for a stored field, whether it
 * is a pattern, its field set, its pattern (segment parent), segment type and segment (a segment's
 * id is its field id); a field the save creates is a plain field. A pattern field sent without its
 * `segments` takes the stored pattern's. The client's copy of these facts is never trusted: the
 * submission form reads the stored ones.
 */
function fieldAsStored(
  tf: TemplateField,
  stored: FieldRow | undefined,
  segmentsOf: (patternId: number) => readonly FieldRow[],
): TemplateField {
  if (!stored)
    return {
      ...tf,
      field: {
        ...tf.field,
        is_pattern: false,
        fieldset_id: null,
        segment_parent_field_id: null,
        segment_type: null,
        segment_id: null,
      },
      segments: [],
    };
  const isSegment = stored.segment_parent_field_id !== null;
  const segments =
    stored.is_pattern && tf.segments.length === 0
      ? segmentsOf(stored.id).map((s) => ({
          id: s.id,
          name: s.name,
          segment_type: s.segment_type as TemplateField['segments'][number]['segment_type'],
          segment_precedence: s.precedence,
        }))
      : tf.segments;
  return {
    ...tf,
    field: {
      ...tf.field,
      is_pattern: stored.is_pattern,
      fieldset_id: stored.fieldset_id,
      segment_parent_field_id: stored.segment_parent_field_id,
      segment_type: stored.segment_type as TemplateField['field']['segment_type'],
      segment_id: isSegment ? stored.id : null,
    },
    segments: stored.is_pattern ? segments : [],
  };
}

/**
 * Refuses a template `validateTemplate` finds errors in (spec 03 §5), nothing stored: 400 whose
 * message is the first problem, naming its field or integration and the rule (with how many more
 * there are), and whose issues list every problem at its template field or integration. An
 * integration's missing settings are no errors (it is saved "Not ready"): answers them, by the
 * text of the assignment id (`missingSettingsByIntegration`).
 */
function assertNoTemplateErrors(
  template: TemplateSaveParsed,
  context: Parameters<typeof validateTemplate>[1],
): Map<string, string[]> {
  const all = validateTemplate(template, context);
  const errors = all.filter((i) => i.type === 'ERROR');
  if (errors.length === 0) return missingSettingsByIntegration(all);
  const fieldIndex = new Map(template.template_fields.map((f, i) => [String(f.id), i]));
  const integrationIndex = new Map(template.integrations.map((a, i) => [String(a.id), i]));
  const issues = errors.map((i) => {
    const f = i.fieldId !== undefined ? fieldIndex.get(String(i.fieldId)) : undefined;
    const a = i.integrationId !== undefined ? integrationIndex.get(String(i.integrationId)) : undefined;
    const path =
      f !== undefined ? `body.template_fields.${f}` : a !== undefined ? `body.integrations.${a}` : 'body';
    return { path, message: templateIssueText(i) };
  });
  const more = issues.length - 1;
  const message =
    more === 0
      ? issues[0]!.message
      : `${issues[0]!.message} (and ${more} more problem${more === 1 ? '' : 's'})`;
  throw new AppError('BAD_REQUEST', message, issues);
}

/**
 * Saves a template (spec 03 §4, §7): creates it without id, else updates it (409 on a stale
 * `updated_at`). In one transaction, before anything is stored:
 * - refuses unknown integration slugs (400) and checks every id the body names against the
 *   account (404 naming it): folder, field sets, users, fields, lists and list columns;
 * - refuses approvers who may not approve (400 naming them; the rule of the approvers add);
 * - takes each integration as stored (`integrationsToStore`): forced settings (Snowflake csv,
 *   comma), a connected account of the account and of the integration's connector type (400
 *   naming the integration);
 * - takes each template field's field facts from the database (`fieldAsStored`) and runs
 *   `validateTemplate` with the stored patterns' segments: any ERROR answers 400 naming the first
 *   problem, with every problem in `issues`; an integration assignment that only lacks settings
 *   (no account chosen yet…) is saved "Not ready" with what it lacks in `missing_settings`, and no
 *   run starts from it until a save finds it complete (shared/src/integrations/readiness.ts).
 * Then it maps TEMP_ ids of template fields, template-owned fields, link parameters and
 * integration assignments to new ids (a reference — autofill, concatenation piece, link parameter —
 * may name a field the same save creates by its TEMP_ id: `templateFieldReferences`); drops
 * parameters with neither field nor name; gives the template its own rows for template-owned
 * fields of another template (a duplicate); writes the activity entry and a Running template log.
 * Returns the id and the log id; `checkTemplateIntegrations` then does the slow part. A template
 * field that powers a list column cannot be removed (400 naming the list).
 */
export async function saveTemplate(
  deps: AppDeps,
  actor: Actor,
  parsed: TemplateSaveParsed,
): Promise<{ id: number; logId: number }> {
  assertKnownIntegrationSlugs(parsed);
  return deps.db.transaction().execute(async (trx) => {
    const { accountId } = actor;
    await assertReferencesInAccount(trx, actor, parsed);
    // Approvers decide only while the template requires approval; a template that no longer does
    // may still hold someone who may not approve (the editor hides the picker then), and saves.
    if (parsed.settings.require_approval)
      await assertApprovers(trx, actor, parsed.approvers, 'body.approvers');
    const stored = await storedFieldsOfSave(trx, accountId, parsed);
    await assertListsInAccount(trx, accountId, parsed);
    const { input, missingSettings } = await validatedSave(trx, actor, parsed, stored);
    const { templateId, before } = await writeTemplateRow(trx, actor, input);
    const fieldIds = await saveFields(trx, accountId, templateId, input, stored);
    const resolveField = fieldResolver(fieldIds);
    const tfIds = await saveTemplateFields(trx, accountId, templateId, input, before, fieldIds);
    await repo.setFieldsets(trx, accountId, templateId, [...new Set(input.fieldsets)]);
    await repo.setApprovers(trx, accountId, templateId, input.approvers);
    await saveParameters(trx, accountId, templateId, input, resolveField, tfIds);
    await repo.setValidations(trx, accountId, templateId, input.validations);
    await saveAssignments(trx, accountId, templateId, input, before, missingSettings);
    return recordSave(trx, actor, templateId, before);
  });
}

/** Refuses an integration slug Nomen does not know (400 at `body.integrations.{i}.slug`; spec 03 §5). */
function assertKnownIntegrationSlugs(parsed: TemplateSaveParsed): void {
  parsed.integrations.forEach((a, i) => {
    if (!isKnownIntegrationSlug(a.slug))
      throw AppError.badField(`body.integrations.${i}.slug`, `Unknown integration "${a.slug}"`);
  });
}

/**
 * The stored fields a save names (spec 03 §3, §5), read in its transaction: `fieldRows`, the
 * template fields' saved fields (`numericFieldIds`, their ids); `knownFields`, the fields only
 * referenced (autofill, concatenation, parameters, mappings) with their field set's name, so that
 * a message names them "Channel (Paid media)"; `patternRows` among `fieldRows` and `segmentsOf`
 * each pattern's stored segments.
 */
interface StoredFields {
  numericFieldIds: number[];
  fieldRows: FieldRow[];
  knownFields: { id: number; name: string; fieldset_name: string | null }[];
  patternRows: FieldRow[];
  segmentsOf: (patternId: number) => FieldRow[];
}

/**
 * Reads the {@link StoredFields} of a save; every saved field id it names must be the account's
 * (404 "Fields" naming the missing ids, the template fields' first, then the referenced ones).
 */
async function storedFieldsOfSave(
  trx: Db,
  accountId: number,
  parsed: TemplateSaveParsed,
): Promise<StoredFields> {
  const numericFieldIds = [
    ...new Set(
      parsed.template_fields.flatMap((tf) => (typeof tf.field_id === 'number' ? [tf.field_id] : [])),
    ),
  ];
  const fieldRows = await fieldsRepo.findFields(trx, accountId, numericFieldIds);
  assertAllFound(
    numericFieldIds,
    fieldRows.map((f) => f.id),
    'Fields',
  );
  const referencedIds = referencedFieldIds(parsed).filter((id) => !numericFieldIds.includes(id));
  const referencedRows = await fieldsRepo.findFields(trx, accountId, referencedIds);
  assertAllFound(
    referencedIds,
    referencedRows.map((f) => f.id),
    'Fields',
  );
  const referencedSetIds = [
    ...new Set(referencedRows.flatMap((f) => (f.fieldset_id === null ? [] : [f.fieldset_id]))),
  ];
  const referencedSets =
    referencedSetIds.length === 0 ? [] : await fieldsetsRepo.findFieldsets(trx, accountId, referencedSetIds);
  const knownFields = referencedRows.map((f) => ({
    id: f.id,
    name: f.name,
    fieldset_name: referencedSets.find((set) => set.id === f.fieldset_id)?.name ?? null,
  }));
  const patternRows = fieldRows.filter((f) => f.is_pattern);
  const segmentRows = await fieldsRepo.segmentsOf(
    trx,
    patternRows.map((p) => p.id),
  );
  const segmentsOf = (patternId: number) =>
    segmentRows.filter((s) => s.segment_parent_field_id === patternId);
  return { numericFieldIds, fieldRows, knownFields, patternRows, segmentsOf };
}

/**
 * The save as it is stored (spec 03 §3, §5): each template field's facts from the database
 * (`fieldAsStored`), each integration as stored (`integrationsToStore`: 400 naming a bad connected
 * account), segments composed with same-named field-set fields; then checked by `validateTemplate`
 * with the stored patterns (`assertNoTemplateErrors`: 400 on any ERROR). Answers it with the
 * missing settings of each "Not ready" integration, by the text of its id.
 */
async function validatedSave(
  trx: Db,
  actor: Actor,
  parsed: TemplateSaveParsed,
  stored: StoredFields,
): Promise<{ input: TemplateSaveParsed; missingSettings: Map<string, string[]> }> {
  const { fieldRows, segmentsOf } = stored;
  // A segment still without governance and a field-set field of its name compose: the segment
  // is filled from the field (field-composition.ts), as the editor's operations do.
  const input: TemplateSaveParsed = composeSegmentLinks(
    {
      ...parsed,
      template_fields: parsed.template_fields.map((tf) =>
        fieldAsStored(
          tf,
          typeof tf.field_id === 'number' ? fieldRows.find((f) => f.id === tf.field_id) : undefined,
          segmentsOf,
        ),
      ),
      integrations: await integrationsToStore(trx, actor.accountId, parsed.integrations),
    },
    { onlyUngoverned: true },
  );
  const patterns: StoredPattern[] = stored.patternRows.map((p) => ({
    id: p.id,
    updated_at: p.updated_at.toISOString(),
    segments: segmentsOf(p.id).map((s) => ({ id: s.id, name: s.name })),
  }));
  const missingSettings = assertNoTemplateErrors(input, {
    featureFlags: actor.features,
    patterns,
    knownFields: stored.knownFields,
  });
  return { input, missingSettings };
}

/**
 * Writes the template's own row (spec 03 §4, §7): inserts it when `input` has no id, else locks
 * the account's template (404), refuses a stale `updated_at` (409), reads it as it was (`before`,
 * for the activity entry and the kept ids) and updates it, keeping its rollup dataset. Answers the
 * template id and `before` (null for a new template).
 */
async function writeTemplateRow(
  trx: Db,
  actor: Actor,
  input: TemplateSaveParsed,
): Promise<{ templateId: number; before: Template | null }> {
  const { accountId } = actor;
  const values: repo.TemplateValues = {
    name: input.name,
    description: input.description,
    folder_id: input.folder_id,
    settings: input.settings,
    submission_status_recipients: input.submissionStatusRecipients,
    is_creative_classification_enabled: input.isCreativeClassificationEnabled,
    creative_configuration: input.creativeConfiguration,
    // The dataset is the server's: a new template has none yet, a save keeps the stored one.
    rollup_dataset_id: null,
  };
  if (!input.id) {
    const templateId = (await repo.insertTemplate(trx, accountId, actor.userId, values)).id;
    return { templateId, before: null };
  }
  const [found] = await repo.findTemplates(trx, accountId, [input.id], true);
  if (!found) throw AppError.notFound('Template');
  assertNotStale(found.updated_at, (input as { updated_at?: string | null }).updated_at, 'template');
  const before = await loadTemplate(trx, accountId, found.id);
  values.rollup_dataset_id = found.rollup_dataset_id;
  await repo.updateTemplate(trx, accountId, found.id, values);
  return { templateId: found.id, before };
}

/** Maps a field id of a save (saved or TEMP_) to its saved id; 400 at `body.{path}` when none. */
type ResolveField = (id: string | number, path: string) => number;

/**
 * Stores the fields a save's template fields use (spec 03 §3): a saved field stays (a link
 * field's new name is stored, spec 03 §2), a template-owned field another template uses gets a
 * copy (a duplicate), a new one (TEMP_ or null id) gets a row. Answers the saved id of each field
 * id the save names, by its text (`null:{template field id}` for a template field without field
 * id), the references to fields this save adds by TEMP_ id included (`templateFieldReferences`).
 */
async function saveFields(
  trx: Db,
  accountId: number,
  templateId: number,
  input: TemplateSaveParsed,
  stored: StoredFields,
): Promise<Map<string, number>> {
  const ownedElsewhere = new Set(
    (await repo.templateOwnedFieldsOfOtherTemplates(trx, accountId, templateId, stored.numericFieldIds)).map(
      (r) => r.field_id,
    ),
  );
  const fieldIds = new Map<string, number>();
  for (const tf of input.template_fields) {
    const key = String(tf.field_id);
    if (fieldIds.has(key)) continue;
    if (typeof tf.field_id === 'number' && !ownedElsewhere.has(tf.field_id)) {
      fieldIds.set(key, tf.field_id);
      // The link field's name is edited in the link drawer (spec 03 §2); other names are their owners'.
      const row = stored.fieldRows.find((f) => f.id === tf.field_id);
      const name = tf.field.name.trim();
      if (tf.governance_type === 'link' && row && name !== '' && row.name !== name)
        await fieldsRepo.renameTemplateOwnedField(trx, accountId, row.id, name);
    } else {
      const id = await fieldsRepo.insertTemplateOwnedField(trx, accountId, {
        name: tf.field.name,
        governance_type: tf.governance_type,
      });
      if (tf.field_id !== null) fieldIds.set(key, id);
      else fieldIds.set(`null:${String(tf.id)}`, id);
    }
  }
  // A reference may name a template field this save adds by its TEMP_ id (spec 03 §3).
  for (const [ref, tf] of templateFieldReferences(input.template_fields))
    if (!fieldIds.has(ref))
      fieldIds.set(ref, fieldIds.get(tf.field_id === null ? `null:${String(tf.id)}` : String(tf.field_id))!);
  return fieldIds;
}

/**
 * Resolves a field id a save names through `fieldIds` (from {@link saveFields}): a saved id is kept
 * when the save did not copy it; a TEMP_ id must be one the save created (400 at `body.{path}`).
 */
function fieldResolver(fieldIds: ReadonlyMap<string, number>): ResolveField {
  return (id, path) => {
    const saved = fieldIds.get(String(id)) ?? (typeof id === 'number' ? id : undefined);
    if (saved === undefined) throw AppError.badField(`body.${path}`, 'Choose a field of this template');
    return saved;
  };
}

/**
 * Stores the template's template fields in order (spec 03 §3): a saved id must be this template's
 * (404 "Template fields"), a removed one must power no list column (400 naming the list), TEMP_
 * ids get new rows; references (autofill, concatenation) are resolved to saved field ids. Answers
 * the saved template field id of each template field id of the save, by its text.
 */
async function saveTemplateFields(
  trx: Db,
  accountId: number,
  templateId: number,
  input: TemplateSaveParsed,
  before: Template | null,
  fieldIds: ReadonlyMap<string, number>,
): Promise<Map<string, number>> {
  const resolveField = fieldResolver(fieldIds);
  const existing = before?.template_fields.map((f) => f.id as number) ?? [];
  const kept = input.template_fields.flatMap((tf) => (typeof tf.id === 'number' ? [tf.id] : []));
  assertAllFound(kept, existing, 'Template fields');
  const powering = before?.template_fields.find(
    (f) => !kept.includes(f.id as number) && f.list_columns.length > 0,
  );
  if (powering) {
    const column = powering.list_columns[0]!;
    throw AppError.badField(
      'body.template_fields',
      `${powering.field.name} powers the column "${column.column_name}" of the list "${column.list_name}" and cannot be deleted.`,
    );
  }
  await repo.deleteTemplateFieldsExcept(trx, templateId, kept);
  const tfIds = new Map<string, number>();
  for (const [i, raw] of input.template_fields.entries()) {
    const tf = resolveFieldRefs(raw, resolveField, `template_fields.${i}`);
    const fieldId =
      raw.field_id === null
        ? fieldIds.get(`null:${String(raw.id)}`)!
        : resolveField(raw.field_id, `template_fields.${i}.field_id`);
    const columns = fieldColumns(tf, fieldId, i);
    if (typeof raw.id === 'number') {
      await repo.updateTemplateField(trx, templateId, raw.id, columns);
      tfIds.set(String(raw.id), raw.id);
    } else {
      tfIds.set(String(raw.id), await repo.insertTemplateField(trx, accountId, templateId, columns));
    }
  }
  return tfIds;
}

/**
 * Stores the template's link parameters (spec 03 §3 parameters): those `parametersToSave` keeps,
 * each field and template field resolved to saved ids (400 at `body.parameters.{i}.…` naming
 * neither a field nor a template field of this template).
 */
async function saveParameters(
  trx: Db,
  accountId: number,
  templateId: number,
  input: TemplateSaveParsed,
  resolveField: ResolveField,
  tfIds: ReadonlyMap<string, number>,
): Promise<void> {
  const templateFieldOf = (id: string | number, i: number) => {
    const saved = tfIds.get(String(id));
    if (saved === undefined)
      throw AppError.badField(`body.parameters.${i}.template_field_id`, 'Choose a field of this template');
    return saved;
  };
  const parameters = parametersToSave(input.parameters);
  await repo.setParameters(
    trx,
    accountId,
    templateId,
    parameters.map((p, i) => ({
      name: p.name,
      field_id: p.field_id === null ? null : resolveField(p.field_id, `parameters.${i}.field_id`),
      template_field_id: p.template_field_id === null ? null : templateFieldOf(p.template_field_id, i),
      precedence: p.precedence,
      url_encoding: p.url_encoding,
      url_name_encoding: p.url_name_encoding,
      fieldset_ids: p.fieldset_ids,
      transform: p.transform,
    })),
  );
}

/**
 * Stores the template's integration assignments in order with their notifications (spec 03 §3,
 * §5): a saved id must be this template's (404 "Integrations"), TEMP_ ids get new rows; each keeps
 * what it lacks (`missingSettings`, by the text of its id), which makes it "Not ready".
 */
async function saveAssignments(
  trx: Db,
  accountId: number,
  templateId: number,
  input: TemplateSaveParsed,
  before: Template | null,
  missingSettings: ReadonlyMap<string, string[]>,
): Promise<void> {
  const existing = before?.integrations.map((a) => a.id as number) ?? [];
  const kept = input.integrations.flatMap((a) => (typeof a.id === 'number' ? [a.id] : []));
  assertAllFound(kept, existing, 'Integrations');
  await repo.deleteAssignmentsExcept(trx, templateId, kept);
  for (const [i, a] of input.integrations.entries()) {
    const { id, integration_notifications } = a;
    const row = assignmentValues(a, i, missingSettings.get(String(id)) ?? []);
    let assignmentId: number;
    if (typeof id === 'number') {
      await repo.updateAssignment(trx, templateId, id, row);
      assignmentId = id;
    } else {
      assignmentId = await repo.insertAssignment(trx, accountId, templateId, row);
    }
    await repo.setNotifications(
      trx,
      accountId,
      assignmentId,
      integration_notifications.map((n) => ({
        email_to: n.emailTo,
        subject: n.subject,
        email_on_failure: n.emailOnFailure,
        email_on_success: n.emailOnSuccess,
      })),
    );
  }
}

/**
 * The stored columns of integration assignment `a` at `precedence` (spec 03 §3): its own columns,
 * and as `settings` whatever else it carries but the server's (entity, timestamps, readiness).
 */
function assignmentValues(
  a: TemplateSaveParsed['integrations'][number],
  precedence: number,
  missing: string[],
): repo.AssignmentValues {
  const {
    id: _id,
    name,
    slug,
    integration_type,
    integration_id,
    connector_id,
    connector_type_id,
    metadata,
    integration_notifications: _notifications,
    assigned_entity_id: _entity,
    assigned_entity_type: _type,
    created_at: _c,
    updated_at: _u,
    readiness: _readiness,
    ...settings
  } = a;
  return {
    slug,
    name,
    integration_type,
    integration_id: integration_id ?? null,
    connector_id,
    connector_type_id,
    metadata,
    settings,
    precedence,
    missing_settings: missing,
  };
}

/**
 * Ends a save (spec 03 §4): records the activity entry (the template before and after, as the
 * API shows them) and a Running template log this process checks. Answers the id and the log id.
 */
async function recordSave(
  trx: Transaction<Database>,
  actor: Actor,
  templateId: number,
  before: Template | null,
): Promise<{ id: number; logId: number }> {
  const after = (await loadTemplate(trx, actor.accountId, templateId))!;
  await recordActivity(trx, actor, {
    configuredObject: 'template',
    objectName: after.name,
    objectId: templateId,
    before: before && audited(before),
    after: audited(after),
  });
  const log = await repo.insertLog(trx, actor.accountId, templateId, 'Running');
  liveLogs.add(log.id);
  return { id: templateId, logId: log.id };
}

/**
 * The slow part of a save (spec 03 §4), run after the response: checks each integration
 * assignment of the saved template — its chosen connected account exists and is the account's, and
 * its settings pass `checkIntegrations` but for missing settings, which make it "Not ready"
 * rather than failing the save — then ends the Running log Success, or Failed with the first problem
 * ('Template integrations failed to validate.' when nothing names one). Never throws.
 */
export async function checkTemplateIntegrations(
  deps: AppDeps,
  actor: Actor,
  templateId: number,
  logId: number,
): Promise<void> {
  try {
    const template = await loadTemplate(deps.db, actor.accountId, templateId);
    let problem: string | null = null;
    if (template) {
      for (const a of template.integrations) {
        const definition = integrationFor(a.slug);
        // One without an account is "Not ready" (its save said so), not a failed save.
        if (definition.connectorTypeSlug !== null && a.connector_id !== null) {
          const connected = await connectorOfAccount(deps.db, actor.accountId, a.connector_id);
          if (!connected) {
            problem = `${a.name || definition.label}: the connected account is missing.`;
            break;
          }
        }
      }
      if (problem === null) {
        const issues = checkIntegrations(template.integrations, {
          templateName: template.name,
          hasLinkField: template.template_fields.some((f) => f.governance_type === 'link'),
          isAutoSubmitOn:
            template.settings.enable_auto_submit === 1 && actor.features.includes('auto-submit'),
          templateFieldIds: template.template_fields.flatMap((f) =>
            typeof f.field_id === 'number' ? [f.field_id] : [],
          ),
          featureFlags: actor.features,
        });
        const error = issues.find((i) => i.type === 'ERROR' && !isMissingSettingIssue(i));
        if (error)
          problem = integrationMessageText(error.messageId, error.params) || TEMPLATE_INTEGRATIONS_FAILED;
      }
    } else {
      problem = TEMPLATE_INTEGRATIONS_FAILED;
    }
    await repo.endLog(deps.db, logId, problem === null ? 'Success' : 'Failed', problem ?? '');
  } catch {
    await repo.endLog(deps.db, logId, 'Failed', TEMPLATE_INTEGRATIONS_FAILED).catch(() => undefined);
  } finally {
    liveLogs.delete(logId);
  }
}

/**
 * Ends as Failed (interrupted) the Running template logs older than TEMPLATE_CHECK_TIMEOUT_MS that
 * this process is not checking: the process that wrote them ended before finishing (spec 03 §4).
 * Run at start-up; reads do it too.
 */
export async function endInterruptedTemplateLogs(db: Kysely<Database>): Promise<void> {
  const before = new Date(Date.now() - TEMPLATE_CHECK_TIMEOUT_MS);
  await repo.failRunningLogsBefore(db, before, [...liveLogs], TEMPLATE_SAVE_INTERRUPTED);
}

/**
 * The last template log of a template (spec 03 §4, §7). `isSaving=true` (save detection on load),
 * `poll=true` (polling after a save) and no query all answer the last log, or null when the
 * template was never saved; a Running log of a process that ended is first ended Failed. 404 when
 * the template is not the account's.
 */
export async function templateLogs(
  deps: AppDeps,
  actor: Actor,
  templateId: number,
): Promise<{ log: TemplateLog | null }> {
  const [template] = await repo.findTemplates(deps.db, actor.accountId, [templateId]);
  if (!template) throw AppError.notFound('Template');
  let last = await repo.lastLog(deps.db, actor.accountId, templateId);
  if (
    last &&
    last.status === 'Running' &&
    !liveLogs.has(last.id) &&
    Date.now() - new Date(last.created_at).getTime() > TEMPLATE_CHECK_TIMEOUT_MS
  ) {
    await repo.endLog(deps.db, last.id, 'Failed', TEMPLATE_SAVE_INTERRUPTED);
    last = await repo.lastLog(deps.db, actor.accountId, templateId);
  }
  return { log: last ? toLog(last) : null };
}

/**
 * Deletes templates (spec 03 §2, §7), all or nothing on unknown ids (404). Templates powering a
 * list (`lists.powered_template_id`) are kept and named in the message; their ids are answered in
 * `powered_template_ids`. One activity entry per deleted template.
 */
export async function deleteTemplates(
  deps: AppDeps,
  actor: Actor,
  ids: number[],
): Promise<{ message: string; powered_template_ids: number[] }> {
  return deps.db.transaction().execute(async (trx) => {
    const rows = await repo.findTemplates(trx, actor.accountId, ids, true);
    assertAllFound(
      ids,
      rows.map((r) => r.id),
      'Templates',
    );
    const powered = await repo.listsPoweredByTemplates(trx, actor.accountId, ids);
    const poweredIds = [...new Set(powered.map((p) => p.template_id))];
    const deletable = rows.filter((r) => !poweredIds.includes(r.id));
    const snapshots = (
      await Promise.all(deletable.map((r) => loadTemplate(trx, actor.accountId, r.id)))
    ).filter((t): t is Template => t !== null);
    await repo.deleteTemplates(
      trx,
      actor.accountId,
      deletable.map((r) => r.id),
    );
    if (snapshots.length > 0)
      await recordActivity(
        trx,
        actor,
        ...snapshots.map((t) => ({
          configuredObject: 'template' as const,
          objectName: t.name,
          objectId: t.id,
          before: audited(t),
          after: null,
        })),
      );
    const deletedText = `${deletable.length} template${deletable.length === 1 ? '' : 's'} deleted.`;
    if (poweredIds.length === 0) return { message: deletedText, powered_template_ids: [] };
    const names = rows
      .filter((r) => poweredIds.includes(r.id))
      .map((r) => {
        const lists = powered.filter((p) => p.template_id === r.id).map((p) => `"${p.list_name}"`);
        return `"${r.name}" (powers the list ${lists.join(', ')})`;
      });
    return {
      message: `${deletedText} Not deleted because they power a list: ${names.join('; ')}.`,
      powered_template_ids: poweredIds,
    };
  });
}

/** A template's link parameters (spec 03 §7); 404 when the template is not the account's. */
export async function templateParameters(deps: AppDeps, actor: Actor, id: number) {
  return { data: (await getTemplate(deps, actor, id)).parameters };
}

/** A template's link validations (spec 03 §7 link-validation?templateId); 404 when not the account's. */
export async function templateLinkValidations(deps: AppDeps, actor: Actor, id: number) {
  return { data: (await getTemplate(deps, actor, id)).validations };
}

/** The link validation types and their option slugs (spec 03 §2, §7). */
export function linkValidationTypes() {
  return {
    data: LINK_VALIDATION_SLUGS.map((slug) => ({
      slug,
      label: LINK_VALIDATION_TYPES[slug].label,
      options: Object.keys(LINK_VALIDATION_TYPES[slug].options),
    })),
  };
}

/** One template field with its field (spec 03 §7); 404 when not the account's. */
export async function getTemplateField(deps: AppDeps, actor: Actor, id: number): Promise<TemplateField> {
  const row = await repo.findTemplateField(deps.db, actor.accountId, id);
  if (!row) throw AppError.notFound('Template field');
  const template = await getTemplate(deps, actor, row.template_id);
  return template.template_fields.find((f) => f.id === id)!;
}

/**
 * The template fields mapped to integration assignments (spec 03 §7 fieldsMappedToIntegrations):
 * a field is mapped when a mapping row's `cvFieldId` or the `identifier_field_ids` metadata names
 * its field. 404 when the template is not the account's.
 */
export async function fieldsMappedToIntegrations(deps: AppDeps, actor: Actor, id: number) {
  const template = await getTemplate(deps, actor, id);
  const data = template.template_fields.flatMap((tf) => {
    if (typeof tf.field_id !== 'number' || typeof tf.id !== 'number') return [];
    const fieldId = tf.field_id;
    const integrations = template.integrations
      .filter((a) => {
        const identifiers = String(a.metadata.identifier_field_ids ?? '')
          .split(',')
          .map((s) => Number(s.trim()));
        return a.mapping_fields.some((m) => m.cvFieldId === fieldId) || identifiers.includes(fieldId);
      })
      .map((a) => ({ id: a.id as number, name: a.name || integrationFor(a.slug).label, slug: a.slug }));
    return integrations.length > 0 ? [{ template_field_id: tf.id, field_id: fieldId, integrations }] : [];
  });
  return { data };
}

/**
 * The people the setup step can name (spec 03 §2 "Setup step"; `templatePeopleApi.list`): the
 * account's enabled users, each with `can_approve` by spec 01 §5 (owners, and managers with the
 * manager-approvals flag).
 */
export async function templatePeople(deps: AppDeps, actor: Actor): Promise<{ data: TemplatePerson[] }> {
  const users = await repo.enabledUsersOfAccount(deps.db, actor.accountId);
  return {
    data: users.map((u) => ({ ...u, can_approve: mayApproveTemplates(u.role, actor.features) })),
  };
}

/** A template's approvers with name and email (spec 03 §7); 404 when not the account's. */
export async function getApprovers(deps: AppDeps, actor: Actor, templateId: number) {
  const [template] = await repo.findTemplates(deps.db, actor.accountId, [templateId]);
  if (!template) throw AppError.notFound('Template');
  return { data: await repo.approversOf(deps.db, actor.accountId, templateId) };
}

/**
 * Sets a template's approvers (spec 03 §4, §7; spec 01 §5). Each must be a user of the account
 * (404 otherwise) who is an owner (ADMIN), or a manager with the manager-approvals flag (400
 * naming them otherwise; `assertApprovers`, the template save's rule too). Audited as a template
 * change.
 */
export async function addApprovers(
  deps: AppDeps,
  actor: Actor,
  templateId: number,
  userIds: number[],
): Promise<{ ok: true }> {
  await deps.db.transaction().execute(async (trx) => {
    const [template] = await repo.findTemplates(trx, actor.accountId, [templateId], true);
    if (!template) throw AppError.notFound('Template');
    await assertApprovers(trx, actor, userIds, 'body.approvers');
    const before = (await repo.approversOf(trx, actor.accountId, templateId)).map((u) => u.id);
    await repo.setApprovers(trx, actor.accountId, templateId, userIds);
    await recordActivity(trx, actor, {
      configuredObject: 'template',
      objectName: template.name,
      objectId: templateId,
      before: { approvers: before },
      after: { approvers: [...new Set(userIds)].sort((a, b) => a - b) },
    });
  });
  return { ok: true };
}

/** Removes all approvers of a template (spec 03 §4, §7); 404 when not the account's. */
export async function removeApprovers(
  deps: AppDeps,
  actor: Actor,
  templateId: number,
): Promise<{ ok: true }> {
  await deps.db.transaction().execute(async (trx) => {
    const [template] = await repo.findTemplates(trx, actor.accountId, [templateId], true);
    if (!template) throw AppError.notFound('Template');
    const before = (await repo.approversOf(trx, actor.accountId, templateId)).map((u) => u.id);
    await repo.setApprovers(trx, actor.accountId, templateId, []);
    await recordActivity(trx, actor, {
      configuredObject: 'template',
      objectName: template.name,
      objectId: templateId,
      before: { approvers: before },
      after: { approvers: [] },
    });
  });
  return { ok: true };
}
