import { z } from 'zod';
import { emailSchema } from '../auth/auth.contract';
import { endpoint } from '../core/contract';
import { ROLES } from '../core/permissions';
import { idParamSchema, idSchema, okSchema, requiredName, text, updatedAtSchema } from '../core/schemas';
import { EMAIL_DOMAIN_PATTERN } from './sso.rules';

/**
 * Single sign-on (README "Single sign-on"): the identity providers an account configures in
 * Settings → Single sign-on, "Require SSO", the sign-in page's routing by email domain, and the
 * sign-in itself. The shared part of a provider is protocol-free; each protocol (`oidc` now, `saml`
 * next) adds its own block, keyed by the protocol's name.
 */

/** The protocols a provider may speak. */
export const SSO_PROTOCOLS = ['oidc', 'saml'] as const;
/** One protocol. */
export type SsoProtocol = (typeof SSO_PROTOCOLS)[number];

/** Where an OpenID provider sends the browser back: APP_URL followed by this path. */
export const OIDC_CALLBACK_PATH = '/api/v1/auth/sso/oidc/callback';

/**
 * Where a SAML IdP posts its Response (the Assertion Consumer Service, HTTP-POST binding): APP_URL
 * followed by this path, the provider's id filled in. One per provider, so the IdP-initiated
 * sign-in names its provider.
 */
export const SAML_ACS_PATH = '/api/v1/auth/sso/saml/:providerId/acs';

/** The provider's SP metadata (XML); APP_URL followed by it is also Nomen's SP entity id for that provider. */
export const SAML_METADATA_PATH = '/api/v1/auth/sso/saml/:providerId/metadata';

/** The NameID format Nomen asks a SAML IdP for: the email address. */
export const SAML_NAMEID_EMAIL = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/** The scopes an OpenID Connect provider is asked for unless the admin says otherwise. */
export const DEFAULT_OIDC_SCOPES = 'openid email profile';

/** One mapping rule as the API answers it (shared/src/sso/sso.rules.ts `mapAccess`). */
export const mappingRuleSchema = z.object({
  claim: z.string(),
  value: z.string(),
  role: z.enum(ROLES).nullable(),
  group_id: z.number().nullable(),
});
export type MappingRuleView = z.infer<typeof mappingRuleSchema>;

/** A provider's OpenID Connect settings as answered: the client secret never, only whether it is set. */
export const oidcSettingsSchema = z.object({
  issuer: z.string(),
  client_id: z.string(),
  scopes: z.string(),
  client_secret_set: z.boolean(),
});

/**
 * A provider's SAML settings as answered: the IdP's side (entity id, single sign-on URL, signing
 * certificates as base64 DER, where they were read from) and the values to paste at the IdP (SP
 * entity id, ACS URL, SP metadata URL).
 */
export const samlSettingsSchema = z.object({
  idp_entity_id: z.string(),
  sso_url: z.string(),
  certificates: z.array(z.string()),
  metadata_url: z.string().nullable(),
  want_assertions_signed: z.boolean(),
  sp_entity_id: z.string(),
  acs_url: z.string(),
  sp_metadata_url: z.string(),
});
export type SamlSettings = z.infer<typeof samlSettingsSchema>;

