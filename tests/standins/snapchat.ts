import { randomBytes } from 'node:crypto';
import {
  intParam,
  type StandinAnswer,
  type StandinRequest,
  type StandinRoute,
  StandinServer,
} from './standin-server';

/**
 * Snapchat Marketing API stand-in (tests/standins/README.md). Follows
 * https://developers.snap.com/api/marketing-api/Ads-API/ad-accounts, …/campaigns, …/ad-squads,
 * …/ads and …/creatives: `GET /v1/{adaccounts|campaigns|adsquads|ads|creatives}/{id}` answers
 * `{ request_status: "SUCCESS", request_id, <kind>: [{ sub_request_status: "SUCCESS", <entity>: {...} }] }`;
 * updates are `PUT /v1/organizations/{id}/adaccounts`, `/v1/adaccounts/{id}/campaigns`,
 * `/v1/campaigns/{id}/adsquads`, `/v1/adsquads/{id}/ads` and `/v1/adaccounts/{id}/creatives` with
 * `{ <kind>: [entity] }`, each entity carrying its `id` and its parent's id, answered in the same
 * wrapper; fields other than those the reference lets an update change (name, status, budgets in
 * micro-currency, end_time; creatives' headline, brand_name, call_to_action) must keep their
 * value, else 400. Errors are `{ request_status: "ERROR", request_id, debug_message,
 * display_message, error_code }`: 401 for a missing or refused bearer token, 404 for an unknown id,
 * 400 for a bad update. The API root is `<url>/v1`.
 *
 * Lists (issue 12 item 5) follow …/organizations (`GET /v1/me/organizations`), …/ad-accounts
 * (`GET /v1/organizations/{id}/adaccounts`) and `GET /v1/adaccounts/{id}/<campaigns|adsquads|ads|
 * creatives|media>`, paged as https://developers.snap.com/api/marketing-api/Ads-API/introduction
 * ("Pagination") says: `limit` 50–1000, answers carry `paging.next_link`, a full URL with a
 * `cursor`; an unknown organization or ad account answers 404. `maxPageSize` lowers the page cap so
 * tests page. The lists and the single-entity reads and updates serve the same entities: an ad
 * account's objects are those whose parents lead to it.
 *
 * Stats (pull_performance_metrics) follow https://developers.snap.com/api/marketing-api/Ads-API/measurement:
 * `GET /v1/adaccounts/{id}/stats` with `granularity` TOTAL (DAY and HOUR are refused here),
 * `breakdown` campaign, adsquad or ad, `fields` (comma-separated; impressions, swipes, spend,
 * quartiles, view_completion, screen_time_millis), `start_time` and `end_time` (ISO 8601 on the
 * hour, start before end); answers `{ request_status, total_stats: [{ sub_request_status,
 * total_stat: { id, type: "AD_ACCOUNT", granularity, start_time, end_time, stats,
 * breakdown_stats: { <breakdown>: [{ id, type, stats }] } } }] }` with the objects of that level
 * that have seeded `stats` (spend in micro-currency); 400 for anything else.
 */

/** An entity kind as the paths name it. */
export type SnapchatKindSeed = 'adaccounts' | 'campaigns' | 'adsquads' | 'ads' | 'creatives';

/** The lists of an ad account. */
type SnapchatAccountEdge = 'campaigns' | 'adsquads' | 'ads' | 'creatives' | 'media';

/** An entity: `id`, its parent's id and its fields. */
export type SnapchatEntitySeed = { id: string } & Record<string, unknown>;

/** Seed data of the Snapchat stand-in. */
export interface SnapchatSeed {
  validTokens: string[];
  /**
   * Entities by kind, each with its parent's id (`organization_id`, `ad_account_id`,
   * `campaign_id`, `ad_squad_id`): read, updated and listed under the ad account they lead to.
   */
  entities?: Partial<Record<SnapchatKindSeed | 'media', SnapchatEntitySeed[]>>;
  /**
   * The token user's organizations with their ad accounts and, per ad account, its lists' objects
   * (added to `entities`, under that ad account).
   */
  organizations?: {
    id: string;
    name: string;
    adAccounts?: {
      id: string;
      name: string;
      objects?: Partial<Record<SnapchatAccountEdge, Record<string, unknown>[]>>;
    }[];
  }[];
  /** The largest page the lists answer (default 1000). */
  maxPageSize?: number;
  /** What campaigns, ad squads and ads delivered in any period, by id: field → number. */
  stats?: Record<string, Record<string, number>>;
}

