import {
  fieldDeletionBlock,
  type IntegrationAssignmentId,
  integrationFor,
  isTemplateFieldLocked,
  type Template,
  type TemplateField,
  type TemplateFieldId,
  type TemplateFieldListColumn,
  type TemplateIssue,
  templateMessageText,
  UNDELETABLE_GOVERNANCE_TYPES,
} from '@nomen/shared';

/** What a field card shows of the template's issues about its field (spec 03 §2, §5). */
export interface FieldIssueSummary {
  /** ERROR issues about the field: any gives the card its red left border. */
  errorCount: number;
  /** The first issue's text (errors before warnings). */
  message: string;
  /** Whether the first issue shown is an error or a warning. */
  type: TemplateIssue['type'];
  /** The pattern changed since it was added: the card offers refresh (spec 03 §2). */
  isPatternUpdated: boolean;
}

/**
 * The template's issues grouped by template field id (spec 03 §5: each issue names the field it
 * is about), errors first. One pass over the issues; the strings and numbers it holds let the
 * memoised cards compare their props cheaply.
 */
export function issuesByField(issues: readonly TemplateIssue[]): Map<string, FieldIssueSummary> {
  const byField = new Map<string, FieldIssueSummary>();
  for (const issue of issues) {
    if (issue.fieldId === undefined) continue;
    const key = String(issue.fieldId);
    const isError = issue.type === 'ERROR';
    const current = byField.get(key);
    const text = templateMessageText(issue.messageId, issue.params);
    if (!current) {
      byField.set(key, {
        errorCount: isError ? 1 : 0,
        message: text,
        type: issue.type,
        isPatternUpdated: issue.messageId === 'patternUpdated',
      });
      continue;
    }
    const replacesWarning = isError && current.type === 'WARNING';
    byField.set(key, {
      errorCount: current.errorCount + (isError ? 1 : 0),
      message: replacesWarning ? text : current.message,
      type: replacesWarning ? 'ERROR' : current.type,
      isPatternUpdated: current.isPatternUpdated || issue.messageId === 'patternUpdated',
    });
  }
  return byField;
}

/**
 * Why a field's edit action is unavailable, or null (spec 03 §2 "A field inherited from a segment
 * parent (other than a variable segment) and cv_id fields cannot be edited; their actions are
 * disabled").
 */
export function editBlockedReason(tf: Pick<TemplateField, 'governance_type' | 'field'>): string | null {
  if (tf.governance_type === 'cv_id') return 'The hidden ID field cannot be edited';
  if (isTemplateFieldLocked(tf)) return 'This segment is set in the pattern; edit it in the pattern builder';
  return null;
}

/**
 * Why a field's delete action is unavailable, or null (spec 03 §2 "Deep-link, custom-bitlink and
 * segment fields cannot be deleted"; the hidden id field is locked). List columns and integrations
 * that use a field are answered by the deletion dialog instead, since they need a look.
 */
export function deleteBlockedReason(tf: Pick<TemplateField, 'governance_type' | 'field'>): string | null {
  if (tf.governance_type === 'cv_id') return 'The hidden ID field cannot be deleted';
  if (tf.field.segment_parent_field_id !== null)
    return "A segment's field cannot be deleted; delete its pattern field to remove the pattern";
  if (tf.governance_type !== null && UNDELETABLE_GOVERNANCE_TYPES.includes(tf.governance_type))
    return 'This field belongs to an integration and cannot be deleted';
  return null;
}

/**
 * Where a template field comes from (spec 03 §2 "governance or source" column): its field set, its
 * pattern, or the template itself.
 */
export function fieldSource(
  tf: Pick<TemplateField, 'governance_type' | 'field'>,
  names: { fieldsets: ReadonlyMap<number, string>; patterns: ReadonlyMap<string, string> },
): string {
  const parent = tf.field.segment_parent_field_id;
  if (parent !== null) return `Segment of ${names.patterns.get(String(parent)) ?? 'a pattern'}`;
  if (tf.field.is_pattern) return 'Pattern';
  if (tf.field.fieldset_id !== null)
    return `Field set: ${names.fieldsets.get(tf.field.fieldset_id) ?? `#${tf.field.fieldset_id}`}`;
  return 'Template';
}

/** A template field's name as cards and dialogs show it. */
export function templateFieldName(tf: Pick<TemplateField, 'field' | 'precedence'>): string {
  return tf.field.name.trim() || `Field ${tf.precedence + 1}`;
}

/** What blocks a deletion, as the dialog lists it (spec 03 §2 "the lists are shown … the integrations are shown"). */
export interface DeletionBlockers {
  listColumns: TemplateFieldListColumn[];
  integrations: { id: IntegrationAssignmentId; name: string }[];
}

/**
 * What blocks deleting a template field, or null when nothing does (spec 03 §2): the list columns
 * and integrations of `fieldDeletionBlock` on the draft, plus, for a saved template, the
 * integrations the server's fieldsMappedToIntegrations names for this field (`saved`) that are
 * still in the draft. Integrations are named by their assignment name, else their type's label.
 * Segment and undeletable-type blocks are the card's disabled actions, not blockers here.
 */
export function deletionBlockers(
  draft: Pick<Template, 'template_fields' | 'integrations'>,
  templateFieldId: TemplateFieldId,
  saved: readonly {
    template_field_id: number;
    integrations: { id: number; name: string; slug: string }[];
  }[] = [],
): DeletionBlockers | null {
  const block = fieldDeletionBlock(draft, templateFieldId);
  const listColumns = block?.reason === 'listColumns' ? block.listColumns : [];
  const found = new Map<string, { id: IntegrationAssignmentId; name: string }>();
  const label = (a: { name: string; slug: string }) => a.name.trim() || integrationFor(a.slug).label;
  if (block?.reason === 'integrations')
    for (const a of block.integrations) found.set(String(a.id), { id: a.id, name: label(a) });
  const present = new Set(draft.integrations.map((a) => String(a.id)));
  for (const entry of saved) {
    if (String(entry.template_field_id) !== String(templateFieldId)) continue;
    for (const a of entry.integrations)
      if (present.has(String(a.id)) && !found.has(String(a.id)))
        found.set(String(a.id), { id: a.id, name: label(a) });
  }
  const integrations = [...found.values()];
  return listColumns.length > 0 || integrations.length > 0 ? { listColumns, integrations } : null;
}

/**
 * The confirmation asked before deleting a template field (spec 03 §2 deletion): title and
 * message. A pattern field takes its `segmentCount` segment fields with it; the link field its
 * parameters and validations; any other field unlinks the link parameters using it.
 */
export function deletionQuestion(
  tf: Pick<TemplateField, 'field' | 'precedence' | 'governance_type'>,
  segmentCount: number,
): { title: string; message: string } {
  const name = templateFieldName(tf);
  if (tf.field.is_pattern)
    return {
      title: `Delete the pattern ${name}?`,
      message: `The pattern field and its ${segmentCount} segment ${segmentCount === 1 ? 'field are' : 'fields are'} removed from the template, and link parameters using them are unlinked.`,
    };
  return {
    title: `Delete ${name}?`,
    message:
      tf.governance_type === 'link'
        ? `${name} is removed from the template with its link parameters and validations.`
        : `${name} is removed from the template, and link parameters using it are unlinked.`,
  };
}
