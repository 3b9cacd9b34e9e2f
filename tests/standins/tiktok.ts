import { randomBytes } from 'node:crypto';
import {
  intParam,
  type StandinAnswer,
  type StandinRequest,
  type StandinRoute,
  StandinServer,
} from './standin-server';

/**
 * TikTok for Business stand-in (tests/standins/README.md). Sign-in follows TikTok's Marketing
 * API authorization reference, https://business-api.tiktok.com/portal/docs?id=1738373164380162
 * and …?id=1739965703387137: `POST /open_api/v1.3/oauth2/access_token/` with a JSON body of
 * `app_id`, `secret` and `auth_code` answers HTTP 200 with `{ code, message, request_id, data }`,
 * `code` 0 and a long-term `data.access_token` (with `advertiser_ids` and `scope`) on success,
 * another `code` with TikTok's message otherwise. An auth code is single-use. The advertiser
 * authorisation page itself is a browser page; `issueCode()` stands for an advertiser approving it.
 *
 * The object lists follow https://business-api.tiktok.com/portal/docs?id=1739315828649986
 * (`GET /open_api/v1.3/campaign/get/`), …?id=1739314558673922 (`/adgroup/get/`) and
 * …?id=1735735588640770 (`/ad/get/`): the `Access-Token` header (code 40105 "Access token is
 * incorrect or has been revoked." when refused, still HTTP 200), `advertiser_id` (40002 when
 * missing or not granted), `fields` (a JSON array; the objects answer only those), `filtering` (a
 * JSON object: `campaign_ids`, `adgroup_ids`, `ad_ids`, `primary_status`, and
 * `campaign_name` / `adgroup_name` / `ad_name` matched as "contains", as TikTok's fuzzy name
 * match does), `page` (from 1) and `page_size` (1–1000; the seed's `maxPageSize` lowers the cap so
 * tests page), answering `data: { list, page_info: { page, page_size, total_number, total_page } }`.
 * An object's `primary_status` is derived from its `operation_status` (ENABLE →
 * STATUS_DELIVERY_OK, DISABLE → STATUS_DISABLE), which is what the reference shows for active and
 * paused objects.
 */

/** Seed data of the TikTok stand-in. */
export interface TikTokSeed {
  /** The developer app (app_id and secret) allowed to trade codes. */
  app: { appId: string; secret: string };
  /** The advertisers an approval grants. */
  advertiserIds: string[];
  /** Access tokens the object lists accept (besides those traded for codes). */
  validTokens?: string[];
  /** Objects per advertiser, as the lists answer them (ids as strings). */
  objects?: Record<string, Partial<Record<'campaign' | 'adgroup' | 'ad', Record<string, unknown>[]>>>;
  /** The largest page the lists answer (default 1000, TikTok's). */
  maxPageSize?: number;
}

const NAME_FILTERS = ['campaign_name', 'adgroup_name', 'ad_name'] as const;
const ID_FILTERS = { campaign_ids: 'campaign_id', adgroup_ids: 'adgroup_id', ad_ids: 'ad_id' } as const;

/** The TikTok stand-in server. */
export class TikTokStandin extends StandinServer {
  private readonly seed: TikTokSeed;
  private readonly codes = new Map<string, string>();

  constructor(seed: TikTokSeed) {
    super(seed.validTokens ?? []);
    this.seed = seed;
  }

  /** Where the app's TikTok token URL points (OAUTH_TIKTOK_TOKEN_URL). */
  get tokenUrl(): string {
    return `${this.url}/open_api/v1.3/oauth2/access_token/`;
  }

  /** An auth code as TikTok gives after an advertiser approves the app; `accessToken` is what it trades for. */
  issueCode(accessToken = `tt-${randomBytes(8).toString('hex')}`): string {
    const code = randomBytes(12).toString('hex');
    this.codes.set(code, accessToken);
    return code;
  }

  // The token endpoint authenticates by its body, checked in the handler; the rest by Access-Token.
  protected isAuthorized(req: StandinRequest): boolean {
    if (req.path === '/open_api/v1.3/oauth2/access_token/') return true;
    return this.validCredentials.has(req.headers['access-token'] ?? '');
  }

