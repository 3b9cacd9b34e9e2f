import { z } from 'zod';
import { endpoint } from '../core/contract';
import { PROVIDER_ERRORS } from '../core/errors';
import { idParamSchema, idSchema, text } from '../core/schemas';
import { AEM_DATA_TYPES } from '../integrations/catalogue';

/**
 * Look-ups read live from a connected account's provider (spec 01 §7, spec 03 §7): Adobe report
 * suites (realms) and reports (targets), Google Analytics accounts, properties and custom data
 * sources, the Meta, Bitly, Kochava and AEM lists integrations need, and the Workfront commands. Each reads the account's
 * credentials on the server (never answered); a provider failure answers 424 (credentials
 * refused: reconnect the account), 502 (provider fault) or 504 (no answer in time) with the
 * provider's words. Any user who manages targets, templates or connected accounts may call them.
 */

/** A report suite of an Adobe account (spec 01 §7 realms). */
export const realmSchema = z.object({ realm_name: z.string(), remote_realm_id: z.string() });
export type Realm = z.infer<typeof realmSchema>;

/** A report (classification dataset) of a report suite, with its classification names. */
export const remoteTargetSchema = z.object({
  id: z.string(),
  name: z.string(),
  classifications_names: z.array(z.string()),
});
export type RemoteTarget = z.infer<typeof remoteTargetSchema>;

/** A Google Analytics account. */
export const gaAccountSchema = z.object({ ga_account_id: z.string(), ga_account_name: z.string() });
export type GaAccountView = z.infer<typeof gaAccountSchema>;

/** A Google Analytics property. */
export const gaPropertySchema = z.object({
  ga_property_id: z.string(),
  ga_property_name: z.string(),
  property_type: z.string().optional(),
  time_zone: z.string().optional(),
  currency_code: z.string().optional(),
});
export type GaPropertyView = z.infer<typeof gaPropertySchema>;

/** A Google Analytics custom data source with the column headers an upload must follow. */
export const gaCustomDataSourceSchema = z.object({
  ga_custom_data_source_id: z.string(),
  ga_custom_data_source_name: z.string(),
  ga_custom_data_source_schema: z.array(z.string()),
  type: z.string().optional(),
  upload_type: z.string().optional(),
  import_behavior: z.string().optional(),
});
export type GaCustomDataSourceView = z.infer<typeof gaCustomDataSourceSchema>;

/** `:connectorId` in a path, bounded as `idParamSchema` bounds `:id`. */
const connectorIdParam = z.object({ connectorId: idParamSchema.shape.id });

/** A path segment naming a remote object (report suite id, GA account or property id). */
const remoteSegment = text(255).trim().min(1, 'Required');

const TAG = 'Provider look-ups';

/** A Workfront template or template task: ID and name. */
export const workfrontRefSchema = z.object({ ID: z.string(), name: z.string() });

/** A Workfront template with its custom forms (objectCategories) and their fields. */
export const workfrontTemplateSchema = z.object({
  ID: z.string(),
  name: z.string(),
  objectCategories: z.array(
    z.object({
      categoryID: z.string(),
      category: z.object({
        ID: z.string(),
        name: z.string(),
        categoryParameters: z.array(
          z.object({
            parameterID: z.string(),
            parameter: z.object({
              ID: z.string(),
              name: z.string(),
              displayType: z.string().optional(),
              dataType: z.string().optional(),
            }),
          }),
        ),
      }),
    }),
  ),
});
export type WorkfrontTemplateView = z.infer<typeof workfrontTemplateSchema>;

/** Keys Workfront reserves in a search; `optionalParams` may only add field filters. */
const WORKFRONT_RESERVED = ['fields', 'method', 'sessionID', 'apiKey'];

/** A Workfront search filter name (a field with an optional `_Mod` modifier), never `$$…` or a reserved key. */
const workfrontFilterKey = text(100)
  .regex(/^[A-Za-z][A-Za-z0-9:]*(_Mod)?$/, 'Must be a Workfront field filter, e.g. isActive or name_Mod')
  .refine((k) => !WORKFRONT_RESERVED.includes(k), 'Must be a Workfront field filter, not a reserved key');

