import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A running OpenID Connect provider (`oidc-provider`, a certified implementation). */
export interface OidcPeer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The OAUTH_<SLUG>_* variables that make it the provider of `slug` (server/src/integrations/oauth). */
  envFor(slug: string): Record<string, string>;
  close(): Promise<void>;
}

/**
 * Starts oidc-provider on 127.0.0.1 (`port`, 0 for a free one) with one confidential client
 * redirecting to `redirectUri`. Its development interactions sign in any login name (the account's
 * email becomes `<login>@oidc.test`) and ask for consent, so a browser or a cookie-keeping HTTP
 * client can click through. Refresh tokens are always issued; access tokens live
 * `accessTokenTtl` seconds (short, so that tests see a refresh). With `emailInIdToken` the ID token
 * carries the email claims as Google's does; otherwise only the userinfo endpoint answers them.
 */
export async function startOidcPeer(options: {
  redirectUri: string;
  port?: number;
  accessTokenTtl?: number;
  emailInIdToken?: boolean;
}): Promise<OidcPeer> {
  const clientId = 'nomen-connector';
  const clientSecret = 'oidc-peer-client-secret-0123456789';
  // The issuer must name the port before the server listens: reserve one first when asked for 0.
  let port = options.port ?? 0;
  if (port === 0) {
    const probe = (await import('node:net')).createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
  }
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    scopes: ['openid', 'email', 'offline_access'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({ sub: id, email: `${id}@oidc.test`, email_verified: true }),
    }),
    issueRefreshToken: () => true,
    conformIdTokenClaims: !options.emailInIdToken,
    ttl: {
      AccessToken: options.accessTokenTtl ?? 3600,
      RefreshToken: 86_400,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      IdToken: 3600,
    },
    features: { devInteractions: { enabled: true }, userinfo: { enabled: true } },
    pkce: { required: () => false },
    cookies: { keys: ['oidc-peer-cookie-key'] },
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
    envFor(slug) {
      const p = `OAUTH_${slug.toUpperCase().replace(/-/g, '_')}_`;
      return {
        [`${p}AUTHORIZATION_URL`]: `${issuer}/auth`,
        [`${p}TOKEN_URL`]: `${issuer}/token`,
        [`${p}USERINFO_URL`]: `${issuer}/me`,
        [`${p}ISSUER`]: issuer,
        [`${p}CLIENT_ID`]: clientId,
        [`${p}CLIENT_SECRET`]: clientSecret,
        [`${p}SCOPES`]: 'openid email offline_access',
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A minimal cookie jar for following a provider's redirects with fetch. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Clicks through the provider's development interactions as a browser would: signs in as `login`,
 * then grants consent (or, with `deny`, aborts, which answers access_denied). Resolves to the URL
 * the provider sends the browser back to (the app's callback with code or error, and state).
 */
export async function authorizeThroughDevInteractions(
  authorizationUrl: string,
  options: { login?: string; deny?: boolean; callbackPrefix: string },
): Promise<string> {
  const jar = new CookieJar();
  let url = authorizationUrl;
  let method = 'GET';
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(options.callbackPrefix)) return url;
    const response = await fetch(url, {
      method,
      body,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
    });
    jar.store(response);
    method = 'GET';
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt)
      throw new Error(`Unexpected page from the provider (${response.status}): ${html.slice(0, 300)}`);
    if (options.deny && prompt === 'consent') {
      const abort = /href="([^"]*\/abort)"/.exec(html)?.[1];
      if (!abort) throw new Error('No abort link on the consent page');
      url = new URL(abort.replace(/&amp;/g, '&'), url).toString();
      continue;
    }
    url = new URL(action.replace(/&amp;/g, '&'), url).toString();
    method = 'POST';
    body =
      prompt === 'login'
        ? new URLSearchParams({ prompt, login: options.login ?? 'ada', password: 'any' })
        : new URLSearchParams({ prompt });
  }
  throw new Error('Too many redirects at the provider');
}
