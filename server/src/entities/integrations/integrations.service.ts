import {
  AppError,
  type DefaultField,
  type IntegrationFilterDefinition,
  integrationDefaultFields,
  integrationFilters,
  integrationFor,
  isKnownIntegrationSlug,
} from '@nomen/shared';

/**
 * What Nomen knows of each integration type (spec 03 §7 default-fields and filters): answers from
 * the registry and the catalogue in shared; no database, no provider. Every function is pure apart
 * from the errors it throws.
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
 * The filters `type` offers (spec 03 §3 filters, §7 GET /api/v1/integrations/{type}/filters).
 * Errors: 404 for an unknown type.
 */
export function filters(type: string): { data: IntegrationFilterDefinition[] } {
  knownType(type);
  return { data: integrationFilters(type) };
}