const STATS_FIELDS = new Set([
  'impressions',
  'swipes',
  'spend',
  'quartile_1',
  'quartile_2',
  'quartile_3',
  'view_completion',
  'screen_time_millis',
]);
const BREAKDOWNS: Record<string, SnapchatAccountEdge> = {
  campaign: 'campaigns',
  adsquad: 'adsquads',
  ad: 'ads',
};

const SINGULAR: Record<string, string> = {
  organizations: 'organization',
  adaccounts: 'adaccount',
  campaigns: 'campaign',
  adsquads: 'adsquad',
  ads: 'ad',
  creatives: 'creative',
  media: 'media',
};

const KINDS: Record<
  SnapchatKindSeed,
  { entity: string; parentKey: string; parentPath: string; writable: string[] }
> = {
  adaccounts: {
    entity: 'adaccount',
    parentKey: 'organization_id',
    parentPath: 'organizations',
    writable: ['name'],
  },
  campaigns: {
    entity: 'campaign',
    parentKey: 'ad_account_id',
    parentPath: 'adaccounts',
    writable: ['name', 'status', 'daily_budget_micro', 'lifetime_spend_cap_micro', 'end_time'],
  },
  adsquads: {
    entity: 'adsquad',
    parentKey: 'campaign_id',
    parentPath: 'campaigns',
    writable: ['name', 'status', 'daily_budget_micro', 'bid_micro', 'end_time'],
  },
  ads: { entity: 'ad', parentKey: 'ad_squad_id', parentPath: 'adsquads', writable: ['name', 'status'] },
  creatives: {
    entity: 'creative',
    parentKey: 'ad_account_id',
    parentPath: 'adaccounts',
    writable: ['name', 'headline', 'brand_name', 'call_to_action'],
  },
};

/** The Snapchat stand-in server. */
export class SnapchatStandin extends StandinServer {
  private readonly seed: SnapchatSeed;
  private readonly entities: Partial<Record<SnapchatKindSeed | 'media', SnapchatEntitySeed[]>>;
  /** The ad account of each object seeded under one (organizations[].adAccounts[].objects). */
  private readonly accountOfSeeded = new Map<object, string>();

  constructor(seed: SnapchatSeed) {
    super(seed.validTokens);
    this.seed = seed;
    this.entities = seed.entities ?? {};
    for (const org of seed.organizations ?? [])
      for (const account of org.adAccounts ?? []) {
        this.add('adaccounts', {
          id: account.id,
          name: account.name,
          organization_id: org.id,
          status: 'ACTIVE',
        });
        for (const [edge, objects] of Object.entries(account.objects ?? {}))
          for (const o of objects ?? []) {
            this.add(edge as SnapchatAccountEdge, o as SnapchatEntitySeed);
            this.accountOfSeeded.set(o, account.id);
          }
      }
  }

  private add(kind: SnapchatKindSeed | 'media', entity: SnapchatEntitySeed): void {
    const list = this.entities[kind] ?? [];
    this.entities[kind] = list;
    list.push(entity);
  }

  /** The ad account an object belongs to: as seeded, else through its parents' ids. */
  private accountOf(kind: SnapchatAccountEdge, o: SnapchatEntitySeed): string | undefined {
    const seeded = this.accountOfSeeded.get(o);
    if (seeded !== undefined) return seeded;
    if (kind === 'adsquads') {
      const campaign = this.entity('campaigns', String(o.campaign_id ?? ''));
      return campaign && this.accountOf('campaigns', campaign);
    }
    if (kind === 'ads') {
      const squad = this.entity('adsquads', String(o.ad_squad_id ?? ''));
      return squad && this.accountOf('adsquads', squad);
    }
    return o.ad_account_id === undefined ? undefined : String(o.ad_account_id);
  }

  /** The API root, as SNAPCHAT_API_URL holds it. */
  get apiUrl(): string {
    return `${this.url}/v1`;
  }

