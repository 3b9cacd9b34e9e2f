import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The base of every provider stand-in (tests/standins/README.md): a small node:http server on a
 * free port of 127.0.0.1 that routes requests to the documented handlers of one provider, checks
 * its credential, logs what it was asked and lets a test replace one answer (provider errors,
 * malformed answers, slow answers). Stand-ins live under tests/ only; the product never imports them.
 */

/** A request as handlers see it: pathname, query, headers (lower-case) and parsed JSON body. */
export interface StandinRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | undefined>;
  body: unknown;
  /** The body's bytes as sent (uploads, multipart forms). */
  raw: Buffer;
}

/** An answer: status and a JSON body, or a raw text body (for malformed answers). */
export interface StandinAnswer {
  status: number;
  body?: unknown;
  /** A body sent as is (text, or bytes such as an image); give its content type in `headers`. */
  raw?: string | Buffer;
  headers?: Record<string, string>;
}

/** One documented operation: method, path template and handler. */
export interface StandinRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /**
   * Path template: `:name` matches one segment, `*name` the rest of the path (several segments);
   * both are URL-decoded into `params`.
   */
  path: string;
  handle: (req: StandinRequest, params: Record<string, string>) => StandinAnswer;
}

/** What the log keeps of a request (never its credential). */
export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Whether the credential was accepted. */
  isAuthorized: boolean;
}

/** A one-time replacement of the answer to a matching, authorized request. */
export interface Injection {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH';
  /** Exact pathname or a pattern it must match. */
  path: string | RegExp;
  answer: StandinAnswer;
  /** Wait this long before answering (to test client timeouts). */
  delayMs?: number;
}

interface CompiledRoute extends StandinRoute {
  regex: RegExp;
  names: string[];
}

/** The stand-in base class; a provider subclass supplies routes and the credential check. */
export abstract class StandinServer {
  /** `http://127.0.0.1:<port>` once started. */
  url = '';
  /** Every request received, oldest first. */
  readonly requests: LoggedRequest[] = [];
  /** Query parameters that carry a credential (Workfront's `apiKey`): left out of `requests`. */
  protected readonly credentialParams: readonly string[] = [];
  /** Credentials the stand-in currently accepts. */
  protected readonly validCredentials: Set<string>;
  private server: Server | undefined;
  private injections: Injection[] = [];
  private compiled: CompiledRoute[] | undefined;

  constructor(validCredentials: readonly string[]) {
    this.validCredentials = new Set(validCredentials);
  }

  /** The provider's documented operations. */
  protected abstract routes(): StandinRoute[];

  /** Whether the request carries an accepted credential. */
  protected abstract isAuthorized(req: StandinRequest): boolean;

  /** The provider's answer to a refused credential. */
  protected abstract unauthorized(req: StandinRequest): StandinAnswer;

  /** The provider's answer to a path it does not serve. */
  protected notFound(req: StandinRequest): StandinAnswer {
    return { status: 404, body: { message: `No route ${req.method} ${req.path}` } };
  }

  /** Reads a bearer token from the Authorization header. */
  protected bearer(req: StandinRequest): string | undefined {
    const match = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    return match?.[1];
  }

  /** Starts listening on a free port; resolves to the base URL. */
  async start(): Promise<string> {
    const server = createServer((req, res) => {
      this.serve(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this.url;
  }

  /** Stops the server and drops open connections. */
  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Accepts `credential` from now on (a refreshed token). */
  acceptCredential(credential: string): void {
    this.validCredentials.add(credential);
  }

  /** Refuses `credential` from now on (it expired or was revoked). */
  revokeCredential(credential: string): void {
    this.validCredentials.delete(credential);
  }

  /** Replaces the answer to the next matching authorized request (once). */
  injectOnce(injection: Injection): void {
    this.injections.push(injection);
  }

  /** Requests to `path` (exact pathname), for assertions on pagination and retries. */
  requestsTo(path: string): LoggedRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://standin');
    const raw = await readBody(req);
    const text = raw.toString('utf8');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const request: StandinRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]),
      ),
      body,
      raw,
    };
    const isAuthorized = this.isAuthorized(request);
    this.requests.push({
      method: request.method,
      path: request.path,
      query: Object.fromEntries([...url.searchParams].filter(([k]) => !this.credentialParams.includes(k))),
      isAuthorized,
    });
    if (!isAuthorized) return send(res, this.unauthorized(request));
    const injection = this.takeInjection(request);
    if (injection) {
      if (injection.delayMs) await new Promise((resolve) => setTimeout(resolve, injection.delayMs));
      return send(res, injection.answer);
    }
    for (const route of this.compiledRoutes()) {
      if (route.method !== request.method) continue;
      const match = route.regex.exec(request.path);
      if (!match) continue;
      const params = Object.fromEntries(
        route.names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]),
      );
      return send(res, route.handle(request, params));
    }
    send(res, this.notFound(request));
  }

  private takeInjection(req: StandinRequest): Injection | undefined {
    const index = this.injections.findIndex(
      (i) =>
        (i.method === undefined || i.method === req.method) &&
        (typeof i.path === 'string' ? i.path === req.path : i.path.test(req.path)),
    );
    if (index < 0) return undefined;
    return this.injections.splice(index, 1)[0];
  }

  private compiledRoutes(): CompiledRoute[] {
    this.compiled ??= this.routes().map((route) => {
      const names: string[] = [];
      const source = route.path
        .split('/')
        .map((part) => {
          if (part.startsWith(':')) {
            names.push(part.slice(1));
            return '([^/]+)';
          }
          const star = /^\*(\w+)(.*)$/.exec(part);
          if (star) {
            names.push(star[1]!);
            return `(.+)${escapeRegex(star[2]!)}`;
          }
          return escapeRegex(part);
        })
        .join('/');
      return { ...route, names, regex: new RegExp(`^${source}$`) };
    });
    return this.compiled;
  }
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function send(res: ServerResponse, answer: StandinAnswer): void {
  const text = answer.raw ?? (answer.body === undefined ? '' : JSON.stringify(answer.body));
  res.writeHead(answer.status, {
    'content-type': answer.raw === undefined ? 'application/json; charset=utf-8' : 'text/plain',
    ...answer.headers,
  });
  res.end(text);
}

/** Reads a non-negative integer query value, or `fallback` when absent; NaN when not a number. */
export function intParam(query: URLSearchParams, name: string, fallback: number): number {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  return /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
}

/** A page of `items` starting at `offset`, at most `limit` long. */
export function pageOf<T>(items: readonly T[], offset: number, limit: number): T[] {
  return items.slice(offset, offset + limit);
}

/** Opaque page tokens as Google and Meta use them: base64 of the next offset. */
export const pageToken = {
  encode: (offset: number): string => Buffer.from(`offset:${offset}`).toString('base64url'),
  decode: (token: string | null): number | null => {
    if (!token) return 0;
    const match = /^offset:(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
    return match ? Number(match[1]) : null;
  },
};
