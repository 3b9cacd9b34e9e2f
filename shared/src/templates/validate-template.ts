import type { FeatureFlag } from '../core/feature-flags';
import { checkIntegrations } from '../integrations/checks';
import type { IntegrationAssignmentId } from '../integrations/integration-assignment';
import type { IssueType } from '../integrations/issues';
import type { MessageParams } from '../integrations/messages';
import { isMissingSettingIssue, missingSettingsByIntegration } from '../integrations/readiness';
import { integrationFor } from '../integrations/registry';
import { type TemplateMessageId, templateMessageText } from './template-messages';
import {
  LINK_VALIDATION_TYPES,
  requiredLinkValidationKeys,
  type Template,
  type TemplateField,
  type TemplateFieldId,
  type TemplateList,
  type TemplatePatternSegment,
} from './templates.contract';

/** The editor steps an issue jumps to (spec 03 §2 steps, §5 "a step to jump to"). */
export const TEMPLATE_STEPS = ['setup', 'govern', 'connect', 'creative'] as const;
/** One editor step (spec 03 §5). */
export type TemplateStep = (typeof TEMPLATE_STEPS)[number];

/**
 * One problem of a template (spec 03 §5): ERROR (blocks the save) or WARNING, the catalogue message
 * id and its params, the step to jump to, and the template field (`fieldId`, a template field id)
 * or integration assignment (`integrationId`) it is about.
 */
export interface TemplateIssue {
  type: IssueType;
  messageId: TemplateMessageId;
  params: MessageParams;
  step: TemplateStep;
  fieldId?: TemplateFieldId;
  integrationId?: IntegrationAssignmentId;
}

/**
 * What the validation needs besides the template:
 * - `featureFlags`: the account's enabled flags (auto-submit, creative classification, link validations);
 * - `lists`: lists the editor knows (type and columns in order), besides those the fields carry;
 * - `patterns`: the current `updated_at` of patterns, by pattern (field) id, to flag updated patterns;
 *   with `segments` (the pattern's segments as stored), those segments, not the pattern field's own
 *   `segments` copy, decide which segment fields the template needs (the server passes them);
 * - `knownFields`: fields of the account's field sets the template may not hold, so that a message
 *   about a missing field names it ("Channel (Paid media)");
 * - `now`: the time integration date filters are measured from.
 */
export interface TemplateValidationContext {
  featureFlags: readonly FeatureFlag[];
  lists?: readonly TemplateList[];
  patterns?: readonly StoredPattern[];
  knownFields?: readonly KnownField[];
  now?: Date;
}

/** A field of a field set as messages name it: its id, name and its field set's name. */
export interface KnownField {
  id: number;
  name: string;
  fieldset_name: string | null;
}

/**
 * How a message names a field the template does not hold (spec 03 §5 "messages carry the field
 * name"): "Channel (Paid media)" when `knownFields` has it, else "a removed field" (no field set
 * of the account has it any more).
 */
export function missingFieldName(id: string | number, knownFields: readonly KnownField[] = []): string {
  const known = knownFields.find((f) => String(f.id) === String(id));
  if (!known) return 'a removed field';
  const name = known.name.trim() || 'Unnamed field';
  return known.fieldset_name?.trim() ? `${name} (${known.fieldset_name.trim()})` : name;
}

/** Names joined as a sentence says them: "A", "A and B", "A, B and C". */
function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** A pattern as the validation knows it: its id, `updated_at` and, when known, its stored segments. */
export interface StoredPattern {
  id: number;
  updated_at: string;
  segments?: readonly Pick<TemplatePatternSegment, 'id' | 'name'>[];
}

/**
 * What the references of a template's fields can name (spec 03 §3 autofill field_id,
 * concatenation field_ids, link parameter field_id), keyed by the text of the id: each template
 * field by its field id, saved or `TEMP_…` (a field the save creates), and each template field
 * the save adds by its own `TEMP_…` id (the only handle of a field created without a field id).
 * A field id always wins over a template field id spelled the same. Pure; the editor's validation
 * and the server's save both resolve references through it, so an id one accepts the other stores.
 */
