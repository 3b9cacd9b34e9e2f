import { z } from 'zod';
import { type ProviderClientOptions, ProviderHttp, seg, stringAt } from '../provider-http';

/**
 * Snapchat Marketing API client (issue 12 item 5, snapchat-marketing-inbound). References:
 * https://developers.snap.com/api/marketing-api/Ads-API/organizations (`GET /me/organizations`),
 * …/ad-accounts (`GET /organizations/{id}/adaccounts`), …/campaigns, …/ad-squads, …/ads,
 * …/creatives, …/media (`GET /adaccounts/{id}/<edge>`), paging in …/introduction ("Pagination":
 * `limit` 50–1000, `paging.next_link` carrying the `cursor`). Lists answer
 * `{ request_status, request_id, paging?, <plural>: [{ sub_request_status, <singular>: {…} }] }`;
 * errors `{ request_status: "ERROR", debug_message, display_message, error_code }`, 401 for a
 * refused token. `baseUrl`: https://adsapi.snapchat.com/v1.
 */
export type SnapchatClientOptions = ProviderClientOptions;

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

/** One Snapchat object (id, name, status, updated_at and the rest as answered). */
export type SnapchatObject = Record<string, unknown> & { id: string };

const PAGE_SIZE = 1000;
const MAX_PAGES = 1000;

/** The Snapchat client. Every method throws ProviderError on failure. */
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
  async list(edge: SnapchatEdge, parentId: string): Promise<SnapchatObject[]> {
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
    const all: SnapchatObject[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < MAX_PAGES; i++) {
      const page = (await this.http.get(path, schema, { limit: PAGE_SIZE, cursor })) as Record<
        string,
        unknown
      > & { paging?: { next_link?: string } };
      const items = page[edge] as Record<string, SnapchatObject>[];
      all.push(...items.map((w) => w[inner]!));
      // The cursor of next_link is followed, not the link itself (it names Snapchat's host).
      const next = page.paging?.next_link;
      cursor = next ? (new URL(next).searchParams.get('cursor') ?? undefined) : undefined;
      if (!cursor || items.length === 0) break;
    }
    return all;
  }
}
