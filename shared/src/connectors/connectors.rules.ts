import type { FeatureFlag } from '../core/feature-flags';
import {
  type ConnectorTypeDefinition,
  type ConnectorTypeField,
  CREDENTIAL_FIELDS,
  type CredentialField,
} from './connector-types';

/** The message of an empty required field (spec 01 §5: "*Required"). */
export const REQUIRED_MESSAGE = '*Required';
/** An https host that is not one (spec 01 §5, README's reading of the pattern). */
export const HTTPS_HOST_MESSAGE =
  'Enter an https address with a full host name, e.g. https://host.example.com';
/** A Google Ads customer id with other characters than digits (spec 01 §5, §9). */
export const CUSTOMER_ID_MESSAGE = 'Customer ID must be numeric (digits only)';
/** Both SFTP secrets given (spec 01 §5: one of password or client_secret, not both). */
export const SFTP_BOTH_MESSAGE = 'Enter either a password or a secret key, not both';
/** An SFTP port that is not one. */
export const PORT_MESSAGE = 'Port must be a whole number from 1 to 65535';
/** A key file that is not a JSON object. */
export const KEY_FILE_MESSAGE = 'The key file must be a JSON file (a service account key)';
/** A proxy URL that is not an http(s) address. */
export const PROXY_URL_MESSAGE = 'Enter an http or https address';
/** A Marketing Cloud subdomain that is not one DNS label. */
export const SUBDOMAIN_MESSAGE =
  'Enter the subdomain only (letters, digits and dashes), e.g. mc563885gzs27c5t9-63k636ttgm';
/** A Google Profile ID (CM360 user profile, DV360 partner: int64 ids) with other characters than digits. */
export const PROFILE_ID_MESSAGE = 'Profile ID must be numeric (digits only)';

/**
 * The message of a field that only the provider's sign-in fills (googleConnectedEmail) when it is
 * blank: "Sign in with Google to fill it in" (spec 01 §4, §5).
 */
export function signInFillsMessage(type: Pick<ConnectorTypeDefinition, 'name' | 'signInWith'>): string {
  return `Sign in with ${type.signInWith ?? type.name} to fill it in`;
}

/**
 * The https host pattern of spec 01 §5 as spec README reads it: `https://`, then at least two
 * labels each followed by a dot, then a final label. `https://author-p1.adobeaemcloud.com`
 * passes; `http://a.com` and `https://localhost` fail.
 */
export const HTTPS_HOST_PATTERN = /^https:\/\/([A-Za-z0-9_-]+\.){2,}(\w+)$/;

/** Whether `url` is an https host as spec 01 §5 requires of content-manager and warehouse urls. */
export function isHttpsHost(url: string): boolean {
  return HTTPS_HOST_PATTERN.test(url.trim());
}

/** Connector metadata as the drawer holds it: text per key (blank = not entered). */
export type ConnectorMetadataDraft = Record<string, string>;

/** One custom field of a connected account (spec 01 §3.1 customFields). */
export interface CustomFieldDraft {
  id?: number | null;
  name: string;
  value: string;
}

/** One problem with a connector draft: the field path (`name`, `metadata.host`, `customFields.0.name`). */
export interface ConnectorIssue {
  path: string;
  message: string;
}

/** A type field with its definition resolved. */
export interface ResolvedField extends ConnectorTypeField {
  definition: CredentialField;
  key: string;
}

function resolve(f: ConnectorTypeField): ResolvedField {
  const definition: CredentialField = CREDENTIAL_FIELDS[f.field];
  return { ...f, definition, key: definition.key };
}

/** The value of the type's choice (auth_type, host_type) in `metadata`, or the type's default. */
export function choiceOf(type: ConnectorTypeDefinition, metadata: ConnectorMetadataDraft): string | null {
  if (!type.choiceKey) return null;
  const chosen = metadata[type.choiceKey]?.trim();
  return chosen || (type.defaults[type.choiceKey] ?? null);
}

/** Every field of the type, resolved, whatever the choice and the flags. */
export function allFieldsOf(type: ConnectorTypeDefinition): ResolvedField[] {
  return type.fields.map(resolve);
}

/**
 * The fields the drawer shows for a draft (spec 01 §3.2): those of the current choice (auth_type,
 * host_type) and whose feature flag is on, in the type's order.
 */
