import { segmentFillLabel, segmentFillSource, segmentLinkCandidate, type TemplateField } from '@nomen/shared';
import { templateFieldName } from './fieldCardModel';

/** The pattern fields' palette colours and names, by the pattern's field id (as a string). */
export interface PatternLookup {
  colors: Map<string, string>;
  names: Map<string, string>;
}

/** The colours (those set) and names of the template's pattern fields (spec 03 §2 card chip). Pure. */
export function patternLookup(fields: readonly TemplateField[]): PatternLookup {
  const colors = new Map<string, string>();
  const names = new Map<string, string>();
  for (const tf of fields) {
    if (!tf.field.is_pattern || tf.field_id === null) continue;
    if (tf.color) colors.set(String(tf.field_id), tf.color);
    names.set(String(tf.field_id), templateFieldName(tf));
  }
  return { colors, names };
}

/**
 * The pattern a card takes its colour from: a pattern field's own field id, a segment field's
 * parent, else null. Pure.
 */
export function patternKeyOf(tf: TemplateField): string | null {
  if (tf.field.is_pattern) return String(tf.field_id);
  const parent = tf.field.segment_parent_field_id;
  return parent === null ? null : String(parent);
}

/** What segments are filled from (`filled`) or could be (`linkable`), by template field id. */
export interface SegmentFills {
  filled: Map<string, string>;
  linkable: Map<string, string>;
}

/**
 * What each segment field is filled from, or could be filled from, as "Paid media › Region"
 * (spec 03 §2 card "filled from …", Link), by template field id. Pure.
 */
export function segmentFills(
  fields: readonly TemplateField[],
  fieldsetNames: ReadonlyMap<number, string>,
): SegmentFills {
  const filled = new Map<string, string>();
  const linkable = new Map<string, string>();
  for (const tf of fields) {
    if (tf.field.segment_parent_field_id === null) continue;
    const source = segmentFillSource(fields, tf);
    if (source) {
      filled.set(String(tf.id), segmentFillLabel(source, fields, fieldsetNames));
      continue;
    }
    const candidate = segmentLinkCandidate(fields, tf);
    if (candidate) linkable.set(String(tf.id), segmentFillLabel(candidate, fields, fieldsetNames));
  }
  return { filled, linkable };
}
