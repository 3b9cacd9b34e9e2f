import {
  type IntegrationAssignment,
  type LinkParameter,
  type LinkValidation,
  readinessOf,
  type Template,
  type TemplateField,
} from '@nomen/shared';
import type { TemplateRow } from '@nomen/shared/db';
import type * as repo from './templates.repository';

/**
 * The pure mapping of a template's stored rows to the API's `Template` (spec 03 §3): the
 * repository reads the rows (`loadTemplate`, `loadRunAssignment` in templates.service.ts), these
 * functions shape them. No database, no clock.
 */

type Rows<F extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>;

/** One template field row with its field's columns, as `repo.templateFieldsOf` reads it. */
export type TemplateFieldRow = Rows<typeof repo.templateFieldsOf>[number];
/** One list column powered by a template field, as `repo.listColumnsUsingTemplateFields` reads it. */
export type ListColumnRow = Rows<typeof repo.listColumnsUsingTemplateFields>[number];
/** One integration assignment row, as `repo.assignmentsOf` reads it. */
export type AssignmentRow = Rows<typeof repo.assignmentsOf>[number];
/** One integration notification row, as `repo.notificationsOf` reads it. */
export type NotificationRow = Rows<typeof repo.notificationsOf>[number];

/**
 * Everything a template is built from, each as its repository read answers it: the template row,
 * its template fields in order, the list columns those fields power, its field set links, approver
 * users, link parameters, link validations, integration assignments in order and their notifications.
 */
export interface TemplateRows {
  template: TemplateRow;
  fields: readonly TemplateFieldRow[];
  listColumns: readonly ListColumnRow[];
  fieldsets: readonly { fieldset_id: number }[];
  approvers: readonly { id: number }[];
  parameters: Rows<typeof repo.parametersOf>;
  validations: Rows<typeof repo.validationsOf>;
  assignments: readonly AssignmentRow[];
  notifications: readonly NotificationRow[];
}

function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/**
 * A template field as the API shows it (spec 03 §3) from its row: the field facts from the joined
 * field, the governance settings from `template_fields.settings`, and `list_columns` from those of
 * `listColumns` naming it (the caller may pass none when it never reads them).
 */
export function templateFieldFromRow(
  r: TemplateFieldRow,
  listColumns: readonly ListColumnRow[],
): TemplateField {
  const settings = r.settings as Record<string, unknown>;
  return {
    id: r.id,
    field_id: r.field_id,
    field: {
      id: r.field_id,
      name: r.field_name,
      governance_type: (r.field_governance_type ?? r.governance_type) as TemplateField['governance_type'],
      is_pattern: r.field_is_pattern,
      fieldset_id: r.field_fieldset_id,
      segment_parent_field_id: r.field_segment_parent_field_id,
      segment_type: r.field_segment_type as TemplateField['field']['segment_type'],
      segment_id: (settings.segment_id as TemplateField['field']['segment_id']) ?? null,
    },
    precedence: r.precedence,
    governance_type: r.governance_type as TemplateField['governance_type'],
    required: r.required,
    visible_on_form: r.visible_on_form,
    default_value: r.default_value,
    apply_default_value_to_empty_values: r.apply_default_value_to_empty_values,
    must_be_unique: r.must_be_unique,
    is_preview_url: r.is_preview_url,
    generates_creative_classification: r.generates_creative_classification,
    classification_parameter_type:
      r.classification_parameter_type as TemplateField['classification_parameter_type'],
    constant_value: r.constant_value,
    list_governance: (settings.list_governance ?? null) as TemplateField['list_governance'],
    list_columns: listColumns
      .filter((c) => c.template_field_id === r.id)
      .map(({ template_field_id: _, ...c }) => c),
    autofill: (settings.autofill ?? null) as TemplateField['autofill'],
    date: (settings.date ?? null) as TemplateField['date'],
    validation: (settings.validation ?? null) as TemplateField['validation'],
    transformation: (settings.transformation ?? null) as TemplateField['transformation'],
    concatenation_governance: (settings.concatenation_governance ??
      null) as TemplateField['concatenation_governance'],
    segments: (settings.segments ?? []) as TemplateField['segments'],
    max_length: r.max_length,
    min_length: r.min_length,
    link_governance: (settings.link_governance ?? null) as TemplateField['link_governance'],
    color: r.color as TemplateField['color'],
    pattern_updated_at: iso(r.pattern_updated_at),
    segment_link: (settings.segment_link ?? null) as TemplateField['segment_link'],
  };
}

/**
 * An integration assignment of template `templateId` as the API shows it (spec 03 §3, §5): its
 * stored settings spread, its columns, the notifications of `notifications` naming it, and its
 * readiness from `missing_settings` (shared/src/integrations/readiness.ts).
 */
export function assignmentFromRow(
  a: AssignmentRow,
  templateId: number,
  notifications: readonly NotificationRow[],
): IntegrationAssignment {
  return {
    ...(a.settings as object),
    id: a.id,
    name: a.name,
    slug: a.slug,
    integration_type: a.integration_type,
    integration_id: a.integration_id,
    connector_id: a.connector_id,
    connector_type_id: a.connector_type_id,
    assigned_entity_type: 'template',
    assigned_entity_id: templateId,
    metadata: a.metadata,
    integration_notifications: notifications
      .filter((n) => n.integration_assignment_id === a.id)
      .map((n) => ({
        id: n.id,
        emailTo: n.email_to,
        subject: n.subject,
        emailOnFailure: n.email_on_failure,
        emailOnSuccess: n.email_on_success,
      })),
    created_at: a.created_at.toISOString(),
    updated_at: a.updated_at.toISOString(),
    readiness: readinessOf(a.missing_settings),
  } as IntegrationAssignment;
}

/** A template as the API shows it (spec 03 §3, §7) from its stored rows; pure. */
export function templateFromRows(rows: TemplateRows): Template {
  const { template: row } = rows;
  const settings = row.settings as Template['settings'];
  return {
    id: row.id,
    uuid: row.uuid,
    name: row.name,
    description: row.description,
    folder_id: row.folder_id,
    settings: {
      require_identifier: settings.require_identifier ?? 0,
      require_approval: settings.require_approval ?? 0,
      enable_auto_submit: settings.enable_auto_submit ?? 0,
    },
    approvers: rows.approvers.map((a) => a.id),
    submissionStatusRecipients: row.submission_status_recipients as Template['submissionStatusRecipients'],
    isCreativeClassificationEnabled: row.is_creative_classification_enabled,
    creativeConfiguration: row.creative_configuration as Template['creativeConfiguration'],
    template_fields: rows.fields.map((r) => templateFieldFromRow(r, rows.listColumns)),
    fieldsets: rows.fieldsets.map((f) => f.fieldset_id),
    integrations: rows.assignments.map((a) => assignmentFromRow(a, row.id, rows.notifications)),
    parameters: rows.parameters.map((p) => ({
      id: p.id,
      name: p.name,
      field_id: p.field_id,
      template_field_id: p.template_field_id,
      precedence: p.precedence,
      url_encoding: p.url_encoding as LinkParameter['url_encoding'],
      url_name_encoding: p.url_name_encoding as LinkParameter['url_name_encoding'],
      fieldset_ids: p.fieldset_ids,
      transform: p.transform,
      template_id: p.template_id,
    })),
    validations: rows.validations.map((v) => ({
      slug: v.slug as LinkValidation['slug'],
      uuid: v.uuid,
      options: v.options as LinkValidation['options'],
    })),
    rollup_dataset_id: row.rollup_dataset_id,
    updated_at: row.updated_at.toISOString(),
    created_at: row.created_at.toISOString(),
  };
}
