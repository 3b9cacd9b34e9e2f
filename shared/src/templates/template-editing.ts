import type { Field, Fieldset } from '../fieldsets/fieldsets.contract';
import {
  createIntegrationAssignment,
  fieldGovernanceTypesRemovedWith,
  pairedAssignmentsOf,
} from '../integrations/editing';
import {
  type IntegrationAssignment,
  type IntegrationAssignmentId,
  newTempAssignmentId,
} from '../integrations/integration-assignment';
import type { IntegrationDefaultsContext } from '../integrations/issues';
import type { Pattern, PatternSegment } from '../patterns/patterns.contract';
import { PATTERN_PALETTE, type PaletteColor } from '../patterns/patterns.contract';
import { composeSegmentLinks, releaseSegmentLinks } from './field-composition';
import {
  type LinkParameter,
  type Template,
  type TemplateField,
  type TemplateFieldFieldId,
  type TemplateFieldId,
  type TemplateFieldListColumn,
  type TemplateGovernanceType,
  type TemplatePatternSegment,
  UNDELETABLE_GOVERNANCE_TYPES,
} from './templates.contract';

/**
 * The 32 colours pattern fields are drawn in (spec 03 §4, §9 "Palette of 32 colours for patterns
 * and fieldsets"): the pattern palette of spec 02 §9, one registry for both.
 */
export const TEMPLATE_FIELD_PALETTE = PATTERN_PALETTE;

/** The name prefix of a duplicated template (spec 03 §4 "named with a Duplicate of prefix"). */
export const DUPLICATE_PREFIX = 'Duplicate of ';

/** The name of a new template's hidden id field (spec 03 §2 "a hidden id field", governance cv_id). */
export const CV_ID_FIELD_NAME = 'ID';

/** The name of a new link field (ours; the link drawer lets the user rename it, spec 03 §2). */
export const LINK_FIELD_NAME = 'Link';

/** A new temporary id for a template part not yet saved: `TEMP_` and 32 hex digits (spec 03 §3). */
export function newTemplateTempId(): `TEMP_${string}` {
  return newTempAssignmentId();
}

/** A template as the editor holds it: a saved or new template (id null until the first save). */
export type TemplateDraft = Template;

/** Template fields in order with precedence renumbered 0, 1, 2, … (spec 03 §2 reorder). */
function renumbered(fields: readonly TemplateField[]): TemplateField[] {
  return fields.map((tf, precedence) => (tf.precedence === precedence ? tf : { ...tf, precedence }));
}

/** A template field with every optional setting at its default. */
function blankTemplateField(
  field: Pick<TemplateField['field'], 'id' | 'name' | 'governance_type'> & Partial<TemplateField['field']>,
): TemplateField {
  return {
    id: newTemplateTempId(),
    field_id: field.id,
    field: {
      is_pattern: false,
      fieldset_id: null,
      segment_parent_field_id: null,
      segment_type: null,
      segment_id: null,
      ...field,
    },
    precedence: 0,
    governance_type: field.governance_type,
    required: false,
    visible_on_form: true,
    default_value: '',
    apply_default_value_to_empty_values: false,
    must_be_unique: false,
    is_preview_url: false,
    generates_creative_classification: false,
    classification_parameter_type: null,
    constant_value: null,
    list_governance: null,
    list_columns: [],
    autofill: null,
    date: null,
    validation: null,
    transformation: null,
    concatenation_governance: null,
    segments: [],
    max_length: null,
    min_length: null,
    link_governance: null,
    color: null,
    pattern_updated_at: null,
    segment_link: null,
  };
}

/**
 * The first palette colour no pattern field of the template uses, or, when all 32 are used, the
 * colour of the count of pattern fields modulo 32 (spec 03 §4 "assigns it a colour from a fixed
 * palette of 32 colours").
 */
export function nextPatternColor(fields: readonly TemplateField[]): PaletteColor {
  const used = new Set(fields.map((tf) => tf.color));
  const free = TEMPLATE_FIELD_PALETTE.find((c) => !used.has(c));
  if (free) return free;
  const count = fields.filter((tf) => tf.field.is_pattern).length;
  return TEMPLATE_FIELD_PALETTE[count % TEMPLATE_FIELD_PALETTE.length]!;
}