export function visibleFields(
  type: ConnectorTypeDefinition,
  metadata: ConnectorMetadataDraft,
  features: readonly FeatureFlag[],
): ResolvedField[] {
  const choice = choiceOf(type, metadata);
  return allFieldsOf(type).filter(
    (f) => (!f.flag || features.includes(f.flag)) && (!f.when || f.when === choice),
  );
}

/** The metadata keys of the type that hold secrets (encrypted, never answered). */
export function secretKeysOf(type: ConnectorTypeDefinition): string[] {
  return [
    ...new Set(
      allFieldsOf(type)
        .filter((f) => f.definition.secret)
        .map((f) => f.key),
    ),
  ];
}

/** The metadata a new connection of the type starts with (spec 01 §5: data-warehouse defaults). */
export function newConnectorMetadata(type: ConnectorTypeDefinition): ConnectorMetadataDraft {
  return { ...type.defaults };
}

/**
 * Switches the type's choice (auth_type or host_type) to `value` and clears the fields that
 * belong only to other choices (spec 01 §4 "Auth-type switches … clear the metadata fields that
 * belong to the other choice"). Returns the keys cleared too, so an edit can drop their stored
 * secrets.
 */
export function switchChoice(
  type: ConnectorTypeDefinition,
  metadata: ConnectorMetadataDraft,
  value: string,
): { metadata: ConnectorMetadataDraft; cleared: string[] } {
  if (!type.choiceKey) return { metadata, cleared: [] };
  const keep = new Set(
    allFieldsOf(type)
      .filter((f) => !f.when || f.when === value)
      .map((f) => f.key),
  );
  const next: ConnectorMetadataDraft = {};
  const cleared: string[] = [];
  for (const [key, v] of Object.entries(metadata)) {
    if (keep.has(key)) next[key] = v;
    else cleared.push(key);
  }
  for (const f of allFieldsOf(type)) {
    if (f.when && f.when !== value && !keep.has(f.key) && !cleared.includes(f.key)) cleared.push(f.key);
  }
  next[type.choiceKey] = value;
  return { metadata: next, cleared };
}

/**
 * The keys of the type's fields that only the provider's sign-in fills (googleConnectedEmail):
 * the server keeps their stored value whatever a client sends (spec 01 §4).
 */
export function signInKeysOf(type: ConnectorTypeDefinition): string[] {
  return allFieldsOf(type)
    .filter((f) => f.definition.fromSignIn)
    .map((f) => f.key);
}

/**
 * The keys of fields that belong only to choices other than the draft's: an edit drops what is
 * stored under them (spec 01 §4).
 */
export function keysOfOtherChoices(
  type: ConnectorTypeDefinition,
  metadata: ConnectorMetadataDraft,
): string[] {
  const choice = choiceOf(type, metadata);
  const current = new Set(
    allFieldsOf(type)
      .filter((f) => !f.when || f.when === choice)
      .map((f) => f.key),
  );
  return [
    ...new Set(
      allFieldsOf(type)
        .filter((f) => f.when && f.when !== choice && !current.has(f.key))
        .map((f) => f.key),
    ),
  ];
}

/** What the validation needs besides the draft. */
export interface ConnectorRuleContext {
  /** A new connection (no id yet): "required on new" rules apply (spec 01 §5). */
  isNew: boolean;
  features: readonly FeatureFlag[];
  /** The secret keys stored for the account being edited (a blank edit keeps them). */
  storedSecrets: readonly string[];
}

/**
 * The custom-field rules (spec 01 §5 "valid custom fields"): each needs a name of at most 255
 * characters, unique within the account (case-insensitive), and a value of at most 2,000.
 */
export function validateCustomFields(fields: readonly CustomFieldDraft[]): ConnectorIssue[] {
  const issues: ConnectorIssue[] = [];
  const seen = new Set<string>();
  fields.forEach((f, i) => {
    const name = f.name.trim();
    if (!name) issues.push({ path: `customFields.${i}.name`, message: REQUIRED_MESSAGE });
    else if (name.length > 255)
      issues.push({ path: `customFields.${i}.name`, message: 'At most 255 characters' });
    else if (seen.has(name.toLowerCase()))
      issues.push({ path: `customFields.${i}.name`, message: `"${name}" is used by another custom field` });
    seen.add(name.toLowerCase());
    if (f.value.length > 2000)
      issues.push({ path: `customFields.${i}.value`, message: 'At most 2000 characters' });
  });
  return issues;
}

