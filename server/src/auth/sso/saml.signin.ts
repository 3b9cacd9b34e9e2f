import { AppError } from '@nomen/shared';
import type { IdentityProviderRow } from '@nomen/shared/db';
import * as samlRepo from '../../entities/sso/saml.repository';
import * as repo from '../../entities/sso/sso.repository';
import type { AppDeps } from '../../http/context';
import { sha256 } from '../crypto';
import { finishSaml, samlSettingsOf, spMetadataOf, type VerifiedSaml } from './saml';
import { type CallbackOutcome, finishTest, logRefusal, signInWith } from './sso.signin';
import { SsoRefusal } from './sso.types';

/**
 * SAML's half of the sign-in's endpoints (README "Single sign-on"): the Assertion Consumer
 * Service and the SP metadata. The ACS takes SP-initiated answers (InResponseTo names a request
 * this server started: the library checks it against `sso_states`, and the state is then taken
 * once) and IdP-initiated ones (no InResponseTo); either way the assertion's id is consumed once
 * (`saml_consumed_assertions`), so a replay is refused across server instances. The IdP's post
 * is cross-site, so the browser-binding cookie (SameSite=Lax) does not come with it: single use
 * of the request and of the assertion stand in for it. The verified identity then goes through
 * the protocol-free sign-in (sso.signin.ts): every refusal is logged and changes nothing.
 */

/** An outcome that signs nobody in: a refusal's page, or a test's end. */
function goTo(location: string): CallbackOutcome {
  return { location, session: null };
}

/** A started test this answer's RelayState names, taken once, or null. */
async function takeTest(deps: AppDeps, provider: IdentityProviderRow, relayState: string | undefined) {
  if (!relayState) return null;
  const row = await repo.takeState(deps.db, sha256(relayState));
  return row?.fresh && row.provider_id === provider.id && row.purpose === 'test' ? row : null;
}

/**
 * Verifies a posted Response for the provider; answers it, or the SsoRefusal (a replayed
 * SP-initiated answer named as such).
 */
async function verify(
  deps: AppDeps,
  provider: IdentityProviderRow,
  samlResponse: string,
): Promise<VerifiedSaml | SsoRefusal> {
  let replayed = false;
  try {
    return await finishSaml(samlSettingsOf(deps.config.appUrl, provider), samlResponse, async (requestId) => {
      const row = await samlRepo.requestState(deps.db, provider.id, requestId);
      if (row?.used_at) replayed = true;
      return row && !row.used_at && row.expires_at > new Date() ? row.created_at : null;
    });
  } catch (error) {
    if (!(error instanceof SsoRefusal)) throw error;
    if (replayed)
      return new SsoRefusal('This SAML answer was already used (a replay). Start the sign-in again.');
    return error;
  }
}

/**
 * `POST /api/v1/auth/sso/saml/{providerId}/acs`: verifies the IdP's Response, takes its request
 * (SP-initiated) and its assertion once, then signs in (or, for a test, keeps the outcome for the
 * settings page). Answers where the browser goes and the session to set.
 */
export async function samlAcs(
  deps: AppDeps,
  providerId: number,
  body: { SAMLResponse: string; RelayState?: string },
): Promise<CallbackOutcome> {
  const provider = await repo.findProviderForSignIn(deps.db, providerId);
  if (provider?.protocol !== 'saml')
    return goTo(await logRefusal(deps, null, 'This SAML provider is unknown.'));
  const at = { accountId: provider.account_id, provider };
  const verified = await verify(deps, provider, body.SAMLResponse);
  if (verified instanceof SsoRefusal) {
    const test = await takeTest(deps, provider, body.RelayState);
    if (test) return goTo(await finishTest(deps, test, provider, verified));
    return goTo(await logRefusal(deps, at, verified.message));
  }
  const email = verified.identity.email;
  let state: Awaited<ReturnType<typeof repo.takeState>>;
  if (verified.inResponseTo) {
    const request = await samlRepo.requestState(deps.db, provider.id, verified.inResponseTo);
    state = request && (await repo.takeState(deps.db, request.state_hash));
    if (!state?.fresh) {
      const why = 'This SAML answer was already used (a replay). Start the sign-in again.';
      return goTo(await logRefusal(deps, at, why, email));
    }
  }
  const fresh = await samlRepo.consumeAssertion(
    deps.db,
    provider.id,
    verified.assertionId,
    verified.assertionExpiresAt,
  );
  if (!fresh) {
    const why = 'This SAML assertion was already used (a replay). Start the sign-in again.';
    return goTo(await logRefusal(deps, at, why, email));
  }
  if (state?.purpose === 'test') return goTo(await finishTest(deps, state, provider, verified.identity));
  if (!provider.enabled) {
    return goTo(await logRefusal(deps, at, `Sign-in through ${provider.name} is turned off.`, email));
  }
  return signInWith(deps, provider, verified.identity);
}

/**
 * `GET /api/v1/auth/sso/saml/{providerId}/metadata`: Nomen's SP metadata for a SAML provider.
 * 404 for an unknown provider or one that does not use SAML.
 */
export async function samlMetadata(deps: AppDeps, providerId: number): Promise<string> {
  const provider = await repo.findProviderForSignIn(deps.db, providerId);
  if (provider?.protocol !== 'saml') throw AppError.notFound('SAML provider');
  return spMetadataOf(samlSettingsOf(deps.config.appUrl, provider));
}
