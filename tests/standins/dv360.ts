import { GoogleApiStandin, googleError, googlePage, undeclaredParameter } from './google-api';
import type { StandinAnswer, StandinRequest, StandinRoute } from './standin-server';

/**
 * Display & Video 360 API v4 stand-in (tests/standins/README.md), the one stand-in of the API for
 * its reads and writes. Follows https://developers.google.com/display-video/api/reference/rest/v4:
 *
 * - Lists …/advertisers/list (`partnerId` required) and …/advertisers.campaigns/list,
 *   …insertionOrders/list, …lineItems/list, …creatives/list, …adGroups/list, …adGroupAds/list:
 *   `GET /v4/advertisers` and `GET /v4/advertisers/{advertiserId}/{collection}` with `pageSize`
 *   (default 100; at most 200, or 100 for insertionOrders and adGroupAds), `pageToken` /
 *   `nextPageToken`, `orderBy` (taken, not modelled) and `filter`: restrictions joined by AND, each
 *   a term or a parenthesised OR of terms, `field op "value"`, at most 500 characters; `updateTime`
 *   takes `>=` or `<=` with an RFC 3339 time, every other field `=`, and only the fields each list
 *   documents (400 INVALID_ARGUMENT otherwise, or for an expression that does not parse; the `:`
 *   HAS operator is not modelled). An undeclared query parameter is 400 INVALID_ARGUMENT.
 * - Patches …/advertisers/patch and …/advertisers.{campaigns,insertionOrders,lineItems,creatives}
 *   /patch: `PATCH /v4/advertisers/{advertiserId}` and
 *   `PATCH /v4/advertisers/{advertiserId}/{collection}/{id}?updateMask=`: the mask is required and
 *   may name only fields of the body (400 INVALID_ARGUMENT otherwise); an unknown object is 404.
 *
 * - Partners (…/partners/list): `GET /v4/partners` with `pageSize` (default 100, at most 200),
 *   `pageToken`, `orderBy` and `filter` (taken, not modelled) answers every seeded partner as
 *   `{ name: "partners/{id}", partnerId, displayName, entityStatus }`.
 *
 * Objects answer with their resource `name` (`advertisers/1/lineItems/7`) beside the seeded
 * fields. A refused bearer token is 401 UNAUTHENTICATED; errors in Google's envelope
 * (https://cloud.google.com/apis/design/errors). Seeded objects are kept as given (not copied): a
 * test edits one in place to stand for a change made in DV360, and reads a patched one with
 * `advertiser(id)` or `object(advertiserId, collection, id)`.
 */

/** The collections under an advertiser the stand-in serves. */
export type Dv360StandinCollection =
  | 'campaigns'
  | 'insertionOrders'
  | 'lineItems'
  | 'creatives'
  | 'adGroups'
  | 'adGroupAds';

/** A DV360 object as seeded: its id field (advertiserId, lineItemId…), displayName and any fields. */
export interface Dv360SeedObject {
  displayName: string;
  updateTime?: string;
  entityStatus?: string;
  [field: string]: unknown;
}

/** Seed of the DV360 stand-in: tokens, partners' advertisers and each advertiser's objects. */
export interface Dv360Seed {
  validTokens: string[];
  /** Advertisers per partner id (each with its advertiserId). */
  partners: Record<string, Dv360SeedObject[]>;
  /** Display names of the partners partners.list answers (by id; the id where none is given). */
  partnerNames?: Record<string, string>;
  /** Per advertiser id, its objects per collection (each with its id field). */
  advertisers: Record<string, Partial<Record<Dv360StandinCollection, Dv360SeedObject[]>>>;
}

/** Per list: the id field of its objects, its largest page size and the fields its filter takes. */
const LISTS: Record<
  Dv360StandinCollection | 'advertisers',
  { idField: string; maxPage: number; filters: string[] }