export function templateFieldReferences(
  fields: readonly TemplateField[],
): ReadonlyMap<string, TemplateField> {
  const refs = new Map<string, TemplateField>();
  for (const tf of fields) if (tf.field_id !== null) refs.set(String(tf.field_id), tf);
  for (const tf of fields) {
    const key = String(tf.id);
    if (typeof tf.id === 'string' && !refs.has(key)) refs.set(key, tf);
  }
  return refs;
}

/** The template a validation reads: the editor state or a parsed save (id may be absent). */
export type ValidatedTemplate = Omit<Template, 'id' | 'uuid' | 'updated_at' | 'created_at'> & {
  id?: number | null;
};

function fieldName(tf: TemplateField): string {
  return tf.field.name.trim() || `Field ${tf.precedence + 1}`;
}

function isBlank(value: string | null | undefined): boolean {
  return value == null || value.trim() === '';
}

/**
 * Every issue of a template (spec 03 §5 "Whole-template validation", "Link governance", "Other",
 * "Approval", and the per-integration checks of `checkIntegrations`), setup issues first, then
 * fields in template order, link governance, creative classification, integrations. An
 * integration's missing settings (`isMissingSettingIssue`) are warnings, followed by one
 * `integrationNotReady` warning per such assignment naming what is missing: it is saved "Not
 * ready" rather than blocking the save (../integrations/readiness.ts). Pure and linear in the
 * template's size (fields are indexed once), so the editor runs it on every keystroke and the
 * server on every save; never throws.
 */
export function validateTemplate(
  template: ValidatedTemplate,
  context: TemplateValidationContext,
): TemplateIssue[] {
  const issues: TemplateIssue[] = [];
  const flags = new Set(context.featureFlags);
  const fields = template.template_fields;
  const report = issueReporters(issues);

  // Setup (spec 03 §5 "Template name is required. Template folder is required.", "Approval").
  if (isBlank(template.name)) report.error('templateNameRequired', 'setup');
  if (template.folder_id === null) report.error('templateFolderRequired', 'setup');
  if (template.settings.require_approval === 1 && template.approvers.length === 0)
    report.error('approversRequired', 'setup');

  const index = indexTemplate(template, context);
  let linkFieldCount = 0;
  for (const tf of fields) {
    if (tf.governance_type === 'link' && ++linkFieldCount > 1) report.fieldError('linkFieldOnlyOne', tf);
    checkField(tf, index, context, report);
  }

  checkLinkGovernance(template, flags, fields, report.error);
  checkCreativeClassification(template, flags, fields, report.error);
  issues.push(...integrationIssuesOf(template, context, flags, linkFieldCount > 0));
  return issues;
}

/** The three ways a check reports an issue, each pushing onto one list. */
interface IssueReporters {
  /** An ERROR on `step`, about `tf` when given. */
  error: ErrorIssue;
  /** A WARNING on the govern step about `tf`, its name as the `field` param. */
  warning: FieldIssue;
  /** An ERROR on the govern step about `tf`, its name as the `field` param. */
  fieldError: FieldIssue;
}

/** Reporters that push the issues they are given onto `issues`, in call order. */
function issueReporters(issues: TemplateIssue[]): IssueReporters {
  const error: ErrorIssue = (messageId, step, params = {}, tf) => {
    issues.push({ type: 'ERROR', messageId, params, step, ...(tf ? { fieldId: tf.id } : {}) });
  };
  const warning: FieldIssue = (messageId, tf, params = {}) => {
    issues.push({
      type: 'WARNING',
      messageId,
      params: { field: fieldName(tf), ...params },
      step: 'govern',
      fieldId: tf.id,
    });
  };
  const fieldError: FieldIssue = (messageId, tf, params = {}) =>
    error(messageId, 'govern', { field: fieldName(tf), ...params }, tf);
  return { error, warning, fieldError };
}

