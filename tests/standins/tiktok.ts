import { randomBytes } from 'node:crypto';
import { type StandinAnswer, type StandinRequest, type StandinRoute, StandinServer } from './standin-server';

/**
 * TikTok for Business sign-in stand-in (tests/standins/README.md). Follows TikTok's Marketing
 * API authorization reference, https://business-api.tiktok.com/portal/docs?id=1738373164380162
 * and …?id=1739965703387137: `POST /open_api/v1.3/oauth2/access_token/` with a JSON body of
 * `app_id`, `secret` and `auth_code` answers HTTP 200 with `{ code, message, request_id, data }`,
 * `code` 0 and a long-term `data.access_token` (with `advertiser_ids` and `scope`) on success,
 * another `code` with TikTok's message otherwise. An auth code is single-use. The advertiser
 * authorisation page itself is a browser page; `issueCode()` stands for an advertiser approving it.
 *
 * Marketing objects (issue 12 item 4): `GET /open_api/v1.3/{campaign|adgroup|ad}/get/` with
 * `advertiser_id`, `filtering` (JSON: `campaign_ids`, `adgroup_ids`, `ad_ids`), `fields` (a JSON
 * array) and `page_size` answers `data: { list, page_info }`; `POST …/campaign/update/`
 * (`campaign_id`, `campaign_name`, `budget`), `…/adgroup/update/` (`adgroup_id`, `adgroup_name`,
 * `budget`) and `…/ad/update/` (`adgroup_id` and `creatives`, each with its `ad_id` and the
 * creative's fields: `ad_name`, `ad_text`, `landing_page_url`, `call_to_action`…) set the fields
 * given (references: https://business-api.tiktok.com/portal/docs?id=1739315828649986,
 * …?id=1739318962329602, …?id=1739314558673922, …?id=1739586761631745, …?id=1735735588640770,
 * …?id=1737587322856449). The `Access-Token` header is checked on each: a wrong one answers code
 * 40105; an unknown object in an update 40002; an unknown advertiser 40001 (no permission).
 */

/** Seed data of the TikTok stand-in. */
export interface TikTokSeed {
  /** The developer app (app_id and secret) allowed to trade codes. */
  app: { appId: string; secret: string };
  /** The advertisers an approval grants. */
  advertiserIds: string[];
  /** Access tokens the Marketing API accepts (Access-Token header). */
  validTokens?: string[];
  /** Objects per advertiser id, by kind; each carries its `{kind}_id` and fields. */
  objects?: Record<string, Partial<Record<TikTokKind, TikTokObjectSeed[]>>>;
}

/** A TikTok object kind as the paths name it. */
export type TikTokKind = 'campaign' | 'adgroup' | 'ad';

/** A campaign, ad group or ad: `campaign_id` / `adgroup_id` / `ad_id` and its fields. */
export type TikTokObjectSeed = Record<string, string | number>;

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

  // The token endpoint authenticates by its body, checked in the handler.
  protected isAuthorized(): boolean {
    return true;
  }

  protected unauthorized(): StandinAnswer {
    return tiktokAnswer(40001, 'Unauthorized');
  }

  protected routes(): StandinRoute[] {
    return [
      { method: 'POST', path: '/open_api/v1.3/oauth2/access_token/', handle: (req) => this.token(req) },
      ...(['campaign', 'adgroup', 'ad'] as const).flatMap((kind) => [
        {
          method: 'GET' as const,
          path: `/open_api/v1.3/${kind}/get/`,
          handle: (req: StandinRequest) => this.get(req, kind),
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

  private tokenOk(req: StandinRequest): boolean {
    const token = req.headers['access-token'];
    return token !== undefined && this.validCredentials.has(token);
  }

  private get(req: StandinRequest, kind: TikTokKind): StandinAnswer {
    if (!this.tokenOk(req)) return tiktokAnswer(40105, 'Access token is incorrect or has been revoked.');
    const advertiser = req.query.get('advertiser_id') ?? '';
    if (!this.seed.objects?.[advertiser])
      return tiktokAnswer(40001, `No permission to operate advertiser ${advertiser}`);
    let ids: unknown;
    let fields: unknown;
    try {
      ids = JSON.parse(req.query.get('filtering') ?? '{}')[`${kind}_ids`];
      fields = JSON.parse(req.query.get('fields') ?? '[]');
    } catch {
      return tiktokAnswer(40002, 'filtering and fields must be JSON');
    }
    if (!Array.isArray(fields)) return tiktokAnswer(40002, 'fields must be a JSON array');
    const list = this.objectsOf(advertiser, kind)
      .filter((o) => !Array.isArray(ids) || ids.includes(String(o[`${kind}_id`])))
      .map((o) =>
        fields.length === 0
          ? o
          : Object.fromEntries(
              [`${kind}_id`, ...(fields as string[])].filter((f) => f in o).map((f) => [f, o[f]]),
            ),
      );
    const pageSize = Number(req.query.get('page_size') ?? 10);
    return tiktokAnswer(0, 'OK', {
      list: list.slice(0, pageSize),
      page_info: {
        page: 1,
        page_size: pageSize,
        total_number: list.length,
        total_page: Math.ceil(list.length / pageSize),
      },
    });
  }

  private update(req: StandinRequest, kind: TikTokKind): StandinAnswer {
    if (!this.tokenOk(req)) return tiktokAnswer(40105, 'Access token is incorrect or has been revoked.');
    const body = (req.body ?? {}) as Record<string, unknown>;
    const advertiser = String(body.advertiser_id ?? '');
    if (!this.seed.objects?.[advertiser])
      return tiktokAnswer(40001, `No permission to operate advertiser ${advertiser}`);
    const items = this.objectsOf(advertiser, kind);
    const apply = (target: TikTokObjectSeed, changes: Record<string, unknown>): string | null => {
      for (const [key, value] of Object.entries(changes)) {
        if (key === `${kind}_id` || key === 'adgroup_id' || key === 'advertiser_id') continue;
        if (!UPDATABLE[kind].includes(key)) return `${key} cannot be updated`;
        target[key] = value as string | number;
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
