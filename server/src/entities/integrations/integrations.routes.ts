import { integrationsApi } from '@nomen/shared';
import type { ApiBuilder } from '../../http/route';
import * as service from './integrations.service';

/**
 * Mounts the integration-type endpoints of spec 03 §7 (default-fields, the three specific
 * default-fields, filters); the specific routes first, so that Express matches them before `:type`.
 * Google Analytics' may read the chosen property's custom dimensions from Google.
 */
export function integrationsRoutes(api: ApiBuilder): void {
  api.mount(integrationsApi.facebookAdsDefaultFields, async () =>
    service.defaultFields('facebook-ads', undefined),
  );
  api.mount(integrationsApi.googleAnalyticsDefaultFields, async ({ actor, query }) =>
    service.googleAnalyticsDefaultFields(
      api.deps,
      actor,
      query.ga_data_set_type,
      query.connector_id,
      query.ga_property_id,
    ),
  );
  api.mount(integrationsApi.googleDcmDefaultFields, async ({ query }) =>
    service.defaultFields('google-dcm', query.data_type),
  );
  api.mount(integrationsApi.defaultFields, async ({ params, query }) =>
    service.defaultFields(params.type, query.data_type, 'data_type', query.pull_performance_metrics === '1'),
  );
  api.mount(integrationsApi.filters, async ({ params }) => service.filters(params.type));
}
