import type { z } from 'zod';
import { defaultFilters, familyOf, initialMappings } from './families';
import {
  type IntegrationAssignment,
  type IntegrationFilter,
  type IntegrationMetadata,
  isTempAssignmentId,
  type MetadataValue,
  newTempAssignmentId,
} from './integration-assignment';
import type { IntegrationDefaultsContext } from './issues';
import { QR_METADATA_KEYS, qrConfigProblems } from './qr-code';
import { integrationFor, SYNC_SCHEDULE_EVERY_8_HOURS } from './registry';

/**
 * A new integration assignment of a slug, as the editor adds it (spec 03 §4 "created in the editor
 * with a temporary id and defaults from its type"): a `TEMP_…` id, the type's label as name, no
 * account, the row's direction and integration id, and defaults from the row and its family (spec
 * 03 §9): file settings, sync schedule, AWS region (the first configured one) with ACL and
 * encryption, QR size and type, Snowflake table name, the date filter from one year ago, and the
 * required and default mapping rows. Unknown slugs get the email output's defaults but keep their
 * slug. Never throws.
 */
export function createIntegrationAssignment(
  slug: string,
  context: IntegrationDefaultsContext,
): IntegrationAssignment {
  const definition = integrationFor(slug);
  const family = familyOf(definition);
  const familyDefaults = family.defaults(definition, context);
  const metadata: IntegrationMetadata = {
    ...(definition.hasSyncSchedule ? { sync_schedule: SYNC_SCHEDULE_EVERY_8_HOURS } : {}),
    ...definition.metadataDefaults,
    ...familyDefaults.metadata,
  };
  // Rows that keep an AWS region start with the first configured one (spec 03 §9).
  if ('awsRegion' in metadata) metadata.awsRegion = context.awsRegions?.[0] ?? '';
  return {
    id: newTempAssignmentId(),
    name: definition.label,
    integration_id: definition.integrationId,
    connector_id: null,
    connector_type_id: null,
    assigned_entity_type: 'template',
    assigned_entity_id: null,
    slug,
    integration_type: definition.direction,
    mapping_fields: initialMappings(definition),
    new_mapping: false,
    delimiter: null,
    file_type: [],
    filename_pattern: '',
    include_summary_header: 0,
    report_type: 'default',
    included_output_fields: [],
    folder: '',
    folder_name: '',
    folder_entry_type: 'manual',
    url: '',
    filters: defaultFilters(definition, context.now),
    integration_data_reset: false,
    integration_notifications: [],
    ...familyDefaults,
    metadata,
  };
}

/**
 * One edit of an assignment in the editor that may reset other parts (spec 03 §4):
 * - `connector`: the account changed;
 * - `dataType`: the data type changed (stored under the row's dataTypeKey);
 * - `metadata`: any other metadata key changed;
 * - `filters`: the filters changed.
 */
export type IntegrationChange =
  | { kind: 'connector'; connectorId: number | null; connectorTypeId?: number | null }
  | { kind: 'dataType'; value: string }
  | { kind: 'metadata'; key: string; value: MetadataValue }
  | { kind: 'filters'; filters: IntegrationFilter[] };

/** Sets filters; on a saved assignment a real change also sets integration_data_reset (spec 03 §4). */
function withFilters(a: IntegrationAssignment, filters: IntegrationFilter[]): IntegrationAssignment {
  const isChanged = JSON.stringify(filters) !== JSON.stringify(a.filters);
  return {
    ...a,
    filters,
    integration_data_reset: a.integration_data_reset || (isChanged && !isTempAssignmentId(a.id)),
  };
}

function withoutKeys(
  metadata: IntegrationMetadata,
  keys: readonly string[] | undefined,
): IntegrationMetadata {
  if (!keys?.length) return metadata;
  const next = { ...metadata };
  for (const key of keys) delete next[key];
  return next;
}

/**
 * Applies one editor change to an assignment and the resets it brings (spec 03 §4), returning a new
 * assignment (the input is not changed). A change to the value already held changes nothing.
 * - account change: clears the family's account-dependent metadata (GA account and property,
 *   bitly organisation and group, Workfront template and task, …), resets mappings to the row's
 *   initial ones and filters to the defaults;
 * - data type change: resets filters and mappings;
 * - metadata change: clears the keys that depend on it (GA custom data source → schema and
 *   mappings; Workfront template → task), runs the family's hook (custom-bitlink toggle, QR config);
 * - filter change: sets integration_data_reset on a saved assignment.
 * `now` dates the default filters a reset brings back.
 */
