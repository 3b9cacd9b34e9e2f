import { AppError, type Endpoint, hasPermission } from '@nomen/shared';
import { parse as parseCookie } from 'cookie';
import type { Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import { actorFromApiToken, actorFromSessionToken } from '../auth/auth.service';
import { type Actor, API_TOKEN_REFUSED_MESSAGE, type AppDeps } from './context';
import { zodIssues } from './errors';

/** Name of the httpOnly session cookie. */
export const SESSION_COOKIE = 'nomen_session';

/** Default request-body limit (issue 2, contracts to keep). */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** What a handler receives: parsed request parts, the signed-in Actor, and Express' objects. */
export interface HandlerInput<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, A> {
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
  actor: A;
  req: Request;
  res: Response;
}

type ActorOf<E> = E extends { permission: null } ? Actor | null : Actor;

/** An error the error handler maps like body-parser's (`type` names the case). */
function bodyError(
  type: 'entity.too.large' | 'entity.parse.failed' | 'encoding.unsupported',
  status: number,
): Error {
  return Object.assign(new Error(type), { type, status });
}

/**
 * Parses a JSON request body within `limit` bytes: chunks are gathered as bytes and decoded
 * once, which keeps a 60 MB list save fast. Bodies of other types are left undefined (the
 * contract's schema then answers 400). Over the limit: 413; malformed JSON: 400.
 */
export function jsonBody(limit: number): RequestHandler {
  return (req, _res, next) => {
    const type = req.headers['content-type'] ?? '';
    if (!/^application\/([\w.+-]*\+)?json\b/i.test(type)) {
      req.body = undefined;
      next();
      return;
    }
    const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
    if (encoding !== 'identity') {
      next(bodyError('encoding.unsupported', 415));
      return;
    }
    if (Number(req.headers['content-length'] ?? 0) > limit) {
      req.resume();
      next(bodyError('entity.too.large', 413));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        next(bodyError('entity.too.large', 413));
        return;
      }
      chunks.push(chunk);
    });
    req.on('error', (error) => {
      if (!failed) next(error);
      failed = true;
    });
    req.on('end', () => {
      if (failed) return;
      const text = Buffer.concat(chunks, size).toString('utf8');
      try {
        req.body = text.trim() === '' ? undefined : JSON.parse(text);
      } catch {
        next(bodyError('entity.parse.failed', 400));
        return;
      }
      next();
    });
  };
}

/**
 * The secret of an `Authorization: Bearer <secret>` header, '' for a Bearer header without one,
 * or null when the request carries no Bearer credentials (issue 11 item 10).
 */
export function bearerSecret(req: Pick<Request, 'headers'>): string | null {
  const header = req.headers.authorization;
  if (header === undefined) return null;
  const match = /^Bearer(?:\s+(.*))?$/is.exec(header.trim());
  return match ? (match[1] ?? '').trim() : null;
}

/**
 * The Actor of the request: with an `Authorization: Bearer` header, that personal API token's
 * (the cookie is then ignored, so a token request never acts on a browser's ambient
 * credentials); otherwise the session cookie's. Null when neither names a live credential.
 */
export async function readActor(deps: AppDeps, req: Request): Promise<Actor | null> {
  const secret = bearerSecret(req);
  if (secret !== null) return secret && secret.length <= 200 ? actorFromApiToken(deps, secret) : null;
  const token = parseCookie(req.headers.cookie ?? '')[SESSION_COOKIE];
  return token ? actorFromSessionToken(deps, token) : null;
}

/**
 * Collects the API's routes: each route file mounts its contract endpoints here, and the
 * collected endpoints feed the API reference and the permission test.
 */
export class ApiBuilder {
  /** Every endpoint mounted so far, in order. */
  readonly endpoints: Endpoint[] = [];

  constructor(
    readonly router: Router,
    readonly deps: AppDeps,
  ) {}

