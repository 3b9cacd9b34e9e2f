import { GOVERNANCE_TYPES } from '../governance/governance.contract';
import type { TemplateField, TemplateFieldId } from './templates.contract';

/**
 * How a template's patterns and field sets compose into one set of fields (spec 02 §3 segments
 * and autofill, spec 03 §2 govern step; ours where the spec is silent): a variable segment of a
 * pattern and a field-set field of the same name (trimmed, ignoring case) name the same thing, so
 * the segment is filled from that field (governance autofill, hidden) and the template has one
 * column for it in the form and in every output. The link is stored on the segment's field
 * (`segment_link`), so "Unlink" (the segment keeps its own field) survives a save and reopening.
 * Pure; the editor's operations and the server's save both use it.
 */

type Fields = readonly TemplateField[];

/** What composition reads and writes: a template, a draft or a parsed save. */
type Composable = { template_fields: TemplateField[] };

/** The key two field names are compared by: trimmed and lower-cased. */
export function fieldNameKey(name: string): string {
  return name.trim().toLowerCase();
}

/** Whether a template field is a field set's own field (not a pattern, not a segment). */
export function isFieldsetTemplateField(tf: Pick<TemplateField, 'field' | 'field_id'>): boolean {
  return (
    tf.field_id !== null &&
    tf.field.fieldset_id !== null &&
    tf.field.segment_parent_field_id === null &&
    !tf.field.is_pattern
  );
}

/** Whether a template field is a variable segment's field: the only kind a field can fill (spec 03 §2). */
export function isLinkableSegmentField(tf: Pick<TemplateField, 'field'>): boolean {
  return tf.field.segment_parent_field_id !== null && tf.field.segment_type === 'variable';
}

/**
 * The field-set field of the template a segment's field can be filled from: the first, in
 * template order, whose name is the segment's (trimmed, ignoring case); null when none is, or
 * when `segment` is not a variable segment's field.
 */
export function segmentLinkCandidate(fields: Fields, segment: TemplateField): TemplateField | null {
  if (!isLinkableSegmentField(segment)) return null;
  const key = fieldNameKey(segment.field.name);
  if (key === '') return null;
  return fields.find((tf) => isFieldsetTemplateField(tf) && fieldNameKey(tf.field.name) === key) ?? null;
}

/**
 * The field a segment's field is filled from: for a variable segment whose governance is
 * autofill, the template field its autofill names (by field id); null otherwise or when that
 * field is not in the template.
 */
export function segmentFillSource(fields: Fields, tf: TemplateField): TemplateField | null {
  if (!isLinkableSegmentField(tf) || tf.governance_type !== 'autofill') return null;
  const sourceId = tf.autofill?.field_id ?? null;
  if (sourceId === null) return null;
  return (
    fields.find((f) => f !== tf && f.field_id !== null && String(f.field_id) === String(sourceId)) ?? null
  );
}

/**
 * Whether a segment's field is linked to a field-set field: it is filled from it and is not a
 * column of its own in the form or in any output (the field-set field is that column).
 */
export function isLinkedSegmentField(
  tf: Pick<TemplateField, 'field' | 'governance_type' | 'segment_link'>,
): boolean {
  return isLinkableSegmentField(tf) && tf.governance_type === 'autofill' && tf.segment_link === 'linked';
}

/** Every governance setting cleared (a field never carries settings of a type it does not have). */
export const NO_GOVERNANCE_SETTINGS = {
  constant_value: null,
  list_governance: null,
  autofill: null,
  date: null,
  validation: null,
  transformation: null,
  concatenation_governance: null,
  classification_parameter_type: null,
  generates_creative_classification: false,
} as const satisfies Partial<TemplateField>;

