import {
  intParam,
  type StandinAnswer,
  type StandinRequest,
  type StandinRoute,
  StandinServer,
} from './standin-server';

/**
 * Pinterest API v5 stand-in (tests/standins/README.md). Follows
 * https://developers.pinterest.com/docs/api/v5/ad_accounts-list/ (`GET /v5/ad_accounts`),
 * …/campaigns-list/ (`GET /v5/ad_accounts/{id}/campaigns`), …/ad_groups-list/, …/ads-list/:
 * `page_size` 1–250 (default 25), `bookmark`, answering `{ items, bookmark }` with `bookmark` null
 * on the last page; `campaign_ids` and `entity_statuses` (ACTIVE, PAUSED, ARCHIVED; default
 * ACTIVE and PAUSED) repeated query parameters. Errors `{ code, message }`: 401 code 2
 * "Authentication failed." for a bearer token it does not accept, 404 code 2384 for an ad account
 * the token cannot see, 400 code 1 for a bad parameter. `maxPageSize` lowers the cap so tests page.
 *
 * Single objects follow …/campaigns-get, …/ad_groups-get, …/ads-get
 * (`GET /v5/ad_accounts/{ad_account_id}/{campaigns|ad_groups|ads}/{id}` answering the object; 404
 * code 2726 for an unknown one) and …/campaigns-update, …/ad_groups-update, …/ads-update
 * (`PATCH /v5/ad_accounts/{ad_account_id}/{kind}` with a JSON array of `{ id, …changes }`,
 * answered `{ items: [{ data, exceptions }] }`; an item that cannot be updated comes back with
 * `data: null` and an exception). Only the fields the update references list may change (name,
 * status, spend caps and budgets in micro-currency, an ad's destination and tracking URLs). The
 * lists and the single-object calls serve the same objects. The API root is `<url>/v5`.
 *
 * Analytics (pull_performance_metrics) follow …/campaigns-analytics/, …/ad_groups-analytics/ and
 * …/ads-analytics/: `GET /v5/ad_accounts/{id}/{campaigns|ad_groups|ads}/analytics` with
 * `start_date` and `end_date` (YYYY-MM-DD, start not after end, at most 90 days apart),
 * `campaign_ids` / `ad_group_ids` / `ad_ids` (1–100 ids, comma-separated or repeated), `columns`
 * (comma-separated, among the reference's column names the stand-in knows) and `granularity`
 * (TOTAL, DAY, HOUR, WEEK, MONTH; rows are the period's total here). Answers a JSON array with
 * one row per asked object that has seeded `analytics`: its id column (CAMPAIGN_ID, AD_GROUP_ID,
 * AD_ID) and the columns asked for; 400 code 1 for a bad parameter.
 */

/** A kind of an ad account's objects, as the paths name it. */
export type PinterestKindSeed = 'campaigns' | 'ad_groups' | 'ads';

/** A campaign, ad group or ad: `id` (a string) and its fields (`status`, `campaign_id`…). */
export type PinterestObjectSeed = Record<string, unknown>;

/** Seed data of the Pinterest stand-in. */
export interface PinterestSeed {
  validTokens: string[];
  /** The ad accounts the token can see, with their objects. */
  adAccounts: {
    id: string;
    name: string;
    objects?: Partial<Record<PinterestKindSeed, PinterestObjectSeed[]>>;
  }[];
  /** The largest page the lists answer (default 250, Pinterest's). */
  maxPageSize?: number;
  /** What campaigns, ad groups and ads delivered in any period, by id: column → number. */
  analytics?: Record<string, Record<string, number>>;
}

const ANALYTICS: Record<PinterestKindSeed, { idsParam: string; idColumn: string }> = {
  campaigns: { idsParam: 'campaign_ids', idColumn: 'CAMPAIGN_ID' },
  ad_groups: { idsParam: 'ad_group_ids', idColumn: 'AD_GROUP_ID' },
  ads: { idsParam: 'ad_ids', idColumn: 'AD_ID' },
};

const ANALYTICS_COLUMNS = new Set([
  'CAMPAIGN_ID',
  'AD_GROUP_ID',
  'AD_ID',
  'IMPRESSION_1',
  'CLICKTHROUGH_1',
  'SPEND_IN_MICRO_DOLLAR',
  'SPEND_IN_DOLLAR',
  'TOTAL_CONVERSIONS',
  'TOTAL_IMPRESSION',
  'TOTAL_CLICKTHROUGH',
]);
const GRANULARITIES = new Set(['TOTAL', 'DAY', 'HOUR', 'WEEK', 'MONTH']);

