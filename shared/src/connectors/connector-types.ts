import type { FeatureFlag } from '../core/feature-flags';
import type { ConnectorCredentialFamily } from '../integrations/registry';
import type { ConnectorTypeSlug } from './connector-type-slugs';

/**
 * One credential field of a connected account (spec 01 §3.2): how the drawer shows it and
 * whether it is a secret. Secrets (every password, secret, key, key file, private key) are
 * encrypted at rest, never answered, and kept when an edit leaves them blank (spec 01 §4).
 */
export interface CredentialField {
  /** The metadata key, spelled as the spec spells it. */
  key: string;
  label: string;
  /** How the drawer edits it: a line of text, a password input, a number, a choice, a JSON file. */
  kind: 'text' | 'secret' | 'number' | 'select' | 'json-file' | 'textarea';
  /** Whether the value is encrypted at rest and never answered. */
  secret: boolean;
  /** Choices of a `select` field. `flag`: the choice is offered only with that feature on. */
  options?: readonly { value: string; label: string; flag?: FeatureFlag }[];
  /** Help text under the input. */
  description?: string;
  /**
   * The value comes from the provider's sign-in (the verified email of the Google account), never
   * from what a client sends: the drawer shows it read-only and the server keeps the stored value
   * (spec 01 §4, §5).
   */
  fromSignIn?: boolean;
}

/**
 * Every credential field of every family (spec 01 §3.2), by key. A key means the same thing in
 * every family that uses it (`password`, `client_secret`, `url`…).
 */
export const CREDENTIAL_FIELDS = {
  aws_key: { key: 'aws_key', label: 'Access key ID', kind: 'secret', secret: true },
  aws_secret: { key: 'aws_secret', label: 'Secret access key', kind: 'secret', secret: true },
  blob_accountname: { key: 'blob_accountname', label: 'Storage account name', kind: 'text', secret: false },
  blob_key: { key: 'blob_key', label: 'Account key', kind: 'secret', secret: true },
  account_key_file: {
    key: 'account_key_file',
    label: 'Service account key file (JSON)',
    kind: 'json-file',
    secret: true,
  },
  project_id: { key: 'project_id', label: 'Project ID', kind: 'text', secret: false },
  googleProfileId: {
    key: 'googleProfileId',
    label: 'Profile ID',
    kind: 'text',
    secret: false,
    description: 'Digits only: a Campaign Manager user profile, or a Display & Video 360 partner.',
  },
  googleConnectedEmail: {
    key: 'googleConnectedEmail',
    label: 'Connected Google email',
    kind: 'text',
    secret: false,
    description: 'The Google account that signed in.',
    fromSignIn: true,
  },
  customer_id: {
    key: 'customer_id',
    label: 'Customer ID',
    kind: 'text',
    secret: false,
    description: 'Digits only, without dashes.',
  },
  client_id: { key: 'client_id', label: 'Client ID', kind: 'text', secret: false },
  client_secret: { key: 'client_secret', label: 'Client secret', kind: 'secret', secret: true },
  api_key: { key: 'api_key', label: 'API key', kind: 'secret', secret: true },
  api_domain: { key: 'api_domain', label: 'API domain', kind: 'text', secret: false },
  branch_key: { key: 'branch_key', label: 'Branch key', kind: 'secret', secret: true },
  branch_secret: { key: 'branch_secret', label: 'Branch secret', kind: 'secret', secret: true },
  host: { key: 'host', label: 'Host', kind: 'text', secret: false },
  username: { key: 'username', label: 'Username', kind: 'text', secret: false },
  password: { key: 'password', label: 'Password', kind: 'secret', secret: true },
  port: { key: 'port', label: 'Port', kind: 'number', secret: false },
  sftp_auth_type: {
    key: 'auth_type',
    label: 'Authentication',
    kind: 'select',
    secret: false,
    options: [
      { value: 'password', label: 'Password' },
      { value: 'secret_key', label: 'Secret key', flag: 'use-aimia-for-sftp-push' },
    ],
  },
  sftp_private_key: {
    key: 'client_secret',
    label: 'Secret key (OpenSSH private key)',
    kind: 'textarea',
    secret: true,
  },
  company: { key: 'company', label: 'Global company ID', kind: 'text', secret: false },
  secret: { key: 'secret', label: 'Secret', kind: 'secret', secret: true },
  scopes: { key: 'scopes', label: 'Scopes', kind: 'text', secret: false },
  adobe_auth_type: {
    key: 'auth_type',
    label: 'Authentication',
    kind: 'select',
    secret: false,
    options: [
      { value: 'fields', label: 'Credentials' },
      { value: 'oauth', label: 'OAuth', flag: 'oauth-adobe-connector' },
    ],
  },
  host_type: {
    key: 'host_type',
    label: 'Hosting',
    kind: 'select',
    secret: false,
    options: [
      { value: 'self', label: 'Self-hosted' },
      { value: 'cloud', label: 'Cloud service' },
    ],
  },
  url: { key: 'url', label: 'URL', kind: 'text', secret: false, description: 'https://host.example.com' },
  proxy_url: { key: 'proxy_url', label: 'Proxy URL', kind: 'text', secret: false },
  private_key: { key: 'private_key', label: 'Private key', kind: 'textarea', secret: true },
  meta_scopes: { key: 'meta_scopes', label: 'Metascopes', kind: 'text', secret: false },
  technical_account_id: {
    key: 'technical_account_id',
    label: 'Technical account ID',
    kind: 'text',
    secret: false,
  },
  organization_id: { key: 'organization_id', label: 'Organization ID', kind: 'text', secret: false },
  ims_url: { key: 'ims_url', label: 'IMS URL', kind: 'text', secret: false },
  role: { key: 'role', label: 'Role', kind: 'text', secret: false },
  warehouse: { key: 'warehouse', label: 'Warehouse', kind: 'text', secret: false },
  database: { key: 'database', label: 'Database', kind: 'text', secret: false },
  schema: { key: 'schema', label: 'Schema', kind: 'text', secret: false },
  dw_auth_type: {
    key: 'auth_type',
    label: 'Authentication',
    kind: 'select',
    secret: false,
    options: [
      { value: 'password', label: 'Password' },
      { value: 'key_pair', label: 'Key pair' },
    ],
  },
  subdomain: { key: 'subdomain', label: 'Subdomain', kind: 'text', secret: false },
  account_id: { key: 'account_id', label: 'Account ID (MID)', kind: 'text', secret: false },
} as const satisfies Record<string, CredentialField>;

