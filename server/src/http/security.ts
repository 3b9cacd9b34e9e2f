import type { IncomingMessage } from 'node:http';
import { AppError, SAML_ACS_PATH } from '@nomen/shared';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { Config } from '../config';
import { bearerSecret } from './route';

/** Methods that change state and so must come from the app's own pages (issue 8 item 8). */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origins (scheme://host[:port]) of the configured collab URLs, as ws/wss. */
function collabOrigins(config: Config): string[] {
  const origins = new Set<string>();
  for (const url of config.collabUrls) {
    try {
      origins.add(new URL(url).origin);
    } catch {
      // A malformed COLLAB_URL is the operator's to fix; it adds nothing to the policy.
    }
  }
  return [...origins];
}

/**
 * Security headers on every answer (issue 8 item 8; ARCHITECTURE.md, security rules), by helmet:
 * a Content-Security-Policy the built client passes (scripts, fonts and images from this origin;
 * inline styles, which Mantine writes; connections to this origin, its WebSocket and the
 * COLLAB_URL origins; no framing, no plugins, forms only to this origin), X-Frame-Options DENY,
 * X-Content-Type-Options nosniff, Referrer-Policy same-origin (reset links carry their token in
 * the URL), and, when APP_URL is https, HSTS and upgrade-insecure-requests.
 */
export function securityHeaders(config: Config): RequestHandler {
  const isHttps = config.appUrl.startsWith('https:');
  const collab = collabOrigins(config);
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: [
          "'self'",
          // 'self' covers ws: of this origin only in CSP 3 browsers; name it for the others.
          (req: IncomingMessage) => `${isHttps ? 'wss' : 'ws'}://${req.headers.host ?? 'localhost'}`,
          ...collab,
        ],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: isHttps ? { maxAge: 180 * 24 * 3600 } : false,
    crossOriginEmbedderPolicy: false,
  });
}

/** The origin of a URL, or null when it does not parse. */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Writes that come from another site by design: a SAML IdP's page posts its signed Response to
 * the ACS (HTTP-POST binding). The ACS acts on no cookie of the browser — only the Response's
 * signature, audience, InResponseTo and single use admit anyone (README "Single sign-on").
 */
const CROSS_SITE_POSTS = [new RegExp(`^${SAML_ACS_PATH.replace(':providerId', '[^/]+')}$`)];

/**
 * Refuses cross-site writes (issue 8 item 8): a POST, PUT, PATCH or DELETE whose Origin header
 * (or, without one, Referer) is not the app's own origin answers 403 and runs nothing. The own
 * origin is APP_URL's, or any origin whose host is the request's Host header (a dev proxy or a
 * load balancer keeps Host). Requests with neither header (API clients, curl, the CLI) pass, and
 * so do requests with `Authorization: Bearer` (API tokens; the session cookie is then ignored) and
 * the SAML ACS's posts (CROSS_SITE_POSTS);
 * "Origin: null" (sandboxed frames, privacy-redirected forms) is foreign.
 */
export function sameOriginWrites(config: Config): RequestHandler {
  const appOrigin = originOf(config.appUrl);
  return (req, _res, next) => {
    if (!STATE_CHANGING.has(req.method)) return next();
    if (req.method === 'POST' && CROSS_SITE_POSTS.some((path) => path.test(req.path))) return next();
    // A request with Bearer credentials is authenticated by that header alone (the cookie is
    // ignored), and no page of another site can send one without a CORS preflight, which Nomen
    // never grants: it is no cross-site request forgery whatever its Origin.
    if (bearerSecret(req) !== null) return next();
    const origin = req.headers.origin;
    const referer = req.headers.referer;
    if (origin === undefined && referer === undefined) return next();
    const claimed =
      origin !== undefined ? (origin === 'null' ? null : originOf(origin)) : originOf(referer ?? '');
    const host = req.headers.host;
    const isOwn =
      claimed !== null && (claimed === appOrigin || (host !== undefined && new URL(claimed).host === host));
    if (isOwn) return next();
    next(new AppError('FORBIDDEN', 'Cross-site request refused: it did not come from a Nomen page'));
  };
}