/** An identity provider of the account (README "Single sign-on"). */
export const identityProviderSchema = z.object({
  id: z.number(),
  name: z.string(),
  protocol: z.enum(SSO_PROTOCOLS),
  enabled: z.boolean(),
  email_domains: z.array(z.string()),
  jit_enabled: z.boolean(),
  default_role: z.enum(ROLES),
  mapping_rules: z.array(mappingRuleSchema),
  /** Sessions from this provider end when the IdP's ID token (or assertion) says it expires. */
  bound_session_to_idp: z.boolean(),
  oidc: oidcSettingsSchema.nullable(),
  saml: samlSettingsSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type IdentityProvider = z.infer<typeof identityProviderSchema>;

const domainSchema = text(253)
  .trim()
  .toLowerCase()
  .regex(EMAIL_DOMAIN_PATTERN, 'Enter a domain such as acme.com (no @, no scheme)');

const mappingRuleSaveSchema = z
  .object({
    claim: text(200).trim().min(1, 'Required'),
    value: text(500).trim().min(1, 'Required'),
    role: z.enum(ROLES).nullish(),
    group_id: idSchema.nullish(),
  })
  .refine((rule) => (rule.role ? 1 : 0) + (rule.group_id ? 1 : 0) === 1, {
    message: 'Give the rule either a role or a group',
    path: ['role'],
  });

/** The shared, protocol-free part of a provider's save. */
const providerSaveBase = {
  name: requiredName,
  enabled: z.boolean().default(true),
  email_domains: z
    .array(domainSchema)
    .max(50, 'At most 50 domains')
    .refine((list) => new Set(list).size === list.length, 'A domain is listed twice')
    .default([]),
  jit_enabled: z.boolean().default(false),
  default_role: z.enum(ROLES).default('USER'),
  mapping_rules: z.array(mappingRuleSaveSchema).max(100, 'At most 100 rules').default([]),
  bound_session_to_idp: z.boolean().default(false),
  updated_at: updatedAtSchema,
};

/** An http(s) URL without credentials, query or fragment: an OpenID issuer. */
const issuerSchema = text(2000)
  .trim()
  .pipe(z.url({ protocol: /^https?$/, error: 'Enter the issuer URL, e.g. https://acme.okta.com' }))
  .refine((u) => {
    const url = URL.parse(u);
    return !url || (!url.username && !url.password && !url.search && !url.hash);
  }, 'The issuer URL has no user, query or fragment');

/**
 * The OpenID Connect block of a save: issuer (discovery runs from it), client id and secret (a
 * blank or absent secret keeps the stored one on an edit; required on a create), scopes (openid
 * is added when left out).
 */
export const oidcSaveSchema = z.object({
  issuer: issuerSchema,
  client_id: text(500).trim().min(1, 'Required'),
  client_secret: text(2000).optional(),
  scopes: text(500).trim().default(DEFAULT_OIDC_SCOPES),
});

/** An http(s) URL, or '' for none: a SAML metadata or single sign-on URL. */
const samlUrlSchema = text(2000)
  .trim()
  .refine((u) => u === '' || /^https?:$/.test(URL.parse(u)?.protocol ?? ''), 'Enter an http(s) URL');

/**
 * The SAML block of a save. The IdP's side comes from its metadata — `metadata_url` (fetched on
 * each save) or `metadata_xml` (pasted) — or is typed in: `idp_entity_id`, `sso_url` and at least
 * one signing certificate (PEM or base64). What the metadata states wins over typed values. Signed
 * assertions are always required: with `want_assertions_signed` off, a signed Response covering
 * the assertion is accepted instead of a signature on the assertion itself.
 */
export const samlSaveSchema = z.object({
  metadata_url: samlUrlSchema.nullish(),
  metadata_xml: text(500_000).trim().nullish(),
  idp_entity_id: text(1000).trim().nullish(),
  sso_url: samlUrlSchema.nullish(),
  certificates: z.array(text(20_000).trim().min(1, 'Required')).max(5, 'At most 5 certificates').default([]),
  want_assertions_signed: z.boolean().default(true),
});

/**
 * Creating or changing an identity provider: the shared settings and the protocol's own block,
 * a discriminated union on `protocol` (`{protocol: 'oidc', oidc: …}` or `{protocol: 'saml', saml: …}`).
 */
export const identityProviderSaveSchema = z.discriminatedUnion('protocol', [
  z.object({ ...providerSaveBase, protocol: z.literal('oidc'), oidc: oidcSaveSchema }),
  z.object({ ...providerSaveBase, protocol: z.literal('saml'), saml: samlSaveSchema }),
]);

/** The OpenID Connect variant of a provider's save (the settings drawer's form). */
export const oidcProviderSaveSchema = identityProviderSaveSchema.options[0];
/** The SAML variant of a provider's save. */
export const samlProviderSaveSchema = identityProviderSaveSchema.options[1];
export type IdentityProviderSave = z.input<typeof identityProviderSaveSchema>;

/** Who may be the break-glass admin: the account's enabled ADMIN users. */
export const breakGlassCandidateSchema = z.object({ id: z.number(), name: z.string(), email: z.string() });

/** "Require SSO" and who may still sign in with a password (the break-glass admin). */
export const ssoEnforcementSchema = z.object({
  require_sso: z.boolean(),
  break_glass_user_id: z.number().nullable(),
  candidates: z.array(breakGlassCandidateSchema),
});
export type SsoEnforcement = z.infer<typeof ssoEnforcementSchema>;

/** Saving "Require SSO": turning it on needs a break-glass admin and an enabled provider. */
export const ssoEnforcementSaveSchema = z.object({
  require_sso: z.boolean(),
  break_glass_user_id: idSchema.nullable(),
});

/** The outcome of a test sign-in, once the IdP has sent the browser back. */
export const ssoTestResultSchema = z.object({
  status: z.enum(['pending', 'ok', 'refused']),
  /** What happened, in words: the refusal's reason, or what a real sign-in would do. */
  message: z.string(),
  /** The claims (or attributes) the IdP sent. */
  claims: z.record(z.string(), z.unknown()),
  email: z.string().nullable(),
  /** The role and groups the mapping would give. */
  role: z.enum(ROLES).nullable(),
  group_ids: z.array(z.number()),
});
export type SsoTestResult = z.infer<typeof ssoTestResultSchema>;

/** What the sign-in page offers for an email: the providers its domain routes to. */
export const ssoDiscoverySchema = z.object({
  providers: z.array(z.object({ id: z.number(), name: z.string(), start_url: z.string() })),
  /** False when the domain's account requires SSO: the page hides the password (break-glass aside). */
  password_allowed: z.boolean(),
});
export type SsoDiscovery = z.infer<typeof ssoDiscoverySchema>;

/** Where a refused sign-in sends the browser: the sign-in page, with the reason. */
const refusedLocation = z
  .string()
  .regex(/^\/login\?sso_error=[^&]+$/)
  .describe('Refused: the sign-in page shows the reason (sso_error); nothing is created or changed');

/** Where an IdP's answer (OpenID Connect callback or SAML ACS) sends the browser next. */
const signInOutcomeLocation = z
  .union([
    z
      .string()
      .regex(/^\/[^/]/)
      .describe('Signed in: the session cookie is set and the browser goes to the app'),
    z
      .string()
      .regex(/^\/sso\/test-finished\?test=[0-9a-f-]+$/)
      .describe("A test sign-in's end: the outcome is kept for the settings page"),
    refusedLocation,
  ])
  .describe('Where the browser goes next');

/** Single sign-on settings endpoints (ours: spec 01 is silent on SSO). */
export const ssoApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/account/sso/providers',
    tag: 'Single sign-on',
    summary: "The account's identity providers, and the redirect URI to register at an OpenID provider.",
    permission: 'all_privileges',
    response: z.object({ data: z.array(identityProviderSchema), oidc_redirect_uri: z.string() }),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v1/account/sso/providers/:id',
    tag: 'Single sign-on',
    summary: 'One identity provider (its client secret only as client_secret_set).',
    permission: 'all_privileges',
    params: idParamSchema,
    response: z.object({ provider: identityProviderSchema }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v1/account/sso/providers',
    tag: 'Single sign-on',
    summary: 'Add an identity provider; the client secret is stored encrypted.',
    permission: 'all_privileges',
    status: 201,
    body: identityProviderSaveSchema,
    response: z.object({ provider: identityProviderSchema }),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/v1/account/sso/providers/:id',
    tag: 'Single sign-on',
    summary: 'Change an identity provider; a blank client secret keeps the stored one. 409 when stale.',
    permission: 'all_privileges',
    params: idParamSchema,
    body: identityProviderSaveSchema,
    response: z.object({ provider: identityProviderSchema }),
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/v1/account/sso/providers/:id',
    tag: 'Single sign-on',
    summary:
      'Delete an identity provider and its links to users (the users stay). 400 while SSO is required and it is the last enabled one.',
    permission: 'all_privileges',
    params: idParamSchema,
    response: okSchema,
  }),
  startTest: endpoint({
    method: 'POST',
    path: '/api/v1/account/sso/providers/:id/test',
    tag: 'Single sign-on',
    summary:
      'Start a test sign-in: answers the URL to open in a popup and the id under which its outcome is read. Creates no session and changes no user.',
    permission: 'all_privileges',
    sessionOnly: true,
    params: idParamSchema,
    errors: ['PROVIDER_ERROR'],
    response: z.object({ test_id: z.string(), url: z.string() }),
  }),
  testResult: endpoint({
    method: 'GET',
    path: '/api/v1/account/sso/tests/:testId',
    tag: 'Single sign-on',
    summary:
      "A test sign-in's outcome: pending until the IdP sends the browser back, then the claims received.",
    permission: 'all_privileges',
    sessionOnly: true,
    params: z.object({ testId: z.uuid('Unknown test') }),
    response: ssoTestResultSchema,
  }),
  enforcement: endpoint({
    method: 'GET',
    path: '/api/v1/account/sso/enforcement',
    tag: 'Single sign-on',
    summary: '"Require SSO", the break-glass admin and who may be it.',
    permission: 'all_privileges',
    response: ssoEnforcementSchema,
  }),
  saveEnforcement: endpoint({
    method: 'PUT',
    path: '/api/v1/account/sso/enforcement',
    tag: 'Single sign-on',
    summary:
      'Turn "Require SSO" on or off: password sign-in is then refused to everyone but the break-glass admin.',
    permission: 'all_privileges',
    body: ssoEnforcementSaveSchema,
    response: ssoEnforcementSchema,
  }),
};

