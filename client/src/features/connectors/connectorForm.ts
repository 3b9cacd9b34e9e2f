import {
  type ConnectorIssue,
  type ConnectorMetadataView,
  type ConnectorRuleContext,
  type ConnectorSummary,
  type ConnectorTypeDefinition,
  type CustomField,
  connectorSaveSchema,
  connectorTypeBySlug,
  idSchema,
  type ResolvedField,
  validateConnector,
} from '@nomen/shared';
import { z } from 'zod';

/**
 * One custom field row of the drawer (spec 01 §2.3): `fieldId` is the stored field's id, null for a
 * row added in the drawer (the form array keeps its own `id` for React keys).
 */
const customFieldRowSchema = z.object({ fieldId: idSchema.nullable(), name: z.string(), value: z.string() });

/**
 * The drawer's values, derived from the save contract (`connectorSaveSchema`): the description and
 * metadata as the contract parses them; the type, name and custom fields as the inputs hold them,
 * because the spec's rules (`validateConnector`, spec 01 §5) give their messages.
 */
const connectorFormBaseSchema = connectorSaveSchema.pick({ description: true, metadata: true }).extend({
  connector_type_slug: z.string(),
  name: z.string(),
  customFields: z.array(customFieldRowSchema),
});

/** What the connector drawer's form holds (spec 01 §2.3): metadata values are the inputs' text. */
export interface ConnectorFormValues {
  connector_type_slug: string;
  name: string;
  description: string;
  metadata: Record<string, string>;
  customFields: { fieldId: number | null; name: string; value: string }[];
}

/** The drawer's values once checked: what its submit handler receives. */
export type ConnectorFormParsed = z.output<typeof connectorFormBaseSchema>;

/** The drawer's values as its schema reads them (the contract's input for description and metadata). */
export type ConnectorFormInput = z.input<typeof connectorFormBaseSchema>;

/**
 * The drawer's values as the spec's rules read them (spec 01 §5): metadata values as text (a
 * parsed number as its digits, null as blank).
 */
export function connectorDraftOf(
  values: Partial<Omit<ConnectorFormValues, 'metadata'>> & {
    metadata?: Record<string, string | number | null> | null;
  },
) {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(values.metadata ?? {})) metadata[key] = String(value ?? '');
  return {
    name: values.name ?? '',
    type: connectorTypeBySlug(values.connector_type_slug ?? ''),
    metadata,
    customFields: (values.customFields ?? []).map((f) => ({ name: f.name ?? '', value: f.value ?? '' })),
  };
}

/**
 * The drawer's schema for one account (spec 01 §5): the contract's shape, then every rule of
 * `validateConnector` as an issue at its path (`name`, `metadata.password`, `customFields.0.name`)
 * with the rule's own message ("*Required"), so the bound inputs show them. Make it once per
 * context (useMemo): the form's resolver is kept per schema.
 */
export function connectorFormSchema(ctx: ConnectorRuleContext) {
  return connectorFormBaseSchema.superRefine((values, refinement) => {
    for (const issue of validateConnector(connectorDraftOf(values), ctx)) {
      refinement.addIssue({
        code: 'custom',
        path: issue.path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
        message: issue.message,
      });
    }
  });
}

/**
 * The drawer's first values (spec 01 §2.3): the account's, its stored metadata (secrets absent) and
 * custom fields; for a new account the given connector type (or none) and blanks.
 */
export function connectorFormDefaults(
  connector: ConnectorSummary | null,
  stored: ConnectorMetadataView | null,
  storedFields: readonly CustomField[],
  connectorTypeSlug: string | undefined,
): ConnectorFormValues {
  return {
    connector_type_slug: connector?.connector_type.slug ?? connectorTypeSlug ?? '',
    name: connector?.name ?? '',
    description: connector?.description ?? '',
    metadata: stored?.metadata ?? {},
    customFields: storedFields.map((f) => ({ fieldId: f.id, name: f.name, value: f.value })),
  };
}

/** "Password: Required": why Save is disabled, for its tooltip. */
export function blockedReason(
  issues: readonly ConnectorIssue[],
  fields: readonly ResolvedField[],
): string | null {
  const first = issues[0];
  if (!first) return null;
  const key = first.path.replace(/^metadata\./, '');
  const label =
    first.path === 'name'
      ? 'Name'
      : first.path === 'connector_type_slug'
        ? 'Connector type'
        : first.path.startsWith('customFields')
          ? 'Custom fields'
          : (fields.find((f) => f.key === key)?.definition.label ?? key);
  return `${label}: ${first.message.replace(/^\*/, '')}`;
}

/**
 * The label of the drawer's submit button (spec 01 §4): "Sign in with {name}" for a new account of
 * a direct OAuth type, "Save and sign in with {name}" for a save-first type, else "Save".
 */
export function submitLabelOf(
  type: ConnectorTypeDefinition | undefined,
  isDirectOAuthNew: boolean,
  signInName: string,
): string {
  if (isDirectOAuthNew) return `Sign in with ${signInName}`;
  return type?.oauth === 'save-first' ? `Save and sign in with ${signInName}` : 'Save';
}
