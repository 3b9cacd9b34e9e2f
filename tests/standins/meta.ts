import { randomBytes } from 'node:crypto';
import {
  intParam,
  pageOf,
  pageToken,
  type StandinAnswer,
  type StandinRequest,
  type StandinRoute,
  StandinServer,
} from './standin-server';

/**
 * Meta Graph API / Marketing API stand-in (tests/standins/README.md). Follows
 * https://developers.facebook.com/docs/graph-api/using-graph-api/ (fields, cursor paging with
 * `limit`, `after`, `paging.cursors` and `paging.next`), .../error-handling/ (the error envelope;
 * an invalid or expired token is an OAuthException with code 190) and the Marketing API
 * references of `GET /me/adaccounts` and `GET /act_{id}/adspixels`, and of the ad account's
 * `campaigns`, `adsets`, `ads` and `adcreatives` edges
 * (https://developers.facebook.com/docs/marketing-api/reference/ad-account/campaigns/ and its
 * siblings) with the `filtering` parameter (a JSON array of `{field, operator, value}`; operators
 * IN, NOT_IN, EQUAL, CONTAIN, GREATER_THAN, LESS_THAN; `campaign.id` and `adset.id` read an
 * object's `campaign_id` and `adset_id`). Serve it under a version prefix like the real host:
 * base URL `<url>/v23.0`.
 *
 * Writes (issue 12 item 4): `GET /{id}?fields=` reads one object of any ad account (an ad's
 * `creative` reads as `{ id }` from its `creative_id`); `POST /{id}` updates the fields each
 * object's "Updating" reference lists (campaigns
 * https://developers.facebook.com/docs/marketing-api/reference/ad-campaign-group/#Updating: name,
 * status, daily_budget, lifetime_budget, spend_cap, bid_strategy; ad sets …/ad-campaign/: name,
 * status, daily_budget, lifetime_budget, bid_amount, end_time; ads …/adgroup/: name, status,
 * creative `{ creative_id }`; ad creatives …/ad-creative/: name, status) and answers
 * `{ success: true }`, code 100 for another parameter; `POST /act_{id}/adcreatives` makes a
 * creative from `name` and `object_story_id` or `object_story_spec` (with optional `url_tags`)
 * (…/ad-account/adcreatives/#Creating) and answers `{ id }`. An unknown id answers code 100,
 * subcode 33.
 *
 * Insights (pull_performance_metrics): `GET /act_{id}/insights` as
 * https://developers.facebook.com/docs/marketing-api/insights/ and
 * https://developers.facebook.com/docs/marketing-api/reference/ad-account/insights/ describe it:
 * `level` (account, campaign, adset, ad), `fields` among the Insights fields (an unknown one answers
 * code 100), the period as `date_preset` (one of Graph's presets) or `time_range`
 * (`{"since","until"}`), cursor paging as the other edges. One row per object of that level that
 * delivered (seeded in `insights`; others have no row, as Graph leaves them out), with its
 * `<level>_id`, the numbers as strings and `date_start` / `date_stop` of the period.
 */

/** A pixel of an ad account. */
export interface MetaPixelSeed {
  id: string;
  name: string;
}

/**
 * An ad object of an ad account (campaign, ad set, ad or ad creative) as Graph answers it: `id`
 * and whatever fields the Marketing API reference lists (`name`, `status`, `effective_status`,
 * `campaign_id`, `adset_id`, `updated_time`, …).
 */
export type MetaAdObjectSeed = { id: string } & Record<string, string | number | object>;

/** An ad account the user can see. */
export interface MetaAdAccountSeed {
  /** Numeric id; the Graph id is `act_<account_id>`. */
  account_id: string;
  name: string;
  account_status?: number;
  currency?: string;
  pixels?: MetaPixelSeed[];
  /** Its campaigns, ad sets, ads and ad creatives, by edge name. */
  objects?: Partial<Record<'campaigns' | 'adsets' | 'ads' | 'adcreatives', MetaAdObjectSeed[]>>;
  /** What its campaigns, ad sets and ads delivered in any period, by object id. */
  insights?: Record<string, MetaInsightsSeed>;
}

/** One object's Insights: numbers as Graph writes them (strings) and its actions. */
export interface MetaInsightsSeed {
  impressions: string;
  clicks: string;
  spend: string;
  actions?: { action_type: string; value: string }[];
}

/** Seed data of the Meta stand-in. */
export interface MetaSeed {
  validTokens: string[];
  /** Graph API version prefix served (default v23.0). */
  version?: string;
  me: { id: string; name: string };
  adAccounts: MetaAdAccountSeed[];
}

const DEFAULT_LIMIT = 25;

/** The Meta stand-in server. */
export class MetaStandin extends StandinServer {
  private readonly seed: MetaSeed;
  private readonly version: string;