/** The name of a credential field definition in {@link CREDENTIAL_FIELDS}. */
export type CredentialFieldName = keyof typeof CREDENTIAL_FIELDS;

/**
 * One field as a connector type uses it: which definition, when it is required (`always`, or
 * only on a new connection: spec 01 §5 "required on new"), the choice value that shows it (the
 * type's `choiceKey`, e.g. auth_type), and the feature flag it needs (spec 01 §3.2).
 */
export interface ConnectorTypeField {
  field: CredentialFieldName;
  required?: 'always' | 'new';
  when?: string;
  flag?: FeatureFlag;
}

/**
 * How an account of the type authorises (spec 01 §4): `direct` starts the authorisation flow from
 * the drawer (the account is made when the provider answers), `save-first` saves the account and
 * then authorises it, null: no OAuth.
 */
export type OAuthStart = 'direct' | 'save-first' | null;

/**
 * One connector type of the catalogue (spec 01 §3.1; spec 03 §2 integrations need them): its
 * fixed id, slug, name, whether it is active, its credential family, how it authorises, and the
 * credential fields the drawer shows, in order.
 */
export interface ConnectorTypeDefinition {
  id: number;
  slug: string;
  name: string;
  active: boolean;
  family: ConnectorCredentialFamily;
  /** Whether targets may use it (spec 01 §2.5: only analytics connector types are offered). */
  isAnalytics: boolean;
  oauth: OAuthStart;
  /** The select field whose value decides which `when` fields show (auth_type, host_type). */
  choiceKey: string | null;
  fields: readonly ConnectorTypeField[];
  /** Values a new connection starts with (spec 01 §5: data-warehouse defaults). */
  defaults: Readonly<Record<string, string>>;
  /**
   * The name of the provider's sign-in button ("Sign in with Google"), where it is not the type's
   * own name.
   */
  signInWith?: string;
  /**
   * What the account's Profile ID (googleProfileId) names at the provider, listed for the drawer
   * by `GET /api/v1/account/connector/{id}/google-profiles`: Campaign Manager user profiles or
   * Display & Video 360 partners. Absent for other types.
   */
  googleProfiles?: 'cm360-user-profiles' | 'dv360-partners';
}

/**
 * Defaults of a new data-warehouse connection (spec 01 §5: "product-named defaults (exact values
 * not shown)"): Nomen's own role, warehouse, database and schema names.
 */
export const DATA_WAREHOUSE_DEFAULTS = {
  role: 'NOMEN_ROLE',
  warehouse: 'NOMEN_WAREHOUSE',
  database: 'NOMEN_DB',
  schema: 'NOMEN_SCHEMA',
} as const;

function type(
  input: Pick<ConnectorTypeDefinition, 'id' | 'name' | 'family'> &
    Omit<Partial<ConnectorTypeDefinition>, 'slug'> & { slug: ConnectorTypeSlug },
): ConnectorTypeDefinition {
  return {
    active: true,
    isAnalytics: false,
    oauth: null,
    choiceKey: null,
    fields: [],
    defaults: {},
    ...input,
  };
}

