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
 *
 * Updates (issue 12 item 4): `POST …/campaign/update/` (`campaign_id`, `campaign_name`, `budget`),
 * `…/adgroup/update/` (`adgroup_id`, `adgroup_name`, `budget`) and `…/ad/update/` (`adgroup_id` and
 * `creatives`, each with its `ad_id` and the creative's fields: `ad_name`, `ad_text`,
 * `landing_page_url`, `call_to_action`…) set the fields given (references:
 * …?id=1739318962329602, …?id=1739586761631745, …?id=1737587322856449); an unknown object or a
 * field that cannot be updated answers 40002, an advertiser not granted 40002 too.
 *
 * Reports (pull_performance_metrics): `GET …/report/integrated/get/` as "Run a synchronous report"
 * (https://business-api.tiktok.com/portal/docs?id=1740302848100353) describes it: `report_type`
 * BASIC, `data_level` AUCTION_CAMPAIGN / AUCTION_ADGROUP / AUCTION_AD with that level's id as
 * `dimensions` (a JSON array; `stat_time_day` may be added), `metrics` (a JSON array of known
 * metrics), `start_date` / `end_date` (YYYY-MM-DD, at most 30 days apart with a day dimension, 365
 * without) unless `query_lifetime`, `page` / `page_size` as the lists. Answers one row per object
 * of the level that has a seeded report (`reports`), `{ dimensions: { <id> }, metrics: { … } }`,
 * numbers as strings; anything else 40002.
 */

/** Seed data of the TikTok stand-in. */
export interface TikTokSeed {
  /** The developer app (app_id and secret) allowed to trade codes. */
  app: { appId: string; secret: string };
  /** The advertisers an approval grants. */
  advertiserIds: string[];
  /** Access tokens the object lists accept (besides those traded for codes). */
  validTokens?: string[];
  /** Objects per advertiser id, by kind; each carries its `{kind}_id` (a string) and fields. */
  objects?: Record<string, Partial<Record<TikTokKind, TikTokObjectSeed[]>>>;
  /** The largest page the lists answer (default 1000, TikTok's). */
  maxPageSize?: number;
  /** What each object delivered in any period, per advertiser and object id: metric → value. */
  reports?: Record<string, Record<string, Record<string, string>>>;
}

/** A TikTok object kind as the paths name it. */
export type TikTokKind = 'campaign' | 'adgroup' | 'ad';

/** A campaign, ad group or ad: `campaign_id` / `adgroup_id` / `ad_id` and its fields. */
export type TikTokObjectSeed = Record<string, unknown>;

const UPDATABLE: Record<TikTokKind, readonly string[]> = {
  campaign: ['campaign_name', 'budget'],
  adgroup: ['adgroup_name', 'budget'],
  ad: [
    'ad_name',
    'ad_text',
    'landing_page_url',
    'call_to_action',
    'identity_id',
    'identity_type',
    'video_id',
    'ad_format',
  ],
};

const REPORT_LEVELS: Record<string, { kind: TikTokKind; dimension: string }> = {
  AUCTION_CAMPAIGN: { kind: 'campaign', dimension: 'campaign_id' },
  AUCTION_ADGROUP: { kind: 'adgroup', dimension: 'adgroup_id' },
  AUCTION_AD: { kind: 'ad', dimension: 'ad_id' },
};

/** The basic metrics the stand-in reports (a subset of TikTok's). */
const REPORT_METRICS = new Set([
  'spend',
  'impressions',
  'clicks',
  'conversion',
  'reach',
  'ctr',
  'cpc',
  'cpm',
  'cost_per_conversion',
]);

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
      { method: 'GET', path: '/open_api/v1.3/report/integrated/get/', handle: (req) => this.report(req) },
      ...(['campaign', 'adgroup', 'ad'] as const).flatMap((kind) => [
        {
          method: 'GET' as const,
          path: `/open_api/v1.3/${kind}/get/`,
          handle: (req: StandinRequest) => this.list(kind, req),
        },
        {
          method: 'POST' as const,
          path: `/open_api/v1.3/${kind}/update/`,
          handle: (req: StandinRequest) => this.update(req, kind),
        },
      ]),
    ];
  }

  /** The objects of `kind` of an advertiser (the test reads what updates left). */
  objectsOf(advertiserId: string, kind: TikTokKind): TikTokObjectSeed[] {
    return this.seed.objects?.[advertiserId]?.[kind] ?? [];
  }

  private list(kind: TikTokKind, req: StandinRequest): StandinAnswer {
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

  private report(req: StandinRequest): StandinAnswer {
    const advertiserId = req.query.get('advertiser_id') ?? '';
    const objects = this.seed.objects?.[advertiserId];
    if (!objects)
      return tiktokAnswer(40002, `advertiser_id ${advertiserId || '(missing)'} is not authorized.`);
    if (req.query.get('report_type') !== 'BASIC') return tiktokAnswer(40002, 'report_type: must be BASIC.');
    const level = REPORT_LEVELS[req.query.get('data_level') ?? ''];
    if (!level)
      return tiktokAnswer(40002, `data_level: must be one of ${Object.keys(REPORT_LEVELS).join(', ')}.`);
    let dimensions: unknown;
    let metrics: unknown;
    try {
      dimensions = JSON.parse(req.query.get('dimensions') ?? 'null');
      metrics = JSON.parse(req.query.get('metrics') ?? '["spend","impressions"]');
    } catch {
      return tiktokAnswer(40002, 'dimensions and metrics must be JSON.');
    }
    if (
      !Array.isArray(dimensions) ||
      dimensions[0] !== level.dimension ||
      dimensions.some((d, i) => i > 0 && d !== 'stat_time_day')
    )
      return tiktokAnswer(40002, `dimensions: must be ["${level.dimension}"] (with stat_time_day).`);
    if (!Array.isArray(metrics) || metrics.some((m) => !REPORT_METRICS.has(String(m))))
      return tiktokAnswer(40002, 'metrics: unknown metric.');
    if (req.query.get('query_lifetime') !== 'true') {
      const start = req.query.get('start_date') ?? '';
      const end = req.query.get('end_date') ?? '';
      const date = /^\d{4}-\d{2}-\d{2}$/;
      if (!date.test(start) || !date.test(end) || start > end)
        return tiktokAnswer(40002, 'start_date and end_date: YYYY-MM-DD, start_date not after end_date.');
      const days = (Date.parse(end) - Date.parse(start)) / 86_400_000 + 1;
      if (days > (dimensions.includes('stat_time_day') ? 30 : 365))
        return tiktokAnswer(40002, 'The time span between start_date and end_date is too long.');
    }
    const page = intParam(req.query, 'page', 1);
    const pageSize = intParam(req.query, 'page_size', 10);
    if (!(page >= 1) || !(pageSize >= 1 && pageSize <= 1000))
      return tiktokAnswer(40002, 'page must be ≥ 1 and page_size 1-1000.');
    const size = Math.min(pageSize, this.seed.maxPageSize ?? 1000);
    const reported = this.seed.reports?.[advertiserId] ?? {};
    const rows = (objects[level.kind] ?? [])
      .map((o) => String(o[level.dimension]))
      .filter((id) => reported[id])
      .map((id) => ({
        dimensions: { [level.dimension]: id },
        metrics: Object.fromEntries((metrics as string[]).map((m) => [m, reported[id]![m] ?? '0'])),
      }));
    return tiktokAnswer(0, 'OK', {
      list: rows.slice((page - 1) * size, page * size),
      page_info: {
        page,
        page_size: size,
        total_number: rows.length,
        total_page: Math.ceil(rows.length / size),
      },
    });
  }

  private update(req: StandinRequest, kind: TikTokKind): StandinAnswer {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const advertiser = String(body.advertiser_id ?? '');
    if (!this.seed.objects?.[advertiser])
      return tiktokAnswer(40002, `advertiser_id ${advertiser || '(missing)'} is not authorized.`);
    const items = this.objectsOf(advertiser, kind);
    const apply = (target: TikTokObjectSeed, changes: Record<string, unknown>): string | null => {
      for (const [key, value] of Object.entries(changes)) {
        if (key === `${kind}_id` || key === 'adgroup_id' || key === 'advertiser_id') continue;
        if (!UPDATABLE[kind].includes(key)) return `${key} cannot be updated`;
        target[key] = value;
      }
      return null;
    };
    if (kind === 'ad') {
      const creatives = body.creatives;
      if (!Array.isArray(creatives) || typeof body.adgroup_id !== 'string')
        return tiktokAnswer(40002, 'adgroup_id and creatives are required');
      for (const c of creatives as Record<string, unknown>[]) {
        const ad = items.find(
          (o) => String(o.ad_id) === String(c.ad_id) && String(o.adgroup_id) === body.adgroup_id,
        );
        if (!ad)
          return tiktokAnswer(40002, `Ad ${String(c.ad_id)} does not exist in ad group ${body.adgroup_id}`);
        const problem = apply(ad, c);
        if (problem) return tiktokAnswer(40002, problem);
      }
      return tiktokAnswer(0, 'OK', { adgroup_id: body.adgroup_id });
    }
    const id = String(body[`${kind}_id`] ?? '');
    const target = items.find((o) => String(o[`${kind}_id`]) === id);
    if (!target) return tiktokAnswer(40002, `${kind} ${id} does not exist`);
    const problem = apply(target, body);
    if (problem) return tiktokAnswer(40002, problem);
    return tiktokAnswer(0, 'OK', { [`${kind}_id`]: id });
  }

  private token(req: StandinRequest): StandinAnswer {
    const body = (req.body ?? {}) as { app_id?: unknown; secret?: unknown; auth_code?: unknown };
    if (body.app_id !== this.seed.app.appId || body.secret !== this.seed.app.secret)
      return tiktokAnswer(40001, 'The app_id or secret is invalid.');
    const accessToken = typeof body.auth_code === 'string' ? this.codes.get(body.auth_code) : undefined;
    if (!accessToken) return tiktokAnswer(40104, 'The auth_code is invalid or has expired.');
    this.codes.delete(body.auth_code as string);
    // The token traded for is one the Marketing API then accepts.
    this.acceptCredential(accessToken);
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
