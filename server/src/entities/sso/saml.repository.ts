import type { Database } from '@nomen/shared/db';
import type { Kysely, Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * SQL of SAML single sign-on (migration 0030): owns `saml_consumed_assertions`, and reads the
 * pending AuthnRequests kept in `sso_states` (migration 0028; `nonce` holds the request id).
 */

/**
 * The sign-in state of a provider's AuthnRequest by the request's id (used or not, expired or
 * not), or undefined when this server never started it.
 */
export function requestState(db: Db, providerId: number, requestId: string) {
  return db
    .selectFrom('sso_states')
    .select(['state_hash', 'created_at', 'used_at', 'expires_at'])
    .where('provider_id', '=', providerId)
    .where('nonce', '=', requestId)
    .executeTakeFirst();
}

/**
 * Consumes an assertion id: true the first time, false when it was already consumed (a replay),
 * even under concurrent requests across server instances. Expired ids are swept on the way.
 */
export async function consumeAssertion(
  db: Db,
  providerId: number,
  assertionId: string,
  expiresAt: Date,
): Promise<boolean> {
  await db.deleteFrom('saml_consumed_assertions').where('expires_at', '<', new Date()).execute();
  const row = await db
    .insertInto('saml_consumed_assertions')
    .values({ provider_id: providerId, assertion_id: assertionId, expires_at: expiresAt })
    .onConflict((oc) => oc.columns(['provider_id', 'assertion_id']).doNothing())
    .returning('assertion_id')
    .executeTakeFirst();
  return row !== undefined;
}