> = {
  advertisers: {
    idField: 'advertiserId',
    maxPage: 200,
    filters: ['advertiserId', 'displayName', 'entityStatus', 'updateTime'],
  },
  campaigns: {
    idField: 'campaignId',
    maxPage: 200,
    filters: ['campaignId', 'displayName', 'entityStatus', 'updateTime'],
  },
  insertionOrders: {
    idField: 'insertionOrderId',
    maxPage: 100,
    filters: ['campaignId', 'displayName', 'entityStatus', 'updateTime'],
  },
  lineItems: {
    idField: 'lineItemId',
    maxPage: 200,
    filters: [
      'campaignId',
      'displayName',
      'entityStatus',
      'insertionOrderId',
      'lineItemId',
      'lineItemType',
      'updateTime',
    ],
  },
  creatives: {
    idField: 'creativeId',
    maxPage: 200,
    filters: ['creativeId', 'creativeType', 'dynamic', 'entityStatus', 'lineItemIds', 'updateTime'],
  },
  adGroups: {
    idField: 'adGroupId',
    maxPage: 200,
    filters: ['adGroupFormat', 'adGroupId', 'displayName', 'entityStatus', 'lineItemId'],
  },
  adGroupAds: {
    idField: 'adGroupAdId',
    maxPage: 100,
    filters: ['adGroupAdId', 'adGroupId', 'displayName', 'entityStatus'],
  },
};

/** The collections with a patch method. */
const PATCHABLE = ['campaigns', 'insertionOrders', 'lineItems', 'creatives'];

/** One term of a DV360 filter: field, operator, value. */
interface FilterTerm {
  field: string;
  op: string;
  value: string;
}

/**
 * Parses a DV360 `filter` (the "filter" parameter of each list in the v4 reference): restrictions
 * joined by AND, each a term or a parenthesised OR of terms; a term is `field op "value"` with op
 * `=`, `>=` or `<=`. Null when it does not parse.
 */
function parseFilter(filter: string): FilterTerm[][] | null {
  if (filter.trim() === '') return [];
  const groups: FilterTerm[][] = [];
  for (const part of filter.split(/\s+AND\s+/)) {
    const inner = part.trim().replace(/^\((.*)\)$/, '$1');
    const terms: FilterTerm[] = [];
    for (const t of inner.split(/\s+OR\s+/)) {
      const m = /^([A-Za-z.]+)\s*(>=|<=|=)\s*"((?:[^"\\]|\\.)*)"$/.exec(t.trim());
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
  if (term.field === 'updateTime') {
    const x = Date.parse(String(v));
    const y = Date.parse(term.value);
    return term.op === '>=' ? x >= y : x <= y;
  }
  return Array.isArray(v) ? v.map(String).includes(term.value) : String(v) === term.value;
}

/** The Display & Video 360 stand-in server. */
export class Dv360Standin extends GoogleApiStandin {
  private readonly seed: Dv360Seed;

  constructor(seed: Dv360Seed) {
    super(seed.validTokens);
    this.seed = seed;
  }

  /** The API root as DV360_API_URL holds it (`…/v4`). */
  get apiUrl(): string {
    return `${this.url}/v4`;
  }

  /** An advertiser of any partner as the stand-in holds it now, or undefined. */
  advertiser(advertiserId: string): Dv360SeedObject | undefined {
    return Object.values(this.seed.partners)
      .flat()
      .find((a) => String(a.advertiserId) === advertiserId);
  }

  /** An object under an advertiser as the stand-in holds it now, or undefined. */
  object(advertiserId: string, collection: Dv360StandinCollection, id: string): Dv360SeedObject | undefined {
    const idField = LISTS[collection].idField;
    return this.seed.advertisers[advertiserId]?.[collection]?.find((o) => String(o[idField]) === id);
  }

  protected routes(): StandinRoute[] {
    return [
      { method: 'GET', path: '/v4/partners', handle: (req) => this.listPartners(req) },
      { method: 'GET', path: '/v4/advertisers', handle: (req) => this.listAdvertisers(req) },
      {
        method: 'GET',
        path: '/v4/advertisers/:advertiserId/:collection',
        handle: (req, p) => this.listUnder(req, p.advertiserId!, p.collection!),
      },
      {
        method: 'PATCH',
        path: '/v4/advertisers/:advertiserId',
        handle: (req, p) => {
          const advertiser = this.advertiser(p.advertiserId!);
          return this.patch(req, advertiser, `advertisers/${p.advertiserId}`);
        },
      },
      {
        method: 'PATCH',
        path: '/v4/advertisers/:advertiserId/:collection/:id',
        handle: (req, p) => {
          if (!PATCHABLE.includes(p.collection!)) return this.notFound(req);
          const collection = p.collection as Dv360StandinCollection;
          return this.patch(
            req,
            this.object(p.advertiserId!, collection, p.id!),
            `advertisers/${p.advertiserId}/${collection}/${p.id}`,
          );
        },
      },
    ];
  }

