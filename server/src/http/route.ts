import { AppError, type Endpoint, hasPermission } from '@nomen/shared';
import { parse as parseCookie } from 'cookie';
import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import { actorFromApiToken, actorFromSessionToken } from '../auth/auth.service';
import {
  type ArrayLimit,
  bodyTooLarge,
  JsonArrayCounter,
  LARGE_BODY_BYTES,
  LargeBodyGate,
  serverBusy,
  tooManyItems,
} from './body-limits';
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
function bodyError(type: 'entity.parse.failed' | 'encoding.unsupported', status: number): Error {
  return Object.assign(new Error(type), { type, status });
}

/** How `jsonBody` bounds a body besides its byte limit. */
export interface JsonBodyOptions {
  /** Most items in any one array of the body, counted as the bytes arrive (413 past it). */
  arrayLimit?: ArrayLimit;
  /** Where large bodies wait for their turn (503 with Retry-After when its queue is full). */
  gate?: LargeBodyGate;
  /**
   * Also reads `application/x-www-form-urlencoded` (an HTML form's post, e.g. a SAML IdP's
   * Response) into an object of its fields, within the same byte limit.
   */
  form?: boolean;
}

const FORM_TYPE = /^application\/x-www-form-urlencoded\b/i;

/** A form body's fields; the last value of a repeated field wins. */
function parseForm(text: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(text));
}

/** Bytes of a refused body still read (and dropped) after the answer, before the connection is closed. */
const REFUSED_BODY_LINGER_BYTES = 16 * 1024 * 1024;

/**
 * Refuses a body without keeping any more of it: what the client is still sending is read and
 * dropped for a while, so that it can read the answer (closing at once would reset the connection
 * under it), and the connection is closed once that much more has come.
 */
function refuseBody(req: Request, next: NextFunction, error: Error): void {
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > REFUSED_BODY_LINGER_BYTES) req.socket.destroy();
  });
  req.resume();
  next(error);
}

/**
 * Parses a JSON request body within `limit` bytes (ARCHITECTURE.md, "Limits on what comes in"):
 * a declared Content-Length over the limit answers 413 before a byte is read; a large body (over
 * LARGE_BODY_BYTES, or of unknown length where the limit is larger) first waits for a place at
 * `options.gate`, held until the answer is sent (503 with Retry-After when the queue is full);
 * chunks are gathered as bytes and decoded once, which keeps a 60 MB list save fast, and each
 * array's items are counted on the way (`options.arrayLimit`), so a body past either limit is
 * refused (413 naming it) before it is parsed. With `options.form` a urlencoded form is read the
 * same way into its fields. Bodies of other types are left undefined (the contract's schema then
 * answers 400); a compressed body answers 415, malformed JSON 400.
 */
export function jsonBody(limit: number, options: JsonBodyOptions = {}): RequestHandler {
  return (req, res, next) => {
    const type = req.headers['content-type'] ?? '';
    const isForm = options.form === true && FORM_TYPE.test(type);
    if (!isForm && !/^application\/([\w.+-]*\+)?json\b/i.test(type)) {
      req.body = undefined;
      next();
      return;
    }
    const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
    if (encoding !== 'identity') {
      refuseBody(req, next, bodyError('encoding.unsupported', 415));
      return;
    }
    const declared = req.headers['content-length'];
    const length = declared === undefined ? null : Number(declared);
    if (length !== null && length > limit) {
      refuseBody(req, next, bodyTooLarge(limit));
      return;
    }
    const isLarge = limit > LARGE_BODY_BYTES && (length === null || length > LARGE_BODY_BYTES);
    if (isForm) {
      readJson(req, next, limit, undefined, parseForm);
      return;
    }
    if (!isLarge || !options.gate) {
      readJson(req, next, limit, options.arrayLimit);
      return;
    }
    // Places are shared fairly between senders: the signed-in user, else the client address.
    const sender = (res.locals.actor as Actor | undefined)?.userId ?? req.ip ?? '';
    const place = options.gate.enter(String(sender));
    if (!place) {
      res.setHeader('Retry-After', '5');
      refuseBody(req, next, serverBusy());
      return;
    }
    // 'close' comes when the answer is sent or the client has gone, waiting or not.
    res.once('close', place.release);
    void place.ready.then(() => {
      if (!res.writableEnded && !req.destroyed) readJson(req, next, limit, options.arrayLimit);
    });
  };
}

