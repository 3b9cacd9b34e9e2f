import { z } from 'zod';
import { endpoint } from '../core/contract';
import { PROVIDER_ERRORS } from '../core/errors';
import { idParamSchema, text } from '../core/schemas';
import { FILTER_KINDS } from './catalogue';

/** One integration field as the default-fields endpoints answer it (spec 03 §7). */
export const defaultFieldSchema = z.object({
  fieldName: z.string(),
  label: z.string(),
  required: z.boolean(),
});

/** One filter as the filters endpoint answers it (spec 03 §7). */
export const integrationFilterDefinitionSchema = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(FILTER_KINDS),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
  dataTypes: z.array(z.string()).nullable(),
});

/** `:type` in a path: an integration slug (spec 03 §2). */
const typeParamSchema = z.object({
  type: z
    .string()
    .max(100)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'An integration type is lower-case words joined by -'),
});

/** An optional data type in a query (a data type value of the registry row). */
const dataTypeQuery = text(100).trim().optional();

/**
 * The assignment's pull_performance_metrics flag in a query (spec 03 §3 metadata keys): '1' adds
 * the metric columns to an ad-platform import's default fields; '0' or absent leaves them out.
 */
const performanceMetricsQuery = z.enum(['0', '1']).optional();

const defaultFieldsResponse = z.object({ data: z.array(defaultFieldSchema) });
const TAG = 'Integrations';

/**
 * What Nomen knows of each integration type (spec 03 §7), from the registry and the catalogue in
 * shared (no provider is called), permission `manage_templates`, served by
 * `server/src/entities/integrations/`. An unknown type answers 404.
 * - `defaultFields`: the fields a mapping may target, for a data type when given;
 * - the three specific default-fields of spec 03 §7: Facebook ads' URL parameters, Google
 *   Analytics' import fields of a data set type (for custom and user data the chosen property's
 *   custom dimensions, read from Google: then also `manage_templates` on the connected account's
 *   tenant), the legacy campaign manager's fields of a data type (declared before the generic route
 *   so that their own query is parsed);
 * - `filters`: the filters an inbound type offers (the editor caches them for one hour, spec 03 §9).
 */
export const integrationsApi = {
  facebookAdsDefaultFields: endpoint({
    method: 'GET',
    path: '/api/v1/integrations/facebook-ads/default-fields',
    tag: TAG,
    summary: "Facebook ads' mapping fields: the required ones and Facebook's URL parameters.",
    permission: 'manage_templates',
    response: defaultFieldsResponse,
  }),
  googleAnalyticsDefaultFields: endpoint({
    method: 'GET',
    path: '/api/v1/integrations/google-analytics/default-fields',
    tag: TAG,
    errors: PROVIDER_ERRORS,
    summary:
      "Google Analytics' import fields of a data set type (ga_data_set_type); for custom and user data, given the connected account (connector_id) and property (ga_property_id), the property's event- or user-scoped custom dimensions read from Google (the first 9, as the import reads them).",
    permission: 'manage_templates',
    query: z.object({
      ga_data_set_type: dataTypeQuery,
      connector_id: idParamSchema.shape.id.optional(),
      ga_property_id: text(100)
        .trim()
        .regex(
          /^((properties\/)?\d+)?$/,
          'A Google Analytics property id is digits (or properties/ and digits)',
        )
        .optional(),
    }),
    response: defaultFieldsResponse,
  }),
  googleDcmDefaultFields: endpoint({
    method: 'GET',
    path: '/api/v1/integrations/google-dcm/default-fields',
    tag: TAG,
    summary: "The legacy campaign manager's fields of a data type.",
    permission: 'manage_templates',
    query: z.object({ data_type: dataTypeQuery }),
    response: defaultFieldsResponse,
  }),
  defaultFields: endpoint({
    method: 'GET',
    path: '/api/v1/integrations/:type/default-fields',
    tag: TAG,
    summary:
      'The fields a mapping of an integration type may target, for a data type when given; with pull_performance_metrics=1, also the delivery metric columns an ad-platform import reads.',
    permission: 'manage_templates',
    params: typeParamSchema,
    query: z.object({ data_type: dataTypeQuery, pull_performance_metrics: performanceMetricsQuery }),
    response: defaultFieldsResponse,
  }),
  filters: endpoint({
    method: 'GET',
    path: '/api/v1/integrations/:type/filters',
    tag: TAG,
    summary: 'The filters an integration type offers.',
    permission: 'manage_templates',
    params: typeParamSchema,
    response: z.object({ data: z.array(integrationFilterDefinitionSchema) }),
  }),
};
