import { AppError, authApi } from '@nomen/shared';
import type { Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { AppDeps } from '../http/context';
import { type ApiBuilder, SESSION_COOKIE } from '../http/route';
import * as service from './auth.service';

function setSessionCookie(deps: AppDeps, res: Response, token: string, expiresAt: Date) {
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.config.cookieSecure,
    expires: expiresAt,
    path: '/',
  });
}

/** Mounts sign-in, sign-out, me, activation and password-reset endpoints (issue 2 §2). */
export function authRoutes(api: ApiBuilder): void {
  const { deps } = api;
  // Failed attempts count, per address and email, so one attacker cannot lock everybody out and one user cannot be
  // guessed at from many addresses quickly.
  const loginLimiter = rateLimit({
    windowMs: 15 * 60_000,
    limit: deps.config.loginRateLimit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skipSuccessfulRequests: true,
    keyGenerator: (req) => `${ipKeyGenerator(req.ip ?? '')}|${String(req.body?.email ?? '').toLowerCase()}`,
    handler: (_req, _res, next) => {
      next(new AppError('RATE_LIMITED', 'Too many sign-in attempts. Wait a few minutes and try again.'));
    },
  });

  api.mount(
    authApi.login,
    async ({ body, res }) => {
      const session = await service.login(deps, body.email, body.password);
      setSessionCookie(deps, res, session.token, session.expiresAt);
      return session.me;
    },
    { before: [loginLimiter] },
  );
  api.mount(authApi.logout, async ({ actor, res }) => {
    if (actor) await service.logout(deps, actor.sessionId);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true as const };
  });
  api.mount(authApi.me, ({ actor }) => service.loadMe(deps, actor.sessionId));
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
  api.mount(authApi.forgotPassword, async ({ body }) => {
    await service.forgotPassword(deps, body.email);
    return { ok: true as const };
  });
}
