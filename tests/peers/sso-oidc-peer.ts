import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** One person at the single sign-on IdP; tests change them between sign-ins (a claim change demotes). */
export interface SsoPerson {
  email: string;
  name?: string;
  groups?: string[];
  emailVerified?: boolean;
}

/** A running OpenID provider playing a company's IdP for Nomen's single sign-on. */
export interface SsoOidcPeer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The directory, by login name: what the IdP says of each person. Unknown logins get `<login>@sso.test`. */
  people: Map<string, SsoPerson>;
  close(): Promise<void>;
}

/**
 * Starts `oidc-provider` (certified) on 127.0.0.1 as a company IdP for single sign-on (README
 * "Single sign-on"): one confidential client `nomen-sso` (client_secret_post) redirecting to
 * `redirectUri`, the scopes openid, email, profile and groups, and a `groups` claim. Its development
 * interactions sign in any login name (tests/peers/oidc-peer.ts `authorizeThroughDevInteractions`
 * clicks through them); the claims come from `people`. ID tokens live `idTokenTtl` seconds; with
 * `claimsInIdToken` the ID token carries every claim (as Entra ID and Google do), otherwise only
 * the userinfo endpoint answers them (as Okta's org server does for groups).
 */
export async function startSsoOidcPeer(options: {
  redirectUri: string;
  port?: number;
  idTokenTtl?: number;
  claimsInIdToken?: boolean;
}): Promise<SsoOidcPeer> {
  const clientId = 'nomen-sso';
  const clientSecret = 'sso-peer-client-secret-0123456789abcdef';
  let port = options.port ?? 0;
  if (port === 0) {
    const probe = (await import('node:net')).createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
  }
  const issuer = `http://127.0.0.1:${port}`;
  const people = new Map<string, SsoPerson>();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    scopes: ['openid', 'email', 'profile', 'groups'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
      groups: ['groups'],
    },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => {
        const person = people.get(id) ?? { email: `${id}@sso.test` };
        return {
          sub: id,
          email: person.email,
          email_verified: person.emailVerified ?? true,
          name: person.name ?? id,
          groups: person.groups ?? [],
        };
      },
    }),
    conformIdTokenClaims: !options.claimsInIdToken,
    ttl: {
      AccessToken: 3600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      IdToken: options.idTokenTtl ?? 3600,
    },
    features: { devInteractions: { enabled: true }, userinfo: { enabled: true } },
    cookies: { keys: ['sso-peer-cookie-key'] },
  });
  const server: Server = provider.listen(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return {
    issuer,
    clientId,
    clientSecret,
    people,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