/** What the per-field checks look up, indexed once per validation. */
interface TemplateIndex {
  /** The template's fields by what a reference can name ({@link templateFieldReferences}). */
  byFieldId: ReadonlyMap<string, TemplateField>;
  /** Ids of the field sets the template holds. */
  fieldsets: ReadonlySet<number>;
  /** Lists by id: the context's, then those the fields carry. */
  lists: ReadonlyMap<number, TemplateList>;
  /** `list_id:list_column_id` of each list column a field of the template uses. */
  usedColumns: ReadonlySet<string>;
  /** The context's stored patterns by pattern (field) id. */
  storedPatterns: ReadonlyMap<string, StoredPattern>;
  /** `segment_parent_field_id:segment_id` of each segment field the template holds. */
  segmentFieldKeys: ReadonlySet<string>;
}

/** Indexes fields by what a reference can name, lists by id and list columns used per list. */
function indexTemplate(template: ValidatedTemplate, context: TemplateValidationContext): TemplateIndex {
  const fields = template.template_fields;
  const lists = new Map<number, TemplateList>();
  for (const list of context.lists ?? []) lists.set(list.id, list);
  const usedColumns = new Set<string>();
  for (const tf of fields) {
    const lg = tf.list_governance;
    if (!lg) continue;
    for (const list of lg.lists) if (!lists.has(list.id)) lists.set(list.id, list);
    if (lg.list_id !== null && lg.list_column_id !== null)
      usedColumns.add(`${lg.list_id}:${lg.list_column_id}`);
  }
  const segmentFieldKeys = new Set<string>();
  for (const tf of fields) {
    const { segment_parent_field_id: parent, segment_id: segment } = tf.field;
    if (parent !== null && segment !== null) segmentFieldKeys.add(`${parent}:${segment}`);
  }
  return {
    byFieldId: templateFieldReferences(fields),
    fieldsets: new Set(template.fieldsets),
    lists,
    usedColumns,
    storedPatterns: new Map((context.patterns ?? []).map((p) => [String(p.id), p])),
    segmentFieldKeys,
  };
}

/**
 * One field's checks (spec 03 §5 "Whole-template validation"): its segment parent is in the
 * template, it has a governance type (a variable one needs its field set in the template), its
 * autofill source, required text visibility, concatenation pieces, pattern segments and list.
 */
function checkField(
  tf: TemplateField,
  index: TemplateIndex,
  context: TemplateValidationContext,
  { fieldError, warning }: IssueReporters,
): void {
  const type = tf.governance_type;
  // A field with a segment parent must have that parent in the template.
  const parentId = tf.field.segment_parent_field_id;
  if (parentId !== null && !index.byFieldId.has(String(parentId))) fieldError('segmentParentMissing', tf);

  // Each field has a governance type; a non-governed one whose field set is not in the template needs one.
  if (type === null) fieldError('governanceTypeRequired', tf);
  else if (
    type === 'variable' &&
    (tf.field.fieldset_id === null || !index.fieldsets.has(tf.field.fieldset_id))
  )
    fieldError('governanceRequired', tf);

  if (type === 'autofill') {
    const sourceId = tf.autofill?.field_id ?? null;
    const source = sourceId === null ? undefined : index.byFieldId.get(String(sourceId));
    if (!source) fieldError('autofillSourceMissing', tf);
    else if (tf.required && !source.required)
      fieldError('autofillSourceNotRequired', tf, { source: fieldName(source) });
  }

  if (type === 'text' && tf.required && !tf.visible_on_form) fieldError('requiredTextHidden', tf);

  if (type === 'concatenation') {
    const pieces = tf.concatenation_governance?.field_ids ?? [];
    const missing = pieces.filter((id) => !index.byFieldId.has(String(id)));
    if (missing.length > 0)
      fieldError('concatenationPieceMissing', tf, {
        missing: joinNames([...new Set(missing.map((id) => missingFieldName(id, context.knownFields)))]),
      });
  }

  if (tf.field.is_pattern) checkPatternField(tf, index, fieldError, warning);

  if (type === 'list') checkListField(tf, index.lists, index.usedColumns, fieldError, warning);
}

