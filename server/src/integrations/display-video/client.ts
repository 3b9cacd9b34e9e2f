import { z } from 'zod';
import { type ProviderClientOptions, ProviderHttp, seg, stringAt } from '../provider-http';

/**
 * Display & Video 360 API client (README.md beside this file): patches advertisers, campaigns,
 * insertion orders, line items and creatives (spec 03 §3 "DV360 outbound" data types) for the
 * google-dv360-outbound integration (issue 12 item 4). `baseUrl` is the API root with its version
 * (`https://displayvideo.googleapis.com/v4`, DV360_API_URL); the token is the Google account's
 * OAuth access token (scope display-video).
 */
export type DisplayVideoClientOptions = ProviderClientOptions;

/** The DV360 objects Nomen updates (spec 03 §3 DV360 outbound data types). */
export type DisplayVideoObjectType =
  | 'advertisers'
  | 'campaigns'
  | 'insertion_orders'
  | 'line_items'
  | 'creatives';

/** The collection of each object type under `advertisers/{advertiserId}`. */
const COLLECTIONS: Record<Exclude<DisplayVideoObjectType, 'advertisers'>, string> = {
  campaigns: 'campaigns',
  insertion_orders: 'insertionOrders',
  line_items: 'lineItems',
  creatives: 'creatives',
};

const objectSchema = z.looseObject({ name: z.string(), displayName: z.string().optional() });

/** An updated DV360 object: its resource name and display name. */
export type DisplayVideoObject = z.infer<typeof objectSchema>;

/** What identifies one object: its type, its id and (except for advertisers) its advertiser. */
export interface DisplayVideoObjectRef {
  type: DisplayVideoObjectType;
  id: string;
  advertiserId?: string;
}

/** The API path of an object: `/advertisers/{id}` or `/advertisers/{a}/{collection}/{id}`. */
export function displayVideoPath(ref: DisplayVideoObjectRef): string {
  if (ref.type === 'advertisers') return `/advertisers/${seg(ref.id)}`;
  if (!ref.advertiserId) throw new RangeError(`${ref.type} are addressed under their advertiser`);
  return `/advertisers/${seg(ref.advertiserId)}/${COLLECTIONS[ref.type]}/${seg(ref.id)}`;
}

/** The Display & Video 360 client. Every method throws ProviderError on failure. */
export class DisplayVideoClient {
  private readonly http: ProviderHttp;

  constructor(options: DisplayVideoClientOptions) {
    this.http = new ProviderHttp({
      provider: 'display-video',
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      onUnauthorized: options.onUnauthorized,
      authHeaders: async () => ({ authorization: `Bearer ${await options.getAccessToken()}` }),
      readError: (body) => ({
        message: stringAt(body, 'error', 'message'),
        code: stringAt(body, 'error', 'status'),
      }),
    });
  }

  /**
   * `PATCH <object path>?updateMask=<fields>` with the changed fields (camelCase names of the
   * resource, e.g. displayName, exitEvents); only the fields of the mask change. Answers the
   * updated object.
   */
  patch(ref: DisplayVideoObjectRef, changes: Record<string, unknown>): Promise<DisplayVideoObject> {
    return this.http.request({
      method: 'PATCH',
      path: displayVideoPath(ref),
      query: { updateMask: Object.keys(changes).join(',') },
      body: changes,
      schema: objectSchema,
    });
  }
}
