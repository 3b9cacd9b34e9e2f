import type { Pattern, SubmissionForm, SubmissionList, TemplateDraft } from '@nomen/shared';

/**
 * The submission form of a template as it is being edited (spec 03 §2 "Dataset preview"; issue 11
 * item 7), built in the browser so unsaved changes are previewed: the draft's fields (TEMP_ ids
 * included), link parameters and settings, the patterns of its pattern fields from `patterns`
 * (the account's patterns with their segments), and `lists` (the answer of POST
 * /api/v1/account/template/preview-dependencies). `template_id` and `rollup_dataset_id` are null:
 * the preview stores nothing and asks the server nothing about the dataset. Standalone autonumber
 * fields print as previews, as in the submission table. Pure; no React.
 */
export function previewSubmissionForm(
  draft: TemplateDraft,
  patterns: readonly Pattern[],
  lists: readonly SubmissionList[],
): SubmissionForm {
  const byId = new Map(patterns.map((p) => [p.id, p]));
  const used: SubmissionForm['patterns'] = [];
  for (const tf of draft.template_fields) {
    if (tf.governance_type !== 'pattern' || typeof tf.field_id !== 'number') continue;
    const pattern = byId.get(tf.field_id);
    if (!pattern || used.some((p) => p.field_id === pattern.id)) continue;
    used.push({
      field_id: pattern.id,
      name: pattern.name,
      delimiter: pattern.delimiter,
      must_be_unique: pattern.must_be_unique,
      segments: pattern.segments,
    });
  }
  return {
    template_id: null,
    template_name: draft.name.trim() || 'New template',
    rollup_dataset_id: null,
    settings: draft.settings,
    fields: draft.template_fields,
    parameters: draft.parameters,
    patterns: used,
    lists: [...lists],
    autonumbers: [],
  };
}
