import { z } from 'zod';
import type { FeatureFlag } from '../core/feature-flags';
import type { IntegrationType } from './integration-assignment';
import {
  type ConnectorCredentialFamily,
  type IntegrationDefinition,
  type IntegrationFamilyId,
  METADATA_CHOICE_SOURCES,
} from './registry';

/** Mapping types of builder sections (spec 03 §5): which side of the integration a section serves. */
export const INTEGRATION_MAPPING_TYPES = ['inbound', 'outbound', 'supplemental'] as const;
/** One mapping type (spec 03 §5). */
export type IntegrationMappingType = (typeof INTEGRATION_MAPPING_TYPES)[number];

/** The mapping type of a direction: INPUT inbound, OUTPUT outbound, SUPPLEMENTAL supplemental. */
export const MAPPING_TYPE_OF: Readonly<Record<IntegrationType, IntegrationMappingType>> = {
  INPUT: 'inbound',
  OUTPUT: 'outbound',
  SUPPLEMENTAL: 'supplemental',
};

const required = (what: string) => z.string().trim().min(1, `${what} is required`).max(255);
const builderBase = {
  metadataKey: required('Metadata key'),
  integrationTitle: required('Integration title'),
  mappingType: z.enum(INTEGRATION_MAPPING_TYPES, 'Mapping type must be inbound, outbound or supplemental'),
  title: required('Title'),
};

/**
 * The builder sections of the connect-step form and their rules (spec 03 §5: data-selection,
 * field-mapping and dropdown builders need a non-empty metadataKey, integrationTitle and title, a
 * mapping type of inbound, outbound or supplemental, and a dropdown waiting on a dependency needs
 * a dependency title):
 * - `dataSelection`: the data type choice, with its options;
 * - `fieldMapping`: the mapping rows, with the integration fields that must be mapped;
 * - `dropdown`: one metadata choice, optionally loaded from another key's choice (`dependsOn`).
 */
export const builderSectionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('dataSelection'),
    ...builderBase,
    options: z.array(z.object({ value: required('Value'), label: required('Label') })).min(1),
  }),
  z.object({
    kind: z.literal('fieldMapping'),
    ...builderBase,
    requiredFields: z.array(z.object({ fieldName: required('Field name'), label: required('Label') })),
  }),
  z.object({
    kind: z.literal('dropdown'),
    ...builderBase,
    dependsOn: z
      .object({ metadataKey: required('Dependency key'), title: required('Dependency title') })
      .nullable(),
    /** Where its choices come from (spec 03 §7), or null for typed text. */
    source: z.enum(METADATA_CHOICE_SOURCES).nullable().default(null),
    /** Whether the value must not be empty (spec 03 §5). */
    isRequired: z.boolean().default(true),
  }),
]);
/** One builder section (spec 03 §5). */
export type BuilderSection = z.infer<typeof builderSectionSchema>;

/** Sections a family adds to the form, each one section component of the editor. */
export const FAMILY_SECTION_KINDS = [
  'email',
  'folder',
  'awsStorage',
  'fileSettings',
  'transforms',
  'reportType',
  'outputFields',
  'notifications',
  'syncSchedule',
  'identifierFields',
  'snowflakeTable',
  'customBitlink',
  'qrCode',
  'filters',
  'importFilters',
  'folderFilter',
  'fieldMapping',
  'workfrontParameters',
] as const;
/** One family section kind. */
export type FamilySectionKind = (typeof FAMILY_SECTION_KINDS)[number];

/**
 * One section of an integration's form, in order: the name, the account (when it needs one), the
 * builder sections, and the family's plain sections.
 */
export type IntegrationSection =
  | { kind: 'name' }
  | { kind: 'account'; connectorTypeSlug: string | null; credentialFamily: ConnectorCredentialFamily }
  | BuilderSection
  | { kind: Exclude<FamilySectionKind, 'fieldMapping'> };

/**
 * The sections each family's form is made of, in order (docs ARCHITECTURE "Integrations": forms are
 * composed from section components). `awsStorage` shows only for rows that keep an AWS region,
 * `notifications` of rows that name the integration-notifications flag (storage and database
 * pushes) only with that flag on (the email output's always), `syncSchedule` only for rows that
 * sync, `fieldMapping` becomes the field-mapping builder.
 */
