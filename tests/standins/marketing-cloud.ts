import { randomUUID } from 'node:crypto';
import {
  intParam,
  type StandinAnswer,
  type StandinRequest,
  type StandinRoute,
  StandinServer,
} from './standin-server';

/**
 * Salesforce Marketing Cloud stand-in (tests/standins/README.md): the auth host and the REST host
 * of one tenant on one server.
 *
 * - `POST /v2/token` follows
 *   https://developer.salesforce.com/docs/marketing/marketing-cloud/guide/access-token-s2s.html:
 *   JSON body with grant_type client_credentials, client_id, client_secret and optional
 *   account_id; answers access_token, token_type, expires_in, scope, soap_instance_url and
 *   rest_instance_url (this server); a wrong id or secret is 401 `{ error: 'invalid_client' }`.
 * - `PUT /data/v1/async/dataextensions/key:{key}/rows` follows
 *   https://developer.salesforce.com/docs/marketing/marketing-cloud/references/mc_rest_data_extensions/updateDataExtensionIDAsync.html
 *   (`{ items }`, 202 with requestId; rows upserted on the data extension's primary key).
 * - `GET /data/v1/async/{requestId}/status` and `/results` follow
 *   https://developer.salesforce.com/docs/atlas.en-us.noversion.mc-apis.meta/mc-apis/data-extensions-api.htm.
 * - `GET /data/v1/customobjectdata/key/{key}/rowset` follows
 *   https://developer.salesforce.com/docs/marketing/marketing-cloud/references/mc_rest_data/getDataExtensionRowsetByKey.html:
 *   `$page` (from 1) and `$pageSize` (≤ 2500), answering `{ links: { self, next? }, requestToken,
 *   customObjectKey, pageSize, page, count, items: [{ keys, values }] }`; an unknown key answers
 *   404 `{ message, errorcode: 10000 }`. Column names are answered lower-cased, as the
 *   reference's examples show. `maxPageSize` lowers the cap so tests page. The rows read are the
 *   seeded rows and those the upserts left.
 * - A refused bearer token is 401 `{ message: "Not Authorized", errorcode: 0 }`.
 *
 * Choices where the reference is silent: an unknown data extension key is answered at once with
 * 404 `{ message, errorcode: 10002 }`; a row missing a primary key column or naming an unknown
 * column completes the request with hasErrors and a results item `{ status: 'Error', message }`.
 * The request completes after `pendingReads` status reads (default 1), so clients must poll.
 */

/** A data extension: its external key, columns, primary key columns and rows. */
export interface DataExtensionSeed {
  key: string;
  /** The columns an upsert may name (default: those of the seeded rows). */
  columns?: string[];
  primaryKey: string[];
  /** Rows it holds at the start, column name → value. */
  rows?: Record<string, string>[];
}

/** Seed data of the stand-in. */
export interface MarketingCloudSeed {
  clientId: string;
  clientSecret: string;
  dataExtensions: DataExtensionSeed[];
  /** Status reads answered Pending before Complete. */
  pendingReads?: number;
  /** The largest rowset page answered (default 2500, Marketing Cloud's). */
  maxPageSize?: number;
}

interface AsyncRequest {
  pendingReads: number;
  errors: string[];
}

/** The Marketing Cloud stand-in server. */
export class MarketingCloudStandin extends StandinServer {
  private readonly seed: MarketingCloudSeed;
  /** Rows of each data extension, by key, then by primary key values. */
  readonly rows = new Map<string, Map<string, Record<string, string>>>();
  private readonly asyncRequests = new Map<string, AsyncRequest>();
  /** Tokens issued so far. */
  issued = 0;

  constructor(seed: MarketingCloudSeed) {
    super([]);
    this.seed = seed;
    for (const de of seed.dataExtensions)
      this.rows.set(
        de.key,
        new Map((de.rows ?? []).map((row) => [de.primaryKey.map((k) => row[k]).join('|'), { ...row }])),
      );
  }

  /** Changes the secret the token endpoint accepts (a rotated or revoked secret). */
  setClientSecret(secret: string): void {
    this.seed.clientSecret = secret;
  }

  /** The auth base URL as SFMC_AUTH_URL holds it. */
  get authUrl(): string {
    return this.url;
  }

  protected isAuthorized(req: StandinRequest): boolean {
    if (req.path === '/v2/token') return true;
    const token = this.bearer(req);
    return token !== undefined && this.validCredentials.has(token);
  }

  protected unauthorized(): StandinAnswer {
    return { status: 401, body: { message: 'Not Authorized', errorcode: 0, documentation: '' } };
  }

  protected override notFound(req: StandinRequest): StandinAnswer {
    return { status: 404, body: { message: `No route ${req.path}`, errorcode: 404 } };
  }

  protected routes(): StandinRoute[] {
    return [
      { method: 'POST', path: '/v2/token', handle: (req) => this.token(req) },
      {
        method: 'PUT',
        path: '/data/v1/async/dataextensions/:key/rows',
        handle: (req, p) => this.upsert(req, p.key!),
      },
      { method: 'GET', path: '/data/v1/async/:id/status', handle: (_req, p) => this.status(p.id!) },
      { method: 'GET', path: '/data/v1/async/:id/results', handle: (_req, p) => this.results(p.id!) },
      {
        method: 'GET',
        path: '/data/v1/customobjectdata/key/:key/rowset',
        handle: (req, p) => this.rowset(req, p.key!),
      },
    ];
  }