/**
 * Every validation rule of spec 01 §5 for a connected-account draft; empty when it may be saved.
 * Paths are `name`, `connector_type_slug`, `metadata.<key>` and `customFields.<i>.<name|value>`.
 * - name required; a connector type required;
 * - required fields: `always` ones must not be blank; `new` ones must not be blank on a new
 *   connection, nor on an edit that has nothing stored for them (a blank edit keeps a stored secret);
 * - SFTP: a password or a secret key, not both; a port from 1 to 65535;
 * - content manager: url and ims_url https hosts, proxy_url optional (an http(s) address);
 * - data warehouse: url an https host;
 * - Marketing Cloud: subdomain one DNS label (it becomes `<subdomain>.auth.marketingcloudapis.com`);
 * - Google Ads: customer_id digits only; Google ad servers: googleProfileId digits only;
 * - a new account of a direct-sign-in type (spec 01 §4) needs no credential field: the sign-in
 *   makes it; a field only the sign-in fills (googleConnectedEmail), when blank, asks for it;
 * - Google Cloud Storage: the key file a JSON object;
 * - a field or choice behind a feature flag needs the flag; a key the type does not have is refused;
 * - custom fields valid ({@link validateCustomFields}).
 */
export function validateConnector(
  draft: {
    name: string;
    type: ConnectorTypeDefinition | undefined;
    metadata: ConnectorMetadataDraft;
    customFields: readonly CustomFieldDraft[];
  },
  ctx: ConnectorRuleContext,
): ConnectorIssue[] {
  const issues: ConnectorIssue[] = [];
  if (!draft.name.trim()) issues.push({ path: 'name', message: REQUIRED_MESSAGE });
  const type = draft.type;
  if (!type) {
    issues.push({ path: 'connector_type_slug', message: REQUIRED_MESSAGE });
    return [...issues, ...validateCustomFields(draft.customFields)];
  }
  const m = draft.metadata;
  const check: MetadataCheck = {
    m,
    has: (key) => (m[key] ?? '').trim() !== '',
    add: (key, message) => {
      if (!issues.some((i) => i.path === `metadata.${key}`))
        issues.push({ path: `metadata.${key}`, message });
    },
  };
  checkOfferedFields(type, ctx, check);
  checkRequiredFields(type, ctx, check);
  checkFieldFormats(type, check);
  return [...issues, ...validateCustomFields(draft.customFields)];
}

/** What a metadata rule reads and how it reports: one issue per `metadata.<key>`, the first. */
interface MetadataCheck {
  readonly m: ConnectorMetadataDraft;
  /** Whether `key` holds a non-blank value. */
  has(key: string): boolean;
  /** Reports `message` on `metadata.<key>` unless that path already has an issue. */
  add(key: string, message: string): void;
}

/**
 * A key the type does not have, a field behind a feature flag the account lacks, and a choice
 * (auth method…) not among the type's options or behind a missing flag are refused.
 */
function checkOfferedFields(
  type: ConnectorTypeDefinition,
  ctx: ConnectorRuleContext,
  { m, has, add }: MetadataCheck,
): void {
  const known = new Set(allFieldsOf(type).map((f) => f.key));
  for (const key of Object.keys(m)) {
    if (!known.has(key) && has(key)) add(key, `${type.name} accounts have no field "${key}"`);
  }
  for (const f of allFieldsOf(type)) {
    if (f.flag && !ctx.features.includes(f.flag) && has(f.key))
      add(f.key, `${f.definition.label} needs the ${f.flag} feature`);
  }
  const choice = choiceOf(type, m);
  if (type.choiceKey) {
    const choiceField = allFieldsOf(type).find((f) => f.key === type.choiceKey);
    const option = choiceField?.definition.options?.find((o) => o.value === choice);
    if (!option)
      add(type.choiceKey, `Choose one of ${choiceField?.definition.options?.map((o) => o.value).join(', ')}`);
    else if (option.flag && !ctx.features.includes(option.flag))
      add(type.choiceKey, `${option.label} needs the ${option.flag} feature`);
  }
}

/**
 * Required visible fields: `always` ones not blank (a stored secret counts), `new` ones not blank
 * on a new connection nor when nothing is stored; a field only the sign-in fills asks for the
 * sign-in; a new account of a direct type needs none (spec 01 §4).
 */