export function applyIntegrationChange(
  assignment: IntegrationAssignment,
  change: IntegrationChange,
  now: Date = new Date(),
): IntegrationAssignment {
  const definition = integrationFor(assignment.slug);
  const family = familyOf(definition);
  switch (change.kind) {
    case 'connector': {
      if (change.connectorId === assignment.connector_id) return assignment;
      const next: IntegrationAssignment = {
        ...assignment,
        connector_id: change.connectorId,
        connector_type_id: change.connectorTypeId ?? assignment.connector_type_id,
        metadata: withoutKeys(assignment.metadata, family.clearsOnChange.connector_id),
        mapping_fields: initialMappings(definition),
      };
      return withFilters(next, defaultFilters(definition, now));
    }
    case 'dataType': {
      const key = definition.dataTypeKey ?? 'data_type';
      if (assignment.metadata[key] === change.value) return assignment;
      const next: IntegrationAssignment = {
        ...assignment,
        metadata: { ...assignment.metadata, [key]: change.value },
        mapping_fields: initialMappings(definition),
      };
      return withFilters(next, defaultFilters(definition, now));
    }
    case 'metadata': {
      if (change.key === definition.dataTypeKey && typeof change.value === 'string')
        return applyIntegrationChange(assignment, { kind: 'dataType', value: change.value }, now);
      if (JSON.stringify(assignment.metadata[change.key]) === JSON.stringify(change.value)) return assignment;
      let next: IntegrationAssignment = {
        ...assignment,
        metadata: {
          ...withoutKeys(assignment.metadata, family.clearsOnChange[change.key]),
          [change.key]: change.value,
        },
      };
      if (family.mappingsResetOn.includes(change.key))
        next = { ...next, mapping_fields: initialMappings(definition) };
      return family.onMetadataChange ? family.onMetadataChange(next, change.key) : next;
    }
    case 'filters':
      return withFilters(assignment, change.filters);
  }
}

/**
 * Marks a QR config as validated when its text parses to an object with allowed keys only, and as
 * not validated otherwise (spec 03 §4 "QR JSON config"); the editor calls it 250 ms after the last
 * edit (QR_CONFIG_VALIDATION_DELAY_MS). Returns a new assignment.
 */
export function validateQrConfig(assignment: IntegrationAssignment): IntegrationAssignment {
  const configText = assignment.metadata[QR_METADATA_KEYS.config];
  const isValid = qrConfigProblems(typeof configText === 'string' ? configText : '').length === 0;
  return {
    ...assignment,
    metadata: { ...assignment.metadata, [QR_METADATA_KEYS.configValidated]: isValid ? 1 : 0 },
  };
}

/**
 * Checks an assignment's metadata against its family's schema (unknown slugs: the email output's).
 * Known keys must have the family's shapes; other keys pass. Returns zod's safeParse result.
 */
export function parseIntegrationMetadata(
  slug: string,
  metadata: IntegrationMetadata,
): z.ZodSafeParseResult<Record<string, unknown>> {
  return familyOf(integrationFor(slug)).metadataSchema.safeParse(metadata);
}

/**
 * The assignments that deleting `assignment` also deletes, after the 'Are you sure?' confirmation
 * (spec 03 §4, §8): those of its paired inbound or outbound slug. Empty when it has no pair.
 */
export function pairedAssignmentsOf(
  assignment: Pick<IntegrationAssignment, 'id' | 'slug'>,
  assignments: readonly IntegrationAssignment[],
): IntegrationAssignment[] {
  const { pairedSlug } = integrationFor(assignment.slug);
  return pairedSlug === null
    ? []
    : assignments.filter((a) => a.slug === pairedSlug && a.id !== assignment.id);
}

/**
 * The governance types of template fields to remove when `removed` is deleted and `remaining` stay
 * (spec 03 §4): deep-link fields with the last branch assignment, smart-link fields with the last
 * kochava one. Empty while another assignment of the slug remains.
 */
export function fieldGovernanceTypesRemovedWith(
  removed: Pick<IntegrationAssignment, 'slug'>,
  remaining: readonly Pick<IntegrationAssignment, 'slug'>[],
): string[] {
  const { fieldGovernanceType } = integrationFor(removed.slug);
  if (fieldGovernanceType === null || remaining.some((a) => a.slug === removed.slug)) return [];
  return [fieldGovernanceType];
}