const oauthOnly = (
  id: number,
  slug: ConnectorTypeSlug,
  name: string,
  extra: Omit<Partial<ConnectorTypeDefinition>, 'slug'> = {},
) => type({ id, slug, name, family: 'oauth', oauth: 'direct', ...extra });

/**
 * A Google ad server (Campaign Manager, legacy and 360; Display & Video 360): signed in with Google
 * directly (spec 01 §4; the account is made when Google answers, with the signed-in email), then
 * its Profile ID is chosen from what the signed-in user may see (spec 01 §5 needs both).
 */
const adPlatformGoogle = (
  id: number,
  slug: ConnectorTypeSlug,
  name: string,
  googleProfiles: NonNullable<ConnectorTypeDefinition['googleProfiles']>,
  active = true,
) =>
  type({
    id,
    slug,
    name,
    family: 'ad-platform',
    active,
    oauth: 'direct',
    signInWith: 'Google',
    googleProfiles,
    fields: [
      { field: 'googleConnectedEmail', required: 'always' },
      { field: 'googleProfileId', required: 'always' },
    ],
  });

const adPlatformApp = (id: number, slug: ConnectorTypeSlug, name: string, extra: ConnectorTypeField[] = []) =>
  type({
    id,
    slug,
    name,
    family: 'ad-platform',
    oauth: 'save-first',
    fields: [
      ...extra,
      { field: 'client_id', required: 'always' },
      { field: 'client_secret', required: 'new' },
    ],
  });

/**
 * The connector type catalogue: every type the integrations of spec 03 use, with the ids the
 * spec fixes (1 Adobe Analytics, 2 Google Analytics, 12 Facebook; spec 01 §3.1, §9) and ours for
 * the rest. Fields and required rules follow spec 01 §3.2 and §5; where §5 says nothing the
 * fields a test connection needs are required (noted in shared/src/connectors/README.md).
 * google-dcm is the legacy campaign manager, inactive: offered only with show-inactive-connectors.
 */