/** A Workfront object id or name argument. */
const workfrontArgument = text(255).trim().min(1, 'Required');

/**
 * The payload of the Workfront command (spec 03 §7): `command` picks what `data` holds —
 * getTemplatesByName (name, optionalParams), getTemplateTasksByTemplate (templateId) or
 * getTemplate (id).
 */
export const workfrontCommandSchema = z.discriminatedUnion('command', [
  z.object({
    command: z.literal('getTemplatesByName'),
    connector_id: idSchema,
    data: z.object({
      name: text(255),
      optionalParams: z
        .record(workfrontFilterKey, z.union([text(255), z.number(), z.boolean()]))
        .refine((r) => Object.keys(r).length <= 20, 'At most 20 filters')
        .optional(),
    }),
  }),
  z.object({
    command: z.literal('getTemplateTasksByTemplate'),
    connector_id: idSchema,
    data: z.object({ templateId: workfrontArgument }),
  }),
  z.object({
    command: z.literal('getTemplate'),
    connector_id: idSchema,
    data: z.object({ id: workfrontArgument }),
  }),
]);
export type WorkfrontCommand = z.infer<typeof workfrontCommandSchema>;

/**
 * A folder path of an AEM account, no `.` or `..`: under /content/dam for file assets
 * (`/content/dam/a`, `/a` or `a`; empty or / for the DAM root), under /content for pages
 * (`/content/acme`, `/acme` or `acme`; empty or / for /content).
 */
const aemPath = text(1000)
  .trim()
  .refine((p) => !p.split('/').some((s) => s === '.' || s === '..'), 'May not contain . or .. segments');

/** A folder of an AEM account (a DAM folder, or a page or folder under /content): name, title (null when unset) and full path. */
export const aemFolderSchema = z.object({ name: z.string(), title: z.string().nullable(), path: z.string() });
export type AemFolderView = z.infer<typeof aemFolderSchema>;

