import { z } from 'zod';
import { endpoint } from '../core/contract';
import { PROVIDER_ERRORS } from '../core/errors';
import {
  idListSchema,
  idParamSchema,
  idSchema,
  optionalText,
  requiredName,
  text,
  updatedAtSchema,
} from '../core/schemas';
import { CONNECTOR_CREDENTIAL_FAMILIES } from '../integrations/registry';

/** A connector type as the API answers it (spec 01 §3.1: id, slug, name, active). */
export const connectorTypeSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  active: z.boolean(),
  family: z.enum(CONNECTOR_CREDENTIAL_FAMILIES),
  /** Whether targets may use it (spec 01 §2.5). */
  is_analytics: z.boolean(),
  /** How it authorises (spec 01 §4): direct, save-first, or null (no OAuth). */
  oauth: z.enum(['direct', 'save-first']).nullable(),
});
export type ConnectorTypeView = z.infer<typeof connectorTypeSchema>;

/** The OAuth state of an account: connected or not, since when, until when its access token runs. */
export const oauthStatusSchema = z.object({
  connected: z.boolean(),
  connected_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  scope: z.string().nullable(),
});
export type OAuthStatus = z.infer<typeof oauthStatusSchema>;

/** A connected account in the table (spec 01 §2.3: name, type, description, updated_at). */
export const connectorSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  connector_type_id: z.number(),
  connector_type: z.object({ id: z.number(), slug: z.string(), name: z.string(), active: z.boolean() }),
  /** The connector type's name, as the table shows it. */
  type: z.string(),
  /** Whether an OAuth account holds tokens. */
  oauth_connected: z.boolean(),
  updated_at: z.string(),
});
export type ConnectorSummary = z.infer<typeof connectorSummarySchema>;

/** One custom field of a connected account (spec 01 §2.3, §3.1). */
export const customFieldSchema = z.object({ id: z.number(), name: z.string(), value: z.string() });
export type CustomField = z.infer<typeof customFieldSchema>;

/**
 * A connected account's metadata as the API answers it (spec 01 §3.1, §4): the clear fields, and
 * instead of each stored secret a "set" marker in `secrets_set` (ARCHITECTURE.md, Data).
 */
export const connectorMetadataSchema = z.object({
  metadata: z.record(z.string(), z.string()),
  /** The metadata keys whose secret is stored; their values are never answered. */
  secrets_set: z.array(z.string()),
  oauth: oauthStatusSchema,
  /**
   * An SFTP account's pinned host key, its SHA-256 fingerprint (`SHA256:…` as OpenSSH prints
   * it), or null until the first successful connection test (README "Security").
   */
  host_key: z.string().nullable(),
});
export type ConnectorMetadataView = z.infer<typeof connectorMetadataSchema>;

/** A connected account with its metadata and custom fields (spec 01 §3.1). */
export const connectorSchema = connectorSummarySchema.extend({
  ...connectorMetadataSchema.shape,
  customFields: z.array(customFieldSchema),
});
export type Connector = z.infer<typeof connectorSchema>;

/** A metadata value as the drawer sends it: text (port may come as a number); null = blank. */
const metadataValueSchema = z.union([text(20_000), z.number().finite(), z.null()]);

/**
 * The drawer's save (spec 01 §7 `POST /api/v1/account/connector/`): the account with its
 * connector_type_slug, metadata and custom fields. On an edit a blank or absent secret keeps
 * the stored one (spec 01 §4); `deletedFields` are custom field ids to remove.
 */
export const connectorSaveSchema = z.object({
  id: idSchema.nullish(),
  name: requiredName,
  description: optionalText(2000),
  connector_type_slug: text(100).trim().min(1, 'Required'),
  connector_type_id: idSchema.nullish(),
  metadata: z
    .record(text(100), metadataValueSchema)
    .nullish()
    .transform((m) => m ?? {}),
  customFields: z
    .array(z.object({ id: idSchema.nullish(), name: text(255), value: text(2000).nullish() }))
    .max(200)
    .nullish()
    .transform((v) => v ?? []),
  deletedFields: z
    .array(idSchema)
    .max(200)
    .nullish()
    .transform((v) => v ?? []),
  updated_at: updatedAtSchema,
});
export type ConnectorSave = z.input<typeof connectorSaveSchema>;