function checkRequiredFields(
  type: ConnectorTypeDefinition,
  ctx: ConnectorRuleContext,
  { m, has, add }: MetadataCheck,
): void {
  // A new account of a direct type is made by the provider's answer, not saved (spec 01 §4).
  const madeBySignIn = ctx.isNew && type.oauth === 'direct';
  for (const f of visibleFields(type, m, ctx.features)) {
    if (has(f.key) || madeBySignIn) continue;
    if (f.definition.fromSignIn) {
      if (f.required) add(f.key, signInFillsMessage(type));
      continue;
    }
    const isStored = ctx.storedSecrets.includes(f.key);
    if (f.required === 'always' && !(f.definition.secret && isStored)) add(f.key, REQUIRED_MESSAGE);
    if (f.required === 'new' && (ctx.isNew || !isStored)) add(f.key, REQUIRED_MESSAGE);
  }
}

/**
 * The formats of spec 01 §5: SFTP password or key (not both) and port; https hosts and a proxy
 * address; a Marketing Cloud subdomain; digit-only ids; a JSON object key file.
 */
function checkFieldFormats(type: ConnectorTypeDefinition, { m, has, add }: MetadataCheck): void {
  if (type.family === 'sftp') {
    if (has('password') && has('client_secret')) add('client_secret', SFTP_BOTH_MESSAGE);
    if (has('port')) {
      const port = Number(m.port);
      if (!/^\d+$/.test(m.port!.trim()) || port < 1 || port > 65535) add('port', PORT_MESSAGE);
    }
  }
  if (type.family === 'content-manager' || type.family === 'data-warehouse') {
    for (const key of ['url', 'ims_url']) if (has(key) && !isHttpsHost(m[key]!)) add(key, HTTPS_HOST_MESSAGE);
    if (has('proxy_url') && !/^https?:\/\/[^\s/]+/.test(m.proxy_url!.trim()))
      add('proxy_url', PROXY_URL_MESSAGE);
  }
  if (
    type.family === 'marketing-cloud' &&
    has('subdomain') &&
    !/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(m.subdomain!.trim())
  )
    add('subdomain', SUBDOMAIN_MESSAGE);
  if (has('customer_id') && !/^\d+$/.test(m.customer_id!.trim())) add('customer_id', CUSTOMER_ID_MESSAGE);
  if (has('googleProfileId') && !/^\d{1,19}$/.test(m.googleProfileId!.trim()))
    add('googleProfileId', PROFILE_ID_MESSAGE);
  if (has('account_key_file')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(m.account_key_file!);
    } catch {
      parsed = null;
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
      add('account_key_file', KEY_FILE_MESSAGE);
  }
}

/**
 * Whether the drawer's submit is enabled (spec 01 §5): a connector type, a name, no save in
 * progress, no required field missing and valid custom fields, i.e. no issue at all.
 */
export function canSubmitConnector(issues: readonly ConnectorIssue[], isSaving: boolean): boolean {
  return !isSaving && issues.length === 0;
}

/**
 * Splits a valid draft's metadata into what is stored in the clear and the secrets to encrypt
 * (spec 01 §4 "Account edit"): only the current choice's fields whose flag is on count; blank
 * values are left out, so a blank secret keeps the stored one and a blank plain field is
 * removed. `dropSecrets` are the secret keys whose stored value must go (other choice's fields).
 */
export function splitConnectorMetadata(
  type: ConnectorTypeDefinition,
  metadata: ConnectorMetadataDraft,
  features: readonly FeatureFlag[],
): { plain: Record<string, string>; secrets: Record<string, string>; dropSecrets: string[] } {
  const plain: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  const shown = visibleFields(type, metadata, features);
  for (const f of shown) {
    const v = metadata[f.key];
    if (v === undefined || v.trim() === '') continue;
    // Secrets are kept byte for byte (a key file's or private key's whitespace matters).
    if (f.definition.secret) secrets[f.key] = v;
    else plain[f.key] = v.trim();
  }
  if (type.choiceKey) plain[type.choiceKey] = choiceOf(type, metadata) ?? '';
  const shownKeys = new Set(shown.map((f) => f.key));
  const dropSecrets = secretKeysOf(type).filter((k) => !shownKeys.has(k));
  return { plain, secrets, dropSecrets };
}
