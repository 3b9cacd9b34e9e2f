import { z } from 'zod';
import { SEGMENT_DELIMITERS } from '../governance/formats';
import { patternSegmentSchema } from '../patterns/patterns.contract';
import {
  linkParameterSchema,
  type TemplateField,
  type TemplateFieldId,
  templateFieldSchema,
  templateSettingsSchema,
} from '../templates/templates.contract';

/**
 * A list as a submission's list fields read it (spec 02 §3; issue 11 item 2): its type, columns in
 * order and its rows, each row the values of the columns by position ('' for an empty cell).
 */
export const submissionListSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(['drop-down', 'drill-down', 'dependent']),
  columns: z.array(z.object({ id: z.number(), name: z.string() })),
  rows: z.array(z.array(z.string())),
});
/** A list with its rows (spec 02 §3). */
export type SubmissionList = z.infer<typeof submissionListSchema>;

/** A pattern as the code engine reads it, keyed by the pattern field's `field_id` (spec 02 §3). */
export const submissionPatternSchema = z.object({
  field_id: z.number(),
  name: z.string(),
  delimiter: z.enum(SEGMENT_DELIMITERS),
  must_be_unique: z.boolean(),
  segments: z.array(patternSegmentSchema),
});
/** A pattern of a submission form. */
export type SubmissionPattern = z.infer<typeof submissionPatternSchema>;

/** The counter settings of a field-set autonumber field, by its `field_id` (spec 02 §3, §9). */
export const submissionAutonumberSchema = z.object({
  field_id: z.number(),
  start_value: z.number(),
  min_width: z.number(),
});

/**
 * Everything the per-cell rules need to govern a submission of one template (issue 11 item 2),
 * as the server answers it for the submission table and the dataset preview: the template's fields
 * in precedence order, its link parameters, the patterns of its pattern fields with every segment,
 * the lists its list fields draw from, and the counters of field-set autonumber fields.
 * `template_id` is null in the template editor's preview of an unsaved template.
 */
export const submissionFormSchema = z.object({
  template_id: z.number().nullable(),
  template_name: z.string(),
  rollup_dataset_id: z.number().nullable(),
  settings: templateSettingsSchema,
  fields: z.array(templateFieldSchema),
  parameters: z.array(linkParameterSchema),
  patterns: z.array(submissionPatternSchema),
  lists: z.array(submissionListSchema),
  autonumbers: z.array(submissionAutonumberSchema),
});
/** A submission form (issue 11 item 2). */
export type SubmissionForm = z.output<typeof submissionFormSchema>;

/**
 * One row of a submission: the value of each template field, keyed by the template field id as
 * text. Missing keys are empty cells. Values are what the person typed, or after validation the
 * governed values (transformed, filled, computed, coded).
 */
export type SubmissionRow = Record<string, string>;

/** The key of a template field in a `SubmissionRow`: its id as text. */
export function fieldKey(field: Pick<TemplateField, 'id'> | TemplateFieldId): string {
  return typeof field === 'object' ? String(field.id) : String(field);
}

/** Whether a template field is a column of the submission table: visible on the form. */
export function isFormColumn(field: Pick<TemplateField, 'visible_on_form' | 'governance_type'>): boolean {
  return field.visible_on_form && field.governance_type !== 'cv_id';
}

/**
 * Whether a row holds nothing typed beyond what a new row starts with (`newRowValues`, from
 * `newSubmissionRow`): every value empty or, trimmed, its field's default. Such rows are not
 * submitted (the table leaves them out; a shared draft's room may hold them).
 */
export function isBlankSubmissionRow(row: SubmissionRow, newRowValues: SubmissionRow): boolean {
  for (const key in row) {
    const value = (row[key] ?? '').trim();
    if (value !== '' && value !== newRowValues[key]) return false;
  }
  return true;
}

/**
 * A new row of the submission table (issue 11 item 2: "constant and default values fill
 * themselves"): each field's default_value, or its constant_value for a constant field; the rest
 * empty.
 */
export function newSubmissionRow(form: Pick<SubmissionForm, 'fields'>): SubmissionRow {
  const row: SubmissionRow = {};
  for (const field of form.fields) {
    const value =
      field.governance_type === 'constant'
        ? (field.constant_value ?? field.default_value)
        : field.default_value;
    if (value) row[fieldKey(field)] = value;
  }
  return row;
}