  constructor(seed: MetaSeed) {
    super(seed.validTokens);
    this.seed = seed;
    this.version = seed.version ?? 'v23.0';
  }

  /** The versioned base URL, as META_GRAPH_API_URL holds it. */
  get graphUrl(): string {
    return `${this.url}/${this.version}`;
  }

  protected isAuthorized(req: StandinRequest): boolean {
    const token = this.bearer(req) ?? req.query.get('access_token') ?? undefined;
    return token !== undefined && this.validCredentials.has(token);
  }

  protected unauthorized(req: StandinRequest): StandinAnswer {
    const hasToken = Boolean(this.bearer(req) ?? req.query.get('access_token'));
    // Graph answers a bad token with HTTP 400 and code 190, not 401 (see README.md).
    return graphError(
      400,
      hasToken
        ? 'Error validating access token: Session has expired.'
        : 'An active access token must be used to query information about the current user.',
      'OAuthException',
      hasToken ? 190 : 2500,
      hasToken ? 463 : undefined,
    );
  }

  protected override notFound(req: StandinRequest): StandinAnswer {
    return graphError(400, `Unknown path components: ${req.path}`, 'OAuthException', 2500);
  }

  protected routes(): StandinRoute[] {
    const v = `/${this.version}`;
    return [
      { method: 'GET', path: `${v}/me`, handle: (req) => this.me(req) },
      { method: 'GET', path: `${v}/me/adaccounts`, handle: (req) => this.adAccounts(req) },
      { method: 'GET', path: `${v}/:node/adspixels`, handle: (req, p) => this.pixels(req, p.node!) },
      {
        method: 'POST',
        path: `${v}/:node/adcreatives`,
        handle: (req, p) => this.createCreative(req, p.node!),
      },
      { method: 'GET', path: `${v}/:node/insights`, handle: (req, p) => this.insights(req, p.node!) },
      ...(['campaigns', 'adsets', 'ads', 'adcreatives'] as const).map((edge) => ({
        method: 'GET' as const,
        path: `${v}/:node/${edge}`,
        handle: (req: StandinRequest, p: Record<string, string>) => this.adObjects(req, p.node!, edge),
      })),
      { method: 'GET', path: `${v}/:node`, handle: (req, p) => this.readObject(req, p.node!) },
      { method: 'POST', path: `${v}/:node`, handle: (req, p) => this.updateObject(req, p.node!) },
    ];
  }

  /** An object of any ad account by id, with its account and edge. */
  find(id: string): { account: MetaAdAccountSeed; edge: MetaEdge; item: MetaAdObjectSeed } | undefined {
    for (const account of this.seed.adAccounts)
      for (const edge of EDGES) {
        const item = account.objects?.[edge]?.find((o) => o.id === id);
        if (item) return { account, edge, item };
      }
    return undefined;
  }

  private readObject(req: StandinRequest, id: string): StandinAnswer {
    const found = this.find(id);
    if (!found) return this.unknownObject(id);
    const view: Record<string, unknown> = { ...found.item };
    if (found.edge === 'ads' && found.item.creative_id !== undefined)
      view.creative = { id: found.item.creative_id };
    return { status: 200, body: pick(view, ['id', ...this.fields(req, ['id'])]) };
  }

  private updateObject(req: StandinRequest, id: string): StandinAnswer {
    const found = this.find(id);
    if (!found) return this.unknownObject(id);
    const params = (req.body ?? {}) as Record<string, unknown>;
    const allowed = UPDATABLE[found.edge];
    for (const key of Object.keys(params))
      if (!allowed.includes(key))
        return graphError(400, `(#100) Param ${key} is not updatable on this object`, 'OAuthException', 100);
    for (const [key, value] of Object.entries(params)) {
      if (key === 'creative') {
        const creativeId = (value as { creative_id?: unknown } | null)?.creative_id;
        if (typeof creativeId !== 'string' || !this.find(creativeId))
          return graphError(400, '(#100) Invalid creative_id', 'OAuthException', 100);
        found.item.creative_id = creativeId;
      } else found.item[key] = value as string;
    }
    found.item.updated_time = new Date().toISOString();
    return { status: 200, body: { success: true } };
  }

  private createCreative(req: StandinRequest, node: string): StandinAnswer {
    const account = this.seed.adAccounts.find((a) => `act_${a.account_id}` === node);
    if (!account) return this.unknownObject(node);
    const params = (req.body ?? {}) as Record<string, unknown>;
    if (typeof params.name !== 'string' || (!params.object_story_id && !params.object_story_spec))
      return graphError(400, '(#100) Creative needs a name and an object story', 'OAuthException', 100);
    const id = String(Date.now()) + randomBytes(3).readUIntBE(0, 3);
    const creative: MetaAdObjectSeed = { id, name: params.name };
    for (const key of ['object_story_id', 'object_story_spec', 'url_tags'] as const)
      if (params[key] !== undefined) creative[key] = params[key] as string;
    account.objects ??= {};
    account.objects.adcreatives ??= [];
    account.objects.adcreatives.push(creative);
    return { status: 200, body: { id } };
  }