/** Governance of a segment's field: its kind; a variable segment's field has none yet (spec 03 §2). */
const SEGMENT_GOVERNANCE: Readonly<Record<PatternSegment['segment_type'], TemplateGovernanceType>> = {
  constant: 'constant',
  variable: 'variable',
  autonumber: 'autonumber',
  date: 'date',
  random: 'random',
};

/**
 * The template field of one pattern segment (spec 03 §2, §4): its field is the segment (the segment
 * id is a field id) with `segment_parent_field_id` the pattern's. Only variable segments and
 * date segments the user picks are visible and required; constants keep their value.
 */
function segmentField(pattern: Pattern, segment: PatternSegment): TemplateField {
  const isEntered =
    segment.segment_type === 'variable' || (segment.segment_type === 'date' && !segment.auto_populate);
  const tf = blankTemplateField({
    id: segment.id,
    name: segment.name,
    governance_type: SEGMENT_GOVERNANCE[segment.segment_type],
    segment_parent_field_id: pattern.id,
    segment_type: segment.segment_type,
    segment_id: segment.id,
  });
  return {
    ...tf,
    required: isEntered,
    visible_on_form: isEntered,
    constant_value: segment.segment_type === 'constant' ? segment.constant_value : null,
    date:
      segment.segment_type === 'date'
        ? {
            order: segment.order,
            months: segment.months,
            days: segment.days,
            years: segment.years,
            delimiter: segment.delimiter,
          }
        : null,
  };
}

function segmentSnapshot(pattern: Pattern): TemplatePatternSegment[] {
  return [...pattern.segments]
    .sort((a, b) => a.segment_precedence - b.segment_precedence)
    .map((s) => ({
      id: s.id,
      name: s.name,
      segment_type: s.segment_type,
      segment_precedence: s.segment_precedence,
    }));
}

/**
 * Adds a pattern to the template (spec 03 §2 "add a pattern", §4): the pattern field (governance
 * pattern, a palette colour, the pattern's segments and updated_at) followed by one field per
 * segment in segment order, each with segment_parent_field_id the pattern's id, at the end of the
 * template. A variable segment named like a field-set field of the template is filled from it
 * (`composeSegmentLinks`). Returns a new template; a pattern already in the template leaves it
 * unchanged.
 */
export function addPatternField(template: TemplateDraft, pattern: Pattern): TemplateDraft {
  if (template.template_fields.some((tf) => tf.field.is_pattern && tf.field_id === pattern.id))
    return template;
  const patternField: TemplateField = {
    ...blankTemplateField({
      id: pattern.id,
      name: pattern.name,
      governance_type: 'pattern',
      is_pattern: true,
    }),
    must_be_unique: pattern.must_be_unique,
    segments: segmentSnapshot(pattern),
    color: nextPatternColor(template.template_fields),
    pattern_updated_at: pattern.updated_at,
  };
  const segments = segmentSnapshot(pattern).map((s) => pattern.segments.find((p) => p.id === s.id)!);
  return composeSegmentLinks({
    ...template,
    template_fields: renumbered([
      ...template.template_fields,
      patternField,
      ...segments.map((s) => segmentField(pattern, s)),
    ]),
  });
}

/**
 * Whether a pattern field's pattern changed since it was added (spec 03 §2 refresh action): the
 * pattern's updated_at differs from the one recorded, or its segments differ in ids or order.
 */
export function isPatternFieldOutdated(tf: TemplateField, pattern: Pattern): boolean {
  if (!tf.field.is_pattern || tf.field_id !== pattern.id) return false;
  if (tf.pattern_updated_at !== null && tf.pattern_updated_at !== pattern.updated_at) return true;
  const now = segmentSnapshot(pattern);
  return now.length !== tf.segments.length || now.some((s, i) => s.id !== tf.segments[i]?.id);
}

