import {
  AppError,
  type DefaultField,
  GA_CUSTOM_DIMENSION_SCOPES,
  gaCustomDimensionFields,
  type IntegrationFilterDefinition,
  integrationDefaultFields,
  integrationFilters,
  integrationFor,
  isKnownIntegrationSlug,
} from '@nomen/shared';
import type { Actor, AppDeps } from '../../http/context';
import { callProvider, googleAnalyticsClientFor } from '../targets/provider-clients';

/**
 * What Nomen knows of each integration type (spec 03 §7 default-fields and filters): answers from
 * the registry and the catalogue in shared; no database, no provider, apart from the Google
 * Analytics default fields of custom and user data for a chosen property
 * ({@link googleAnalyticsDefaultFields}), which read its custom dimensions from Google.
 */

/** The registry row of a known slug; 404 'Integration type not found' otherwise. */
function knownType(type: string) {
  if (!isKnownIntegrationSlug(type)) throw AppError.notFound('Integration type');
  return integrationFor(type);
}

/**
 * The fields a mapping of `type` may target (spec 03 §7 GET /api/v1/integrations/{type}/default-fields),
 * for `dataType` when given, with the delivery metric columns when `withPerformanceMetrics` (the
 * assignment's pull_performance_metrics flag; only data types that report metrics have them).
 * Errors: 404 for an unknown type; 400 naming `field` (the query key) for a data type the type
 * does not offer.
 */
export function defaultFields(
  type: string,
  dataType: string | undefined,
  field = 'data_type',
  withPerformanceMetrics = false,
): { data: DefaultField[] } {
  const row = knownType(type);
  const chosen = dataType === undefined || dataType === '' ? null : dataType;
  if (chosen !== null && !row.dataTypes.some((t) => t.value === chosen))
    throw AppError.badField(`query.${field}`, `${chosen} is not a data type of ${row.label}`);
  return { data: integrationDefaultFields(type, chosen, withPerformanceMetrics) };
}

/**
 * Google Analytics' default fields (spec 03 §7 GET /api/v1/integrations/google-analytics/default-fields)
 * of data set type `dataType`: the fixed import fields of campaign, geography, content and product
 * data; for custom data (user data), given `connectorId` (a `ga` connected account of the actor's
 * account) and `propertyId`, the property's event-scoped (user-scoped) custom dimensions as the
 * Admin API lists them, named by parameter name and labelled by display name, the first 9 (what
 * the import reads: server/src/integrations/google-analytics-data/reader.ts); without both, none. Errors: 400
 * naming query.ga_data_set_type for a type Google Analytics does not offer; 404 for another
 * account's connector, 400 naming query.connector_id for a connector of another type; Google's
 * failures as `callProvider` maps them (424 refused credentials, 404/403 passed on, 502).
 */
export async function googleAnalyticsDefaultFields(
  deps: AppDeps,
  actor: Actor,
  dataType: string | undefined,
  connectorId: number | undefined,
  propertyId: string | undefined,
): Promise<{ data: DefaultField[] }> {
  const fixed = defaultFields('google-analytics', dataType, 'ga_data_set_type');
  const scope = GA_CUSTOM_DIMENSION_SCOPES[dataType ?? ''];
  const property = (propertyId ?? '').replace(/^properties\//, '');
  if (!scope || connectorId === undefined || property === '') return fixed;
  const ga = await googleAnalyticsClientFor(deps, actor.accountId, connectorId, 'query.connector_id');
  const dimensions = await callProvider(() => ga.listCustomDimensions(property));
  return {
    data: [...fixed.data, ...gaCustomDimensionFields(dimensions.filter((d) => d.scope === scope))],
  };
}

/**
 * The filters `type` offers (spec 03 §3 filters, §7 GET /api/v1/integrations/{type}/filters).
 * Errors: 404 for an unknown type.
 */
export function filters(type: string): { data: IntegrationFilterDefinition[] } {
  knownType(type);
  return { data: integrationFilters(type) };
}