  /** An entity as it now is (for assertions). */
  entity(kind: SnapchatKindSeed, id: string): SnapchatEntitySeed | undefined {
    return this.entities[kind]?.find((e) => e.id === id);
  }

  protected isAuthorized(req: StandinRequest): boolean {
    const token = this.bearer(req);
    return token !== undefined && this.validCredentials.has(token);
  }

  protected unauthorized(): StandinAnswer {
    return snapError(401, 'Unauthorized', 'E0001');
  }

  protected override notFound(req: StandinRequest): StandinAnswer {
    return snapError(404, `No route ${req.method} ${req.path}`, 'E1000');
  }

  protected routes(): StandinRoute[] {
    return [
      { method: 'GET', path: '/v1/adaccounts/:id/stats', handle: (req, p) => this.stats(req, p.id!) },
      ...this.listRoutes(),
      ...this.entityRoutes(),
    ];
  }

  private stats(req: StandinRequest, accountId: string): StandinAnswer {
    if (!this.entity('adaccounts', accountId))
      return snapError(404, `Ad account ${accountId} not found`, 'E1008');
    if (req.query.get('granularity') !== 'TOTAL')
      return snapError(400, 'granularity: the stand-in answers TOTAL only', 'E1001');
    const breakdown = req.query.get('breakdown') ?? '';
    const edge = BREAKDOWNS[breakdown];
    if (!edge)
      return snapError(400, `breakdown must be one of ${Object.keys(BREAKDOWNS).join(', ')}`, 'E1001');
    const fields = (req.query.get('fields') ?? 'impressions,swipes,spend').split(',');
    const unknown = fields.find((f) => !STATS_FIELDS.has(f));
    if (unknown) return snapError(400, `Unknown stats field ${unknown}`, 'E1001');
    const start = req.query.get('start_time') ?? '';
    const end = req.query.get('end_time') ?? '';
    const onTheHour = (t: string) => !Number.isNaN(Date.parse(t)) && Date.parse(t) % 3_600_000 === 0;
    if (!onTheHour(start) || !onTheHour(end) || Date.parse(start) >= Date.parse(end))
      return snapError(400, 'start_time and end_time must be on the hour, start before end', 'E1001');
    const pick = (stats: Record<string, number>) => Object.fromEntries(fields.map((f) => [f, stats[f] ?? 0]));
    const objects = (this.entities[edge] ?? []).filter(
      (o) => this.accountOf(edge, o) === accountId && this.seed.stats?.[o.id],
    );
    return {
      status: 200,
      body: {
        request_status: 'SUCCESS',
        request_id: randomBytes(8).toString('hex'),
        total_stats: [
          {
            sub_request_status: 'SUCCESS',
            total_stat: {
              id: accountId,
              type: 'AD_ACCOUNT',
              granularity: 'TOTAL',
              start_time: start,
              end_time: end,
              stats: pick({}),
              breakdown_stats: {
                [breakdown]: objects.map((o) => ({
                  id: o.id,
                  type: breakdown.toUpperCase(),
                  granularity: 'TOTAL',
                  start_time: start,
                  end_time: end,
                  stats: pick(this.seed.stats![o.id]!),
                })),
              },
            },
          },
        ],
      },
    };
  }

  private listRoutes(): StandinRoute[] {
    return [
      {
        method: 'GET',
        path: '/v1/me/organizations',
        handle: (req) =>
          this.page(
            req,
            'organizations',
            (this.seed.organizations ?? []).map(({ id, name }) => ({ id, name, type: 'ENTERPRISE' })),
          ),
      },
      {
        method: 'GET',
        path: '/v1/organizations/:id/adaccounts',
        handle: (req, p) => {
          const org = (this.seed.organizations ?? []).find((o) => o.id === p.id);
          if (!org) return snapError(404, `Organization ${p.id} not found`, 'E1008');
          return this.page(
            req,
            'adaccounts',
            (this.entities.adaccounts ?? []).filter((a) => a.organization_id === org.id),
          );
        },
      },
      {
        method: 'GET',
        path: '/v1/adaccounts/:id/:edge',
        handle: (req, p) => {
          if (!this.entity('adaccounts', p.id!))
            return snapError(404, `Ad account ${p.id} not found`, 'E1008');
          const edge = p.edge as SnapchatAccountEdge;
          if (!['campaigns', 'adsquads', 'ads', 'creatives', 'media'].includes(edge))
            return snapError(404, `No route ${req.path}`, 'E1001');
          return this.page(
            req,
            edge,
            (this.entities[edge] ?? []).filter((o) => this.accountOf(edge, o) === p.id),
          );
        },
      },
    ];
  }