const badParameter = (message: string): StandinAnswer => ({ status: 400, body: { code: 1, message } });

const STATUSES = new Set(['ACTIVE', 'PAUSED', 'ARCHIVED']);

const WRITABLE: Record<PinterestKindSeed, readonly string[]> = {
  campaigns: ['name', 'status', 'daily_spend_cap', 'lifetime_spend_cap'],
  ad_groups: ['name', 'status', 'budget_in_micro_currency', 'bid_in_micro_currency'],
  ads: ['name', 'status', 'destination_url', 'click_tracking_url', 'view_tracking_url'],
};

const accountNotFound = (id: string | undefined): StandinAnswer => ({
  status: 404,
  body: { code: 2384, message: `Ad account ${id} not found.` },
});

/** The Pinterest stand-in server. */
export class PinterestStandin extends StandinServer {
  constructor(private readonly seed: PinterestSeed) {
    super(seed.validTokens);
  }

  /** Where PINTEREST_API_URL points. */
  get apiUrl(): string {
    return `${this.url}/v5`;
  }

  /** An object as it now is (for assertions). */
  object(adAccountId: string, kind: PinterestKindSeed, id: string): PinterestObjectSeed | undefined {
    return this.account(adAccountId)?.objects?.[kind]?.find((o) => o.id === id);
  }

  /** Sets what an object delivered (its analytics columns), as new delivery would. */
  seedAnalytics(id: string, columns: Record<string, number>): void {
    this.seed.analytics ??= {};
    this.seed.analytics[id] = columns;
  }

  private account(id: string | undefined) {
    return this.seed.adAccounts.find((a) => a.id === id);
  }

  protected override notFound(req: StandinRequest): StandinAnswer {
    return { status: 404, body: { code: 404, message: `No route ${req.method} ${req.path}` } };
  }

  protected isAuthorized(req: StandinRequest): boolean {
    return this.validCredentials.has(this.bearer(req) ?? '');
  }

  protected unauthorized(): StandinAnswer {
    return { status: 401, body: { code: 2, message: 'Authentication failed.' } };
  }

  protected routes(): StandinRoute[] {
    return [
      ...(['campaigns', 'ad_groups', 'ads'] as const).map((kind) => ({
        method: 'GET' as const,
        path: `/v5/ad_accounts/:account/${kind}/analytics`,
        handle: (req: StandinRequest, p: Record<string, string>) => this.analytics(req, p.account!, kind),
      })),
      {
        method: 'GET',
        path: '/v5/ad_accounts',
        handle: (req) =>
          this.page(
            req,
            this.seed.adAccounts.map(({ id, name }) => ({ id, name, country: 'US', currency: 'USD' })),
          ),
      },
      {
        method: 'GET',
        path: '/v5/ad_accounts/:id/:edge',
        handle: (req, p) => {
          const account = this.account(p.id);
          if (!account) return accountNotFound(p.id);
          if (!['campaigns', 'ad_groups', 'ads'].includes(p.edge!))
            return { status: 404, body: { code: 404, message: 'Not found.' } };
          const statuses = req.query.getAll('entity_statuses');
          if (statuses.some((s) => !STATUSES.has(s)))
            return { status: 400, body: { code: 1, message: 'entity_statuses: invalid value.' } };
          const wanted = new Set(statuses.length > 0 ? statuses : ['ACTIVE', 'PAUSED']);
          const ids = req.query.getAll('campaign_ids');
          const items = (account.objects?.[p.edge as 'campaigns'] ?? []).filter(
            (o) =>
              wanted.has(String(o.status)) &&
              (ids.length === 0 || ids.includes(String(p.edge === 'campaigns' ? o.id : o.campaign_id))),
          );
          return this.page(req, items);
        },
      },
      ...(['campaigns', 'ad_groups', 'ads'] as const).flatMap((kind) => [
        {
          method: 'GET' as const,
          path: `/v5/ad_accounts/:account/${kind}/:id`,
          handle: (_req: StandinRequest, p: Record<string, string>) => this.get(p.account!, kind, p.id!),
        },
        {
          method: 'PATCH' as const,
          path: `/v5/ad_accounts/:account/${kind}`,
          handle: (req: StandinRequest, p: Record<string, string>) => this.update(req, p.account!, kind),
        },
      ]),
    ];
  }

