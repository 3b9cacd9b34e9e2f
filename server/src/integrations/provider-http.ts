import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { outboundRefusalIn, STRICT_OUTBOUND } from '../security/outbound';
import { ProviderError, type ProviderName } from './provider-error';

/** Default time a provider has to answer one attempt of one call, in milliseconds. */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 15_000;

/**
 * What every provider client takes (ARCHITECTURE.md "Integrations"): where the provider lives and
 * how to get a current credential. The connectors code builds it from a connected account; secrets
 * are decrypted inside `getAccessToken`, never held by the caller.
 */
export interface ProviderClientOptions {
  /** The API root, without a trailing slash (see providerConfig in ./index.ts). */
  baseUrl: string;
  /** The current access token (or API key); asked for before every attempt. */
  getAccessToken: () => Promise<string>;
  /**
   * Called once when the provider refuses the credential; refreshes it (OAuth refresh grant,
   * re-read of a rotated key) so the call is retried once with what `getAccessToken` then returns.
   * Without it a refused credential fails at once.
   */
  onUnauthorized?: () => Promise<void>;
  /** fetch to use (defaults to the global one). */
  fetch?: typeof fetch;
  /** Per-attempt timeout in milliseconds (default 15 s). */
  timeoutMs?: number;
}

/** The provider's words from an error answer, as a client's `readError` extracts them. */
export interface ProviderErrorDetail {
  message?: string | undefined;
  code?: string | undefined;
  /**
   * Parts of the error answer a client needs to act on (Box's conflicting file id of a 409), kept
   * on the ProviderError as `providerData`; never a credential.
   */
  data?: unknown;
}

/** How a client talks to its provider; see ProviderHttp. */
export interface ProviderHttpOptions {
  provider: ProviderName;
  baseUrl: string;
  /** Headers carrying the credentials for one attempt (called again after a refresh). */
  authHeaders: () => Promise<Record<string, string>>;
  /**
   * Query parameters carrying the credentials for one attempt, for providers that take a key in
   * the URL (Workfront's `apiKey`); redacted from messages like the headers. None by default.
   */
  authQuery?: (() => Promise<Record<string, string>>) | undefined;
  onUnauthorized?: (() => Promise<void>) | undefined;
  fetch?: typeof fetch | undefined;
  timeoutMs?: number | undefined;
  /** Reads the provider's error envelope (each provider has its own). */
  readError: (body: unknown) => ProviderErrorDetail;
  /**
   * Whether an answer means "credentials refused"; the default is status 401. Meta, for one,
   * answers an expired token with 400 and error code 190.
   */
  isUnauthorized?: (status: number, body: unknown) => boolean;
}

/** Query values; undefined ones are left out, and a list is sent as the name repeated once per value. */
export type Query = Record<string, string | number | boolean | readonly string[] | undefined>;

/** A request body that is not JSON: bytes with their content type (uploads, multipart forms). */
export interface RawBody {
  contentType: string;
  data: Uint8Array;
}

/** HTTP methods the clients use. */
export type ProviderMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One request: method, path below the base URL (starting with "/"), query, JSON body. */
export interface ProviderRequest<S extends z.ZodType> {
  method?: ProviderMethod;
  path: string;
  query?: Query;
  /** A JSON body (sent as application/json). */
  body?: unknown;
  /** A body sent as is (uploads); takes the place of `body`. */
  rawBody?: RawBody;
  /** Headers besides the credential ones (never a credential: they are not redacted). */
  headers?: Record<string, string>;
  /** The documented answer shape; a 2xx answer that does not match is refused (MALFORMED). */
  schema: S;
}

/** A binary answer: its content type and bytes. */
export interface BinaryAnswer {
  contentType: string;
  body: Uint8Array;
}