  private page(req: StandinRequest, edge: string, items: Record<string, unknown>[]): StandinAnswer {
    const limit = intParam(req.query, 'limit', 50);
    if (!(limit >= 50 && limit <= 1000)) return snapError(400, 'limit must be between 50 and 1000', 'E1001');
    const size = Math.min(limit, this.seed.maxPageSize ?? 1000);
    const cursor = req.query.get('cursor');
    const offset = cursor ? Number(Buffer.from(cursor, 'base64url').toString('utf8')) : 0;
    if (!Number.isInteger(offset) || offset < 0) return snapError(400, 'Invalid cursor', 'E1001');
    const slice = items.slice(offset, offset + size);
    const more = offset + size < items.length;
    const next = new URL(`${this.url}${req.path}`);
    next.searchParams.set('limit', String(limit));
    next.searchParams.set('cursor', Buffer.from(String(offset + size)).toString('base64url'));
    return {
      status: 200,
      body: {
        request_status: 'SUCCESS',
        request_id: randomBytes(8).toString('hex'),
        ...(more ? { paging: { next_link: next.toString() } } : { paging: {} }),
        [edge]: slice.map((o) => ({ sub_request_status: 'SUCCESS', [SINGULAR[edge]!]: o })),
      },
    };
  }

  private entityRoutes(): StandinRoute[] {
    return (Object.keys(KINDS) as SnapchatKindSeed[]).flatMap((kind) => [
      {
        method: 'GET' as const,
        path: `/v1/${kind}/:id`,
        handle: (_req: StandinRequest, p: Record<string, string>) => this.get(kind, p.id!),
      },
      {
        method: 'PUT' as const,
        path: `/v1/${KINDS[kind].parentPath}/:parent/${kind}`,
        handle: (req: StandinRequest, p: Record<string, string>) => this.update(req, kind, p.parent!),
      },
    ]);
  }

  private wrap(kind: SnapchatKindSeed, entity: SnapchatEntitySeed): StandinAnswer {
    return {
      status: 200,
      body: {
        request_status: 'SUCCESS',
        request_id: randomBytes(8).toString('hex'),
        [kind]: [{ sub_request_status: 'SUCCESS', [KINDS[kind].entity]: entity }],
      },
    };
  }

  private get(kind: SnapchatKindSeed, id: string): StandinAnswer {
    const entity = this.entity(kind, id);
    return entity ? this.wrap(kind, entity) : snapError(404, `Resource can not be found: ${id}`, 'E3003');
  }

  private update(req: StandinRequest, kind: SnapchatKindSeed, parent: string): StandinAnswer {
    const list = (req.body as Record<string, unknown> | undefined)?.[kind];
    if (!Array.isArray(list) || list.length !== 1)
      return snapError(400, `Expected ${kind}: [entity]`, 'E2001');
    const sent = list[0] as Record<string, unknown>;
    const entity = this.entity(kind, String(sent.id ?? ''));
    if (!entity) return snapError(404, `Resource can not be found: ${String(sent.id)}`, 'E3003');
    const { parentKey, writable } = KINDS[kind];
    if (String(entity[parentKey]) !== parent || sent[parentKey] !== entity[parentKey])
      return snapError(400, `${parentKey} must be ${String(entity[parentKey])}`, 'E2002');
    for (const [key, value] of Object.entries(entity))
      if (!writable.includes(key) && sent[key] !== value)
        return snapError(400, `${key} is missing or cannot be changed`, 'E2003');
    for (const key of writable) if (sent[key] !== undefined) entity[key] = sent[key];
    entity.updated_at = new Date().toISOString();
    return this.wrap(kind, entity);
  }
}

function snapError(status: number, message: string, code: string): StandinAnswer {
  return {
    status,
    body: {
      request_status: 'ERROR',
      request_id: randomBytes(8).toString('hex'),
      debug_message: message,
      display_message: message,
      error_code: code,
    },
  };
}