/**
 * The body of testing unsaved values (spec 01 §4 "Test connection"): the save's shape, the name
 * optional. With the `id` of a saved account, a secret left blank keeps the stored one, as a
 * save does; nothing is stored.
 */
export const connectorTestDraftSchema = connectorSaveSchema
  .pick({ id: true, connector_type_slug: true, connector_type_id: true, metadata: true })
  .extend({ name: optionalText(255) });
export type ConnectorTestDraft = z.input<typeof connectorTestDraftSchema>;

/** The body of `POST /api/v1/oauth/init/{slug}` (spec 01 §7). */
export const oauthInitSchema = z.object({
  connector_id: idSchema.nullish(),
  connector_name: optionalText(255),
  connector_description: optionalText(2000),
  connector_type_id: idSchema.nullish(),
  connector_type_slug: text(100).nullish(),
});

/** An SSH host key's SHA-256 fingerprint as OpenSSH prints it: `SHA256:` and 43 base64 characters. */
export const sftpHostKeySchema = z
  .string()
  .trim()
  .regex(
    /^SHA256:[A-Za-z0-9+/]{43}$/,
    'Enter a SHA-256 fingerprint, e.g. SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU',
  );

/**
 * The body of accepting an SFTP server's new host key: the fingerprint the admin compared with
 * the one their provider gives (the refusal message names it).
 */
export const acceptHostKeySchema = z.object({ fingerprint: sftpHostKeySchema });

/** The answer of a connection test: whether it worked and what the peer said. */
export const connectionTestResultSchema = z.object({ ok: z.boolean(), message: z.string() });
export type ConnectionTestResult = z.infer<typeof connectionTestResultSchema>;

/**
 * One Profile ID a signed-in Google account may choose (spec 01 §5 googleProfileId): a Campaign
 * Manager user profile (its id, and the user and network it belongs to) or a Display & Video 360
 * partner (its id and display name).
 */
export const googleProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
});
export type GoogleProfile = z.infer<typeof googleProfileSchema>;

