import { OIDC_CALLBACK_PATH, ssoApi, ssoAuthApi } from '@nomen/shared';
import { parse as parseCookie } from 'cookie';
import type { Request, Response } from 'express';
import { setSessionCookie } from '../../auth/auth.routes';
import { samlAcs, samlMetadata } from '../../auth/sso/saml.signin';
import { browserToken, oidcCallback, SSO_BROWSER_COOKIE, startSignIn } from '../../auth/sso/sso.signin';
import type { AppDeps } from '../../http/context';
import type { ApiBuilder } from '../../http/route';
import * as service from './sso.service';

/**
 * The browser's binding token for a started sign-in (HttpOnly, SameSite=Lax so that it comes back
 * with the IdP's top-level redirect): the cookie's, else a new one set on this answer.
 */
function bindBrowser(deps: AppDeps, req: Request, res: Response): string {
  const { token, isNew } = browserToken(parseCookie(req.headers.cookie ?? '')[SSO_BROWSER_COOKIE]);
  if (isNew) {
    res.cookie(SSO_BROWSER_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.config.cookieSecure,
      path: '/api/v1',
      maxAge: 24 * 3600_000,
    });
  }
  return token;
}

/** Mounts Settings → Single sign-on and the sign-in's single sign-on endpoints (README "Single sign-on"). */
export function ssoRoutes(api: ApiBuilder): void {
  const { deps } = api;
  api.mount(ssoApi.list, ({ actor }) => service.listProviders(deps, actor));
  api.mount(ssoApi.get, ({ actor, params }) => service.getProvider(deps, actor, params.id));
  api.mount(ssoApi.create, ({ actor, body }) => service.saveProvider(deps, actor, null, body));
  api.mount(ssoApi.update, ({ actor, params, body }) => service.saveProvider(deps, actor, params.id, body));
  api.mount(ssoApi.delete, ({ actor, params }) => service.deleteProvider(deps, actor, params.id));
  api.mount(ssoApi.startTest, ({ actor, params, req, res }) =>
    service.startTest(deps, actor, params.id, bindBrowser(deps, req, res)),
  );
  api.mount(ssoApi.testResult, ({ actor, params }) => service.testResult(deps, actor, params.testId));
  api.mount(ssoApi.enforcement, ({ actor }) => service.getEnforcement(deps, actor));
  api.mount(ssoApi.saveEnforcement, ({ actor, body }) => service.saveEnforcement(deps, actor, body));

  api.mount(ssoAuthApi.discover, ({ body }) => service.discover(deps, body.email));
  api.mountStreaming(ssoAuthApi.start, async ({ params, req, res }) => {
    res.redirect(302, await startSignIn(deps, params.providerId, bindBrowser(deps, req, res)));
  });
  api.mountStreaming(ssoAuthApi.oidcCallback, async ({ query, req, res }) => {
    // The URL as registered at the provider (APP_URL's), with the query the provider sent.
    const current = new URL(deps.config.appUrl + OIDC_CALLBACK_PATH);
    current.search = new URL(req.originalUrl, 'http://callback').search;
    const browser = parseCookie(req.headers.cookie ?? '')[SSO_BROWSER_COOKIE];
    const outcome = await oidcCallback(deps, query, current, browser);
    if (outcome.session) setSessionCookie(deps, res, outcome.session.token, outcome.session.expiresAt);
    res.redirect(302, outcome.location);
  });
  api.mountStreaming(ssoAuthApi.samlAcs, async ({ params, body, res }) => {
    const outcome = await samlAcs(deps, params.providerId, body);
    if (outcome.session) setSessionCookie(deps, res, outcome.session.token, outcome.session.expiresAt);
    res.redirect(302, outcome.location);
  });
  api.mountStreaming(ssoAuthApi.samlMetadata, async ({ params, res }) => {
    const xml = await samlMetadata(deps, params.providerId);
    res.type('application/samlmetadata+xml').send(xml);
  });
}