/** The provider look-up endpoints. */
export const lookupsApi = {
  realms: endpoint({
    method: 'POST',
    path: '/api/v1/account/connector/:id/realm/',
    tag: TAG,
    errors: PROVIDER_ERRORS,
    summary: 'Report suites (realms) of an Adobe Analytics account, read from Adobe.',
    permission: 'signed-in',
    params: idParamSchema,
    response: z.object({ realms: z.array(realmSchema) }),
  }),
  targetList: endpoint({
    method: 'GET',
    path: '/api/v1/account/connector/:id/realm/:realm/target/list',
    tag: TAG,
    errors: PROVIDER_ERRORS,
    summary:
      'Reports (classification datasets) of a report suite with their classification names, read from Adobe.',
    permission: 'signed-in',
    params: idParamSchema.extend({ realm: remoteSegment }),
    response: z.object({ targets: z.array(remoteTargetSchema) }),
  }),
  gaAccounts: endpoint({
    method: 'GET',
    path: '/api/v1/account/connector/:id/ga-account',
    tag: TAG,
    errors: PROVIDER_ERRORS,
    summary: 'Google Analytics accounts of a Google account, read from the GA Admin API.',
    permission: 'signed-in',
    params: idParamSchema,
    response: z.object({ gaAccounts: z.array(gaAccountSchema) }),
  }),
  gaProperties: endpoint({
    method: 'GET',
    path: '/api/v1/account/connector/:id/ga-account/:acct/property/list',
    tag: TAG,
    errors: PROVIDER_ERRORS,
    summary: 'Properties of a Google Analytics account.',
    permission: 'signed-in',
    params: idParamSchema.extend({ acct: remoteSegment }),
    response: z.object({ gaProperties: z.array(gaPropertySchema) }),
  }),
  gaCustomDataSources: endpoint({
    method: 'GET',
    path: '/api/v1/account/connector/:id/ga-account/:acct/property/:prop/custom-data-source/list',
    tag: TAG,
    errors: PROVIDER_ERRORS,
    summary: 'Custom data sources of a Google Analytics property, with their schema.',
    permission: 'signed-in',
    params: idParamSchema.extend({ acct: remoteSegment, prop: remoteSegment }),
    response: z.object({ gaCustomDataSources: z.array(gaCustomDataSourceSchema) }),
  }),
  facebookAdAccounts: endpoint({
    method: 'GET',
    path: '/api/v1/account/connector/:id/facebook/adaccounts',
    tag: TAG,
    errors: PROVIDER_ERRORS,
    summary: 'Ad accounts of a Facebook account, read from the Graph API.',
    permission: 'signed-in',
    params: idParamSchema,
    response: z.object({
      adAccounts: z.array(z.object({ id: z.string(), account_id: z.string(), name: z.string() })),
    }),
  }),
  facebookPixels: endpoint({
    method: 'GET',
    path: '/api/v1/account/connector/:id/facebook/adaccounts/:adAccountId/pixels',
    tag: TAG,
    errors: PROVIDER_ERRORS,
    summary: 'Pixels of a Facebook ad account.',
    permission: 'signed-in',
    params: idParamSchema.extend({ adAccountId: remoteSegment }),
    response: z.object({ pixels: z.array(z.object({ id: z.string(), name: z.string() })) }),
  }),
  bitlyOrganizations: endpoint({
    method: 'GET',
    path: '/api/v1/integrations/bitly/organizations/:connectorId',
    tag: TAG,
    errors: PROVIDER_ERRORS,
    summary: 'Organizations of a Bitly account.',
    permission: 'signed-in',
    params: connectorIdParam,
    response: z.object({
      data: z.array(z.object({ id: z.string(), name: z.string(), planType: z.string() })),
    }),
  }),
  bitlyGroups: endpoint({
    method: 'GET',
    path: '/api/v1/integrations/bitly/groups/:connectorId',
    tag: TAG,
    errors: PROVIDER_ERRORS,
    summary: 'Groups of a Bitly account with their branded domains.',
    permission: 'signed-in',
    params: connectorIdParam,
    response: z.object({
      data: z.array(
        z.object({ id: z.string(), name: z.string(), orgId: z.string(), urls: z.array(z.string()) }),
      ),
    }),
  }),
  workfrontCommand: endpoint({
    method: 'POST',
    path: '/api/v1/integrations/workfront/command',
    tag: TAG,
    errors: PROVIDER_ERRORS,
    summary:
      'Runs a Workfront command on a Workfront account: templates by name, the tasks of a template, or a template with its custom forms and fields.',
    permission: 'manage_templates',
    body: workfrontCommandSchema,
    response: z.object({ data: z.union([z.array(workfrontRefSchema), workfrontTemplateSchema]) }),
  }),
  aemFolders: endpoint({
    method: 'POST',
    path: '/api/v1/integrations/aem/folders',
    tag: TAG,
    errors: PROVIDER_ERRORS,
    summary:
      'Folders directly under a path of an AEM account: DAM folders for file assets (the default), AEM Sites pages and folders under /content for pages.',
    permission: 'manage_templates',
    body: z.object({
      connectorId: idSchema,
      path: aemPath.default(''),
      dataType: z.enum(AEM_DATA_TYPES, { error: 'Must be file_assets or pages' }).default('file_assets'),
    }),
    response: z.object({ data: z.array(aemFolderSchema) }),
  }),
  kochavaAppGroups: endpoint({
    method: 'GET',
    path: '/api/v1/integrations/kochava/:connectorId/app-groups',
    tag: TAG,
    errors: PROVIDER_ERRORS,
    summary: 'App groups of a Kochava account.',
    permission: 'signed-in',
    params: connectorIdParam,
    response: z.object({ data: z.array(z.object({ id: z.number(), name: z.string() })) }),
  }),
};