export const CONNECTOR_TYPES: readonly ConnectorTypeDefinition[] = [
  type({
    id: 1,
    slug: 'adobe-analytics',
    name: 'Adobe Analytics',
    family: 'adobe',
    isAnalytics: true,
    choiceKey: 'auth_type',
    defaults: { auth_type: 'fields' },
    fields: [
      { field: 'adobe_auth_type', required: 'always' },
      { field: 'company', required: 'always' },
      { field: 'username', required: 'always', when: 'fields' },
      { field: 'secret', required: 'new', when: 'fields' },
      { field: 'client_id', required: 'always', when: 'oauth' },
      { field: 'client_secret', required: 'new', when: 'oauth' },
      { field: 'scopes', when: 'oauth' },
    ],
  }),
  oauthOnly(2, 'ga', 'Google Analytics', { isAnalytics: true }),
  type({
    id: 3,
    slug: 's3',
    name: 'Amazon S3',
    family: 'cloud-storage',
    fields: [
      { field: 'aws_key', required: 'new' },
      { field: 'aws_secret', required: 'new' },
    ],
  }),
  type({
    id: 4,
    slug: 'azure-blob',
    name: 'Azure Blob Storage',
    family: 'cloud-storage',
    fields: [
      { field: 'blob_accountname', required: 'always' },
      { field: 'blob_key', required: 'new' },
    ],
  }),
  type({
    id: 5,
    slug: 'google-cloud-storage',
    name: 'Google Cloud Storage',
    family: 'cloud-storage',
    fields: [
      { field: 'account_key_file', required: 'new' },
      { field: 'project_id', flag: 'gcs-projectid' },
    ],
  }),
  type({
    id: 6,
    slug: 'sftp',
    name: 'SFTP',
    family: 'sftp',
    choiceKey: 'auth_type',
    defaults: { auth_type: 'password', port: '22' },
    fields: [
      { field: 'host', required: 'always' },
      { field: 'port', required: 'always' },
      { field: 'username', required: 'always' },
      { field: 'sftp_auth_type', required: 'always' },
      // One of password or secret key on a new connection (spec 01 §5), as the choice decides.
      { field: 'password', required: 'new', when: 'password' },
      { field: 'sftp_private_key', required: 'new', when: 'secret_key' },
    ],
  }),
  oauthOnly(7, 'box', 'Box'),
  oauthOnly(8, 'bitly', 'Bitly'),
  adPlatformApp(9, 'google-ads', 'Google Ads', [{ field: 'customer_id', required: 'always' }]),
  adPlatformGoogle(10, 'google-dcm', 'Google Campaign Manager (legacy)', 'cm360-user-profiles', false),
  adPlatformGoogle(11, 'google-cm360', 'Google Campaign Manager 360', 'cm360-user-profiles'),
  oauthOnly(12, 'facebook', 'Facebook'),
  oauthOnly(13, 'facebook-marketing', 'Facebook Marketing'),
  adPlatformGoogle(14, 'google-dv360', 'Google Display & Video 360', 'dv360-partners'),
  oauthOnly(15, 'amazon-ads', 'Amazon Ads'),
  oauthOnly(16, 'pinterest', 'Pinterest'),
  adPlatformApp(17, 'snapchat', 'Snapchat Marketing'),
  adPlatformApp(18, 'tiktok', 'TikTok for Business'),
  oauthOnly(19, 'salesforce', 'Salesforce'),
  type({
    id: 20,
    slug: 'salesforce-marketing-cloud',
    name: 'Salesforce Marketing Cloud',
    family: 'marketing-cloud',
    fields: [
      { field: 'subdomain', required: 'always' },
      { field: 'account_id' },
      { field: 'client_id', required: 'always' },
      { field: 'client_secret', required: 'new' },
    ],
  }),
  type({
    id: 21,
    slug: 'snowflake',
    name: 'Snowflake',
    family: 'data-warehouse',
    choiceKey: 'auth_type',
    defaults: { auth_type: 'password', ...DATA_WAREHOUSE_DEFAULTS },
    fields: [
      { field: 'url', required: 'always' },
      { field: 'username', required: 'always' },
      { field: 'dw_auth_type', required: 'always' },
      { field: 'password', required: 'new', when: 'password' },
      { field: 'private_key', required: 'new', when: 'key_pair' },
      { field: 'role', required: 'always' },
      { field: 'warehouse', required: 'always' },
      { field: 'database', required: 'always' },
      { field: 'schema', required: 'always' },
    ],
  }),
  type({
    id: 22,
    slug: 'aem',
    name: 'Adobe Experience Manager',
    family: 'content-manager',
    choiceKey: 'host_type',
    defaults: { host_type: 'cloud' },
    fields: [
      { field: 'host_type', required: 'always' },
      { field: 'url', required: 'always' },
      { field: 'proxy_url', flag: 'aem-proxy-url' },
      { field: 'username', required: 'always', when: 'self' },
      { field: 'password', required: 'new', when: 'self' },
      { field: 'client_id', required: 'always', when: 'cloud' },
      { field: 'client_secret', required: 'new', when: 'cloud' },
      { field: 'private_key', required: 'new', when: 'cloud' },
      { field: 'meta_scopes', when: 'cloud' },
      { field: 'technical_account_id', required: 'always', when: 'cloud' },
      { field: 'organization_id', required: 'always', when: 'cloud' },
      { field: 'ims_url', required: 'always', when: 'cloud' },
    ],
  }),
  type({
    id: 23,
    slug: 'workfront',
    name: 'Workfront',
    family: 'simple-key',
    fields: [
      { field: 'api_domain', required: 'always' },
      { field: 'api_key', required: 'new' },
    ],
  }),
  type({
    id: 24,
    slug: 'branch',
    name: 'Branch',
    family: 'simple-key',
    fields: [
      { field: 'branch_key', required: 'new' },
      { field: 'branch_secret', required: 'new' },
    ],
  }),
  type({
    id: 25,
    slug: 'kochava',
    name: 'Kochava',
    family: 'simple-key',
    fields: [{ field: 'api_key', required: 'new' }],
  }),
  type({
    id: 26,
    slug: 'qr-code-monkey',
    name: 'QR Code Monkey',
    family: 'simple-key',
    fields: [{ field: 'api_key', required: 'new' }],
  }),
];

/** The connector type of `slug`, or undefined. */
export function connectorTypeBySlug(slug: string): ConnectorTypeDefinition | undefined {
  return CONNECTOR_TYPES.find((t) => t.slug === slug);
}

/** The connector type of `id`, or undefined. */
export function connectorTypeById(id: number): ConnectorTypeDefinition | undefined {
  return CONNECTOR_TYPES.find((t) => t.id === id);
}

/**
 * The connector types offered for new accounts (spec 01 §7 `GET /api/v1/connector-type`): sorted
 * by name, only active ones unless show-inactive-connectors is on. `analyticsOnly` narrows to the
 * types targets use (spec 01 §2.5).
 */
export function offeredConnectorTypes(
  features: readonly FeatureFlag[],
  options: { analyticsOnly?: boolean } = {},
): ConnectorTypeDefinition[] {
  const showInactive = features.includes('show-inactive-connectors');
  return CONNECTOR_TYPES.filter(
    (t) => (showInactive || t.active) && (!options.analyticsOnly || t.isAnalytics),
  )
    .slice()
    .sort((a, b) => a.name.localeCompare(b.name));
}
