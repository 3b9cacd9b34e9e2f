import { randomBytes, X509Certificate } from 'node:crypto';
import {
  type CacheProvider,
  type Profile,
  SAML,
  SamlStatusError,
  ValidateInResponseTo,
} from '@node-saml/node-saml';
import { buildPath, SAML_ACS_PATH, SAML_METADATA_PATH, SAML_NAMEID_EMAIL } from '@nomen/shared';
import type { IdentityProviderRow } from '@nomen/shared/db';
import { DOMParser } from '@xmldom/xmldom';
import { type SsoIdentity, SsoRefusal } from './sso.types';

/**
 * The SAML 2.0 side of single sign-on, on `@node-saml/node-saml` (README "Single sign-on"): the
 * AuthnRequest (HTTP-Redirect binding, NameID format email) and the check of the IdP's Response
 * (HTTP-POST binding) — the XML signature over the assertion (xml-crypto, against the IdP's
 * certificates; one assertion only, so signature wrapping is refused), the audience (Nomen's SP
 * entity id), the validity window, and InResponseTo against the requests this server started
 * (the caller's `CacheProvider`, kept in the database) — all by the library. This module adds
 * what the library leaves to its caller: the assertion's issuer must be the IdP's entity id, and
 * the assertion's id and expiry are answered for its single use. Also Nomen's SP metadata, and
 * reading an IdP's metadata (entity id, single sign-on URL, signing certificates; no signature
 * is checked there — the certificates are what later checks trust, chosen by the admin).
 */

/** A SAML provider's settings: the IdP's side and Nomen's side for that provider. */
export interface SamlSettings {
  /** Nomen's SP entity id for the provider (the assertion's audience). */
  spEntityId: string;
  /** Nomen's Assertion Consumer Service URL for the provider. */
  acsUrl: string;
  idpEntityId: string;
  ssoUrl: string;
  /** The IdP's signing certificates, base64 DER. */
  certificates: string[];
  wantAssertionsSigned: boolean;
}

/** How far apart Nomen's and the IdP's clocks may be when checking an assertion's window. */
const CLOCK_SKEW_MS = 60_000;

/** Nomen's SP entity id, ACS URL and SP metadata URL for a provider, under APP_URL. */
export function spUrlsOf(appUrl: string, providerId: number) {
  const metadataUrl = appUrl + buildPath(SAML_METADATA_PATH, { providerId });
  return { spEntityId: metadataUrl, acsUrl: appUrl + buildPath(SAML_ACS_PATH, { providerId }), metadataUrl };
}

/** A provider's SAML settings from its row. */
export function samlSettingsOf(appUrl: string, provider: IdentityProviderRow): SamlSettings {
  const { spEntityId, acsUrl } = spUrlsOf(appUrl, provider.id);
  return {
    spEntityId,
    acsUrl,
    idpEntityId: provider.saml_idp_entity_id ?? '',
    ssoUrl: provider.saml_sso_url ?? '',
    certificates: provider.saml_certificates,
    wantAssertionsSigned: provider.saml_want_assertions_signed,
  };
}

/** The pending AuthnRequests the library asks about (InResponseTo): the caller's database look-up. */
export type PendingRequests = (requestId: string) => Promise<Date | null>;

/**
 * The library's cache of request ids, over the database: `getAsync` answers when a pending request
 * was started (null when unknown, used or expired); saving and removing are the caller's (the
 * request is stored with its sign-in state and taken, once, after the check).
 */
function cacheOver(pending: PendingRequests): CacheProvider {
  return {
    saveAsync: async () => null,
    getAsync: async (id) => (await pending(id))?.toISOString() ?? null,
    removeAsync: async () => null,
  };
}

function samlOf(settings: SamlSettings, options: { requestId?: string; pending?: PendingRequests } = {}) {
  return new SAML({
    issuer: settings.spEntityId,
    audience: settings.spEntityId,
    callbackUrl: settings.acsUrl,
    entryPoint: settings.ssoUrl,
    idpCert: settings.certificates,
    identifierFormat: SAML_NAMEID_EMAIL,
    wantAssertionsSigned: settings.wantAssertionsSigned,
    // Without a signature on the assertion itself, the Response's must cover it.
    wantAuthnResponseSigned: !settings.wantAssertionsSigned,
    validateInResponseTo: ValidateInResponseTo.ifPresent,
    requestIdExpirationPeriodMs: 10 * 60_000,
    cacheProvider: cacheOver(options.pending ?? (async () => null)),
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    disableRequestedAuthnContext: true,
    generateUniqueId: () => options.requestId ?? `_${randomBytes(20).toString('hex')}`,
  });
}

