import { AppError, type SamlSettings, type samlSaveSchema } from '@nomen/shared';
import type { IdentityProviderRow } from '@nomen/shared/db';
import type { z } from 'zod';
import { normalizeCertificate, readIdpMetadata, spUrlsOf } from '../../auth/sso/saml';
import type { AppDeps } from '../../http/context';

/**
 * Settings → Single sign-on, SAML's block (README "Single sign-on"): what a save stores of the
 * IdP (read from its metadata URL or XML, else typed in) and what the settings page shows,
 * Nomen's values to paste at the IdP included.
 */

type SamlSave = z.output<typeof samlSaveSchema>;

/** How long the IdP's metadata URL may take to answer. */
const METADATA_TIMEOUT_MS = 15_000;
/** The most of an IdP's metadata read from its URL. */
const METADATA_MAX_BYTES = 500_000;

/** The IdP's metadata at `url`, through the outbound rule. 400 on body.saml.metadata_url when it cannot be read. */
async function fetchMetadata(deps: AppDeps, url: string): Promise<string> {
  try {
    const res = await deps.config.outbound.fetch(url, { signal: AbortSignal.timeout(METADATA_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`it answered HTTP ${res.status}`);
    const text = await res.text();
    if (text.length > METADATA_MAX_BYTES) throw new Error('it is larger than 500 kB');
    return text;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw AppError.badField('body.saml.metadata_url', `The metadata could not be read: ${message}`);
  }
}

/**
 * The `saml_*` columns of a save: the metadata (fetched from its URL, else as pasted) read for the
 * IdP's entity id, single sign-on URL and certificates, else the typed values. A provider saved
 * turned off may leave the IdP's side empty (the admin then has Nomen's SP values to give the IdP
 * first). 400 naming the field for metadata that cannot be read or holds no IdP, and for a
 * missing entity id, single sign-on URL or certificate, or a certificate that is not one.
 */
export async function samlColumnsOf(deps: AppDeps, input: SamlSave, enabled: boolean) {
  const given =
    input.metadata_url || input.metadata_xml?.trim() || input.idp_entity_id?.trim() || input.sso_url;
  if (!enabled && !given && input.certificates.length === 0) {
    return {
      saml_idp_entity_id: null,
      saml_sso_url: null,
      saml_certificates: [],
      saml_metadata_url: null,
      saml_metadata_xml: null,
      saml_want_assertions_signed: input.want_assertions_signed,
    };
  }
  let xml = input.metadata_xml?.trim() || null;
  const metadataUrl = input.metadata_url || null;
  if (metadataUrl) xml = await fetchMetadata(deps, metadataUrl);
  const field = metadataUrl ? 'body.saml.metadata_url' : 'body.saml.metadata_xml';
  let stated = {
    entityId: null as string | null,
    ssoUrl: null as string | null,
    certificates: [] as string[],
  };
  if (xml) {
    try {
      stated = readIdpMetadata(xml);
    } catch (error) {
      throw AppError.badField(field, `The metadata cannot be read: ${(error as Error).message}`);
    }
  }
  const entityId = stated.entityId ?? input.idp_entity_id?.trim();
  if (!entityId) {
    const why = 'Required: the IdP entity id (or save the provider turned off to see Nomen’s values first)';
    throw AppError.badField(xml ? field : 'body.saml.idp_entity_id', why);
  }
  const ssoUrl = stated.ssoUrl ?? (input.sso_url || null);
  if (!ssoUrl) throw AppError.badField(xml ? field : 'body.saml.sso_url', 'Required: the single sign-on URL');
  const typed = stated.certificates.length > 0 ? stated.certificates : input.certificates;
  if (typed.length === 0) {
    throw AppError.badField(xml ? field : 'body.saml.certificates', 'Required: the IdP signing certificate');
  }
  const certificates = typed.map((text, i) => {
    try {
      return normalizeCertificate(text);
    } catch (error) {
      const at = stated.certificates.length > 0 ? field : `body.saml.certificates.${i}`;
      throw AppError.badField(at, (error as Error).message);
    }
  });
  return {
    saml_idp_entity_id: entityId,
    saml_sso_url: ssoUrl,
    saml_certificates: certificates,
    saml_metadata_url: metadataUrl,
    saml_metadata_xml: xml,
    saml_want_assertions_signed: input.want_assertions_signed,
  };
}

/** A SAML provider's settings as the page shows them, with Nomen's SP values for the IdP. */
export function samlViewOf(appUrl: string, row: IdentityProviderRow): SamlSettings {
  const sp = spUrlsOf(appUrl, row.id);
  return {
    idp_entity_id: row.saml_idp_entity_id ?? '',
    sso_url: row.saml_sso_url ?? '',
    certificates: row.saml_certificates,
    metadata_url: row.saml_metadata_url,
    want_assertions_signed: row.saml_want_assertions_signed,
    sp_entity_id: sp.spEntityId,
    acs_url: sp.acsUrl,
    sp_metadata_url: sp.metadataUrl,
  };
}