/** The segment's field filled from `source`: autofill, hidden, not required, linked. */
function linkedTo(tf: TemplateField, source: TemplateField): TemplateField {
  return {
    ...tf,
    ...NO_GOVERNANCE_SETTINGS,
    governance_type: 'autofill',
    autofill: { field_id: source.field_id },
    visible_on_form: false,
    required: false,
    must_be_unique: false,
    segment_link: 'linked',
  };
}

/**
 * The segment's own field again (visible and required, as a variable segment's field is): with
 * the governance of `source` when it is one a segment can take (a field-set kind other than
 * autonumber, spec 03 §2), so that it stays valid; else without governance.
 */
function ownField(
  tf: TemplateField,
  source: TemplateField | null,
  state: TemplateField['segment_link'],
): TemplateField {
  const type = source?.governance_type ?? null;
  const isCopied =
    source !== null &&
    type !== null &&
    type !== 'autonumber' &&
    (GOVERNANCE_TYPES as readonly string[]).includes(type);
  return {
    ...tf,
    ...NO_GOVERNANCE_SETTINGS,
    ...(isCopied
      ? {
          governance_type: type,
          constant_value: source.constant_value,
          list_governance: source.list_governance,
          autofill: source.autofill,
          date: source.date,
          validation: source.validation,
          transformation: source.transformation,
          concatenation_governance: source.concatenation_governance,
          classification_parameter_type: source.classification_parameter_type,
          generates_creative_classification: source.generates_creative_classification,
        }
      : { governance_type: 'variable' as const }),
    visible_on_form: true,
    required: true,
    segment_link: state,
  };
}

function replaced<T extends Composable>(template: T, next: TemplateField[], changed: boolean): T {
  return changed ? { ...template, template_fields: next } : template;
}

/**
 * Links every variable segment's field that has a same-named field-set field in the template
 * (`segmentLinkCandidate`) and was never unlinked: the segment is filled from that field. With
 * `onlyUngoverned` (the server's save) only segments still without a governance are linked;
 * otherwise (the editor adding a pattern or a field set, in either order) a governance the segment
 * had is replaced. Segments already linked stay linked, hidden and optional (one sent visible is
 * hidden again). Answers the same template when nothing changes.
 */
export function composeSegmentLinks<T extends Composable>(
  template: T,
  options: { onlyUngoverned?: boolean } = {},
): T {
  const fields = template.template_fields;
  let changed = false;
  const next = fields.map((tf) => {
    // A linked segment is never a column of its own, whoever sent it otherwise.
    if (isLinkedSegmentField(tf) && (tf.visible_on_form || tf.required)) {
      changed = true;
      return { ...tf, visible_on_form: false, required: false };
    }
    if (!isLinkableSegmentField(tf) || tf.segment_link !== null) return tf;
    if (options.onlyUngoverned && tf.governance_type !== 'variable' && tf.governance_type !== null) return tf;
    const source = segmentLinkCandidate(fields, tf);
    if (!source) return tf;
    changed = true;
    return linkedTo(tf, source);
  });
  return replaced(template, next, changed);
}

/**
 * Links one segment's field to its same-named field-set field (the card's "Link" after an
 * unlink). Unknown ids, other fields and segments without a same-named field-set field leave the
 * template unchanged.
 */
export function linkSegmentField<T extends Composable>(template: T, templateFieldId: TemplateFieldId): T {
  const fields = template.template_fields;
  const tf = fields.find((f) => f.id === templateFieldId);
  const source = tf ? segmentLinkCandidate(fields, tf) : null;
  if (!tf || !source) return template;
  return replaced(
    template,
    fields.map((f) => (f === tf ? linkedTo(tf, source) : f)),
    true,
  );
}

/**
 * Unlinks a segment's field from the field it is filled from (the card's "Unlink"): it is the
 * segment's own field again, visible and required, with that field's governance (so it stays
 * valid), and stays unlinked when the same field is added again. Fields not filled from another
 * field leave the template unchanged.
 */