/**
 * Starts an SP-initiated sign-in: the IdP's URL carrying a fresh AuthnRequest and `relayState`,
 * and the request's id, which the caller stores (InResponseTo must name it). Throws SsoRefusal
 * when the provider has no single sign-on URL.
 */
export async function startSaml(
  settings: SamlSettings,
  relayState: string,
): Promise<{ url: string; requestId: string }> {
  if (!settings.ssoUrl) throw new SsoRefusal('This SAML provider has no single sign-on URL.');
  const requestId = `_${randomBytes(20).toString('hex')}`;
  const url = await samlOf(settings, { requestId }).getAuthorizeUrlAsync(relayState, undefined, {});
  return { url, requestId };
}

/** A verified SAML answer: the person, and what its single use needs. */
export interface VerifiedSaml {
  identity: SsoIdentity;
  /** The AuthnRequest it answers (SP-initiated), or null (IdP-initiated). */
  inResponseTo: string | null;
  assertionId: string;
  /** Until when the assertion could be accepted: its id is kept that long. */
  assertionExpiresAt: Date;
}

/** Words for the library's refusal of a Response. */
function describe(error: unknown): string {
  if (error instanceof SamlStatusError)
    return `The identity provider refused the sign-in (${error.message}).`;
  const message = error instanceof Error ? error.message : String(error);
  if (/signature/i.test(message)) {
    return "The SAML assertion's signature does not verify against the identity provider's certificate.";
  }
  if (/audience/i.test(message)) {
    return `The SAML assertion is meant for another service provider (${message}).`;
  }
  if (/expired|not yet valid|No valid subject confirmation/i.test(message))
    return 'The SAML assertion has expired or is not yet valid.';
  if (/InResponseTo/i.test(message)) {
    return 'This SAML answer does not match a sign-in started here, or it was already used.';
  }
  return `The identity provider's SAML answer failed a check: ${message}`;
}

type Xml2Js = Record<string, unknown> & { $?: Record<string, string> };

/** The first element `name` of a parsed (xml2js) node. */
function child(node: Xml2Js | undefined, name: string): Xml2Js | undefined {
  const list = node?.[name];
  return Array.isArray(list) ? (list[0] as Xml2Js) : undefined;
}

function dateOf(value: string | undefined): Date | null {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

const EMAIL_ATTRIBUTES = [
  'email',
  'mail',
  'emailaddress',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  'urn:oid:0.9.2342.19200300.100.1.3',
];
const NAME_ATTRIBUTES = ['name', 'displayName', 'http://schemas.microsoft.com/identity/claims/displayname'];

/** The first string value among the attributes `names`. */
function firstString(attributes: Record<string, unknown>, names: string[]): string | null {
  for (const name of names) {
    const value = attributes[name];
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first.trim()) return first.trim();
  }
  return null;
}

/** The protocol-free identity of a verified profile: NameID as subject, the email, every attribute as a claim. */
function identityOf(profile: Profile, sessionEnds: Date | null): SsoIdentity {
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  const nameIdIsEmail =
    profile.nameIDFormat === SAML_NAMEID_EMAIL || /^[^@\s]+@[^@\s]+$/.test(profile.nameID);
  const email = firstString(attributes, EMAIL_ATTRIBUTES) ?? (nameIdIsEmail ? profile.nameID : null);
  const name = firstString(attributes, NAME_ATTRIBUTES);
  return {
    subject: profile.nameID,
    email,
    emailVerified: null,
    claims: { ...attributes, ...(name ? { name } : {}), name_id: profile.nameID },
    expiresAt: sessionEnds,
  };
}

/**
 * Checks an IdP's Response (the ACS's `SAMLResponse`) with the library, then its issuer against
 * the provider's IdP entity id. `pending` answers for the AuthnRequests this server started.
 * Throws SsoRefusal with the reason on any failure.
 */
