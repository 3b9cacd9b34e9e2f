import { connectorTypeBySlug } from '@nomen/shared';
import { tokenColumns } from '../entities/connectors/connectors.read';
import { keyRingOf } from '../security/secrets';
import type { TestContext } from './test-context';

/** A connected account to insert as an OAuth sign-in leaves it. */
export interface OAuthConnectorSeed {
  accountId: number;
  /** Connector type: its slug (`bitly`, `google-cm360`…) or its id. */
  type: string | number;
  accessToken: string;
  /** Defaults to the type and token with a random suffix (names are unique per account). */
  name?: string;
  /** The account's metadata (a Google profile id, a connected email…). */
  metadata?: Record<string, unknown>;
  scope?: string | null;
}

/**
 * Inserts (in tests) a connected account holding an access token that expires in an hour, with
 * the token encrypted as the OAuth callback stores it (spec 01 §2.3), for providers whose sign-in
 * the tests do not walk through; answers its id. Throws on an unknown type slug.
 */
export async function insertOAuthConnector(ctx: TestContext, seed: OAuthConnectorSeed): Promise<number> {
  const typeId = typeof seed.type === 'number' ? seed.type : connectorTypeBySlug(seed.type)?.id;
  if (typeId === undefined) throw new Error(`unknown connector type ${seed.type}`);
  const row = await ctx.deps.db
    .insertInto('connectors')
    .values({
      account_id: seed.accountId,
      connector_type_id: typeId,
      name: seed.name ?? `${seed.type} ${seed.accessToken} ${Math.random().toString(36).slice(2, 6)}`,
      ...(seed.metadata ? { metadata: JSON.stringify(seed.metadata) as never } : {}),
      oauth_connected_at: new Date(),
      ...tokenColumns(keyRingOf(ctx.deps.config), seed.accountId, {
        access_token: seed.accessToken,
        refresh_token: null,
        token_type: 'Bearer',
        scope: seed.scope === undefined ? '' : seed.scope,
        expires_at: Date.now() + 3_600_000,
      }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