  private token(req: StandinRequest): StandinAnswer {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (body.grant_type !== 'client_credentials')
      return {
        status: 400,
        body: { error: 'unsupported_grant_type', error_description: 'Use client_credentials.' },
      };
    if (body.client_id !== this.seed.clientId || body.client_secret !== this.seed.clientSecret)
      return {
        status: 401,
        body: { error: 'invalid_client', error_description: 'Client authentication failed.', error_uri: '' },
      };
    const token = `sfmc-token-${++this.issued}`;
    this.acceptCredential(token);
    return {
      status: 200,
      body: {
        access_token: token,
        token_type: 'Bearer',
        expires_in: 1079,
        scope: 'data_extensions_read data_extensions_write',
        soap_instance_url: `${this.url}/`,
        rest_instance_url: `${this.url}/`,
      },
    };
  }

  private upsert(req: StandinRequest, keyParam: string): StandinAnswer {
    if (!keyParam.startsWith('key:'))
      return { status: 404, body: { message: 'Data extension not found', errorcode: 10002 } };
    const key = keyParam.slice('key:'.length);
    const de = this.seed.dataExtensions.find((d) => d.key === key);
    if (!de)
      return {
        status: 404,
        body: { message: `Unable to find a data extension with external key ${key}.`, errorcode: 10002 },
      };
    const items = (req.body as { items?: unknown } | undefined)?.items;
    if (!Array.isArray(items) || items.length === 0)
      return { status: 400, body: { message: 'items is required.', errorcode: 10001 } };
    const errors: string[] = [];
    const table = this.rows.get(key)!;
    const columns = de.columns ?? [...new Set((de.rows ?? []).flatMap((r) => Object.keys(r)))];
    for (const item of items as Record<string, string>[]) {
      const unknown = Object.keys(item).find((c) => !columns.includes(c));
      if (unknown) {
        errors.push(`The column ${unknown} does not exist in the data extension.`);
        continue;
      }
      if (de.primaryKey.some((k) => !item[k])) {
        errors.push(`Primary key ${de.primaryKey.join(', ')} is required.`);
        continue;
      }
      const id = de.primaryKey.map((k) => item[k]).join('|');
      table.set(id, { ...(table.get(id) ?? {}), ...item });
    }
    const requestId = randomUUID();
    this.asyncRequests.set(requestId, { pendingReads: this.seed.pendingReads ?? 1, errors });
    return { status: 202, body: { requestId, resultMessages: [] } };
  }

  private status(id: string): StandinAnswer {
    const request = this.asyncRequests.get(id);
    if (!request) return { status: 404, body: { message: 'Request not found', errorcode: 10003 } };
    const pending = request.pendingReads > 0;
    if (pending) request.pendingReads--;
    return {
      status: 200,
      body: {
        requestId: id,
        status: {
          callDateTime: new Date().toISOString(),
          hasErrors: !pending && request.errors.length > 0,
          requestStatus: pending ? 'Pending' : 'Complete',
          resultStatus: pending ? '' : request.errors.length ? 'Error' : 'OK',
        },
      },
    };
  }

  private results(id: string): StandinAnswer {
    const request = this.asyncRequests.get(id);
    if (!request) return { status: 404, body: { message: 'Request not found', errorcode: 10003 } };
    return {
      status: 200,
      body: {
        page: 1,
        pageSize: 50,
        count: request.errors.length,
        items: request.errors.map((message) => ({ status: 'Error', message })),
      },
    };
  }

  private rowset(req: StandinRequest, key: string): StandinAnswer {
    const de = this.seed.dataExtensions.find((d) => d.key === key);
    const table = this.rows.get(key);
    if (!de || !table)
      return { status: 404, body: { message: `Data extension ${key} not found`, errorcode: 10000 } };
    const page = intParam(req.query, '$page', 1);
    const pageSize = intParam(req.query, '$pageSize', 2500);
    if (!(page >= 1) || !(pageSize >= 1 && pageSize <= 2500))
      return { status: 400, body: { message: '$page and $pageSize are invalid', errorcode: 10001 } };
    const size = Math.min(pageSize, this.seed.maxPageSize ?? 2500);
    const lower = (row: Record<string, string>) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k.toLowerCase(), v]));
    const rows = [...table.values()];
    const items = rows.slice((page - 1) * size, page * size).map((row) => ({
      keys: lower(Object.fromEntries(de.primaryKey.map((k) => [k, row[k] ?? '']))),
      values: lower(row),
    }));
    const self = `/data/v1/customobjectdata/key/${key}/rowset?$page=${page}`;
    return {
      status: 200,
      body: {
        links: {
          self,
          ...(page * size < rows.length
            ? { next: `/data/v1/customobjectdata/key/${key}/rowset?$page=${page + 1}` }
            : {}),
        },
        requestToken: randomUUID(),
        customObjectKey: key,
        pageSize: size,
        page,
        count: rows.length,
        items,
      },
    };
  }
}