export function unlinkSegmentField<T extends Composable>(template: T, templateFieldId: TemplateFieldId): T {
  const fields = template.template_fields;
  const tf = fields.find((f) => f.id === templateFieldId);
  if (!tf || !isLinkableSegmentField(tf) || tf.governance_type !== 'autofill') return template;
  const source = segmentFillSource(fields, tf);
  return replaced(
    template,
    fields.map((f) => (f === tf ? ownField(tf, source, 'unlinked') : f)),
    true,
  );
}

/**
 * A segment's field after the user gave it a governance in its drawer (spec 03 §2): one that was
 * linked but is no longer filled from another field is its own field now, unlinked (so it is not
 * linked again on its own), visible and required as a variable segment's field is. Other fields
 * are answered as they are.
 */
export function settleSegmentLink(tf: TemplateField): TemplateField {
  if (!isLinkableSegmentField(tf) || tf.segment_link !== 'linked' || tf.governance_type === 'autofill')
    return tf;
  return { ...tf, segment_link: 'unlinked', visible_on_form: true, required: true };
}

/**
 * The template after `removed` fields left it: segments that were linked to one of them are
 * their own fields again, with its governance, and undecided (they link again if a same-named
 * field comes back). `fields` are the template's fields without the removed ones.
 */
export function releaseSegmentLinks(fields: TemplateField[], removed: Fields): TemplateField[] {
  const removedIds = new Set(removed.filter((tf) => tf.field_id !== null).map((tf) => String(tf.field_id)));
  if (removedIds.size === 0) return fields;
  return fields.map((tf) => {
    if (!isLinkedSegmentField(tf)) return tf;
    const sourceId = tf.autofill?.field_id;
    if (sourceId == null || !removedIds.has(String(sourceId))) return tf;
    const source = removed.find((r) => String(r.field_id) === String(sourceId)) ?? null;
    return ownField(tf, source, null);
  });
}

/** A template field's name as pickers show it: its name, or "Unnamed field". */
function nameOf(tf: Pick<TemplateField, 'field'>): string {
  return tf.field.name.trim() || 'Unnamed field';
}

/**
 * Where a template field comes from, as pickers name it: the pattern's name for a segment's
 * field, the field set's name (from `fieldsetNames`, by id) for a field-set field, else ''
 * (a pattern field, the link, the hidden id).
 */
export function templateFieldOrigin(
  tf: Pick<TemplateField, 'field'>,
  fields: Fields,
  fieldsetNames: ReadonlyMap<number, string>,
): string {
  const parent = tf.field.segment_parent_field_id;
  if (parent !== null) {
    const pattern = fields.find((f) => f.field.is_pattern && String(f.field_id) === String(parent));
    return pattern ? nameOf(pattern) : 'a pattern';
  }
  const fieldsetId = tf.field.fieldset_id;
  if (fieldsetId !== null && !tf.field.is_pattern)
    return fieldsetNames.get(fieldsetId)?.trim() || 'a field set';
  return '';
}

/**
 * A template field as every picker of fields lists it ("Copy from", concatenation pieces, link
 * parameters, autofill sources): "Region (Paid media)", "Region (UTM campaign name)", so that
 * same-named fields are told apart; a field with no origin is its name alone.
 */
export function templateFieldChoiceLabel(
  tf: Pick<TemplateField, 'field'>,
  fields: Fields,
  fieldsetNames: ReadonlyMap<number, string>,
): string {
  const origin = templateFieldOrigin(tf, fields, fieldsetNames);
  return origin ? `${nameOf(tf)} (${origin})` : nameOf(tf);
}

/** What a linked segment's card says it is filled from: "Paid media › Region" (origin › field name). */
export function segmentFillLabel(
  source: Pick<TemplateField, 'field'>,
  fields: Fields,
  fieldsetNames: ReadonlyMap<number, string>,
): string {
  const origin = templateFieldOrigin(source, fields, fieldsetNames);
  return origin ? `${origin} › ${nameOf(source)}` : nameOf(source);
}
