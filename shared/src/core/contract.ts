import type { z } from 'zod';
import type { ErrorCode } from './errors';
import type { FeatureFlag } from './feature-flags';
import type { Permission } from './permissions';

/** HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One endpoint, defined once and used by the server router (validation, permission, OpenAPI)
 * and by the client fetcher (STYLE.md: one contract per endpoint).
 *
 * `path` uses Express syntax (`/api/v1/account/groups/:id`); `params`, `query` and `body` are
 * zod schemas of the request parts; `response` of the success body.
 */
export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  /** `null` = public (no sign-in); `'signed-in'` = any signed-in user; otherwise the permission. */
  permission: Permission | 'signed-in' | null;
  /** The endpoint answers 403 unless the account has this flag on. */
  feature?: FeatureFlag;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /**
   * Media type of a success answer where it is not application/json; `response` then describes
   * each of its parts (e.g. each line of newline-delimited JSON). A list names every media type
   * the answer may come in (a download as CSV or XLSX), each described by `response`.
   */
  responseMediaType?: string | readonly string[];
  /**
   * Media type of the request body where it is not application/json: an HTML form's post
   * (`body` then describes its fields), e.g. a SAML IdP's Response at the ACS.
   */
  requestMediaType?: 'application/x-www-form-urlencoded';
  /**
   * Status of a success answer; 200 unless stated. For a redirect (3xx) `response` describes the
   * Location header (every place the browser may be sent, failures included) and there is no body.
   */
  status?: number;
  /**
   * Errors the endpoint's service answers besides those its shape implies (bad input, sign-in,
   * permission, missing ids, body limits, conflicts on a write: see the server's error
   * statuses), e.g. a list locked by a reviewer (LOCKED) or a provider's failure
   * (PROVIDER_ERRORS). The API reference declares each one's status.
   */
  errors?: readonly ErrorCode[];
  /**
   * Body-size limit in bytes where it differs from the 1 MB default: sized to the operation's
   * largest legal input with headroom; over it the server answers 413 naming the limit.
   */
  bodyLimit?: number;
  /**
   * Most items in any one JSON array of the body, counted while the body arrives (413 past it,
   * before parsing), and the items' name for the message: e.g. 50,000 rows of a submission.
   */
  arrayLimit?: { max: number; items: string };
  /**
   * Only a browser session may call it: a request authenticated by an API token answers 403
   * (token management itself, sign-out, collaboration tokens, OAuth sign-in; issue 11 item 10).
   */
  sessionOnly?: boolean;
  /** Request headers the endpoint reads, documented in the API reference (e.g. Idempotency-Key). */
  headers?: readonly EndpointHeader[];
}

/** A request header an endpoint reads (the API reference lists it). */
export interface EndpointHeader {
  name: string;
  description: string;
  required?: boolean;
}

/** The media types of a file download: CSV (UTF-8) or an XLSX workbook. */
export const DOWNLOAD_MEDIA_TYPES = [
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;

/** Identity helper that keeps an endpoint's literal types. */
export function endpoint<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  e: Endpoint<P, Q, B, R>,
): Endpoint<P, Q, B, R> {
  return e;
}

/** The request-body type of an endpoint. */
export type BodyOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
/** The query type of an endpoint. */
export type QueryOf<E> = E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
/** The path-parameter type of an endpoint. */
export type ParamsOf<E> = E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
/** The success-response type of an endpoint. */
export type ResponseOf<E> =
  E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** Fills `:name` segments of an Express-style path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
