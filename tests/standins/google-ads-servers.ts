import {
  intParam,
  pageToken,
  type StandinAnswer,
  type StandinRequest,
  type StandinRoute,
  StandinServer,
} from './standin-server';

/**
 * Google's error envelope (https://cloud.google.com/apis/design/errors#http_mapping):
 * `{ error: { code, message, status } }`, which CM360 v4 and DV360 v3 both answer.
 */
function googleError(code: number, status: string, message: string): StandinAnswer {
  return { status: code, body: { error: { code, message, status } } };
}

/** One page of `items` per `pageToken` and a page size; 400 for a bad token or size. */
function googlePage(
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

/** A CM360 object as seeded: id, name, lastModifiedInfo.time (epoch ms text) and any fields. */
export type Cm360SeedObject = { id: string; name: string; lastModifiedInfo?: { time: string } } & Record<
  string,
  unknown
>;

/** Seed of the CM360 stand-in: the tokens it accepts and, per user profile, its objects. */
export interface Cm360Seed {
  validTokens: string[];
  profiles: Record<
    string,
    Partial<Record<'advertisers' | 'campaigns' | 'placements' | 'ads' | 'creatives', Cm360SeedObject[]>>
  >;
}

/**
 * Campaign Manager 360 API v4 stand-in (tests/standins/README.md). Follows
 * https://developers.google.com/doubleclick-advertisers/rest/v4/campaigns/list (and
 * …/placements/list, …/ads/list, …/creatives/list, …/advertisers/list):
 * `GET /userprofiles/{profileId}/{collection}` with `maxResults` (1–1000, default 1000),
 * `pageToken` / `nextPageToken`, `advertiserIds` and `campaignIds` (repeated ids; comma-joined
 * accepted too) and `searchString` (names containing it, case-insensitive; the reference's
 * wildcards are not modelled). Answers `{ kind, <collection>: [...], nextPageToken }`; a bearer
 * token, 401 UNAUTHENTICATED otherwise; 403 PERMISSION_DENIED for a profile the token lacks.
 */
export class Cm360Standin extends StandinServer {
  private readonly seed: Cm360Seed;

  constructor(seed: Cm360Seed) {
    super(seed.validTokens);
    this.seed = seed;
  }

  protected isAuthorized(req: StandinRequest): boolean {
    const token = this.bearer(req);
    return token !== undefined && this.validCredentials.has(token);
  }

  protected unauthorized(): StandinAnswer {
    return googleError(
      401,
      'UNAUTHENTICATED',
      'Request had invalid authentication credentials. Expected OAuth 2 access token.',
    );
  }

  protected override notFound(req: StandinRequest): StandinAnswer {
    return googleError(404, 'NOT_FOUND', `No resource at ${req.path}`);
  }

  protected routes(): StandinRoute[] {
    return [
      {
        method: 'GET',
        path: '/userprofiles/:profileId/:collection',
        handle: (req, p) => this.list(req, p.profileId!, p.collection!),
      },
    ];
  }

  private list(req: StandinRequest, profileId: string, collection: string): StandinAnswer {
    const profile = this.seed.profiles[profileId];
    if (!profile)
      return googleError(
        403,
        'PERMISSION_DENIED',
        `The current user does not have access to profile ${profileId}`,
      );
    if (!['advertisers', 'campaigns', 'placements', 'ads', 'creatives'].includes(collection))
      return this.notFound(req);
    const ids = (name: string) =>
      req.query
        .getAll(name)
        .flatMap((v) => v.split(','))
        .filter(Boolean);
    const advertisers = ids('advertiserIds');
    const campaigns = ids('campaignIds');
    const search = (req.query.get('searchString') ?? '').toLowerCase();
    const items = (profile[collection as keyof typeof profile] ?? []).filter(
      (o) =>
        (advertisers.length === 0 || advertisers.includes(String(o.advertiserId))) &&
        (campaigns.length === 0 || campaigns.includes(String(o.campaignId))) &&
        (search === '' || o.name.toLowerCase().includes(search)),
    );
    const answer = googlePage(req, collection, items, 'maxResults', 1000);
    if (answer.status === 200)
      (answer.body as Record<string, unknown>).kind = `dfareporting#${collection}ListResponse`;
    return answer;
  }
}

/** A DV360 object as seeded: its ids, displayName, entityStatus, updateTime and any fields. */
export type Dv360SeedObject = { displayName: string; updateTime?: string; entityStatus?: string } & Record<
  string,
  unknown
>;

/** Seed of the DV360 stand-in: tokens, partners' advertisers and each advertiser's objects. */
export interface Dv360Seed {
  validTokens: string[];
  /** Advertisers per partner id (each with its advertiserId). */
  partners: Record<string, Dv360SeedObject[]>;
  /** Per advertiser id, its collections (campaigns, insertionOrders, lineItems, creatives, adGroups, adGroupAds). */
  advertisers: Record<string, Partial<Record<string, Dv360SeedObject[]>>>;
}

const DV360_COLLECTIONS = [
  'campaigns',
  'insertionOrders',
  'lineItems',
  'creatives',
  'adGroups',
  'adGroupAds',
];

/** One term of a DV360 filter: field, operator, value. */
interface FilterTerm {
  field: string;
  op: string;
  value: string;
}

/**
 * Parses a DV360 `filter` (https://developers.google.com/display-video/api/reference/rest/v3/advertisers.campaigns/list
 * "filter"): restrictions joined by AND, each a term or a parenthesised OR of terms; a term is
 * `field op "value"` with op = `=`, `>=`, `<=`, `>`, `<` (`:` HAS is not modelled). Null when it
 * does not parse.
 */
function parseDv360Filter(filter: string): FilterTerm[][] | null {
  if (filter.trim() === '') return [];
  const groups: FilterTerm[][] = [];
  for (const part of filter.split(/\s+AND\s+/)) {
    const inner = part.trim().replace(/^\((.*)\)$/, '$1');
    const terms: FilterTerm[] = [];
    for (const t of inner.split(/\s+OR\s+/)) {
      const m = /^([A-Za-z.]+)\s*(>=|<=|=|>|<)\s*"((?:[^"\\]|\\.)*)"$/.exec(t.trim());
      if (!m) return null;
      terms.push({ field: m[1]!, op: m[2]!, value: m[3]!.replace(/\\(.)/g, '$1') });
    }
    groups.push(terms);
  }
  return groups;
}

