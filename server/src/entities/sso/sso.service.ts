import {
  AppError,
  emailDomainOf,
  type IdentityProvider,
  type identityProviderSaveSchema,
  OIDC_CALLBACK_PATH,
  type SsoDiscovery,
  type SsoEnforcement,
  type SsoTestResult,
  type ssoEnforcementSaveSchema,
} from '@nomen/shared';
import type { Database, IdentityProviderRow } from '@nomen/shared/db';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { beginAt, sealClientSecret } from '../../auth/sso/sso.signin';
import { SsoRefusal } from '../../auth/sso/sso.types';
import type { Actor, AppDeps } from '../../http/context';
import * as accountsRepo from '../accounts/accounts.repository';
import { recordActivity } from '../activities/activities.service';
import { assertNotStale } from '../guards';
import * as usersRepo from '../users/users.repository';
import { samlColumnsOf, samlViewOf } from './saml.service';
import * as repo from './sso.repository';

/**
 * Settings → Single sign-on (README "Single sign-on"): the account's identity providers (client
 * secrets stored encrypted, answered only as `client_secret_set`), "Require SSO" with its
 * break-glass admin, the test sign-in's start and outcome, and the sign-in page's routing by
 * email domain. Changes are audited without secrets.
 */

type ProviderSave = z.output<typeof identityProviderSaveSchema>;

