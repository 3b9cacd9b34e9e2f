import { TARGET_TYPES, type Target, type TargetSave, type TargetTypeId, targetIssues } from '@nomen/shared';

/** The target editor's draft (spec 01 §2.5): what the form edits, as the save sends it. */
export interface TargetDraft {
  name: string;
  nickname: string;
  connector_type_id: TargetTypeId;
  connector_id: number | null;
  remote_realm_id: string;
  realm_name: string;
  remote_target_id: string;
  use_aa_confirmation_email: boolean;
  aa_confirmation_email: string;
  ga_account_id: string;
  ga_property_id: string;
  ga_custom_data_source_id: string;
  ga_custom_data_source_schema: string;
  /** Which field feeds which classification of the report (the field-compatibility panel). */
  target_fields: { field_id: number; classification_name: string }[];
}

const ADOBE_PART = { remote_realm_id: '', realm_name: '', remote_target_id: '', target_fields: [] };
const GOOGLE_PART = {
  ga_account_id: '',
  ga_property_id: '',
  ga_custom_data_source_id: '',
  ga_custom_data_source_schema: '',
};

/** The draft of a new target: Adobe, nothing chosen. */
export function emptyTargetDraft(): TargetDraft {
  return {
    name: '',
    nickname: '',
    connector_type_id: TARGET_TYPES.adobe,
    connector_id: null,
    ...ADOBE_PART,
    use_aa_confirmation_email: false,
    aa_confirmation_email: '',
    ...GOOGLE_PART,
  };
}

/** The draft of a saved target. */
export function draftOfTarget(target: Target): TargetDraft {
  return {
    name: target.name,
    nickname: target.nickname,
    connector_type_id:
      target.connector_type_id === TARGET_TYPES.google ? TARGET_TYPES.google : TARGET_TYPES.adobe,
    connector_id: target.connector_id,
    remote_realm_id: target.remote_realm_id,
    realm_name: target.realm_name,
    remote_target_id: target.remote_target_id,
    use_aa_confirmation_email: target.use_aa_confirmation_email,
    aa_confirmation_email: target.aa_confirmation_email,
    ga_account_id: target.ga_account_id,
    ga_property_id: target.ga_property_id,
    ga_custom_data_source_id: target.ga_custom_data_source_id,
    ga_custom_data_source_schema: target.ga_custom_data_source_schema,
    target_fields: target.target_fields.map((f) => ({
      field_id: f.field_id,
      classification_name: f.classification_name,
    })),
  };
}

/** Switches Adobe ↔ Google: the account and everything read through it are cleared. */
export function withType(draft: TargetDraft, typeId: TargetTypeId): TargetDraft {
  if (typeId === draft.connector_type_id) return draft;
  return {
    ...draft,
    connector_type_id: typeId,
    connector_id: null,
    ...ADOBE_PART,
    ...GOOGLE_PART,
    use_aa_confirmation_email: false,
    aa_confirmation_email: '',
  };
}

/** Chooses the connected account: the report suite, report, fields and Google choices are cleared. */
export function withConnector(draft: TargetDraft, connectorId: number | null): TargetDraft {
  if (connectorId === draft.connector_id) return draft;
  return { ...draft, connector_id: connectorId, ...ADOBE_PART, ...GOOGLE_PART };
}

/** Chooses the report suite: the report and the fields mapped to its classifications are cleared. */
export function withRealm(
  draft: TargetDraft,
  realm: { remote_realm_id: string; realm_name: string } | null,
): TargetDraft {
  if ((realm?.remote_realm_id ?? '') === draft.remote_realm_id) return draft;
  return {
    ...draft,
    remote_realm_id: realm?.remote_realm_id ?? '',
    realm_name: realm?.realm_name ?? '',
    remote_target_id: '',
    target_fields: [],
  };
}

/**
 * Chooses the report: mapped fields whose classification the new report also has are kept (case
 * aside), the others dropped.
 */
export function withReport(
  draft: TargetDraft,
  report: { id: string; classifications_names: string[] } | null,
): TargetDraft {
  const names = new Set((report?.classifications_names ?? []).map((n) => n.toLowerCase()));
  return {
    ...draft,
    remote_target_id: report?.id ?? '',
    target_fields: draft.target_fields.filter((f) => names.has(f.classification_name.toLowerCase())),
  };
}

/** Maps `classification` to `fieldId`, or unmaps it when `fieldId` is null. */
export function withFieldFor(
  draft: TargetDraft,
  classification: string,
  fieldId: number | null,
): TargetDraft {
  const key = classification.toLowerCase();
  const rest = draft.target_fields.filter((f) => f.classification_name.toLowerCase() !== key);
  return {
    ...draft,
    target_fields:
      fieldId === null ? rest : [...rest, { field_id: fieldId, classification_name: classification }],
  };
}

/**
 * Maps each unmapped classification to the field of the same name (case aside), when exactly one
 * field has that name; answers the draft unchanged when none matches.
 */
export function withSameNamedFields(
  draft: TargetDraft,
  classifications: readonly string[],
  fields: readonly { id: number; name: string }[],
): TargetDraft {
  let next = draft;
  for (const classification of classifications) {
    const key = classification.toLowerCase();
    if (next.target_fields.some((f) => f.classification_name.toLowerCase() === key)) continue;
    const matches = fields.filter((f) => f.name.trim().toLowerCase() === key);
    if (matches.length === 1) next = withFieldFor(next, classification, matches[0]!.id);
  }
  return next;
}

/** The field mapped to `classification`, or null. */
export function fieldFor(draft: TargetDraft, classification: string): number | null {
  const key = classification.toLowerCase();
  return draft.target_fields.find((f) => f.classification_name.toLowerCase() === key)?.field_id ?? null;
}

/** The save body of a draft (spec 01 §7 PUT /api/v1/account/targets/). */
export function toTargetSave(
  draft: TargetDraft,
  saved: { id: number; updated_at: string } | null,
): TargetSave {
  return {
    ...draft,
    id: saved?.id ?? null,
    updated_at: saved?.updated_at ?? null,
  };
}

const FIELD_LABELS: Record<string, string> = {
  'body.name': 'name',
  'body.connector_id': 'connected account',
  'body.remote_realm_id': 'report suite',
  'body.remote_target_id': 'report',
  'body.aa_confirmation_email': 'confirmation email',
  'body.ga_account_id': 'Google Analytics account',
  'body.ga_property_id': 'property',
  'body.ga_custom_data_source_id': 'custom data source',
};

/**
 * Why Save is disabled (spec 01 §5), for its tooltip: the missing or bad fields in prose, "No
 * changes to save" when nothing changed, or null when the draft may be saved.
 */
export function saveBlockedReason(draft: TargetDraft, isDirty: boolean): string | null {
  const issues = targetIssues(draft);
  if (issues.length > 0) {
    const names = issues.map((i) => FIELD_LABELS[i.path] ?? i.path.replace(/^body\./, ''));
    return `Complete the ${names.join(', ')} first`;
  }
  return isDirty ? null : 'No changes to save';
}

/** Whether two drafts are the same (the dirty flag). */
export function isSameDraft(a: TargetDraft, b: TargetDraft): boolean {
  const norm = (d: TargetDraft) =>
    JSON.stringify({
      ...d,
      target_fields: [...d.target_fields].sort((x, y) =>
        x.classification_name.localeCompare(y.classification_name),
      ),
    });
  return norm(a) === norm(b);
}
