import { type Endpoint, ERROR_STATUS, type ErrorCode } from '@nomen/shared';
import { LARGE_BODY_BYTES } from './body-limits';

/** What each error status means, as the API reference describes it. */
const DESCRIPTIONS: Record<number, string> = {
  400: 'Bad input: message and issues naming each field',
  401: 'Not signed in (or, for sign-in, a wrong email or password)',
  403: 'Signed in without the permission or the feature flag, an API token where a browser session is needed, or a cross-site write',
  404: "Missing, or another account's",
  409: 'Stale write or conflict',
  413: 'The body is over the operation’s limits (bytes, items of an array, or the spec’s sizes); the message names the limit',
  415: 'A compressed body: send it uncompressed',
  423: 'Locked by someone else',
  424: "The connected account's provider refused its credentials: reconnect the account",
  429: 'Too many attempts: send again after Retry-After',
  500: 'Server fault: the answer carries a request id and no internals',
  502: 'The provider failed, could not be reached, or answered something unreadable',
  503: 'Too many large requests are being worked at once: send again after Retry-After',
  504: 'The provider did not answer in time',
};

/**
 * The error statuses an endpoint can answer, each with its description, derived from what
 * answers them rather than listed per route:
 * - the error handler (errors.ts): 500 for any server fault; a database error caused by input
 *   answers 400, 404 or 413 where input is read, and 409 (duplicate, still referenced) on a write;
 * - sign-in and permission (route.ts): 401 and 403 unless public; 403 where a feature flag or a
 *   browser session is needed; the same-origin check (security.ts) answers 403 to any write;
 * - the contract's schemas: 400 where params, query or body are parsed, 404 where they name
 *   objects (an id of another account answers 404);
 * - the body reader (`jsonBody`): 400 malformed JSON, 413 over the byte or array limit, 415
 *   compressed, and 503 where the limit admits large bodies that queue for a place;
 * - `endpoint.errors`: what the service answers besides (423 locked, 424/502/504 from a
 *   provider, 429 rate-limited), mapped through ERROR_STATUS.
 * Answers a map of status → description, in ascending status order.
 */
export function errorStatusesOf(endpoint: Endpoint): Map<number, string> {
  const statuses = new Set<number>([ERROR_STATUS.INTERNAL]);
  const add = (...codes: ErrorCode[]) => {
    for (const code of codes) statuses.add(ERROR_STATUS[code]);
  };
  if (endpoint.permission !== null) add('UNAUTHENTICATED', 'FORBIDDEN');
  if (endpoint.feature || endpoint.sessionOnly || endpoint.method !== 'GET') add('FORBIDDEN');
  if (endpoint.params || endpoint.query || endpoint.body) add('BAD_REQUEST', 'NOT_FOUND');
  if (endpoint.method !== 'GET') add('CONFLICT');
  if (endpoint.body) {
    add('PAYLOAD_TOO_LARGE');
    statuses.add(415);
    if ((endpoint.bodyLimit ?? 0) > LARGE_BODY_BYTES) add('BUSY');
  }
  add(...(endpoint.errors ?? []));
  return new Map(
    [...statuses].sort((a, b) => a - b).map((status) => [status, DESCRIPTIONS[status] ?? 'Error']),
  );
}