function toView(appUrl: string, row: IdentityProviderRow): IdentityProvider {
  return {
    id: row.id,
    name: row.name,
    protocol: row.protocol,
    enabled: row.enabled,
    email_domains: row.email_domains,
    jit_enabled: row.jit_enabled,
    default_role: row.default_role,
    mapping_rules: row.mapping_rules.map((r) => ({
      claim: r.claim,
      value: r.value,
      role: r.role ?? null,
      group_id: r.group_id ?? null,
    })),
    bound_session_to_idp: row.bound_session_to_idp,
    oidc:
      row.protocol === 'oidc'
        ? {
            issuer: row.oidc_issuer ?? '',
            client_id: row.oidc_client_id ?? '',
            scopes: row.oidc_scopes ?? '',
            client_secret_set: Boolean(row.oidc_client_secret),
          }
        : null,
    saml: row.protocol === 'saml' ? samlViewOf(appUrl, row) : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** What the activity log compares: the view without timestamps (the secret only as set or not). */
function audited(view: IdentityProvider) {
  const { created_at: _c, updated_at: _u, id: _i, ...rest } = view;
  return rest;
}

/** The account's providers and the redirect URI an OpenID provider must know. */
export async function listProviders(deps: AppDeps, actor: Actor) {
  const rows = await repo.listProviders(deps.db, actor.accountId);
  return {
    data: rows.map((r) => toView(deps.config.appUrl, r)),
    oidc_redirect_uri: deps.config.appUrl + OIDC_CALLBACK_PATH,
  };
}

/** One provider; 404 when not the account's. */
export async function getProvider(deps: AppDeps, actor: Actor, id: number) {
  const row = await repo.findProvider(deps.db, actor.accountId, id);
  if (!row) throw AppError.notFound('Identity provider');
  return { provider: toView(deps.config.appUrl, row) };
}

/**
 * Checks a save against the account: groups of the rules exist (404 naming them otherwise), no
 * domain is routed by another of the account's providers, a plain-http issuer only outside
 * production (400 naming the field).
 */
async function checkSave(
  trx: Transaction<Database>,
  deps: AppDeps,
  actor: Actor,
  input: ProviderSave,
  id: number | null,
) {
  const groupIds = input.mapping_rules.flatMap((r) => (r.group_id ? [r.group_id] : []));
  const existing = await usersRepo.existingGroupIds(trx, actor.accountId, groupIds);
  const missing = groupIds.findIndex((g) => !existing.includes(g));
  if (missing >= 0)
    throw AppError.badField(`body.mapping_rules.${missing}.group_id`, 'This group does not exist');
  const others = (await repo.listProviders(trx, actor.accountId)).filter((p) => p.id !== id);
  for (const [i, domain] of input.email_domains.entries()) {
    const holder = others.find((p) => p.email_domains.includes(domain));
    if (holder)
      throw AppError.badField(`body.email_domains.${i}`, `${domain} already routes to ${holder.name}`);
  }
  if (input.protocol === 'oidc' && deps.config.isProduction && input.oidc.issuer.startsWith('http:')) {
    throw AppError.badField('body.oidc.issuer', 'The issuer must use https');
  }
}

/** The OpenID Connect columns of a save (the other protocol's cleared); the client secret sealed, or kept when left blank. */
function oidcColumnsOf(deps: AppDeps, actor: Actor, input: ProviderSave, storedSecret: string | null) {
  if (input.protocol !== 'oidc') {
    return { oidc_issuer: null, oidc_client_id: null, oidc_client_secret: null, oidc_scopes: null };
  }
  const secret = input.oidc.client_secret?.trim();
  return {
    oidc_issuer: input.oidc.issuer.replace(/\/$/, ''),
    oidc_client_id: input.oidc.client_id,
    oidc_client_secret: secret ? sealClientSecret(deps, actor.accountId, secret) : storedSecret,
    oidc_scopes: input.oidc.scopes,
  };
}

/** The stored columns of a save: the shared ones and the protocol's (`protocolColumns`, SAML's resolved before). */
function columnsOf(
  deps: AppDeps,
  actor: Actor,
  input: ProviderSave,
  storedSecret: string | null,
  samlColumns: Awaited<ReturnType<typeof samlColumnsOf>> | null,
) {
  return {
    name: input.name,
    protocol: input.protocol,
    enabled: input.enabled,
    email_domains: input.email_domains,
    jit_enabled: input.jit_enabled,
    default_role: input.default_role,
    mapping_rules: JSON.stringify(
      input.mapping_rules.map((r) => ({
        claim: r.claim,
        value: r.value,
        role: r.role ?? null,
        group_id: r.group_id ?? null,
      })),
    ),
    bound_session_to_idp: input.bound_session_to_idp,
    ...oidcColumnsOf(deps, actor, input, storedSecret),
    ...(samlColumns ?? {
      saml_idp_entity_id: null,
      saml_sso_url: null,
      saml_certificates: [],
      saml_metadata_url: null,
      saml_metadata_xml: null,
      saml_want_assertions_signed: true,
    }),
  };
}

/**
 * Creates (id null) or changes a provider, audited, in one transaction. 400 naming the field for a
 * create without a client secret, a domain another provider routes, a group that does not exist;
 * 404 for another account's id; 409 for a duplicate name or a stale write.
 */
export async function saveProvider(deps: AppDeps, actor: Actor, id: number | null, input: ProviderSave) {
  if (id === null && input.protocol === 'oidc' && !input.oidc.client_secret?.trim()) {
    throw AppError.badField('body.oidc.client_secret', 'Required');
  }
  // The IdP's metadata is read before the transaction (its URL may take a while).
  const samlColumns = input.protocol === 'saml' ? await samlColumnsOf(deps, input.saml, input.enabled) : null;
  return deps.db.transaction().execute(async (trx) => {
    await checkSave(trx, deps, actor, input, id);
    let before: IdentityProvider | null = null;
    let row: IdentityProviderRow;
    if (id === null) {
      row = await repo.insertProvider(trx, {
        account_id: actor.accountId,
        ...columnsOf(deps, actor, input, null, samlColumns),
      });
    } else {
      const stored = await repo.findProvider(trx, actor.accountId, id, true);
      if (!stored) throw AppError.notFound('Identity provider');
      assertNotStale(stored.updated_at, input.updated_at, 'identity provider');
      before = toView(deps.config.appUrl, stored);
      row = await repo.updateProvider(
        trx,
        actor.accountId,
        id,
        columnsOf(deps, actor, input, stored.oidc_client_secret, samlColumns),
      );
      if (!row.enabled) await assertNotLastRequired(trx, actor.accountId);
    }
    const provider = toView(deps.config.appUrl, row);
    await recordActivity(trx, actor, {
      configuredObject: 'identity provider',
      objectName: provider.name,
      objectId: provider.id,
      before: before && audited(before),
      after: audited(provider),
    });
    return { provider };
  });
}

/** 400 when the account requires SSO and no enabled provider would be left. */
async function assertNotLastRequired(trx: Transaction<Database>, accountId: number) {
  const account = await accountsRepo.findAccount(trx, accountId, true);
  const enabled = (await repo.listProviders(trx, accountId)).filter((p) => p.enabled);
  if (account?.sso_required && enabled.length === 0) {
    throw new AppError(
      'BAD_REQUEST',
      'Single sign-on is required for this account: keep one provider enabled, or turn "Require SSO" off first.',
    );
  }
}

/** Deletes a provider (its links go with it; users stay), audited. 404 for another account's id. */
export async function deleteProvider(deps: AppDeps, actor: Actor, id: number): Promise<{ ok: true }> {
  await deps.db.transaction().execute(async (trx) => {
    const stored = await repo.findProvider(trx, actor.accountId, id, true);
    if (!stored) throw AppError.notFound('Identity provider');
    await repo.deleteProvider(trx, actor.accountId, id);
    await assertNotLastRequired(trx, actor.accountId);
    await recordActivity(trx, actor, {
      configuredObject: 'identity provider',
      objectName: stored.name,
      objectId: stored.id,
      before: audited(toView(deps.config.appUrl, stored)),
      after: null,
    });
  });
  return { ok: true };
}

/**
 * Starts a test sign-in bound to this browser and the admin: answers the IdP's URL for the popup
 * and the test's id. 404 for another account's provider; 502 when the IdP cannot be reached.
 */
export async function startTest(deps: AppDeps, actor: Actor, id: number, browser: string) {
  const provider = await repo.findProvider(deps.db, actor.accountId, id);
  if (!provider) throw AppError.notFound('Identity provider');
  try {
    const { url, testId } = await beginAt(deps, provider, browser, { userId: actor.userId });
    return { test_id: testId, url };
  } catch (error) {
    if (error instanceof SsoRefusal) throw new AppError('PROVIDER_ERROR', error.message);
    throw error;
  }
}

/** A test's outcome, for the admin who started it; 404 for anyone else's or an unknown one. */
export async function testResult(deps: AppDeps, actor: Actor, testId: string): Promise<SsoTestResult> {
  const row = await repo.findTest(deps.db, actor.accountId, actor.userId, testId);
  if (!row) throw AppError.notFound('Test sign-in');
  const result = row.test_result;
  if (!result) {
    const expired = row.expires_at < new Date();
    return {
      status: expired ? 'refused' : 'pending',
      message: expired ? 'The test took too long. Start it again.' : 'Waiting for the identity provider…',
      claims: {},
      email: null,
      role: null,
      group_ids: [],
    };
  }
  return {
    status: result.ok ? 'ok' : 'refused',
    message: result.message,
    claims: result.claims,
    email: result.email,
    role: (result.role as SsoTestResult['role']) ?? null,
    group_ids: result.group_ids,
  };
}

/** "Require SSO", the break-glass admin and the account's enabled admins to choose from. */
export async function getEnforcement(deps: AppDeps, actor: Actor): Promise<SsoEnforcement> {
  const account = await accountsRepo.findAccount(deps.db, actor.accountId);
  if (!account) throw AppError.notFound('Account');
  return {
    require_sso: account.sso_required,
    break_glass_user_id: account.sso_break_glass_user_id,
    candidates: await usersRepo.enabledAdmins(deps.db, actor.accountId),
  };
}

/**
 * Saves "Require SSO". Turning it on needs a break-glass admin (an enabled ADMIN of the account:
 * 400 on body.break_glass_user_id otherwise) and an enabled provider (400). Audited as a settings
 * change.
 */
export async function saveEnforcement(
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof ssoEnforcementSaveSchema>,
): Promise<SsoEnforcement> {
  await deps.db.transaction().execute(async (trx) => {
    const account = await accountsRepo.findAccount(trx, actor.accountId, true);
    if (!account) throw AppError.notFound('Account');
    const admins = await usersRepo.enabledAdmins(trx, actor.accountId);
    const breakGlass = input.break_glass_user_id;
    if (breakGlass !== null && !admins.some((a) => a.id === breakGlass)) {
      throw AppError.badField('body.break_glass_user_id', 'Choose an enabled admin of this account');
    }
    if (input.require_sso) {
      if (breakGlass === null) {
        throw AppError.badField(
          'body.break_glass_user_id',
          'Choose the admin who may still sign in with a password',
        );
      }
      const enabled = (await repo.listProviders(trx, actor.accountId)).filter((p) => p.enabled);
      if (enabled.length === 0)
        throw AppError.badField('body.require_sso', 'Add and enable an identity provider first');
    }
    await accountsRepo.updateSsoEnforcement(trx, actor.accountId, {
      required: input.require_sso,
      breakGlassUserId: breakGlass,
    });
    await recordActivity(trx, actor, {
      configuredObject: 'settings',
      objectName: account.name,
      objectId: account.id,
      before: { require_sso: account.sso_required, break_glass_user_id: account.sso_break_glass_user_id },
      after: { require_sso: input.require_sso, break_glass_user_id: breakGlass },
    });
  });
  return getEnforcement(deps, actor);
}

/**
 * The sign-in page's routing (public): the enabled providers whose domains hold the email's, each
 * with its start URL, and whether password sign-in is offered (false when every such provider's
 * account requires SSO; the break-glass admin still signs in with a password, which the page offers
 * behind a link).
 */
export async function discover(deps: AppDeps, email: string): Promise<SsoDiscovery> {
  const rows = await repo.enabledProvidersOfDomain(deps.db, emailDomainOf(email));
  return {
    providers: rows.map((p) => ({ id: p.id, name: p.name, start_url: `/api/v1/auth/sso/${p.id}/start` })),
    password_allowed: rows.length === 0 || rows.some((p) => !p.sso_required),
  };
}