export const FAMILY_SECTIONS: Readonly<Record<IntegrationFamilyId, readonly FamilySectionKind[]>> = {
  'email-output': ['email', 'fileSettings', 'transforms', 'reportType', 'outputFields', 'notifications'],
  'file-storage-push': [
    'awsStorage',
    'folder',
    'fileSettings',
    'transforms',
    'reportType',
    'outputFields',
    'notifications',
  ],
  'file-pull': ['awsStorage', 'folder', 'identifierFields', 'syncSchedule'],
  snowflake: ['snowflakeTable', 'outputFields', 'notifications'],
  'link-shortener': ['customBitlink', 'fieldMapping'],
  'qr-code': ['qrCode'],
  analytics: ['fieldMapping', 'syncSchedule'],
  'ads-inbound': ['filters', 'importFilters', 'fieldMapping', 'syncSchedule'],
  'ads-outbound': ['fieldMapping'],
  'content-management': ['folderFilter', 'syncSchedule'],
  'work-management': ['workfrontParameters'],
  'mobile-attribution': [],
};

/**
 * The form of one integration as a list of sections (docs ARCHITECTURE "Integrations"), composed
 * from its registry row and its family's sections: name; account unless it needs none; the data
 * type choice; one dropdown per required, then optional, metadata key (waiting on the key it
 * depends on, its choices from its provider source); then the
 * family's sections, dropping those the row or the flags leave out. A new slug needs no new code.
 */
export function integrationSections(
  definition: IntegrationDefinition,
  enabledFlags: readonly FeatureFlag[],
): IntegrationSection[] {
  const base = { integrationTitle: definition.label, mappingType: MAPPING_TYPE_OF[definition.direction] };
  const sections: IntegrationSection[] = [{ kind: 'name' }];
  if (definition.credentialFamily !== 'none')
    sections.push({
      kind: 'account',
      connectorTypeSlug: definition.connectorTypeSlug,
      credentialFamily: definition.credentialFamily,
    });
  if (definition.dataTypeKey !== null && definition.dataTypes.length > 0)
    sections.push({
      kind: 'dataSelection',
      ...base,
      metadataKey: definition.dataTypeKey,
      title: definition.dataTypeItem,
      options: [...definition.dataTypes],
    });
  const dropdowns = [
    ...definition.requiredMetadata.map((item) => ({ item, isRequired: true })),
    ...definition.optionalMetadata.map((item) => ({ item, isRequired: false })),
  ];
  for (const { item, isRequired } of dropdowns) {
    const parent = dropdowns.find((other) => other.item.key === item.dependsOn)?.item;
    sections.push({
      kind: 'dropdown',
      ...base,
      metadataKey: item.key,
      title: item.item,
      dependsOn: parent ? { metadataKey: parent.key, title: parent.item } : null,
      source: item.source ?? null,
      isRequired,
    });
  }
  const hasAwsRegion = 'awsRegion' in definition.metadataDefaults;
  for (const kind of FAMILY_SECTIONS[definition.family]) {
    if (kind === 'awsStorage' && !hasAwsRegion) continue;
    if (kind === 'syncSchedule' && !definition.hasSyncSchedule) continue;
    if (
      kind === 'notifications' &&
      definition.behaviourFlags.includes('integration-notifications') &&
      !enabledFlags.includes('integration-notifications')
    )
      continue;
    if (kind === 'fieldMapping')
      sections.push({
        kind: 'fieldMapping',
        ...base,
        metadataKey: 'mapping_fields',
        title: 'Field mapping',
        requiredFields: [...definition.requiredMappings],
      });
    else sections.push({ kind });
  }
  return sections;
}

/** Whether a section is one of the builder sections that {@link builderSectionSchema} checks. */
export function isBuilderSection(section: IntegrationSection): section is BuilderSection {
  return section.kind === 'dataSelection' || section.kind === 'fieldMapping' || section.kind === 'dropdown';
}