/**
 * A pattern field: the stored pattern's segments, when known, decide: a submission needs a value
 * for each of them, whatever copy the pattern field carries (spec 03 §5 "pattern segments must
 * exist"); a pattern changed since the field copied it warns.
 */
function checkPatternField(
  tf: TemplateField,
  index: TemplateIndex,
  fieldError: FieldIssue,
  warning: FieldIssue,
): void {
  const stored = index.storedPatterns.get(String(tf.field_id));
  for (const segment of stored?.segments ?? tf.segments)
    if (!index.segmentFieldKeys.has(`${tf.field_id}:${segment.id}`))
      fieldError('patternSegmentMissing', tf, { segment: segment.name });
  if (stored !== undefined && tf.pattern_updated_at !== null && stored.updated_at !== tf.pattern_updated_at)
    warning('patternUpdated', tf);
}

/**
 * The integrations' issues (spec 03 §5, `checkIntegrations`). Missing settings make an
 * integration "Not ready" instead of blocking the save ("Connecting never loses work",
 * ../integrations/readiness.ts): they stay as warnings on their sections, followed by one
 * `integrationNotReady` warning per assignment saying what is missing.
 */
function integrationIssuesOf(
  template: ValidatedTemplate,
  context: TemplateValidationContext,
  flags: ReadonlySet<FeatureFlag>,
  hasLinkField: boolean,
): TemplateIssue[] {
  const fields = template.template_fields;
  const templateFieldIds: number[] = [];
  for (const tf of fields) if (typeof tf.field_id === 'number') templateFieldIds.push(tf.field_id);
  const integrationIssues = checkIntegrations(template.integrations, {
    templateName: template.name,
    hasLinkField,
    isAutoSubmitOn: template.settings.enable_auto_submit === 1 && flags.has('auto-submit'),
    templateFieldIds,
    featureFlags: context.featureFlags,
    hasCreativeField: fields.some((tf) => tf.governance_type === 'creative'),
    hasClassificationSourceUrl: fields.some((tf) => tf.classification_parameter_type === 'SOURCE_URL'),
    ...(context.now ? { now: context.now } : {}),
  });
  const issues = integrationIssues.map(
    (issue): TemplateIssue => (isMissingSettingIssue(issue) ? { ...issue, type: 'WARNING' } : issue),
  );
  const missingBy = missingSettingsByIntegration(integrationIssues);
  for (const assignment of template.integrations) {
    const missing = missingBy.get(String(assignment.id));
    if (!missing) continue;
    const name = assignment.name.trim() || integrationFor(assignment.slug).label;
    issues.push({
      type: 'WARNING',
      messageId: 'integrationNotReady',
      params: { name, missing: missing.join('; ') },
      step: 'connect',
      integrationId: assignment.id,
    });
  }
  return issues;
}

type FieldIssue = (messageId: TemplateMessageId, tf: TemplateField, params?: MessageParams) => void;

/**
 * List fields need a list and a column; a field on a later column of a drill-down or dependent list
 * warns for each earlier column no field of the template uses; a drop-down list field neither
 * visible nor defaulted warns (spec 03 §5).
 */
function checkListField(
  tf: TemplateField,
  lists: ReadonlyMap<number, TemplateList>,
  usedColumns: ReadonlySet<string>,
  fieldError: FieldIssue,
  warning: FieldIssue,
): void {
  const lg = tf.list_governance;
  if (!lg || lg.list_id === null) {
    fieldError('listRequired', tf);
    return;
  }
  if (lg.list_column_id === null) {
    fieldError('listColumnRequired', tf);
    return;
  }
  const list = lists.get(lg.list_id);
  if (!list) return;
  if (list.type !== 'drop-down') {
    const index = list.columns.findIndex((c) => c.id === lg.list_column_id);
    for (const column of list.columns.slice(0, Math.max(index, 0)))
      if (!usedColumns.has(`${list.id}:${column.id}`))
        warning('earlierListColumnMissing', tf, { column: column.name, list: list.name });
  } else if (!tf.visible_on_form && isBlank(tf.default_value)) {
    warning('dropDownHiddenWithoutDefault', tf);
  }
}