/**
 * Pulls a changed pattern into its pattern field (spec 03 §2 "refresh"): the segment snapshot and
 * updated_at are the pattern's; segment fields of segments still there are kept (with the user's
 * settings) but renamed, new segments get fields, fields of removed segments go, and the segment
 * fields are placed after the pattern field in segment order. Parameters of removed fields are
 * unlinked. Unknown template field ids leave the template unchanged.
 */
export function refreshPatternField(
  template: TemplateDraft,
  patternFieldId: TemplateFieldId,
  pattern: Pattern,
): TemplateDraft {
  const patternField = template.template_fields.find((tf) => tf.id === patternFieldId);
  if (!patternField?.field.is_pattern || patternField.field_id !== pattern.id) return template;
  const isChild = (tf: TemplateField) => tf.field.segment_parent_field_id === pattern.id;
  const existing = new Map<string, TemplateField>();
  for (const tf of template.template_fields)
    if (isChild(tf) && tf.field.segment_id !== null) existing.set(String(tf.field.segment_id), tf);
  const snapshot = segmentSnapshot(pattern);
  const children = snapshot.map((s) => {
    const kept = existing.get(String(s.id));
    const fresh = segmentField(pattern, pattern.segments.find((p) => p.id === s.id)!);
    // A variable segment's field keeps the governance the user gave it; other segment fields are
    // inherited and locked (spec 03 §2), so they take the pattern's new settings.
    if (kept && s.segment_type === 'variable' && kept.field.segment_type === 'variable')
      return { ...kept, field: { ...kept.field, name: s.name } };
    return kept ? { ...fresh, id: kept.id } : fresh;
  });
  const keptIds = new Set(children.map((c) => c.id));
  const removed = template.template_fields.filter((tf) => isChild(tf) && !keptIds.has(tf.id));
  const refreshed: TemplateField = {
    ...patternField,
    field: { ...patternField.field, name: pattern.name },
    segments: snapshot,
    pattern_updated_at: pattern.updated_at,
  };
  const fields: TemplateField[] = [];
  for (const tf of template.template_fields) {
    if (isChild(tf)) continue;
    if (tf.id === patternFieldId) fields.push(refreshed, ...children);
    else fields.push(tf);
  }
  return composeSegmentLinks({
    ...template,
    template_fields: renumbered(fields),
    parameters: unlinkParameters(template.parameters, removed),
  });
}

/** Parameters with the links to `removed` fields cleared (spec 03 §4 "unlinks the removed field's parameter"). */
function unlinkParameters(
  parameters: readonly LinkParameter[],
  removed: readonly TemplateField[],
): LinkParameter[] {
  if (removed.length === 0) return [...parameters];
  const templateFieldIds = new Set(removed.map((tf) => String(tf.id)));
  const fieldIds = new Set(removed.filter((tf) => tf.field_id !== null).map((tf) => String(tf.field_id)));
  return parameters.map((p) =>
    (p.template_field_id !== null && templateFieldIds.has(String(p.template_field_id))) ||
    (p.field_id !== null && fieldIds.has(String(p.field_id)))
      ? { ...p, field_id: null, template_field_id: null }
      : p,
  );
}

/**
 * Removes a template field (spec 03 §2, §4): a pattern field takes its segment fields with it, and
 * the link parameters of the removed fields are unlinked (kept, with no field); segments filled
 * from a removed field-set field are their own fields again, with its governance
 * (`releaseSegmentLinks`). Precedence is renumbered. Deletion rules are `fieldDeletionBlock`'s;
 * this does not check them.
 */
export function removeTemplateField(
  template: TemplateDraft,
  templateFieldId: TemplateFieldId,
): TemplateDraft {
  const target = template.template_fields.find((tf) => tf.id === templateFieldId);
  if (!target) return template;
  const isRemoved = (tf: TemplateField) =>
    tf.id === templateFieldId ||
    (target.field.is_pattern &&
      target.field_id !== null &&
      tf.field.segment_parent_field_id === target.field_id);
  const removed = template.template_fields.filter(isRemoved);
  return {
    ...template,
    template_fields: renumbered(
      releaseSegmentLinks(
        template.template_fields.filter((tf) => !isRemoved(tf)),
        removed,
      ),
    ),
    parameters: unlinkParameters(template.parameters, removed),
  };
}

