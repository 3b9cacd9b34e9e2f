import {
  AppError,
  type BodyOf,
  buildPath,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@nomen/shared';
import { errorFromResponse, NETWORK_ERROR_MESSAGE } from './errors';
import { queryString } from './queryString';

/** The parts of one request to a shared contract endpoint. */
export interface RequestParts<E extends Endpoint> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  signal?: AbortSignal;
  /** Extra request headers, e.g. Idempotency-Key (issue 11 item 4). */
  headers?: Record<string, string>;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/**
 * Registers what happens when a call that needs a session answers 401 (issue 2 §2): the app
 * sends the user to /login?next=<path>. Public endpoints (sign-in, reset, activation) never
 * trigger it, so a wrong password stays on the form.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/**
 * Calls one endpoint of the shared contract (STYLE.md: one contract per endpoint): fills the
 * path with buildPath, encodes the query, sends the body as JSON with the session cookie, and
 * parses the answer with the endpoint's response schema. Throws AppError: the server's error
 * body rebuilt, or INTERNAL when the server cannot be reached or answers something unreadable.
 */
export async function apiFetch<E extends Endpoint>(
  endpoint: E,
  parts: RequestParts<E> = {},
): Promise<ResponseOf<E>> {
  const path =
    buildPath(endpoint.path, parts.params as Record<string, string | number> | undefined) +
    queryString(parts.query as Record<string, unknown> | undefined);
  const hasBody = parts.body !== undefined;
  let response: Response;
  try {
    response = await fetch(path, {
      method: endpoint.method,
      credentials: 'same-origin',
      headers: {
        ...parts.headers,
        Accept: 'application/json',
        ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
      },
      body: hasBody ? JSON.stringify(parts.body) : undefined,
      signal: parts.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new AppError('INTERNAL', NETWORK_ERROR_MESSAGE);
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = errorFromResponse(response.status, json);
    if (response.status === 401 && endpoint.permission !== null) onUnauthorized();
    throw error;
  }
  const parsed = endpoint.response.safeParse(json);
  if (!parsed.success) {
    throw new AppError('INTERNAL', `Unexpected answer from ${endpoint.method} ${endpoint.path}`);
  }
  return parsed.data as ResponseOf<E>;
}
