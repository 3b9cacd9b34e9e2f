import {
  type DefaultField,
  INTEGRATION_FILTERS_CACHE_MS,
  type IntegrationFilterDefinition,
  integrationsApi,
  isKnownIntegrationSlug,
} from '@nomen/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../api/apiFetch';

/** Where a Google Analytics assignment reads from: its connected account and property (either may be unset). */
export interface GaSource {
  connectorId: number | null;
  propertyId: string;
}

/**
 * The fields a mapping of `slug` may target, for `dataType` when chosen (spec 03 §7 GET
 * /api/v1/integrations/{type}/default-fields, or the specific ones of facebook-ads,
 * google-analytics and google-dcm), with the delivery metric columns when `withPerformanceMetrics`
 * (the assignment's pull_performance_metrics flag: turning it on or off asks again). For
 * google-analytics, `gaSource` (the assignment's account and property, once both are chosen) lets
 * the server offer the property's custom dimensions for custom and user data. Unknown slugs
 * ask nothing. A failure is the query's error; the mapping section then keeps typed field names
 * ("Default-fields fetch failures stop the spinner silently", spec 03 §8).
 */
export function useDefaultFields(
  slug: string,
  dataType: string | null,
  withPerformanceMetrics = false,
  gaSource: GaSource | null = null,
) {
  const connector_id = gaSource?.connectorId && gaSource.propertyId ? gaSource.connectorId : undefined;
  const ga_property_id = connector_id ? gaSource?.propertyId : undefined;
  return useQuery({
    queryKey: [
      'integrations',
      slug,
      'default-fields',
      dataType ?? '',
      withPerformanceMetrics,
      connector_id ?? 0,
      ga_property_id ?? '',
    ],
    enabled: isKnownIntegrationSlug(slug),
    staleTime: INTEGRATION_FILTERS_CACHE_MS,
    queryFn: async ({ signal }): Promise<DefaultField[]> => {
      const data_type = dataType ?? undefined;
      const answer =
        slug === 'facebook-ads'
          ? await apiFetch(integrationsApi.facebookAdsDefaultFields, { signal })
          : slug === 'google-analytics'
            ? await apiFetch(integrationsApi.googleAnalyticsDefaultFields, {
                query: { ga_data_set_type: data_type, connector_id, ga_property_id },
                signal,
              })
            : slug === 'google-dcm'
              ? await apiFetch(integrationsApi.googleDcmDefaultFields, { query: { data_type }, signal })
              : await apiFetch(integrationsApi.defaultFields, {
                  params: { type: slug },
                  query: { data_type, pull_performance_metrics: withPerformanceMetrics ? '1' : undefined },
                  signal,
                });
      return answer.data;
    },
  });
}

/**
 * The filters an integration type offers (spec 03 §7 GET /api/v1/integrations/{type}/filters),
 * kept for one hour (spec 03 §9 "filter cache 3,600,000 ms"). Unknown slugs ask nothing.
 */
export function useIntegrationFilters(slug: string) {
  return useQuery({
    queryKey: ['integrations', slug, 'filters'],
    enabled: isKnownIntegrationSlug(slug),
    staleTime: INTEGRATION_FILTERS_CACHE_MS,
    gcTime: INTEGRATION_FILTERS_CACHE_MS,
    queryFn: async ({ signal }): Promise<IntegrationFilterDefinition[]> =>
      (await apiFetch(integrationsApi.filters, { params: { type: slug }, signal })).data,
  });
}