/** The template field of a field-set field, with the field's governance settings (spec 02 §3, spec 03 §2). */
function fieldsetField(field: Field): TemplateField {
  const tf = blankTemplateField({
    id: field.id,
    name: field.name,
    governance_type: field.governance_type,
    fieldset_id: field.fieldset_id,
  });
  const common = { ...tf, required: field.required, must_be_unique: field.must_be_unique };
  switch (field.governance_type) {
    case 'list':
      return { ...common, list_governance: { ...field.list_governance, lists: [] } };
    case 'autofill':
      return { ...common, autofill: { field_id: field.autofill.field_id } };
    case 'concatenation':
      return { ...common, concatenation_governance: { ...field.concatenation_governance } };
    case 'constant':
      return { ...common, constant_value: field.constant_value };
    case 'date':
      return { ...common, date: { ...field.date } };
    case 'text':
      return { ...common, validation: field.validation, transformation: field.transformation };
    case 'creative':
      return {
        ...common,
        classification_parameter_type: field.creative.classification_parameter_type ?? null,
      };
    default:
      return common;
  }
}

/**
 * Adds fields of a field set (spec 03 §2 "add fields from field sets"): the chosen fields (all when
 * `fieldIds` is omitted) that are not yet in the template, in the set's order, at the end, and the
 * set to the template's field sets. Variable segments of the template named like an added field
 * are filled from it (`composeSegmentLinks`), unless the user unlinked them. Returns a new template.
 */
export function addFieldsetFields(
  template: TemplateDraft,
  fieldset: Pick<Fieldset, 'id' | 'fields'>,
  fieldIds?: readonly number[],
): TemplateDraft {
  const present = new Set(template.template_fields.map((tf) => String(tf.field_id)));
  const chosen = fieldIds ? new Set(fieldIds) : null;
  const added = [...fieldset.fields]
    .sort((a, b) => a.precedence - b.precedence)
    .filter((f) => (chosen === null || chosen.has(f.id)) && !present.has(String(f.id)))
    .map(fieldsetField);
  return composeSegmentLinks({
    ...template,
    fieldsets: template.fieldsets.includes(fieldset.id)
      ? template.fieldsets
      : [...template.fieldsets, fieldset.id],
    template_fields: renumbered([...template.template_fields, ...added]),
  });
}

/** Whether the link field can be added: a template has at most one (spec 03 §2 "add link"). */
export function canAddLinkField(template: Pick<TemplateDraft, 'template_fields'>): boolean {
  return !template.template_fields.some((tf) => tf.governance_type === 'link');
}

/**
 * Adds the link field at the end (spec 03 §2): a new field (TEMP_ id) of governance link with empty
 * link governance, visible. A template that already has one is returned unchanged.
 */
export function addLinkField(template: TemplateDraft): TemplateDraft {
  if (!canAddLinkField(template)) return template;
  const link: TemplateField = {
    ...blankTemplateField({ id: newTemplateTempId(), name: LINK_FIELD_NAME, governance_type: 'link' }),
    link_governance: {
      domain_restrictions: [],
      do_not_encode_manually_entered_parameters: false,
      use_redirect_url: false,
    },
  };
  return { ...template, template_fields: renumbered([...template.template_fields, link]) };
}

/** A reorder move (spec 03 §2 reorder mode): first, up, down, last, or a 1-based position. */
export type TemplateFieldMove = 'first' | 'up' | 'down' | 'last' | { position: number };

/**
 * Moves one template field (spec 03 §2 "move to first, up, down, last, or pick a position number");
 * a position is 1-based and clamped to the template. Precedence is renumbered 0…n−1. Unknown ids
 * and moves past an end leave the order unchanged.
 */