/** Single sign-on endpoints of the sign-in page (public). */
export const ssoAuthApi = {
  discover: endpoint({
    method: 'POST',
    path: '/api/v1/auth/sso/discover',
    tag: 'Auth',
    summary:
      "Which identity providers an email's domain routes to, and whether its account still takes passwords.",
    permission: null,
    body: z.object({ email: emailSchema }),
    response: ssoDiscoverySchema,
  }),
  start: endpoint({
    method: 'GET',
    path: '/api/v1/auth/sso/:providerId/start',
    tag: 'Auth',
    summary:
      'Start a sign-in through an identity provider: binds state, nonce and PKCE to this browser (HttpOnly cookie) and redirects to the IdP.',
    permission: null,
    params: z.object({ providerId: idParamSchema.shape.id }),
    status: 302,
    response: z
      .union([z.string().url().describe("The IdP's authorization URL"), refusedLocation])
      .describe("The IdP's authorization URL, or /login?sso_error=… for an unknown or disabled provider"),
  }),
  oidcCallback: endpoint({
    method: 'GET',
    path: OIDC_CALLBACK_PATH,
    tag: 'Auth',
    summary:
      'Where an OpenID provider returns: checks state (this browser, once), the code (PKCE), the ID token (issuer, audience, nonce, expiry), the email domain and the user, then signs in.',
    permission: null,
    query: z.object({
      code: text(4000).optional(),
      state: text(500).optional(),
      iss: text(2000).optional(),
      error: text(500).optional(),
      error_description: text(2000).optional(),
      session_state: text(500).optional(),
    }),
    status: 302,
    response: signInOutcomeLocation,
  }),
  samlAcs: endpoint({
    method: 'POST',
    path: SAML_ACS_PATH,
    tag: 'Auth',
    summary:
      "Where a SAML IdP posts its Response (HTTP-POST binding), SP- or IdP-initiated: the library checks the signature over the assertion, audience, validity window and InResponseTo; then the issuer, the assertion's single use, the email domain and the user, then signs in.",
    permission: null,
    params: z.object({ providerId: idParamSchema.shape.id }),
    requestMediaType: 'application/x-www-form-urlencoded',
    bodyLimit: 512 * 1024,
    body: z.object({
      SAMLResponse: text(500_000).min(1, 'Required'),
      RelayState: text(500).optional(),
    }),
    status: 302,
    response: signInOutcomeLocation,
  }),
  samlMetadata: endpoint({
    method: 'GET',
    path: SAML_METADATA_PATH,
    tag: 'Auth',
    summary:
      "Nomen's SP metadata for a SAML provider (entity id, ACS URL, NameID format email, signed assertions wanted), to give the IdP. 404 for an unknown or non-SAML provider.",
    permission: null,
    params: z.object({ providerId: idParamSchema.shape.id }),
    responseMediaType: 'application/samlmetadata+xml',
    response: z.string().describe('The SP metadata: an md:EntityDescriptor'),
  }),
};
