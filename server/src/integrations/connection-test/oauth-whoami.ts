import type { ConnectionTestResult } from '@nomen/shared';
import {
  type ConnectorDeps,
  oauthClientFor,
  type ReadConnector,
  readConnector,
} from '../../entities/connectors/connectors.read';
import { OAuthFlowError, userinfo } from '../oauth/oauth-client';

/**
 * The "who am I" of an OAuth account whose provider has an OpenID Connect userinfo endpoint
 * (issue 10 item 5): asks it with the account's access token (refreshed first when it is about to
 * expire, and once more on 401) and answers who the token belongs to.
 */
export async function testOAuthUserinfo(
  connector: ReadConnector,
  deps: ConnectorDeps,
): Promise<ConnectionTestResult | null> {
  const provider = deps.config.oauthProviders[connector.slug];
  if (!provider?.userinfoUrl) return null;
  if (!connector.tokens)
    return { ok: false, message: 'This account is not authorised yet: sign in with the provider first.' };
  const ask = async (c: ReadConnector) =>
    userinfo(provider, oauthClientFor(provider, c.credentials), c.tokens!.access_token, {
      fetch: deps.config.outbound.fetch,
    });
  try {
    let who: string;
    try {
      who = await ask(connector);
    } catch (error) {
      if (
        !(error instanceof OAuthFlowError && error.code === 'invalid_token') ||
        !connector.tokens.refresh_token
      )
        throw error;
      who = await ask(await readConnector(deps, connector.accountId, connector.id, { forceRefresh: true }));
    }
    return { ok: true, message: `Authorised as ${who}.` };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