export function moveTemplateField(
  template: TemplateDraft,
  templateFieldId: TemplateFieldId,
  move: TemplateFieldMove,
): TemplateDraft {
  const fields = [...template.template_fields];
  const from = fields.findIndex((tf) => tf.id === templateFieldId);
  if (from < 0) return template;
  const last = fields.length - 1;
  let to: number;
  if (move === 'first') to = 0;
  else if (move === 'last') to = last;
  else if (move === 'up') to = Math.max(0, from - 1);
  else if (move === 'down') to = Math.min(last, from + 1);
  else to = Math.min(last, Math.max(0, Math.trunc(move.position) - 1));
  const [moved] = fields.splice(from, 1);
  fields.splice(to, 0, moved!);
  return { ...template, template_fields: renumbered(fields) };
}

/**
 * Deletes an integration assignment and, when confirmed, its paired inbound or outbound twin
 * (spec 03 §4, §8); the template fields that go with the last branch or kochava assignment
 * (deep-link, smart-link) are removed too. Returns the new template and the ids removed (the
 * saved ones are sent to POST /integration-assignments/bulk/delete).
 */
export function deleteIntegration(
  template: TemplateDraft,
  assignmentId: IntegrationAssignmentId,
  options: { withPair: boolean } = { withPair: true },
): { template: TemplateDraft; removedIds: IntegrationAssignmentId[] } {
  const target = template.integrations.find((a) => a.id === assignmentId);
  if (!target) return { template, removedIds: [] };
  const removed = [target, ...(options.withPair ? pairedAssignmentsOf(target, template.integrations) : [])];
  const removedIds = new Set(removed.map((a) => a.id));
  const remaining = template.integrations.filter((a) => !removedIds.has(a.id));
  const goneTypes = new Set(removed.flatMap((a) => fieldGovernanceTypesRemovedWith(a, remaining)));
  const isGone = (tf: TemplateField) => tf.governance_type !== null && goneTypes.has(tf.governance_type);
  const fields = template.template_fields.filter((tf) => !isGone(tf));
  return {
    template: {
      ...template,
      integrations: remaining,
      template_fields:
        fields.length === template.template_fields.length ? template.template_fields : renumbered(fields),
      parameters: unlinkParameters(template.parameters, template.template_fields.filter(isGone)),
    },
    removedIds: [...removedIds],
  };
}

/**
 * A new template (spec 03 §2 "a new template defaults to an email-output integration … and a hidden
 * id field"): no id, empty name, no folder, settings off, the hidden cv_id field and one
 * email-output assignment with its defaults.
 */
export function newTemplate(context: IntegrationDefaultsContext): TemplateDraft {
  const cvId: TemplateField = {
    ...blankTemplateField({ id: newTemplateTempId(), name: CV_ID_FIELD_NAME, governance_type: 'cv_id' }),
    visible_on_form: false,
  };
  return {
    id: null,
    uuid: null,
    name: '',
    description: '',
    folder_id: null,
    settings: { require_identifier: 0, require_approval: 0, enable_auto_submit: 0 },
    approvers: [],
    submissionStatusRecipients: [],
    isCreativeClassificationEnabled: false,
    creativeConfiguration: [],
    template_fields: [cvId],
    fieldsets: [],
    integrations: [createIntegrationAssignment('email-output', context)],
    parameters: [],
    validations: [],
    rollup_dataset_id: null,
    updated_at: null,
    created_at: null,
  };
}

/**
 * A copy of a template to edit as a new one (spec 03 §2 `?duplicate=`, §4): no id, uuid, dataset or
 * dates, named "Duplicate of {name}", template fields, link parameters and integration assignments
 * with new TEMP_ ids (parameters follow their template fields), link validations with new uuids.
 */
