import { authApi } from '@nomen/shared';
import type { Response } from 'express';
import { type AppDeps, sessionIdOf } from '../http/context';
import { type ApiBuilder, SESSION_COOKIE } from '../http/route';
import * as service from './auth.service';
import { ForgotPasswordLimiter, rateLimitKey, SignInLimiter } from './rate-limits';

/** Sets the httpOnly session cookie of a started session (sign-in, activation, reset, single sign-on). */
export function setSessionCookie(deps: AppDeps, res: Response, token: string, expiresAt: Date) {
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.config.cookieSecure,
    expires: expiresAt,
    path: '/',
  });
}

/**
 * Mounts sign-in, sign-out, me, activation and password-reset endpoints (issue 2 §2), and the
 * profile page's own name and title, password change and "sign out of other sessions". Sign-in
 * and forgot-password are rate-limited per client address and normalised email (issue 8 item 6);
 * the contract's schema normalises the email before the limiter and the lookup see it.
 */
export function authRoutes(api: ApiBuilder): void {
  const { deps } = api;
  // Failed attempts count, per address and email, so one attacker cannot lock everybody out and one user cannot be
  // guessed at from many addresses quickly.
  const signInLimiter = new SignInLimiter(deps.db, deps.config.loginRateLimit);
  const forgotLimiter = new ForgotPasswordLimiter(
    deps.db,
    deps.config.loginRateLimit,
    deps.config.loginRateLimit * 5,
  );

  api.mount(authApi.login, async ({ body, req, res }) => {
    const session = await signInLimiter.run(rateLimitKey(req, body.email), res, () =>
      service.login(deps, body.email, body.password),
    );
    setSessionCookie(deps, res, session.token, session.expiresAt);
    return session.me;
  });
  api.mount(authApi.logout, async ({ actor, res }) => {
    if (actor) await service.logout(deps, sessionIdOf(actor));
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true as const };
  });
  api.mount(authApi.me, async ({ actor }) => service.meOf(actor, actor.title));
  api.mount(authApi.activate, async ({ body, res }) => {
    const session = await service.setPasswordWithToken(deps, 'activation', body.token, body.password);
    setSessionCookie(deps, res, session.token, session.expiresAt);
    return session.me;
  });
  api.mount(authApi.resetPassword, async ({ body, res }) => {
    const session = await service.setPasswordWithToken(deps, 'reset', body.token, body.password);
    setSessionCookie(deps, res, session.token, session.expiresAt);
    return session.me;
  });
  api.mount(authApi.updateProfile, async ({ actor, body }) => service.updateProfile(deps, actor, body));
  api.mount(authApi.changePassword, async ({ actor, body }) => {
    await service.changePassword(deps, actor, body.current_password, body.new_password);
    return { ok: true as const };
  });
  api.mount(authApi.signOutOtherSessions, async ({ actor }) => ({
    ended: await service.signOutOtherSessions(deps, actor, sessionIdOf(actor)),
  }));
  api.mount(authApi.forgotPassword, async ({ body, req, res }) => {
    await forgotLimiter.count(req, res, body.email);
    await service.forgotPassword(deps, body.email);
    return { ok: true as const };
  });
}