  private listPartners(req: StandinRequest): StandinAnswer {
    const undeclared = undeclaredParameter(req, ['pageSize', 'pageToken', 'orderBy', 'filter']);
    if (undeclared) return undeclared;
    const partners = Object.keys(this.seed.partners).map((partnerId) => ({
      name: `partners/${partnerId}`,
      partnerId,
      displayName: this.seed.partnerNames?.[partnerId] ?? partnerId,
      entityStatus: 'ENTITY_STATUS_ACTIVE',
    }));
    return googlePage(req, 'partners', partners, 'pageSize', 200, 100);
  }

  private listAdvertisers(req: StandinRequest): StandinAnswer {
    const undeclared = undeclaredParameter(req, ['partnerId', 'pageSize', 'pageToken', 'orderBy', 'filter']);
    if (undeclared) return undeclared;
    const partnerId = req.query.get('partnerId');
    if (!partnerId) return googleError(400, 'INVALID_ARGUMENT', 'partnerId is required');
    const advertisers = this.seed.partners[partnerId];
    if (!advertisers)
      return googleError(
        403,
        'PERMISSION_DENIED',
        `The caller does not have permission to partner ${partnerId}`,
      );
    return this.filtered(req, 'advertisers', advertisers, (o) => `advertisers/${o.advertiserId}`);
  }

  private listUnder(req: StandinRequest, advertiserId: string, collection: string): StandinAnswer {
    if (!(collection in LISTS) || collection === 'advertisers') return this.notFound(req);
    const undeclared = undeclaredParameter(req, ['pageSize', 'pageToken', 'orderBy', 'filter']);
    if (undeclared) return undeclared;
    const advertiser = this.seed.advertisers[advertiserId];
    if (!advertiser) return googleError(404, 'NOT_FOUND', `Advertiser ${advertiserId} was not found`);
    const key = collection as Dv360StandinCollection;
    const idField = LISTS[key].idField;
    return this.filtered(
      req,
      key,
      advertiser[key] ?? [],
      (o) => `advertisers/${advertiserId}/${key}/${String(o[idField])}`,
    );
  }

  private filtered(
    req: StandinRequest,
    key: Dv360StandinCollection | 'advertisers',
    items: readonly Dv360SeedObject[],
    nameOf: (o: Dv360SeedObject) => string,
  ): StandinAnswer {
    const filter = req.query.get('filter') ?? '';
    if (filter.length > 500)
      return googleError(400, 'INVALID_ARGUMENT', 'The filter is longer than 500 characters');
    const groups = parseFilter(filter);
    if (!groups) return googleError(400, 'INVALID_ARGUMENT', 'Invalid filter expression');
    const bad = groups.flat().find((t) => !LISTS[key].filters.includes(t.field));
    if (bad) return googleError(400, 'INVALID_ARGUMENT', `Filtering on ${bad.field} is not supported`);
    const badOp = groups.flat().find((t) => (t.field === 'updateTime' ? t.op === '=' : t.op !== '='));
    if (badOp)
      return googleError(
        400,
        'INVALID_ARGUMENT',
        `The operator ${badOp.op} cannot be used on ${badOp.field}`,
      );
    const kept = items
      .filter((o) => groups.every((g) => g.some((t) => matches(o, t))))
      .map((o) => ({ name: nameOf(o), ...o }));
    return googlePage(req, key, kept, 'pageSize', LISTS[key].maxPage, 100);
  }

  private patch(req: StandinRequest, object: Dv360SeedObject | undefined, name: string): StandinAnswer {
    const undeclared = undeclaredParameter(req, ['updateMask']);
    if (undeclared) return undeclared;
    if (!object) return googleError(404, 'NOT_FOUND', 'Requested entity was not found.');
    const mask = (req.query.get('updateMask') ?? '').split(',').filter(Boolean);
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (mask.length === 0) return googleError(400, 'INVALID_ARGUMENT', 'updateMask is required.');
    if (mask.some((f) => !(f in body)))
      return googleError(
        400,
        'INVALID_ARGUMENT',
        'Each field of updateMask must be set in the request body.',
      );
    for (const field of mask) object[field] = structuredClone(body[field]);
    return { status: 200, body: { name, ...object } };
  }
}
