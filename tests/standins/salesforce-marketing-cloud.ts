import { randomBytes } from 'node:crypto';
import {
  intParam,
  type StandinAnswer,
  type StandinRequest,
  type StandinRoute,
  StandinServer,
} from './standin-server';

/**
 * Salesforce Marketing Cloud stand-in (tests/standins/README.md): the auth and REST hosts of one
 * tenant on one server. Follows
 * https://developer.salesforce.com/docs/marketing/marketing-cloud/guide/access-token-s2s.html
 * (`POST /v2/token` with JSON `grant_type: client_credentials`, `client_id`, `client_secret`,
 * optional `account_id`; answers `{ access_token, token_type: "Bearer", expires_in, scope,
 * soap_instance_url, rest_instance_url }`, 401 `{ error: "invalid_client", error_description }`
 * for wrong credentials) and
 * https://developer.salesforce.com/docs/marketing/marketing-cloud/references/mc_rest_data/getDataExtensionRowsetByKey.html
 * (`GET /data/v1/customobjectdata/key/{key}/rowset` with `$page` (from 1) and `$pageSize`
 * (≤ 2500), answering `{ links: { self, next? }, requestToken, customObjectKey, pageSize, page,
 * count, items: [{ keys, values }] }`; an unknown key answers 404 `{ message, errorcode: 10000 }`;
 * a refused bearer 401 `{ message: "Not Authorized", errorcode: 0 }`). Column names are answered
 * lower-cased, as the reference's examples show. `maxPageSize` lowers the cap so tests page.
 */

/** Seed data of the Marketing Cloud stand-in. */
export interface SfmcSeed {
  clientId: string;
  clientSecret: string;
  /** Rows per data extension external key: primary key columns and values. */
  dataExtensions: Record<string, { primaryKey: string[]; rows: Record<string, string>[] }>;
  maxPageSize?: number;
}

/** The Marketing Cloud stand-in server. */
export class SfmcStandin extends StandinServer {
  constructor(private readonly seed: SfmcSeed) {
    super([]);
  }

  /** Changes the secret the token endpoint accepts (a rotated or revoked secret). */
  setClientSecret(secret: string): void {
    this.seed.clientSecret = secret;
  }

  protected isAuthorized(req: StandinRequest): boolean {
    return req.path === '/v2/token' || this.validCredentials.has(this.bearer(req) ?? '');
  }

  protected unauthorized(): StandinAnswer {
    return { status: 401, body: { message: 'Not Authorized', errorcode: 0, documentation: '' } };
  }

  protected routes(): StandinRoute[] {
    return [
      { method: 'POST', path: '/v2/token', handle: (req) => this.token(req) },
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
        body: { error: 'invalid_client', error_description: 'Client authentication failed.' },
      };
    const token = randomBytes(16).toString('hex');
    this.acceptCredential(token);
    return {
      status: 200,
      body: {
        access_token: token,
        token_type: 'Bearer',
        expires_in: 1080,
        scope: 'data_extensions_read',
        soap_instance_url: `${this.url}/`,
        rest_instance_url: `${this.url}/`,
      },
    };
  }

  private rowset(req: StandinRequest, key: string): StandinAnswer {
    const de = this.seed.dataExtensions[key];
    if (!de) return { status: 404, body: { message: `Data extension ${key} not found`, errorcode: 10000 } };
    const page = intParam(req.query, '$page', 1);
    const pageSize = intParam(req.query, '$pageSize', 2500);
    if (!(page >= 1) || !(pageSize >= 1 && pageSize <= 2500))
      return { status: 400, body: { message: '$page and $pageSize are invalid', errorcode: 10001 } };
    const size = Math.min(pageSize, this.seed.maxPageSize ?? 2500);
    const lower = (row: Record<string, string>) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k.toLowerCase(), v]));
    const items = de.rows.slice((page - 1) * size, page * size).map((row) => ({
      keys: lower(Object.fromEntries(de.primaryKey.map((k) => [k, row[k] ?? '']))),
      values: lower(row),
    }));
    const self = `/data/v1/customobjectdata/key/${key}/rowset?$page=${page}`;
    return {
      status: 200,
      body: {
        links: {
          self,
          ...(page * size < de.rows.length
            ? { next: `/data/v1/customobjectdata/key/${key}/rowset?$page=${page + 1}` }
            : {}),
        },
        requestToken: randomBytes(8).toString('hex'),
        customObjectKey: key,
        pageSize: size,
        page,
        count: de.rows.length,
        items,
      },
    };
  }
}
