import { checkClassificationMappings } from './classification-mapping';
import { familyOf, yearsBefore } from './families';
import type { IntegrationAssignment } from './integration-assignment';
import { metadataText } from './integration-assignment';
import { type IntegrationCheckContext, type IntegrationIssue, integrationIssue } from './issues';
import { type IntegrationDefinition, integrationFor, isIntegrationOffered } from './registry';

/** Whether a metadata value holds anything: a non-blank text, a number, a non-empty list. */
function hasValue(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.length > 0;
  return value !== null && value !== undefined && typeof value === 'object';
}

/**
 * The checks every integration shares, driven by its registry row (spec 03 §5 "Per-integration
 * checks"): the gating flags, the name ('Name is required'), the account ('Account is required'),
 * a link field for link-based types, the data type, required metadata, required and present
 * mappings, the date filter's history limit, one-per-template slugs, the per-target warning and
 * classification mappings (Content ID, the classifications source URL).
 */
export function checkCommonIntegrationRules(
  assignment: IntegrationAssignment,
  definition: IntegrationDefinition,
  context: IntegrationCheckContext,
): IntegrationIssue[] {
  // Messages name the assignment, or its type while it has no name.
  const a = { ...assignment, name: assignment.name.trim() || definition.label };
  const issues: IntegrationIssue[] = [];
  const { metadata } = assignment;

  if (!isIntegrationOffered(definition, context.featureFlags))
    issues.push(integrationIssue(a, 'integrationNotAvailable'));
  if (assignment.name.trim() === '') issues.push(integrationIssue(a, 'nameRequired'));
  if (definition.credentialFamily !== 'none' && assignment.connector_id === null)
    issues.push(integrationIssue(a, 'accountRequired'));
  if (definition.needsLinkField && !context.hasLinkField)
    issues.push(integrationIssue(a, 'linkFieldRequired'));

  if (definition.dataTypeKey !== null && definition.dataTypes.length > 0) {
    const dataType = metadataText(metadata, definition.dataTypeKey);
    if (dataType === '') issues.push(integrationIssue(a, 'valueRequired', { item: definition.dataTypeItem }));
    else if (!definition.dataTypes.some((t) => t.value === dataType))
      issues.push(integrationIssue(a, 'dataTypeInvalid', { dataType }));
  }

  for (const { key, item } of definition.requiredMetadata)
    if (!hasValue(metadata[key])) issues.push(integrationIssue(a, 'valueRequired', { item }));

  // Required mappings: the row's own list plus rows marked required (e.g. custom_bitlink).
  const required = new Map(definition.requiredMappings.map((m) => [m.fieldName, m.label]));
  for (const m of assignment.mapping_fields)
    if (m.required) required.set(m.fieldName, m.label || m.fieldName);
  for (const [fieldName, label] of required) {
    const isMapped = assignment.mapping_fields.some((m) => m.fieldName === fieldName && m.cvFieldId !== null);
    if (!isMapped) issues.push(integrationIssue(a, 'mappingRequired', { item: label }));
  }
  if (definition.needsMappings && assignment.mapping_fields.length === 0)
    issues.push(integrationIssue(a, 'mappingsRequired'));

  const rule = definition.dateFilter;
  if (rule) {
    const oldest = yearsBefore(context.now ?? new Date(), rule.maxYearsBack);
    for (const filter of assignment.filters) {
      if (filter.integrationFilterId !== rule.filterId) continue;
      const dates = filter.values.map((v) => new Date(String(v)));
      const params = { filter: rule.filterId, years: rule.maxYearsBack };
      if (dates.some((d) => Number.isNaN(d.getTime())))
        issues.push(integrationIssue(a, 'dateFilterInvalid', params));
      else if (dates.some((d) => d.toISOString().slice(0, 10) < oldest))
        issues.push(integrationIssue(a, 'dateFilterTooOld', params));
    }
  }

  if (definition.isSingleton && context.assignments) {
    const first = context.assignments.find((other) => other.slug === assignment.slug);
    if (first && first.id !== assignment.id)
      issues.push(integrationIssue({ id: assignment.id, name: definition.label }, 'onlyOneAssignment'));
  }

  if (assignment.report_type === 'perTarget' && !hasValue(metadata.target_id))
    issues.push(integrationIssue(a, 'perTargetWithoutTargets', {}, 'WARNING'));

  issues.push(...checkClassificationMappings(a, context));
  return issues;
}

/**
 * Known metadata keys of the wrong shape, by metadata object and schema. Assignments are edited
 * immutably (a change makes a new metadata object), so the editor, which validates on every
 * keystroke, parses each assignment's metadata once instead of every time (bench:templates).
 */
const badKeysByMetadata = new WeakMap<object, Map<unknown, string[]>>();

/** The metadata keys `schema` refuses (one per key), remembered per metadata object. */
function badMetadataKeys(
  schema: {
    safeParse: (value: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[] }[] } };
  },
  metadata: Record<string, unknown>,
): string[] {
  const bySchema = badKeysByMetadata.get(metadata) ?? new Map<unknown, string[]>();
  badKeysByMetadata.set(metadata, bySchema);
  const known = bySchema.get(schema);
  if (known) return known;
  const parsed = schema.safeParse(metadata);
  const keys = parsed.success ? [] : [...new Set(parsed.error?.issues.map((i) => String(i.path[0] ?? '')))];
  bySchema.set(schema, keys);
  return keys;
}

/**
 * All issues of one integration assignment (spec 03 §5): the shared rules of its registry row, a
 * `metadataInvalid` issue per known metadata key of the wrong shape, then its family's own rules.
 * Unknown slugs are checked as the email output (spec 03 §2 fallback).
 */
export function checkIntegration(
  assignment: IntegrationAssignment,
  context: IntegrationCheckContext,
): IntegrationIssue[] {
  const definition = integrationFor(assignment.slug);
  const family = familyOf(definition);
  const named = { ...assignment, name: assignment.name.trim() || definition.label };
  // Known metadata keys of the wrong shape, one issue per key (the family schema lets others pass).
  const badKeys = badMetadataKeys(family.metadataSchema, assignment.metadata);
  // Empty values are the required-value rules' business, not a wrong shape.
  const isEmpty = (key: string) => assignment.metadata[key] === null || assignment.metadata[key] === '';
  return [
    ...checkCommonIntegrationRules(assignment, definition, context),
    ...badKeys
      .filter((key) => !isEmpty(key))
      .map((key) => integrationIssue(named, 'metadataInvalid', { key })),
    ...family.check(named, definition, context),
  ];
}

/**
 * All issues of a template's integration assignments, in assignment order (spec 03 §5
 * "Per-integration checks"); the template validation (`validateTemplate`) adds them to its own. The
 * client runs it on every change and the server on every save. Pure; never throws.
 */
export function checkIntegrations(
  assignments: readonly IntegrationAssignment[],
  context: IntegrationCheckContext,
): IntegrationIssue[] {
  const withAll: IntegrationCheckContext = { ...context, assignments };
  return assignments.flatMap((a) => checkIntegration(a, withAll));
}

/** Whether any issue blocks a save (an ERROR; warnings never block). */
export function hasBlockingIntegrationIssues(issues: readonly IntegrationIssue[]): boolean {
  return issues.some((i) => i.type === 'ERROR');
}