  protected unauthorized(): StandinAnswer {
    return tiktokAnswer(40105, 'Access token is incorrect or has been revoked.');
  }

  protected routes(): StandinRoute[] {
    return [
      { method: 'POST', path: '/open_api/v1.3/oauth2/access_token/', handle: (req) => this.token(req) },
      ...(['campaign', 'adgroup', 'ad'] as const).map((kind) => ({
        method: 'GET' as const,
        path: `/open_api/v1.3/${kind}/get/`,
        handle: (req: StandinRequest) => this.list(kind, req),
      })),
    ];
  }

  private list(kind: 'campaign' | 'adgroup' | 'ad', req: StandinRequest): StandinAnswer {
    const advertiserId = req.query.get('advertiser_id') ?? '';
    const objects = this.seed.objects?.[advertiserId];
    if (!objects)
      return tiktokAnswer(40002, `advertiser_id ${advertiserId || '(missing)'} is not authorized.`);
    let fields: unknown;
    let filtering: Record<string, unknown>;
    try {
      fields = JSON.parse(req.query.get('fields') ?? 'null');
      filtering = JSON.parse(req.query.get('filtering') ?? '{}');
    } catch {
      return tiktokAnswer(40002, 'fields and filtering must be JSON.');
    }
    if (fields !== null && (!Array.isArray(fields) || fields.some((f) => typeof f !== 'string')))
      return tiktokAnswer(40002, 'fields: must be a list of strings.');
    const page = intParam(req.query, 'page', 1);
    const pageSize = intParam(req.query, 'page_size', 10);
    if (!(page >= 1) || !(pageSize >= 1 && pageSize <= 1000))
      return tiktokAnswer(40002, 'page must be ≥ 1 and page_size 1-1000.');
    const size = Math.min(pageSize, this.seed.maxPageSize ?? 1000);
    const matching = (objects[kind] ?? []).filter((o) => {
      for (const [param, field] of Object.entries(ID_FILTERS)) {
        const ids = filtering[param];
        if (Array.isArray(ids) && !ids.map(String).includes(String(o[field]))) return false;
      }
      for (const name of NAME_FILTERS) {
        const text = filtering[name];
        if (name.startsWith(kind) && typeof text === 'string' && !String(o[name] ?? '').includes(text))
          return false;
      }
      const status = filtering.primary_status;
      const primary = o.operation_status === 'ENABLE' ? 'STATUS_DELIVERY_OK' : 'STATUS_DISABLE';
      return typeof status !== 'string' || status === primary;
    });
    const slice = matching.slice((page - 1) * size, page * size);
    const list = slice.map((o) =>
      Array.isArray(fields) ? Object.fromEntries((fields as string[]).map((f) => [f, o[f] ?? null])) : o,
    );
    return tiktokAnswer(0, 'OK', {
      list,
      page_info: {
        page,
        page_size: size,
        total_number: matching.length,
        total_page: Math.ceil(matching.length / size),
      },
    });
  }

  private token(req: StandinRequest): StandinAnswer {
    const body = (req.body ?? {}) as { app_id?: unknown; secret?: unknown; auth_code?: unknown };
    if (body.app_id !== this.seed.app.appId || body.secret !== this.seed.app.secret)
      return tiktokAnswer(40001, 'The app_id or secret is invalid.');
    const accessToken = typeof body.auth_code === 'string' ? this.codes.get(body.auth_code) : undefined;
    if (!accessToken) return tiktokAnswer(40104, 'The auth_code is invalid or has expired.');
    this.codes.delete(body.auth_code as string);
    return tiktokAnswer(0, 'OK', {
      access_token: accessToken,
      advertiser_ids: this.seed.advertiserIds,
      scope: [4, 5],
    });
  }
}

function tiktokAnswer(code: number, message: string, data: object = {}): StandinAnswer {
  return {
    status: 200,
    body: { code, message, request_id: randomBytes(8).toString('hex'), data },
  };
}
