import type { Issue } from '../core/errors';

/**
 * The two kinds of target (spec 01 §3.1: connector_type_id 1 Adobe, 2 Google), by connector type
 * id. A target's connected account must be of the same type.
 */
export const TARGET_TYPES = { adobe: 1, google: 2 } as const;
/** A target's connector type id: 1 Adobe Analytics, 2 Google Analytics. */
export type TargetTypeId = (typeof TARGET_TYPES)[keyof typeof TARGET_TYPES];

/** The parts of a target draft the spec 01 §5 rule reads. */
export interface TargetDraftForRules {
  name: string;
  connector_type_id: number;
  connector_id?: number | null | undefined;
  remote_realm_id?: string | null | undefined;
  remote_target_id?: string | null | undefined;
  ga_account_id?: string | null | undefined;
  ga_property_id?: string | null | undefined;
  ga_custom_data_source_id?: string | null | undefined;
  use_aa_confirmation_email?: boolean | undefined;
  aa_confirmation_email?: string | null | undefined;
}

/** The message of a missing required choice (spec 01 §5 "*Required"). */
export const TARGET_REQUIRED_MESSAGE = 'Required';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const blank = (value: string | null | undefined) => !value || value.trim() === '';

/**
 * Spec 01 §5 "Target": a name, a connected account, and either a report (Adobe: report suite and
 * report) or a custom data source (Google: account, property and custom data source) are
 * required; with the confirmation email option on, an email address is required too. Answers
 * one issue per missing or bad field, paths as the save body spells them (`body.name`…); empty
 * when the draft may be saved. The editor disables Save on any issue; the server refuses them.
 */
export function targetIssues(draft: TargetDraftForRules): Issue[] {
  const issues: Issue[] = [];
  const add = (field: string, message = TARGET_REQUIRED_MESSAGE) =>
    issues.push({ path: `body.${field}`, message });
  if (blank(draft.name)) add('name');
  if (!draft.connector_id) add('connector_id');
  if (draft.connector_type_id === TARGET_TYPES.adobe) {
    if (blank(draft.remote_realm_id)) add('remote_realm_id');
    if (blank(draft.remote_target_id)) add('remote_target_id');
    if (draft.use_aa_confirmation_email) {
      if (blank(draft.aa_confirmation_email)) add('aa_confirmation_email');
      else if (!EMAIL.test(draft.aa_confirmation_email!.trim()))
        add('aa_confirmation_email', 'Enter an email address');
    }
  } else if (draft.connector_type_id === TARGET_TYPES.google) {
    if (blank(draft.ga_account_id)) add('ga_account_id');
    if (blank(draft.ga_property_id)) add('ga_property_id');
    if (blank(draft.ga_custom_data_source_id)) add('ga_custom_data_source_id');
  } else {
    add('connector_type_id', 'Choose Adobe or Google');
  }
  return issues;
}

/**
 * The classification names a multi-target of a target must offer (spec 01 §2.5 "compatible"):
 * those the target's fields are mapped to, or, when no field is mapped yet, every classification
 * name of the target's own report. Compared case-insensitively.
 */
export function requiredClassifications(
  targetClassifications: readonly string[],
  mappedClassifications: readonly string[],
): string[] {
  const source = mappedClassifications.length > 0 ? mappedClassifications : targetClassifications;
  return [...new Set(source.map((n) => n.trim()).filter(Boolean))];
}

/**
 * The required classification names a candidate report lacks (spec 01 §2.5): empty when the
 * candidate is compatible, i.e. its classification names include every required one (ignoring
 * case and surrounding spaces).
 */
export function missingClassifications(
  required: readonly string[],
  candidateClassifications: readonly string[],
): string[] {
  const offered = new Set(candidateClassifications.map((n) => n.trim().toLowerCase()));
  return required.filter((n) => !offered.has(n.trim().toLowerCase()));
}

/** One remote report as a multi-target choice: report suite, report and its classifications. */
export interface MultiTargetCandidate {
  remote_realm_id: string;
  remote_target_id: string;
  classifications_names: readonly string[];
}

/**
 * The reports a target's multi-target may be (spec 01 §2.5 "choices exclude targets whose
 * classification names are incompatible and targets already added"): drops the target's own
 * report, reports already added (except `keep`, the row being edited) and those lacking a
 * required classification name.
 */
export function multiTargetChoices<C extends MultiTargetCandidate>(
  candidates: readonly C[],
  context: {
    own: { remote_realm_id: string; remote_target_id: string } | null;
    added: readonly { remote_realm_id: string; remote_target_id: string }[];
    required: readonly string[];
    keep?: { remote_realm_id: string; remote_target_id: string } | null;
  },
): C[] {
  const key = (r: { remote_realm_id: string; remote_target_id: string }) =>
    `${r.remote_realm_id}\u0000${r.remote_target_id}`;
  const taken = new Set(context.added.map(key));
  if (context.own) taken.add(key(context.own));
  if (context.keep) taken.delete(key(context.keep));
  return candidates.filter(
    (c) =>
      !taken.has(key(c)) && missingClassifications(context.required, c.classifications_names).length === 0,
  );
}