/** A multipart/form-data body of text and file parts (RFC 7578), with its content type. */
export function multipart(
  parts: { name: string; value: string | Uint8Array; filename?: string; contentType?: string }[],
): RawBody {
  const boundary = `nomen-${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename.replace(/["\r\n]/g, '_')}"`}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.contentType ? `Content-Type: ${p.contentType}\r\n` : ''}\r\n`,
      ),
      Buffer.from(p.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, data: Buffer.concat(chunks) };
}

/** Encodes one path segment (ids and names that come from users or other answers). */
export function seg(value: string | number): string {
  return encodeURIComponent(String(value));
}

/**
 * The request core shared by every provider client: builds the URL under the base URL, adds the
 * credential headers, applies the timeout, retries once after `onUnauthorized` when the
 * credential is refused, maps failures to ProviderError (with the provider's message, any
 * credential value redacted) and parses 2xx answers with the documented zod schema.
 */
export class ProviderHttp {
  private readonly options: ProviderHttpOptions;
  private readonly baseUrl: string;

  constructor(options: ProviderHttpOptions) {
    this.options = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  /** GET `path` and parse the answer with `schema`. Throws ProviderError. */
  get<S extends z.ZodType>(path: string, schema: S, query?: Query): Promise<z.output<S>> {
    return this.request({ method: 'GET', path, schema, ...(query ? { query } : {}) });
  }

  /** Sends one request (with at most one retry after a refresh). Throws ProviderError. */
  async request<S extends z.ZodType>(req: ProviderRequest<S>): Promise<z.output<S>> {
    const answer = await this.exchange(req);
    return this.parse(req.schema, Buffer.from(answer.body).toString('utf8'), answer.operation);
  }

  /**
   * Sends one request whose 2xx answer is not JSON (an image, a file): answers its content type
   * and bytes. Same credentials, refresh and errors as {@link request}. Throws ProviderError.
   */
  async requestBinary(req: Omit<ProviderRequest<z.ZodType>, 'schema'>): Promise<BinaryAnswer> {
    const answer = await this.exchange(req);
    return { contentType: answer.contentType, body: answer.body };
  }

  private async exchange(
    req: Omit<ProviderRequest<z.ZodType>, 'schema'>,
  ): Promise<{ contentType: string; body: Uint8Array; operation: string }> {
    const method = req.method ?? 'GET';
    const operation = `${method} ${req.path}`;
    const isUnauthorized = this.options.isUnauthorized ?? ((status: number) => status === 401);
    for (let attempt = 0; ; attempt++) {
      const headers = await this.options.authHeaders();
      const authQuery = (await this.options.authQuery?.()) ?? {};
      const credentials = { ...headers, ...authQuery };
      const url = this.url(req.path, { ...req.query, ...authQuery });
      const answer = await this.send(url, method, headers, req, operation);
      if (answer.status >= 200 && answer.status < 300)
        return { contentType: answer.contentType, body: answer.body, operation };
      const text = Buffer.from(answer.body).toString('utf8');
      const body = parseJson(text);
      const detail = this.detail(body, text, answer.status, credentials);
      if (isUnauthorized(answer.status, body)) {
        if (attempt === 0 && this.options.onUnauthorized) {
          await this.refresh(operation);
          continue;
        }
        throw this.error('UNAUTHORIZED', answer.status, detail, operation);
      }
      throw this.error('HTTP', answer.status, detail, operation);
    }
  }

  private url(path: string, query: Query | undefined): string {
    // An empty path addresses the base URL itself (an endpoint configured as a whole, like userinfo).
    const suffix = path === '' || path.startsWith('/') ? path : `/${path}`;
    const url = new URL(`${this.baseUrl}${suffix}`);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (Array.isArray(value)) for (const v of value) url.searchParams.append(key, v);
      else if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  private async send(
    url: string,
    method: string,
    credentials: Record<string, string>,
    req: Pick<ProviderRequest<z.ZodType>, 'body' | 'rawBody' | 'headers'>,
    operation: string,
  ): Promise<{ status: number; contentType: string; body: Uint8Array }> {
    const doFetch = this.options.fetch ?? STRICT_OUTBOUND.fetch;
    const signal = AbortSignal.timeout(this.options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS);
    const headers: Record<string, string> = { accept: 'application/json', ...req.headers, ...credentials };
    let body: string | Uint8Array | undefined;
    if (req.rawBody) {
      headers['content-type'] = req.rawBody.contentType;
      body = req.rawBody.data;
    } else if (req.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(req.body);
    }
    try {
      const res = await doFetch(url, {
        method,
        headers,
        signal,
        ...(body === undefined ? {} : { body: body as NonNullable<RequestInit['body']> }),
      });
      // The body is read under the same signal, so a provider that stalls mid-answer times out too.
      return {
        status: res.status,
        contentType: res.headers.get('content-type') ?? '',
        body: new Uint8Array(await res.arrayBuffer()),
      };
    } catch (err) {
      const isTimeout = signal.aborted || (err as Error | null)?.name === 'TimeoutError';
      if (isTimeout) {
        throw new ProviderError({
          provider: this.options.provider,
          code: 'TIMEOUT',
          status: null,
          providerMessage: 'no answer in time',
          operation,
          cause: err,
        });
      }
      throw new ProviderError({
        provider: this.options.provider,
        code: 'NETWORK',
        status: null,
        providerMessage: networkReason(err),
        operation,
        cause: err,
      });
    }
  }

  private async refresh(operation: string): Promise<void> {
    try {
      await this.options.onUnauthorized?.();
    } catch (err) {
      if (err instanceof ProviderError) throw err;
      throw new ProviderError({
        provider: this.options.provider,
        code: 'UNAUTHORIZED',
        status: 401,
        providerMessage: 'the credentials were refused and could not be refreshed',
        operation,
        cause: err,
      });
    }
  }

  private parse<S extends z.ZodType>(schema: S, text: string, operation: string): z.output<S> {
    const body = parseJson(text);
    if (body === NOT_JSON) {
      throw this.error('MALFORMED', 200, { message: 'the answer is not JSON' }, operation);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const issues = parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`)
        .join('; ');
      throw this.error('MALFORMED', 200, { message: issues }, operation, parsed.error);
    }
    return parsed.data;
  }

  private detail(
    body: unknown,
    text: string,
    status: number,
    credentials: Record<string, string>,
  ): ProviderErrorDetail {
    const read = body === NOT_JSON ? {} : this.options.readError(body);
    const raw = read.message?.trim() || text.trim().slice(0, 300) || `HTTP ${status}`;
    return { message: redact(raw, credentials), code: read.code, data: read.data };
  }

  private error(
    code: 'UNAUTHORIZED' | 'HTTP' | 'MALFORMED',
    status: number,
    detail: ProviderErrorDetail,
    operation: string,
    cause?: unknown,
  ): ProviderError {
    return new ProviderError({
      provider: this.options.provider,
      code,
      status,
      providerMessage: detail.message ?? `HTTP ${status}`,
      providerCode: detail.code,
      providerData: detail.data,
      operation,
      cause,
    });
  }
}

const NOT_JSON = Symbol('not json');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

/** Removes credential values (and their bearer tokens) from a provider's message. */
function redact(message: string, credentials: Record<string, string>): string {
  let out = message;
  for (const value of Object.values(credentials)) {
    const secret = value.replace(/^(Bearer|Basic)\s+/i, '');
    if (secret.length >= 6) out = out.split(secret).join('[redacted]');
  }
  return out;
}

function networkReason(err: unknown): string {
  const refused = outboundRefusalIn(err);
  if (refused) return refused.message;
  const cause = (err as { cause?: { code?: unknown } } | null)?.cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  return err instanceof Error ? err.message : 'connection failed';
}

/** Reads `obj[key]` as a non-empty string, for error envelopes of unknown shape. */
export function stringAt(obj: unknown, ...keys: string[]): string | undefined {
  let cur: unknown = obj;
  for (const key of keys) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  if (typeof cur === 'string' && cur.trim()) return cur;
  if (typeof cur === 'number') return String(cur);
  return undefined;
}