export async function finishSaml(
  settings: SamlSettings,
  samlResponse: string,
  pending: PendingRequests,
): Promise<VerifiedSaml> {
  let profile: Profile | null;
  try {
    ({ profile } = await samlOf(settings, { pending }).validatePostResponseAsync({
      SAMLResponse: samlResponse,
    }));
  } catch (error) {
    throw new SsoRefusal(describe(error));
  }
  if (!profile?.nameID) throw new SsoRefusal('The SAML answer holds no assertion naming a person.');
  if (profile.issuer !== settings.idpEntityId) {
    throw new SsoRefusal(
      `The SAML assertion comes from an unknown issuer (${profile.issuer ?? 'none'}), not ${settings.idpEntityId}.`,
    );
  }
  const assertion = (profile.getAssertion?.() as { Assertion?: Xml2Js } | undefined)?.Assertion;
  const assertionId = assertion?.$?.ID;
  if (!assertionId) throw new SsoRefusal('The SAML assertion has no ID.');
  const conditionsEnd = dateOf(child(assertion, 'Conditions')?.$?.NotOnOrAfter);
  const confirmation = child(
    child(child(assertion, 'Subject'), 'SubjectConfirmation'),
    'SubjectConfirmationData',
  );
  const latest = Math.max(
    conditionsEnd?.getTime() ?? 0,
    dateOf(confirmation?.$?.NotOnOrAfter)?.getTime() ?? 0,
    Date.now() + 3600_000,
  );
  const sessionEnds = dateOf(child(assertion, 'AuthnStatement')?.$?.SessionNotOnOrAfter);
  return {
    identity: identityOf(profile, sessionEnds),
    inResponseTo: typeof profile.inResponseTo === 'string' ? profile.inResponseTo : null,
    assertionId,
    assertionExpiresAt: new Date(latest + CLOCK_SKEW_MS),
  };
}

/** Nomen's SP metadata for a provider: entity id, ACS (HTTP-POST), NameID format email, signed assertions wanted. */
export function spMetadataOf(settings: SamlSettings): string {
  return samlOf(settings).generateServiceProviderMetadata(null, null);
}

/** What an IdP's metadata states. */
export interface IdpMetadata {
  entityId: string | null;
  ssoUrl: string | null;
  certificates: string[];
}

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/**
 * Reads an IdP's metadata (an EntityDescriptor, or the first of an EntitiesDescriptor with an
 * IDPSSODescriptor): its entity id, the HTTP-Redirect single sign-on URL, and the signing
 * certificates (base64 DER). Throws Error with the reason when it is not such XML.
 */
export function readIdpMetadata(xml: string): IdpMetadata {
  const errors: string[] = [];
  const collect = (message: string) => {
    errors.push(message);
  };
  const doc = new DOMParser({ errorHandler: { error: collect, fatalError: collect } }).parseFromString(
    xml,
    'text/xml',
  );
  if (errors.length > 0 || !doc?.documentElement) throw new Error(`It is not XML (${errors[0] ?? 'empty'})`);
  const idp = doc.getElementsByTagNameNS(MD, 'IDPSSODescriptor')[0];
  if (!idp) throw new Error('It holds no IDPSSODescriptor (is it the IdP’s metadata?)');
  const entity = idp.parentNode as Element | null;
  const sso = Array.from(idp.getElementsByTagNameNS(MD, 'SingleSignOnService')).find(
    (s) => s.getAttribute('Binding') === REDIRECT_BINDING,
  );
  const certificates = Array.from(idp.getElementsByTagNameNS(MD, 'KeyDescriptor'))
    .filter((k) => (k.getAttribute('use') ?? 'signing') === 'signing')
    .flatMap((k) => Array.from(k.getElementsByTagNameNS(DS, 'X509Certificate')))
    .map((c) => (c.textContent ?? '').replace(/\s+/g, ''))
    .filter(Boolean);
  return {
    entityId: entity?.getAttribute?.('entityID') || null,
    ssoUrl: sso?.getAttribute('Location') || null,
    certificates: [...new Set(certificates)],
  };
}

/**
 * A certificate as stored (base64 DER, no whitespace) from PEM or base64. Throws Error when it is
 * not an X.509 certificate.
 */
export function normalizeCertificate(text: string): string {
  const base64 = text
    .replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')
    .replace(/\s+/g, '')
    .trim();
  try {
    new X509Certificate(Buffer.from(base64, 'base64'));
  } catch {
    throw new Error('This is not an X.509 certificate (PEM or base64)');
  }
  return base64;
}
