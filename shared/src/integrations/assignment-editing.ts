import { z } from 'zod';
import type { IntegrationChange } from './editing';
import { familyOf } from './families';
import {
  type IncludedOutputField,
  type IntegrationAssignment,
  isTempAssignmentId,
  metadataText,
} from './integration-assignment';
import type { IntegrationIssue } from './issues';
import type { IntegrationMessageId, MessageParams } from './messages';
import { type IntegrationDefinition, integrationFor, integrationListOf } from './registry';
import type { IntegrationSection } from './sections';

/** A confirmation the editor asks before a change or a deletion: a catalogue message and its params. */
export interface IntegrationConfirmation {
  messageId: IntegrationMessageId;
  params: MessageParams;
}

/** How messages name an assignment: its name, or its type's label while it has none. */
export function assignmentDisplayName(assignment: Pick<IntegrationAssignment, 'name' | 'slug'>): string {
  return assignment.name.trim() || integrationFor(assignment.slug).label;
}

/**
 * The confirmation a change asks for before it is applied, or null (spec 03 §4: "Changing account or
 * data type on an existing integration asks for confirmation (it resets mappings or filters)";
 * "Changing a Google Analytics custom data source asks for confirmation and clears mappings and
 * schema"). An existing integration is a saved one (not TEMP_) whose previous value was chosen; a
 * first choice, or any choice on a new integration, asks nothing. Metadata keys whose change resets
 * the mappings (the family's `mappingsResetOn`) ask like the data type.
 */
export function changeConfirmation(
  assignment: IntegrationAssignment,
  change: IntegrationChange,
): IntegrationConfirmation | null {
  if (isTempAssignmentId(assignment.id)) return null;
  const definition = integrationFor(assignment.slug);
  const name = assignmentDisplayName(assignment);
  switch (change.kind) {
    case 'connector':
      return assignment.connector_id !== null && change.connectorId !== assignment.connector_id
        ? { messageId: 'changeAccountConfirm', params: { name } }
        : null;
    case 'dataType':
    case 'metadata': {
      const key = change.kind === 'dataType' ? (definition.dataTypeKey ?? 'data_type') : change.key;
      const { value } = change;
      const previous = metadataText(assignment.metadata, key);
      if (previous === '' || JSON.stringify(assignment.metadata[key]) === JSON.stringify(value)) return null;
      if (key === definition.dataTypeKey)
        return {
          messageId: 'changeDataTypeConfirm',
          params: { name, item: definition.dataTypeItem.toLowerCase() },
        };
      if (familyOf(definition).mappingsResetOn.includes(key)) {
        const item = definition.requiredMetadata.find((m) => m.key === key)?.item ?? key;
        return { messageId: 'changeSourceConfirm', params: { name, item: item.toLowerCase() } };
      }
      return null;
    }
    case 'filters':
      return null;
  }
}

/**
 * What deleting an assignment asks and removes (spec 03 §4, §8): with a paired inbound or outbound
 * twin of the same type in `all`, 'Are you sure?' naming the twin, and both go; otherwise the
 * "You are about to delete your connection to {name}…" confirmation. `pair` lists the twins.
 */
export function deletionConfirmation(
  assignment: IntegrationAssignment,
  all: readonly IntegrationAssignment[],
): IntegrationConfirmation & { pair: IntegrationAssignment[] } {
  const { pairedSlug } = integrationFor(assignment.slug);
  const pair = pairedSlug === null ? [] : all.filter((a) => a.slug === pairedSlug && a.id !== assignment.id);
  const name = assignmentDisplayName(assignment);
  if (pair.length === 0) return { messageId: 'deleteIntegrationConfirm', params: { name }, pair };
  const pairDirection =
    integrationListOf(integrationFor(pair[0]!.slug)) === 'inbound' ? 'inbound' : 'outbound';
  return {
    messageId: 'deletePairedIntegrationConfirm',
    params: { name, pairDirection, pairName: pair.map(assignmentDisplayName).join(', ') },
    pair,
  };
}

/**
 * Whether the add picker offers a slug to a template holding `assignments`: a slug allowed only once
 * per template (spec 03 §5: the content-management outbound) is not offered again.
 */
export function canAddIntegration(
  definition: Pick<IntegrationDefinition, 'slug' | 'isSingleton'>,
  assignments: readonly Pick<IntegrationAssignment, 'slug'>[],
): boolean {
  return !definition.isSingleton || !assignments.some((a) => a.slug === definition.slug);
}

/** A template field as the output-field selection reads it. */
export interface OutputFieldSource {
  field_id: number | string | null;
  field: { name: string };
  visible_on_form: boolean;
  governance_type?: string | null;
}

/**
 * The output-field rows of a custom report (spec 03 §3 included_output_fields: id, name, display,
 * selected, isHidden): one per template field in template order, its id the field id. A stored
 * row is matched by id, or by name when its id was a TEMP_ one that the save replaced; it keeps
 * its selection and display name. Fields without a stored row are selected only while nothing is
 * stored (a new selection starts with everything). Stored rows of fields no longer in the template
 * are dropped. Fields of a `lockedGovernanceTypes` type (Snowflake's identifier, spec 03 §5) are
 * always selected and read-only.
 */