function readJson(
  req: Request,
  next: NextFunction,
  limit: number,
  arrayLimit: ArrayLimit | undefined,
  decode: (text: string) => unknown = JSON.parse,
): void {
  const counter = arrayLimit ? new JsonArrayCounter(arrayLimit.max) : null;
  const chunks: Buffer[] = [];
  let size = 0;
  let failed = false;
  const fail = (error: Error) => {
    failed = true;
    chunks.length = 0;
    refuseBody(req, next, error);
  };
  req.on('data', (chunk: Buffer) => {
    if (failed) return;
    size += chunk.length;
    if (size > limit) return fail(bodyTooLarge(limit));
    if (counter && !counter.push(chunk)) return fail(tooManyItems(arrayLimit!));
    chunks.push(chunk);
  });
  req.on('error', (error) => {
    if (!failed) next(error);
    failed = true;
  });
  req.on('end', () => {
    if (failed) return;
    const text = Buffer.concat(chunks, size).toString('utf8');
    chunks.length = 0;
    try {
      req.body = text.trim() === '' ? undefined : decode(text);
    } catch {
      next(bodyError('entity.parse.failed', 400));
      return;
    }
    next();
  });
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

  /** Where this process's large bodies wait their turn (LARGE_BODY_CONCURRENCY, LARGE_BODY_QUEUE). */
  private readonly bodyGate: LargeBodyGate;

  constructor(
    readonly router: Router,
    readonly deps: AppDeps,
  ) {
    this.bodyGate = new LargeBodyGate(deps.config.largeBodies.concurrency, deps.config.largeBodies.queue);
  }

  /**
   * Mounts one contract endpoint (STYLE.md: route = validate → one service call → response):
   * loads the Actor (session cookie or API token) and enforces the declared permission (401
   * signed out, 403 without it) and `sessionOnly` (403 for an API token) before reading the body,
   * parses JSON within the endpoint's body limits, checks the feature flag (403), parses params, query
   * and body with the contract's schemas (400 with issues), then sends the handler's result
   * with the contract's status. `before` middlewares run after body parsing (e.g. rate limits).
   * `ownedIds` runs after the permission check and before the feature flag and the schemas: it
   * throws 404 when the request names an object of another account, so a foreign id answers 404
   * whatever else the request holds (ARCHITECTURE.md, Data).
   */
  mount<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
    endpoint: Endpoint<P, Q, B, R>,
    handler: (input: HandlerInput<P, Q, B, ActorOf<Endpoint<P, Q, B, R>>>) => Promise<z.input<R>>,
    options: RouteOptions = {},
  ): void {
    this.route(endpoint, options, async (input) => {
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
    this.route(endpoint, {}, handler);
  }

  private route<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
    endpoint: Endpoint<P, Q, B, R>,
    options: RouteOptions,
    respond: (input: HandlerInput<P, Q, B, ActorOf<Endpoint<P, Q, B, R>>>) => Promise<void>,
  ): void {
    const deps = this.deps;
    this.endpoints.push(endpoint as unknown as Endpoint);
    const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    const jsonParser = jsonBody(endpoint.bodyLimit ?? DEFAULT_BODY_LIMIT, {
      arrayLimit: endpoint.arrayLimit,
      gate: this.bodyGate,
      form: endpoint.requestMediaType === 'application/x-www-form-urlencoded',
    });
    // Who is asking is known from the headers alone, so a signed-out or unpermitted request is
    // refused before its body is read.
    const signIn: RequestHandler = async (req, res, next) => {
      if (endpoint.permission !== null) res.locals.actor = await requireActor(deps, req, endpoint);
      next();
    };
    this.router[method](endpoint.path, signIn, jsonParser, ...(options.before ?? []), async (req, res) => {
      const actor: Actor | null =
        endpoint.permission === null ? await readActor(deps, req) : (res.locals.actor as Actor);
      if (actor) refuseTokenWhereSessionOnly(endpoint, actor);
      if (actor && endpoint.permission !== null) {
        if (options.ownedIds) await options.ownedIds(actor, req);
        refuseWithoutFeature(endpoint, actor);
      }
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

/** How a route is mounted besides its contract (see ApiBuilder.mount). */
export interface RouteOptions {
  /** Middlewares run after body parsing and before sign-in (e.g. rate limits). */
  before?: RequestHandler[];
  /**
   * Throws 404 when the request (its params or parsed JSON body) names an object of another
   * account; runs after the permission check, before the feature flag and the schemas.
   */
  ownedIds?: (actor: Actor, req: Request) => Promise<void>;
}

/**
 * The signed-in Actor an endpoint needs, from the request's headers: 401 signed out; 403 for an
 * API token on a session-only endpoint or without the permission. The route then runs
 * `ownedIds` (404 for another account's id) and `refuseWithoutFeature`.
 */
async function requireActor(deps: AppDeps, req: Request, endpoint: Endpoint): Promise<Actor> {
  const actor = await readActor(deps, req);
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Please sign in');
  refuseTokenWhereSessionOnly(endpoint, actor);
  const needed = endpoint.permission;
  if (needed && needed !== 'signed-in' && !hasPermission(actor.permissions, needed)) {
    throw new AppError('FORBIDDEN', `You do not have permission to do this (needs ${needed})`);
  }
  return actor;
}

/** 403 when the account lacks the endpoint's feature flag. */
function refuseWithoutFeature(endpoint: Endpoint, actor: Actor): void {
  if (endpoint.feature && !actor.features.includes(endpoint.feature)) {
    throw new AppError('FORBIDDEN', `The ${endpoint.feature} feature is not enabled for this account`);
  }
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
