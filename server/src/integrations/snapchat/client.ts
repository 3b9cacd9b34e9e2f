import { z } from 'zod';
import { ProviderError } from '../provider-error';
import { type ProviderClientOptions, ProviderHttp, seg, stringAt } from '../provider-http';

/**
 * Snapchat Marketing API v1 client (README.md beside this file): lists organizations, ad accounts
 * and an ad account's campaigns, ad squads, ads, creatives and media (issue 12 item 5
 * snapchat-marketing-inbound), and reads one ad account, campaign, ad squad, ad or creative and
 * updates it (issue 12 item 4 snapchat-marketing-outbound). `baseUrl` carries the version:
 * https://adsapi.snapchat.com/v1. References:
 * https://developers.snap.com/api/marketing-api/Ads-API/organizations (`GET /me/organizations`),
 * …/ad-accounts (`GET /organizations/{id}/adaccounts`), …/campaigns, …/ad-squads, …/ads,
 * …/creatives, …/media (`GET /adaccounts/{id}/<edge>`, "Get a specific …" and "Update …"), paging
 * in …/introduction ("Pagination": `limit` 50–1000, `paging.next_link` carrying the `cursor`).
 * Answers wrap entities as
 * `{ request_status, request_id, paging?, <plural>: [{ sub_request_status, <singular>: {...} }] }`;
 * errors `{ request_status: "ERROR", debug_message, display_message, error_code }`, 401 for a
 * refused token. An update is a PUT of the whole entity to its parent's collection.
 */
export type SnapchatClientOptions = ProviderClientOptions;

/** The Snapchat entity kinds: path segment, the answer's singular key, and the parent it is updated under. */
export const SNAPCHAT_KINDS = {
  adaccounts: { entity: 'adaccount', parentKey: 'organization_id', parentPath: 'organizations' },
  campaigns: { entity: 'campaign', parentKey: 'ad_account_id', parentPath: 'adaccounts' },
  adsquads: { entity: 'adsquad', parentKey: 'campaign_id', parentPath: 'campaigns' },
  ads: { entity: 'ad', parentKey: 'ad_squad_id', parentPath: 'adsquads' },
  creatives: { entity: 'creative', parentKey: 'ad_account_id', parentPath: 'adaccounts' },
} as const;
/** One Snapchat entity collection, as its path names it. */
export type SnapchatKind = keyof typeof SNAPCHAT_KINDS;

/** The lists the inbound reads: the edge and the key of each wrapped object. */
export const SNAPCHAT_EDGES = {
  organizations: 'organization',
  adaccounts: 'adaccount',
  campaigns: 'campaign',
  adsquads: 'adsquad',
  ads: 'ad',
  creatives: 'creative',
  media: 'media',
} as const;
/** One Snapchat list. */
export type SnapchatEdge = keyof typeof SNAPCHAT_EDGES;

/** A Snapchat entity as the API answers it: `id` and its fields (name, status, updated_at…). */
export type SnapchatEntity = { id: string } & Record<string, unknown>;

/** The object levels an ad account's stats break down by (Measurement reference, `breakdown`). */
export type SnapchatStatsBreakdown = 'campaign' | 'adsquad' | 'ad';

/** One object's stats as Snapchat answers them: numbers, `spend` in micro-currency. */
export type SnapchatStats = Record<string, number | string | null | undefined>;

const statsSchema = z.object({
  request_status: z.string(),
  total_stats: z.array(
    z.looseObject({
      total_stat: z
        .looseObject({
          breakdown_stats: z
            .record(
              z.string(),
              z.array(
                z.looseObject({
                  id: z.string(),
                  stats: z.record(z.string(), z.union([z.number(), z.string(), z.null()])).default({}),
                }),
              ),
            )
            .optional(),
        })
        .optional(),
    }),
  ),
});

const PAGE_SIZE = 1000;
const MAX_PAGES = 1000;

function answerSchema(kind: SnapchatKind) {
  const { entity } = SNAPCHAT_KINDS[kind];
  return z.looseObject({
    request_status: z.string(),
    [kind]: z.array(
      z.looseObject({
        sub_request_status: z.string().optional(),
        [entity]: z.looseObject({ id: z.string().min(1) }).optional(),
        sub_request_error_reason: z.string().optional(),
      }),
    ),
  });
}

/** The Snapchat client. Every method throws ProviderError on failure (404 for an unknown id). */
export class SnapchatClient {
  private readonly http: ProviderHttp;

