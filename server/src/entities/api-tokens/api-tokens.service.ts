import { randomBytes } from 'node:crypto';
import {
  API_TOKEN_MAX_PER_USER,
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenState,
  AppError,
  type apiTokenCreateSchema,
} from '@nomen/shared';
import type { ApiTokenRow } from '@nomen/shared/db';
import type { z } from 'zod';
import { sha256 } from '../../auth/crypto';
import type { Actor, AppDeps } from '../../http/context';
import { recordActivity } from '../activities/activities.service';
import * as repo from './api-tokens.repository';

const DAY_MS = 24 * 3600_000;
// Characters of the random part kept as the token's hint: enough to tell tokens apart, far too
// few to guess the 256-bit rest.
const HINT_LENGTH = 4;

/** The state of a token at `now`. */
function stateOf(row: ApiTokenRow, now: Date): ApiTokenState {
  if (row.revoked_at !== null) return 'revoked';
  if (row.expires_at !== null && row.expires_at.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

function toApiToken(row: ApiTokenRow, now = new Date()): ApiToken {
  return {
    id: row.id,
    name: row.name,
    hint: `${row.token_hint}…`,
    state: stateOf(row, now),
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    expires_at: row.expires_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
  };
}

/** What the activity log keeps of a token: its name, expiry and revocation, never the secret or its hash. */
function audited(token: ApiToken) {
  return { name: token.name, expires_at: token.expires_at, revoked_at: token.revoked_at };
}

/** The actor's own tokens, newest first (issue 11 item 10). */
export async function listApiTokens(deps: AppDeps, actor: Actor): Promise<{ data: ApiToken[] }> {
  const now = new Date();
  return {
    data: (await repo.listTokens(deps.db, actor.accountId, actor.userId)).map((r) => toApiToken(r, now)),
  };
}

/**
 * Makes a token for the actor (issue 11 item 10): a secret of `nomen_pat_` and 256 random bits
 * (base64url), stored as its SHA-256 with the first characters as a hint, and an activity entry
 * without the secret. Answers the secret this once. Throws 400 (`body.name`) when the actor
 * already holds API_TOKEN_MAX_PER_USER live tokens.
 */
export async function createApiToken(
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof apiTokenCreateSchema>,
): Promise<{ token: ApiToken; secret: string }> {
  const random = randomBytes(32).toString('base64url');
  const secret = `${API_TOKEN_PREFIX}${random}`;
  const expiresAt =
    input.expires_in_days === null ? null : new Date(Date.now() + input.expires_in_days * DAY_MS);
  const token = await deps.db.transaction().execute(async (trx) => {
    if ((await repo.countLiveTokens(trx, actor.accountId, actor.userId)) >= API_TOKEN_MAX_PER_USER) {
      throw AppError.badField(
        'body.name',
        `You hold ${API_TOKEN_MAX_PER_USER} tokens already; revoke one you no longer use first`,
      );
    }
    const row = await repo.insertToken(trx, {
      accountId: actor.accountId,
      userId: actor.userId,
      name: input.name,
      tokenHash: sha256(secret),
      tokenHint: secret.slice(0, API_TOKEN_PREFIX.length + HINT_LENGTH),
      expiresAt,
    });
    const created = toApiToken(row);
    await recordActivity(trx, actor, {
      configuredObject: 'api token',
      objectName: created.name,
      objectId: created.id,
      before: null,
      after: audited(created),
    });
    return created;
  });
  return { token, secret };
}

/**
 * Revokes one of the actor's tokens (issue 11 item 10); it stops working at once, since every
 * request looks its token up. 404 for a token of anyone else. Revoking a revoked token changes
 * nothing.
 */
export async function revokeApiToken(deps: AppDeps, actor: Actor, id: number): Promise<ApiToken> {
  return deps.db.transaction().execute(async (trx) => {
    const existing = await repo.findOwnToken(trx, actor.accountId, actor.userId, id);
    if (!existing) throw AppError.notFound('API token');
    const token = toApiToken(await repo.revokeToken(trx, id));
    await recordActivity(trx, actor, {
      configuredObject: 'api token',
      objectName: token.name,
      objectId: token.id,
      before: audited(toApiToken(existing)),
      after: audited(token),
    });
    return token;
  });
}