  private analytics(req: StandinRequest, accountId: string, kind: PinterestKindSeed): StandinAnswer {
    const account = this.account(accountId);
    if (!account) return accountNotFound(accountId);
    const start = req.query.get('start_date') ?? '';
    const end = req.query.get('end_date') ?? '';
    const date = /^\d{4}-\d{2}-\d{2}$/;
    if (!date.test(start) || !date.test(end) || start > end)
      return badParameter('start_date and end_date: YYYY-MM-DD, start_date not after end_date.');
    if ((Date.parse(end) - Date.parse(start)) / 86_400_000 > 90)
      return badParameter('end_date cannot be more than 90 days past start_date.');
    const { idsParam, idColumn } = ANALYTICS[kind];
    const ids = req.query
      .getAll(idsParam)
      .flatMap((v) => v.split(','))
      .filter((v) => v !== '');
    if (ids.length < 1 || ids.length > 100) return badParameter(`${idsParam}: 1 to 100 ids.`);
    const columns = (req.query.get('columns') ?? '').split(',').filter((c) => c !== '');
    if (columns.length === 0 || columns.some((c) => !ANALYTICS_COLUMNS.has(c)))
      return badParameter('columns: unknown or missing column.');
    if (!GRANULARITIES.has(req.query.get('granularity') ?? ''))
      return badParameter('granularity: invalid value.');
    const known = new Set((account.objects?.[kind] ?? []).map((o) => String(o.id)));
    const rows = ids
      .filter((id) => known.has(id) && this.seed.analytics?.[id])
      .map((id) => ({
        ...Object.fromEntries(columns.map((c) => [c, this.seed.analytics![id]![c] ?? 0])),
        [idColumn]: id,
      }));
    return { status: 200, body: rows };
  }

  private get(account: string, kind: PinterestKindSeed, id: string): StandinAnswer {
    if (!this.account(account)) return accountNotFound(account);
    const object = this.object(account, kind, id);
    return object
      ? { status: 200, body: object }
      : { status: 404, body: { code: 2726, message: `${kind} ${id} not found.` } };
  }

  private update(req: StandinRequest, account: string, kind: PinterestKindSeed): StandinAnswer {
    if (!this.account(account)) return accountNotFound(account);
    if (!Array.isArray(req.body) || req.body.length === 0)
      return {
        status: 400,
        body: { code: 1, message: 'Body must be a non-empty array of objects with an id' },
      };
    const items = (req.body as Record<string, unknown>[]).map((item) => {
      const object = this.object(account, kind, String(item.id ?? ''));
      if (!object)
        return { data: null, exceptions: [{ code: 2726, message: `${kind} ${String(item.id)} not found.` }] };
      const bad = Object.keys(item).find(
        (k) => k !== 'id' && k !== 'ad_account_id' && !WRITABLE[kind].includes(k),
      );
      if (bad) return { data: null, exceptions: [{ code: 1, message: `${bad} cannot be updated` }] };
      for (const [k, v] of Object.entries(item)) if (WRITABLE[kind].includes(k)) object[k] = v;
      object.updated_time = Math.floor(Date.now() / 1000);
      return { data: object, exceptions: [] };
    });
    return { status: 200, body: { items } };
  }

  private page(req: StandinRequest, items: Record<string, unknown>[]): StandinAnswer {
    const pageSize = intParam(req.query, 'page_size', 25);
    if (!(pageSize >= 1 && pageSize <= 250))
      return { status: 400, body: { code: 1, message: 'page_size must be between 1 and 250.' } };
    const size = Math.min(pageSize, this.seed.maxPageSize ?? 250);
    const bookmark = req.query.get('bookmark');
    const offset = bookmark ? Number(Buffer.from(bookmark, 'base64url').toString('utf8')) : 0;
    if (!Number.isInteger(offset) || offset < 0)
      return { status: 400, body: { code: 1, message: 'Invalid bookmark.' } };
    const more = offset + size < items.length;
    return {
      status: 200,
      body: {
        items: items.slice(offset, offset + size),
        bookmark: more ? Buffer.from(String(offset + size)).toString('base64url') : null,
      },
    };
  }
}