  constructor(options: SnapchatClientOptions) {
    this.http = new ProviderHttp({
      provider: 'snapchat',
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      onUnauthorized: options.onUnauthorized,
      authHeaders: async () => ({ authorization: `Bearer ${await options.getAccessToken()}` }),
      readError: (body) => ({
        message: stringAt(body, 'display_message') ?? stringAt(body, 'debug_message'),
        code: stringAt(body, 'error_code'),
      }),
    });
  }

  /**
   * Every object of `edge`: organizations of the token's user (`parentId` unused), ad accounts of
   * organization `parentId`, or the campaigns, ad squads, ads, creatives or media of ad account
   * `parentId`; follows `paging.next_link` to the end.
   */
  async list(edge: SnapchatEdge, parentId: string): Promise<SnapchatEntity[]> {
    const path =
      edge === 'organizations'
        ? '/me/organizations'
        : edge === 'adaccounts'
          ? `/organizations/${seg(parentId)}/adaccounts`
          : `/adaccounts/${seg(parentId)}/${edge}`;
    const inner = SNAPCHAT_EDGES[edge];
    const schema = z.object({
      request_status: z.string(),
      paging: z.object({ next_link: z.string().optional() }).optional(),
      [edge]: z.array(z.object({ [inner]: z.looseObject({ id: z.string().min(1) }) })),
    });
    const all: SnapchatEntity[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < MAX_PAGES; i++) {
      const page = (await this.http.get(path, schema, { limit: PAGE_SIZE, cursor })) as Record<
        string,
        unknown
      > & { paging?: { next_link?: string } };
      const items = page[edge] as Record<string, SnapchatEntity>[];
      all.push(...items.map((w) => w[inner]!));
      // The cursor of next_link is followed, not the link itself (it names Snapchat's host).
      const next = page.paging?.next_link;
      cursor = next ? (new URL(next).searchParams.get('cursor') ?? undefined) : undefined;
      if (!cursor || items.length === 0) break;
    }
    return all;
  }

  /**
   * The stats of every `breakdown` object (campaign, ad squad, ad) of ad account `adAccountId`
   * with `fields` (such as impressions, swipes, spend in micro-currency) over one period
   * (`GET /adaccounts/{id}/stats` with granularity TOTAL and `breakdown`; `start` and `end` on the
   * hour): a map from object id to its stats; objects Snapchat does not list delivered nothing.
   * Reference: https://developers.snap.com/api/marketing-api/Ads-API/measurement (request pattern,
   * TOTAL granularity, breakdowns; the answer is one `total_stat` with `breakdown_stats`).
   */
  async stats(
    adAccountId: string,
    breakdown: SnapchatStatsBreakdown,
    fields: readonly string[],
    start: Date,
    end: Date,
  ): Promise<Map<string, SnapchatStats>> {
    const answer = await this.http.get(`/adaccounts/${seg(adAccountId)}/stats`, statsSchema, {
      granularity: 'TOTAL',
      breakdown,
      fields: fields.join(','),
      start_time: start.toISOString(),
      end_time: end.toISOString(),
    });
    const out = new Map<string, SnapchatStats>();
    for (const wrapped of answer.total_stats)
      for (const entry of wrapped.total_stat?.breakdown_stats?.[breakdown] ?? [])
        out.set(entry.id, entry.stats);
    return out;
  }

  /** One entity (`GET /{kind}/{id}`). */
  async get(kind: SnapchatKind, id: string): Promise<SnapchatEntity> {
    const answer = await this.http.get(`/${kind}/${seg(id)}`, answerSchema(kind));
    const entity = (answer[kind] as Record<string, unknown>[])[0]?.[SNAPCHAT_KINDS[kind].entity];
    if (!entity)
      throw new ProviderError({
        provider: 'snapchat',
        code: 'MALFORMED',
        status: 200,
        providerMessage: `no ${SNAPCHAT_KINDS[kind].entity} in the answer for ${id}`,
        operation: `GET /${kind}/{id}`,
      });
    return entity as SnapchatEntity;
  }

  /**
   * Updates an entity: PUT of the whole entity (as read, with the changes) to its parent's
   * collection (`PUT /{parentPath}/{parent id}/{kind}` with `{ <kind>: [entity] }`). Setting the
   * same values again changes nothing.
   */
  async update(kind: SnapchatKind, entity: SnapchatEntity): Promise<void> {
    const { parentKey, parentPath } = SNAPCHAT_KINDS[kind];
    const parent = String(entity[parentKey] ?? '');
    await this.http.request({
      method: 'PUT',
      path: `/${parentPath}/${seg(parent)}/${kind}`,
      body: { [kind]: [entity] },
      schema: answerSchema(kind),
    });
  }
}