  /**
   * Mounts one contract endpoint (STYLE.md: route = validate → one service call → response):
   * parses JSON within the endpoint's body limit, loads the Actor (session cookie or API token),
   * enforces the declared permission (401 signed out, 403 without it), feature flag (403) and
   * `sessionOnly` (403 for an API token), parses params, query
   * and body with the contract's schemas (400 with issues), then sends the handler's result
   * with the contract's status. `before` middlewares run after body parsing (e.g. rate limits).
   */
  mount<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
    endpoint: Endpoint<P, Q, B, R>,
    handler: (input: HandlerInput<P, Q, B, ActorOf<Endpoint<P, Q, B, R>>>) => Promise<z.input<R>>,
    options: { before?: RequestHandler[] } = {},
  ): void {
    this.route(endpoint, options.before ?? [], async (input) => {
      const result = await handler(input);
      input.res.status(endpoint.status ?? 200).json(result);
    });
  }

  /**
   * Like `mount`, for an endpoint whose handler writes the response itself (a streamed body of
   * the contract's response shape, e.g. a list of a million cells).
   */
  mountStreaming<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
    endpoint: Endpoint<P, Q, B, R>,
    handler: (input: HandlerInput<P, Q, B, ActorOf<Endpoint<P, Q, B, R>>>) => Promise<void>,
  ): void {
    this.route(endpoint, [], handler);
  }

  private route<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
    endpoint: Endpoint<P, Q, B, R>,
    before: RequestHandler[],
    respond: (input: HandlerInput<P, Q, B, ActorOf<Endpoint<P, Q, B, R>>>) => Promise<void>,
  ): void {
    const deps = this.deps;
    this.endpoints.push(endpoint as unknown as Endpoint);
    const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    const jsonParser = jsonBody(endpoint.bodyLimit ?? DEFAULT_BODY_LIMIT);
    this.router[method](endpoint.path, jsonParser, ...before, async (req, res) => {
      const actor =
        endpoint.permission === null ? await readActor(deps, req) : await requireActor(deps, req, endpoint);
      if (actor) refuseTokenWhereSessionOnly(endpoint, actor);
      const params = parsePart(endpoint.params, req.params, 'params');
      const query = parsePart(endpoint.query, req.query, 'query');
      const body = parsePart(endpoint.body, req.body, 'body');
      await respond({ params, query, body, actor, req, res } as HandlerInput<
        P,
        Q,
        B,
        ActorOf<Endpoint<P, Q, B, R>>
      >);
    });
  }
}

async function requireActor(deps: AppDeps, req: Request, endpoint: Endpoint): Promise<Actor> {
  const actor = await readActor(deps, req);
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Please sign in');
  refuseTokenWhereSessionOnly(endpoint, actor);
  if (endpoint.feature && !actor.features.includes(endpoint.feature)) {
    throw new AppError('FORBIDDEN', `The ${endpoint.feature} feature is not enabled for this account`);
  }
  const needed = endpoint.permission;
  if (needed && needed !== 'signed-in' && !hasPermission(actor.permissions, needed)) {
    throw new AppError('FORBIDDEN', `You do not have permission to do this (needs ${needed})`);
  }
  return actor;
}

/** 403 when an API token calls a session-only endpoint (issue 11 item 10). */
function refuseTokenWhereSessionOnly(endpoint: Endpoint, actor: Actor): void {
  if (endpoint.sessionOnly && actor.apiTokenId !== null) {
    throw new AppError('FORBIDDEN', API_TOKEN_REFUSED_MESSAGE);
  }
}

function parsePart<S extends z.ZodType | undefined>(schema: S, value: unknown, part: string) {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? (part === 'body' ? undefined : {}));
  if (!result.success) {
    const issues = zodIssues(result.error, part);
    const message = issues[0] ? `${issues[0].path}: ${issues[0].message}` : 'Invalid input';
    throw new AppError('BAD_REQUEST', message, issues);
  }
  return result.data;
}