  private fields(req: StandinRequest, fallback: string[]): string[] {
    const raw = req.query.get('fields');
    return raw ? raw.split(',').map((f) => f.trim()) : fallback;
  }

  private me(req: StandinRequest): StandinAnswer {
    const fields = this.fields(req, ['id', 'name']);
    return { status: 200, body: pick({ ...this.seed.me }, ['id', ...fields]) };
  }

  /** Cursor paging as Graph does it: `after` cursor in, `paging.cursors` and `paging.next` out. */
  private paged<T extends object>(req: StandinRequest, items: readonly T[], fields: string[]): StandinAnswer {
    const limit = intParam(req.query, 'limit', DEFAULT_LIMIT);
    const offset = pageToken.decode(req.query.get('after'));
    if (Number.isNaN(limit) || offset === null) {
      return graphError(400, '(#100) Invalid parameter', 'OAuthException', 100);
    }
    const data = pageOf(items, offset, limit).map((item) => pick(item, ['id', ...fields]));
    if (data.length === 0) return { status: 200, body: { data: [] } };
    const after = pageToken.encode(offset + data.length);
    const hasMore = offset + data.length < items.length;
    const next = new URL(`${this.url}${req.path}`);
    next.searchParams.set('limit', String(limit));
    next.searchParams.set('after', after);
    if (req.query.get('fields')) next.searchParams.set('fields', req.query.get('fields')!);
    return {
      status: 200,
      body: {
        data,
        paging: {
          cursors: { before: pageToken.encode(offset), after },
          ...(hasMore ? { next: next.toString() } : {}),
        },
      },
    };
  }

  private adAccounts(req: StandinRequest): StandinAnswer {
    const accounts = this.seed.adAccounts.map((a) => ({
      id: `act_${a.account_id}`,
      account_id: a.account_id,
      name: a.name,
      account_status: a.account_status ?? 1,
      currency: a.currency ?? 'USD',
    }));
    return this.paged(req, accounts, this.fields(req, ['id']));
  }

