import {
  intParam,
  pageToken,
  type StandinAnswer,
  type StandinRequest,
  StandinServer,
} from './standin-server';

/**
 * What the Google API stand-ins (cm360.ts, dv360.ts, google-ads.ts) share: Google's error
 * envelope, page-token paging, the check of a method's declared query parameters, and the bearer
 * token check every Google REST API makes.
 */

/**
 * Google's error envelope (https://cloud.google.com/apis/design/errors#http_mapping):
 * `{ error: { code, message, status } }` with the HTTP status as `code`.
 */
export function googleError(code: number, status: string, message: string): StandinAnswer {
  return { status: code, body: { error: { code, message, status } } };
}

/**
 * One page of `items` under `key`, from the `pageToken` query parameter and a page size read from
 * `sizeParam` (1–`maxSize`, `defaultSize` when absent), with `nextPageToken` while more remain;
 * 400 INVALID_ARGUMENT for a bad token or size.
 */
export function googlePage(
  req: StandinRequest,
  key: string,
  items: readonly unknown[],
  sizeParam: string,
  maxSize: number,
  defaultSize = maxSize,
): StandinAnswer {
  const size = intParam(req.query, sizeParam, defaultSize);
  const offset = pageToken.decode(req.query.get('pageToken'));
  if (offset === null || Number.isNaN(size) || size < 1 || size > maxSize)
    return googleError(
      400,
      'INVALID_ARGUMENT',
      `Invalid value for ${offset === null ? 'pageToken' : sizeParam}`,
    );
  const page = items.slice(offset, offset + size);
  const next = offset + size < items.length ? pageToken.encode(offset + size) : undefined;
  return { status: 200, body: { [key]: page, ...(next ? { nextPageToken: next } : {}) } };
}

/** The system parameters every Google API method takes (https://cloud.google.com/apis/docs/system-parameters). */
const SYSTEM_PARAMETERS = [
  '$.xgafv',
  'access_token',
  'alt',
  'callback',
  'fields',
  'key',
  'prettyPrint',
  'quotaUser',
  'upload_protocol',
  'uploadType',
];

/**
 * Google's 400 for a query parameter the method does not declare (its REST reference's "Query
 * parameters"; system parameters are always taken), or for a single-valued one sent twice; null
 * when every parameter is declared. `repeated` are the declared parameters that may repeat.
 */
export function undeclaredParameter(
  req: StandinRequest,
  declared: readonly string[],
  repeated: readonly string[] = [],
): StandinAnswer | null {
  for (const name of new Set(req.query.keys())) {
    if (!declared.includes(name) && !SYSTEM_PARAMETERS.includes(name))
      return googleError(
        400,
        'INVALID_ARGUMENT',
        `Invalid JSON payload received. Unknown name "${name}": Cannot bind query parameter. Field '${name}' could not be found in request message.`,
      );
    if (!repeated.includes(name) && req.query.getAll(name).length > 1)
      return googleError(
        400,
        'INVALID_ARGUMENT',
        `Invalid JSON payload received. Repeated values for non-repeated field "${name}".`,
      );
  }
  return null;
}

/**
 * The base of a Google REST API stand-in: an OAuth 2 bearer token on every request (401
 * UNAUTHENTICATED otherwise) and Google's 404 envelope for a path the API does not serve.
 */
export abstract class GoogleApiStandin extends StandinServer {
  protected isAuthorized(req: StandinRequest): boolean {
    const token = this.bearer(req);
    return token !== undefined && this.validCredentials.has(token);
  }

  protected unauthorized(): StandinAnswer {
    return googleError(
      401,
      'UNAUTHENTICATED',
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
    );
  }

  protected override notFound(req: StandinRequest): StandinAnswer {
    return googleError(404, 'NOT_FOUND', `The requested URL ${req.path} was not found on this server.`);
  }
}