export function outputFieldRows(
  fields: readonly OutputFieldSource[],
  included: readonly IncludedOutputField[],
  lockedGovernanceTypes: readonly string[] = [],
): IncludedOutputField[] {
  const byId = new Map(included.map((f) => [String(f.id), f]));
  const byName = new Map(included.map((f) => [f.name, f]));
  return fields.flatMap((tf) => {
    if (tf.field_id === null) return [];
    const stored = byId.get(String(tf.field_id)) ?? byName.get(tf.field.name);
    const isLocked = lockedGovernanceTypes.includes(tf.governance_type ?? '');
    return [
      {
        id: tf.field_id,
        name: tf.field.name,
        display: stored?.display ?? '',
        selected: isLocked || (stored ? stored.selected : included.length === 0),
        isHidden: !tf.visible_on_form,
        isMeta: stored?.isMeta ?? false,
        readOnly: isLocked || (stored?.readOnly ?? false),
        fieldType: stored?.fieldType ?? null,
        pattern_id: stored?.pattern_id ?? null,
        segment_ids: stored?.segment_ids ?? null,
      },
    ];
  });
}

/**
 * The key that ties an issue or a section of an integration's form together: the section kind,
 * with the metadata key for builder sections (`dropdown:ga_account_id`).
 */
export function integrationSectionKey(section: IntegrationSection): string {
  return section.kind === 'dropdown' || section.kind === 'dataSelection'
    ? `${section.kind}:${section.metadataKey}`
    : section.kind;
}

/** Metadata keys per section, for `metadataInvalid` issues. */
const SECTION_OF_METADATA_KEY: Readonly<Record<string, string>> = {
  to: 'email',
  cc: 'email',
  bcc: 'email',
  subject: 'email',
  sendToSubmitter: 'email',
  transform_case: 'transforms',
  transform_replace: 'transforms',
  target_id: 'reportType',
  tableName: 'snowflakeTable',
  folder: 'folder',
  filePrefix: 'folder',
  awsRegion: 'awsStorage',
  use_acl: 'awsStorage',
  use_sse: 'awsStorage',
  identifier_field_ids: 'identifierFields',
  importFilters: 'importFilters',
  importObjectFilters: 'importFilters',
  pull_performance_metrics: 'importFilters',
  folderFilter: 'folderFilter',
  tagsFilter: 'folderFilter',
  fileFormatFilter: 'folderFilter',
  custom_bitlink_enabled: 'customBitlink',
  sync_schedule: 'syncSchedule',
  syncFrequency: 'syncSchedule',
};

/** Sections per message id; `null` = about the integration as a whole. */
const SECTION_OF_MESSAGE: Partial<Record<IntegrationMessageId, string | null>> = {
  nameRequired: 'name',
  accountRequired: 'account',
  mappingRequired: 'fieldMapping',
  mappingsRequired: 'fieldMapping',
  mappingUnfilled: 'fieldMapping',
  contentIdNeedsCreativeField: 'fieldMapping',
  classificationSourceUrlRequired: 'fieldMapping',
  classificationConfidenceInvalid: 'fieldMapping',
  filterValuesBlank: 'filters',
  dateFilterInvalid: 'filters',
  dateFilterTooOld: 'filters',
  folderRequired: 'folder',
  folderMustStartWithSlash: 'folderFilter',
  notificationRecipientRequired: 'notifications',
  identifierFieldsRequired: 'identifierFields',
  identifierFieldNotInTemplate: 'identifierFields',
  perTargetWithoutTargets: 'reportType',
  snowflakeTableNameEmpty: 'snowflakeTable',
  snowflakeTableNameReserved: 'snowflakeTable',
  snowflakeTableNameTooLong: 'snowflakeTable',
  snowflakeTableNameStartsWithDigit: 'snowflakeTable',
  snowflakeTableNameInvalidCharacters: 'snowflakeTable',
  qrSizeTooSmall: 'qrCode',
  qrValueRequired: 'qrCode',
  qrConfigInvalidJson: 'qrCode',
  qrConfigUnknownKey: 'qrCode',
  qrConfigNotValidated: 'qrCode',
  fileTypeRequired: 'fileSettings',
  delimiterRequired: 'fileSettings',
  filenamePatternRequired: 'fileSettings',
  filenamePlaceholderUnknown: 'fileSettings',
  emailRecipientRequired: 'email',
  outputFieldsRequired: 'outputFields',
};

/**
 * The section of an integration's form an issue is about (its {@link integrationSectionKey}), so
 * the form shows the issue next to it; null when it concerns the integration as a whole (a link
 * field missing, one per template, not available). Pure; never throws.
 */
export function integrationIssueSection(
  issue: IntegrationIssue,
  definition: IntegrationDefinition,
): string | null {
  const dataTypeKey = definition.dataTypeKey === null ? null : `dataSelection:${definition.dataTypeKey}`;
  switch (issue.messageId) {
    case 'dataTypeInvalid':
      return dataTypeKey;
    case 'valueRequired': {
      const item = String(issue.params.item ?? '');
      if (item === definition.dataTypeItem && dataTypeKey) return dataTypeKey;
      const metadata = definition.requiredMetadata.find((m) => m.item === item);
      if (metadata) return `dropdown:${metadata.key}`;
      return item === 'Folder filter' ? 'folderFilter' : null;
    }
    case 'metadataInvalid': {
      const key = String(issue.params.key ?? '');
      if (key === definition.dataTypeKey) return dataTypeKey;
      if ([...definition.requiredMetadata, ...definition.optionalMetadata].some((m) => m.key === key))
        return `dropdown:${key}`;
      if (key.startsWith('qr_code_monkey_')) return 'qrCode';
      return SECTION_OF_METADATA_KEY[key] ?? null;
    }
    default:
      return SECTION_OF_MESSAGE[issue.messageId] ?? null;
  }
}

const emailAddressSchema = z.email().max(320);

/**
 * Whether a text is an email address the email output and notification recipients accept (the same
 * rule as their metadata schemas: zod's email, at most 320 characters). The tag inputs refuse others.
 */
export function isEmailAddress(value: string): boolean {
  return emailAddressSchema.safeParse(value).success;
}