  private unknownObject(node: string): StandinAnswer {
    return graphError(
      400,
      `Unsupported get request. Object with ID '${node}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      'GraphMethodException',
      100,
      33,
    );
  }

  private pixels(req: StandinRequest, node: string): StandinAnswer {
    const account = this.seed.adAccounts.find((a) => `act_${a.account_id}` === node);
    if (!account) return this.unknownObject(node);
    return this.paged(req, account.pixels ?? [], this.fields(req, ['id']));
  }

  /** An ad account's Insights at `level` over `date_preset` or `time_range` (see the class docstring). */
  private insights(req: StandinRequest, node: string): StandinAnswer {
    const account = this.seed.adAccounts.find((a) => `act_${a.account_id}` === node);
    if (!account) return this.unknownObject(node);
    const level = req.query.get('level') ?? 'account';
    const edge = INSIGHTS_LEVELS[level];
    if (edge === undefined)
      return graphError(
        400,
        `(#100) level must be one of ${Object.keys(INSIGHTS_LEVELS).join(', ')}`,
        'OAuthException',
        100,
      );
    const fields = this.fields(req, ['impressions', 'spend']);
    const unknown = fields.find((f) => !INSIGHTS_FIELDS.has(f));
    if (unknown)
      return graphError(400, `(#100) ${unknown} is not valid for fields param.`, 'OAuthException', 100);
    const period = insightsPeriod(req);
    if (typeof period === 'string') return graphError(400, `(#100) ${period}`, 'OAuthException', 100);
    const rows = (edge === null ? [] : (account.objects?.[edge] ?? []))
      .filter((o) => account.insights?.[o.id])
      .map((o) => ({ [`${level}_id`]: o.id, ...account.insights![o.id]!, ...period }));
    return this.paged(req, rows, [...fields, 'date_start', 'date_stop']);
  }

  /** An ad account's edge, narrowed by `filtering`; a malformed `filtering` answers code 100. */
  private adObjects(
    req: StandinRequest,
    node: string,
    edge: 'campaigns' | 'adsets' | 'ads' | 'adcreatives',
  ): StandinAnswer {
    const account = this.seed.adAccounts.find((a) => `act_${a.account_id}` === node);
    if (!account) return this.unknownObject(node);
    let conditions: { field: string; operator: string; value: unknown }[] = [];
    const raw = req.query.get('filtering');
    if (raw) {
      try {
        conditions = JSON.parse(raw);
        if (!Array.isArray(conditions)) throw new Error('not an array');
        for (const c of conditions)
          if (typeof c?.field !== 'string' || !OPERATORS.has(c.operator)) throw new Error('bad condition');
      } catch {
        return graphError(400, '(#100) param filtering must be an array.', 'OAuthException', 100);
      }
    }
    const items = (account.objects?.[edge] ?? []).filter((item) => conditions.every((c) => matches(item, c)));
    return this.paged(req, items, this.fields(req, ['id']));
  }
}

type MetaEdge = 'campaigns' | 'adsets' | 'ads' | 'adcreatives';
const EDGES: readonly MetaEdge[] = ['campaigns', 'adsets', 'ads', 'adcreatives'];
const UPDATABLE: Record<MetaEdge, readonly string[]> = {
  campaigns: ['name', 'status', 'daily_budget', 'lifetime_budget', 'spend_cap', 'bid_strategy'],
  adsets: ['name', 'status', 'daily_budget', 'lifetime_budget', 'bid_amount', 'end_time'],
  ads: ['name', 'status', 'creative'],
  adcreatives: ['name', 'status'],
};

/** The Insights levels and the edge holding their objects (null: the account itself, no rows here). */
const INSIGHTS_LEVELS: Record<string, MetaEdge | null> = {
  account: null,
  campaign: 'campaigns',
  adset: 'adsets',
  ad: 'ads',
};

/** The Insights fields the stand-in knows (a subset of the reference's). */
const INSIGHTS_FIELDS = new Set([
  'account_id',
  'campaign_id',
  'adset_id',
  'ad_id',
  'impressions',
  'clicks',
  'spend',
  'actions',
  'reach',
  'date_start',
  'date_stop',
]);

/** Graph's `date_preset` values and how many days before today each starts (those the stand-in dates). */
const DATE_PRESET_DAYS: Record<string, number> = {
  yesterday: 1,
  last_3d: 3,
  last_7d: 7,
  last_14d: 14,
  last_28d: 28,
  last_30d: 30,
  last_90d: 90,
};

/** The period of an Insights request as `date_start` / `date_stop`, or what is wrong with it. */
function insightsPeriod(req: StandinRequest): { date_start: string; date_stop: string } | string {
  const preset = req.query.get('date_preset');
  const range = req.query.get('time_range');
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  if (preset !== null) {
    const days = DATE_PRESET_DAYS[preset];
    if (days === undefined) return `date_preset must be one of ${Object.keys(DATE_PRESET_DAYS).join(', ')}`;
    return { date_start: day(days), date_stop: day(1) };
  }
  if (range !== null) {
    try {
      const { since, until } = JSON.parse(range) as { since?: unknown; until?: unknown };
      const date = /^\d{4}-\d{2}-\d{2}$/;
      if (
        typeof since === 'string' &&
        typeof until === 'string' &&
        date.test(since) &&
        date.test(until) &&
        since <= until
      )
        return { date_start: since, date_stop: until };
    } catch {
      // answered below
    }
    return 'time_range must be {"since":"YYYY-MM-DD","until":"YYYY-MM-DD"}';
  }
  // Graph's default period is the last 30 days.
  return { date_start: day(30), date_stop: day(1) };
}

const OPERATORS = new Set(['IN', 'NOT_IN', 'EQUAL', 'CONTAIN', 'GREATER_THAN', 'LESS_THAN']);

/** Whether an object meets one `filtering` condition (`campaign.id` reads `campaign_id`). */
function matches(
  item: Record<string, unknown>,
  c: { field: string; operator: string; value: unknown },
): boolean {
  const actual = String(item[c.field.replace('.', '_')] ?? item[c.field] ?? '');
  const values = Array.isArray(c.value) ? c.value.map(String) : [String(c.value)];
  switch (c.operator) {
    case 'IN':
      return values.includes(actual);
    case 'NOT_IN':
      return !values.includes(actual);
    case 'EQUAL':
      return actual === values[0];
    case 'CONTAIN':
      return actual.toLowerCase().includes((values[0] ?? '').toLowerCase());
    case 'GREATER_THAN':
      return actual > (values[0] ?? '');
    default:
      return actual < (values[0] ?? '');
  }
}

function pick<T extends object>(item: T, fields: string[]): Record<string, unknown> {
  const record = item as Record<string, unknown>;
  return Object.fromEntries(fields.filter((f) => f in record).map((f) => [f, record[f]]));
}

/** Graph's error envelope. */
function graphError(
  status: number,
  message: string,
  type: string,
  code: number,
  subcode?: number,
): StandinAnswer {
  return {
    status,
    body: {
      error: {
        message,
        type,
        code,
        ...(subcode === undefined ? {} : { error_subcode: subcode }),
        fbtrace_id: randomBytes(8).toString('base64url'),
      },
    },
  };
}