export function duplicateTemplate(template: TemplateDraft): TemplateDraft {
  const fieldIds = new Map<string, TemplateFieldId>();
  const fields = template.template_fields.map((tf) => {
    const id = newTemplateTempId();
    fieldIds.set(String(tf.id), id);
    return { ...tf, id, list_columns: [] as TemplateFieldListColumn[] };
  });
  return {
    ...template,
    id: null,
    uuid: null,
    rollup_dataset_id: null,
    updated_at: null,
    created_at: null,
    name: `${DUPLICATE_PREFIX}${template.name}`,
    template_fields: fields,
    parameters: template.parameters.map((p) => ({
      ...p,
      id: newTemplateTempId(),
      template_id: null,
      template_field_id:
        p.template_field_id === null ? null : (fieldIds.get(String(p.template_field_id)) ?? null),
    })),
    integrations: template.integrations.map(
      (a): IntegrationAssignment => ({
        ...a,
        id: newTempAssignmentId(),
        assigned_entity_id: null,
        integration_notifications: a.integration_notifications.map((n) => ({ ...n, id: null })),
        created_at: null,
        updated_at: null,
      }),
    ),
    validations: template.validations.map((v) => ({ ...v, uuid: globalThis.crypto.randomUUID() })),
  };
}

/** Why a template field cannot be deleted (spec 03 §2 "Field edit drawer rules"). */
export type FieldDeletionBlock =
  | { reason: 'listColumns'; listColumns: TemplateFieldListColumn[] }
  | { reason: 'integrations'; integrations: Pick<IntegrationAssignment, 'id' | 'name' | 'slug'>[] }
  | { reason: 'undeletableType'; governanceType: TemplateGovernanceType }
  | { reason: 'segmentField' };

/** Whether an assignment uses a field: maps it, or names it among its identifier fields. */
function usesField(assignment: IntegrationAssignment, fieldId: TemplateFieldFieldId): boolean {
  if (assignment.mapping_fields.some((m) => m.cvFieldId !== null && String(m.cvFieldId) === String(fieldId)))
    return true;
  const identifiers = assignment.metadata.identifier_field_ids;
  return (
    typeof identifiers === 'string' && identifiers.split(',').some((id) => id.trim() === String(fieldId))
  );
}

/**
 * Why a template field cannot be deleted, or null when it can (spec 03 §2): segment fields,
 * deep-link and custom-bitlink fields never; a field used by list columns (the columns are
 * answered to be shown); a field mapped to an integration (the integrations are answered). Unknown
 * ids answer null.
 */
export function fieldDeletionBlock(
  template: Pick<TemplateDraft, 'template_fields' | 'integrations'>,
  templateFieldId: TemplateFieldId,
): FieldDeletionBlock | null {
  const tf = template.template_fields.find((f) => f.id === templateFieldId);
  if (!tf) return null;
  if (tf.field.segment_parent_field_id !== null) return { reason: 'segmentField' };
  if (tf.governance_type !== null && UNDELETABLE_GOVERNANCE_TYPES.includes(tf.governance_type))
    return { reason: 'undeletableType', governanceType: tf.governance_type };
  if (tf.list_columns.length > 0) return { reason: 'listColumns', listColumns: tf.list_columns };
  const fieldId = tf.field_id;
  const integrations =
    fieldId === null
      ? []
      : template.integrations
          .filter((a) => usesField(a, fieldId))
          .map(({ id, name, slug }) => ({ id, name, slug }));
  return integrations.length > 0 ? { reason: 'integrations', integrations } : null;
}

/**
 * Whether a template field's settings are locked in the field drawer (spec 03 §2): a field inherited
 * from a segment parent, other than a variable segment's, and the cv_id field.
 */
export function isTemplateFieldLocked(tf: Pick<TemplateField, 'governance_type' | 'field'>): boolean {
  if (tf.governance_type === 'cv_id') return true;
  return tf.field.segment_parent_field_id !== null && tf.field.segment_type !== 'variable';
}

/**
 * The link parameters a save keeps (spec 03 §4 "Parameters with neither field nor name are
 * dropped"), with precedence renumbered 0…n−1 in their order. Those with only one of the two stay
 * and are `validateTemplate` errors.
 */
export function parametersToSave(parameters: readonly LinkParameter[]): LinkParameter[] {
  return parameters
    .filter((p) => p.name.trim() !== '' || p.field_id !== null || p.template_field_id !== null)
    .map((p, precedence) => (p.precedence === precedence ? p : { ...p, precedence }));
}