/** Connected-account endpoints (spec 01 §2.3, §4, §7; issue 10). */
export const connectorsApi = {
  types: endpoint({
    method: 'GET',
    path: '/api/v1/connector-type',
    tag: 'Connected accounts',
    summary:
      'Connector types sorted by name; only active ones unless the account has show-inactive-connectors.',
    permission: 'signed-in',
    response: z.object({ data: z.array(connectorTypeSchema) }),
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/v1/account/connector',
    tag: 'Connected accounts',
    summary:
      "The account's connected accounts by name (no metadata). Any signed-in user: template editors choose accounts.",
    permission: 'signed-in',
    response: z.object({ data: z.array(connectorSummarySchema) }),
  }),
  metadata: endpoint({
    method: 'GET',
    path: '/api/v1/account/connector/:id/metadata',
    tag: 'Connected accounts',
    summary: 'Metadata of an account: clear fields, and "set" markers instead of secrets.',
    permission: 'manage_connectors',
    params: idParamSchema,
    response: connectorMetadataSchema,
  }),
  customFields: endpoint({
    method: 'GET',
    path: '/api/v1/account/connector/:id/custom-fields',
    tag: 'Connected accounts',
    summary: 'Custom fields of an account.',
    permission: 'signed-in',
    params: idParamSchema,
    response: z.object({ data: z.array(customFieldSchema) }),
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/v1/account/connector/',
    tag: 'Connected accounts',
    summary:
      'Create (no id) or update (id) a connected account. Secrets are encrypted; a blank secret keeps the stored one.',
    permission: 'manage_connectors',
    body: connectorSaveSchema,
    response: connectorSchema,
  }),
  bulkDelete: endpoint({
    method: 'POST',
    path: '/api/v1/account/connector/connectors/bulk/delete',
    tag: 'Connected accounts',
    summary: 'Delete connected accounts; 400 naming the templates that still use one; 404 for unknown ids.',
    permission: 'manage_connectors',
    body: z.object({ connector_ids: idListSchema }),
    response: z.object({ ok: z.literal(true), message: z.string() }),
  }),
  test: endpoint({
    method: 'POST',
    path: '/api/v1/account/connector/:id/test',
    tag: 'Connected accounts',
    summary:
      'Test a saved account: SFTP signs in, cloud storage lists, OAuth accounts ask the provider who they are.',
    permission: 'manage_connectors',
    params: idParamSchema,
    response: connectionTestResultSchema,
  }),
  testDraft: endpoint({
    method: 'POST',
    path: '/api/v1/account/connector/test',
    tag: 'Connected accounts',
    summary:
      'Test unsaved values (a new account, or a saved one (id) with changes: a blank secret uses the stored one). Checked as a save is (400 naming the field); nothing is stored and no SFTP host key is pinned. OAuth types are tested after signing in.',
    permission: 'manage_connectors',
    body: connectorTestDraftSchema,
    response: connectionTestResultSchema,
  }),
  acceptHostKey: endpoint({
    method: 'POST',
    path: '/api/v1/account/connector/:id/host-key',
    tag: 'Connected accounts',
    summary:
      "Accept an SFTP server's new host key: pins the fingerprint given (the one a refused connection named) in place of the old one, and logs it. 400 for another type.",
    permission: 'manage_connectors',
    params: idParamSchema,
    body: acceptHostKeySchema,
    response: connectorMetadataSchema,
  }),
  googleProfiles: endpoint({
    method: 'GET',
    path: '/api/v1/account/connector/:id/google-profiles',
    tag: 'Connected accounts',
    summary:
      "The Profile IDs the account's signed-in Google user may choose: Campaign Manager user profiles (userProfiles.list) or Display & Video 360 partners (partners.list). 400 for another type; 424 when Google refuses the sign-in.",
    permission: 'manage_connectors',
    errors: PROVIDER_ERRORS,
    params: idParamSchema,
    response: z.object({ data: z.array(googleProfileSchema) }),
  }),
  oauthInit: endpoint({
    method: 'POST',
    path: '/api/v1/oauth/init/:slug',
    tag: 'Connected accounts',
    summary:
      "Start an authorisation: answers the provider's authorisation URL (state bound to the session, PKCE S256 where supported).",
    permission: 'manage_connectors',
    sessionOnly: true,
    params: z.object({ slug: text(100) }),
    body: oauthInitSchema,
    response: z.string().describe('The URL to send the browser to'),
  }),
  oauthCallback: endpoint({
    method: 'GET',
    path: '/api/v1/oauth/callback',
    tag: 'Connected accounts',
    summary:
      'Where the provider returns: exchanges the code, stores the tokens encrypted and redirects to /admin/accounts?oauth_success=true, or with oauth_success=false and a message.',
    permission: 'manage_connectors',
    sessionOnly: true,
    query: z.object({
      code: text(4000).optional(),
      /** TikTok's name for the code (its sign-in is not standard OAuth 2.0). */
      auth_code: text(4000).optional(),
      state: text(500).optional(),
      error: text(500).optional(),
      error_description: text(2000).optional(),
      iss: text(2000).optional(),
    }),
    status: 302,
    response: z
      .union([
        z
          .string()
          .regex(/^\/admin\/accounts\?oauth_success=true$/)
          .describe('Success: the tokens are stored'),
        z
          .string()
          .regex(/^\/admin\/accounts\?oauth_success=false&message=[^&]+$/)
          .describe(
            'Failure (no or foreign state, a denial, a failed exchange, no signed-in email): nothing is stored; message says why',
          ),
      ])
      .describe('/admin/accounts?oauth_success=true, or oauth_success=false with a message'),
  }),
};