function matches(o: Record<string, unknown>, term: FilterTerm): boolean {
  const v = o[term.field];
  if (v === undefined) return false;
  const a = String(v);
  if (term.field === 'updateTime') {
    const x = Date.parse(a);
    const y = Date.parse(term.value);
    return term.op === '>='
      ? x >= y
      : term.op === '<='
        ? x <= y
        : term.op === '>'
          ? x > y
          : term.op === '<'
            ? x < y
            : x === y;
  }
  return term.op === '=' ? a === term.value : false;
}

/** The fields each list's filter takes (per the reference's "filter" section). */
const FILTER_FIELDS: Record<string, string[]> = {
  advertisers: ['advertiserId', 'entityStatus', 'updateTime'],
  campaigns: ['campaignId', 'entityStatus', 'updateTime'],
  insertionOrders: ['campaignId', 'insertionOrderId', 'entityStatus', 'updateTime'],
  lineItems: ['campaignId', 'insertionOrderId', 'lineItemId', 'entityStatus', 'updateTime'],
  creatives: ['creativeId', 'entityStatus', 'updateTime'],
  adGroups: ['adGroupId', 'lineItemId', 'entityStatus'],
  adGroupAds: ['adGroupId', 'adGroupAdId', 'entityStatus'],
};

/**
 * Display & Video 360 API v3 stand-in (tests/standins/README.md). Follows
 * https://developers.google.com/display-video/api/reference/rest/v3/advertisers/list (`partnerId`
 * required) and …/advertisers.campaigns/list, …insertionOrders/list, …lineItems/list,
 * …creatives/list, …adGroups/list, …adGroupAds/list: `GET /advertisers` and
 * `GET /advertisers/{advertiserId}/{collection}` with `pageSize` (1–200, default 100),
 * `pageToken` / `nextPageToken` and `filter` (400 INVALID_ARGUMENT for a field the list does not
 * filter on or an expression that does not parse); Google's error envelope; a bearer token.
 */
export class Dv360Standin extends StandinServer {
  private readonly seed: Dv360Seed;

  constructor(seed: Dv360Seed) {
    super(seed.validTokens);
    this.seed = seed;
  }

  protected isAuthorized(req: StandinRequest): boolean {
    const token = this.bearer(req);
    return token !== undefined && this.validCredentials.has(token);
  }

  protected unauthorized(): StandinAnswer {
    return googleError(
      401,
      'UNAUTHENTICATED',
      'Request had invalid authentication credentials. Expected OAuth 2 access token.',
    );
  }

  protected override notFound(req: StandinRequest): StandinAnswer {
    return googleError(404, 'NOT_FOUND', `No resource at ${req.path}`);
  }

  protected routes(): StandinRoute[] {
    return [
      {
        method: 'GET',
        path: '/advertisers',
        handle: (req) => {
          const partnerId = req.query.get('partnerId');
          if (!partnerId) return googleError(400, 'INVALID_ARGUMENT', 'partnerId is required');
          const advertisers = this.seed.partners[partnerId];
          if (!advertisers)
            return googleError(
              403,
              'PERMISSION_DENIED',
              `The caller does not have permission to partner ${partnerId}`,
            );
          return this.filtered(req, 'advertisers', advertisers);
        },
      },
      {
        method: 'GET',
        path: '/advertisers/:advertiserId/:collection',
        handle: (req, p) => {
          if (!DV360_COLLECTIONS.includes(p.collection!)) return this.notFound(req);
          const advertiser = this.seed.advertisers[p.advertiserId!];
          if (!advertiser) return googleError(404, 'NOT_FOUND', `Advertiser ${p.advertiserId} was not found`);
          return this.filtered(req, p.collection!, advertiser[p.collection!] ?? []);
        },
      },
    ];
  }

  private filtered(req: StandinRequest, key: string, items: readonly Dv360SeedObject[]): StandinAnswer {
    const groups = parseDv360Filter(req.query.get('filter') ?? '');
    if (!groups) return googleError(400, 'INVALID_ARGUMENT', 'Invalid filter expression');
    const bad = groups.flat().find((t) => !FILTER_FIELDS[key]!.includes(t.field));
    if (bad) return googleError(400, 'INVALID_ARGUMENT', `Filtering on ${bad.field} is not supported`);
    const kept = items.filter((o) => groups.every((g) => g.some((t) => matches(o, t))));
    return googlePage(req, key, kept, 'pageSize', 200, 100);
  }
}