type ErrorIssue = (
  messageId: TemplateMessageId,
  step: TemplateStep,
  params?: MessageParams,
  tf?: TemplateField,
) => void;

/**
 * Link governance (spec 03 §5): a parameter is valid only with a non-blank name and a field (one
 * with neither is dropped on save, so it is no issue); enabled validation options need their
 * expected values (not checked while the disable-link-validations flag hides them). Issues point at
 * the link field.
 */
function checkLinkGovernance(
  template: ValidatedTemplate,
  flags: ReadonlySet<FeatureFlag>,
  fields: readonly TemplateField[],
  error: ErrorIssue,
): void {
  const linkField = fields.find((tf) => tf.governance_type === 'link');
  template.parameters.forEach((parameter, index) => {
    const hasName = !isBlank(parameter.name);
    const hasField = parameter.field_id !== null || parameter.template_field_id !== null;
    if (!hasName && !hasField) return;
    const params = { position: index + 1 };
    if (!hasName) error('linkParameterNameRequired', 'govern', params, linkField);
    if (!hasField) error('linkParameterFieldRequired', 'govern', params, linkField);
  });
  if (flags.has('disable-link-validations')) return;
  for (const validation of template.validations) {
    const label = LINK_VALIDATION_TYPES[validation.slug].label;
    for (const [optionSlug, option] of Object.entries(validation.options)) {
      if (!option.enabled) continue;
      for (const key of requiredLinkValidationKeys(optionSlug, option))
        if (isBlank(option.metadata[key]))
          error('linkValidationValueRequired', 'govern', { validation: label, item: key }, linkField);
    }
  }
}

/**
 * Creative classification (spec 03 §4, §5), only with the feature flag and the template's switch:
 * a configuration or a creative field is needed; a configuration needs a field classified as the
 * source URL; one field per classification parameter type.
 */
function checkCreativeClassification(
  template: ValidatedTemplate,
  flags: ReadonlySet<FeatureFlag>,
  fields: readonly TemplateField[],
  error: ErrorIssue,
): void {
  if (!template.isCreativeClassificationEnabled || !flags.has('creative-classification')) return;
  const hasCreativeField = fields.some((tf) => tf.governance_type === 'creative');
  const hasConfiguration = template.creativeConfiguration.length > 0;
  if (!hasConfiguration && !hasCreativeField) error('creativeNeedsConfigurationOrField', 'creative');
  if (hasConfiguration && !fields.some((tf) => tf.classification_parameter_type === 'SOURCE_URL'))
    error('creativeConfigurationNeedsSourceUrl', 'creative');
  const taken = new Set<string>();
  for (const tf of fields) {
    const kind = tf.classification_parameter_type;
    if (kind === null) continue;
    if (taken.has(kind))
      error('creativeTypeTaken', 'govern', { field: fieldName(tf), classificationType: kind }, tf);
    taken.add(kind);
  }
}

/** Whether any issue blocks a save: an ERROR (warnings never block; spec 03 §2, §5). */
export function hasBlockingTemplateIssues(issues: readonly TemplateIssue[]): boolean {
  return issues.some((i) => i.type === 'ERROR');
}

/**
 * The English text of a template issue that names what it is about (spec 03 §5 "messages carry
 * the field or integration name"): the catalogue text with its params, prefixed with `{name}: `
 * (an integration issue) or `{field}: ` (a field issue) when the catalogue text does not already
 * say that name (e.g. the Snowflake table name rules, "Name is required"). Never throws.
 */
export function templateIssueText(issue: Pick<TemplateIssue, 'messageId' | 'params'>): string {
  const text = templateMessageText(issue.messageId, issue.params);
  const subject = issue.params.name ?? issue.params.field;
  if (subject === undefined || String(subject).trim() === '' || text.includes(String(subject))) return text;
  return `${subject}: ${text}`;
}
