import { type StandinAnswer, type StandinRequest, type StandinRoute, StandinServer } from './standin-server';

/**
 * Pinterest API v5 stand-in (tests/standins/README.md). Follows
 * https://developers.pinterest.com/docs/api/v5/campaigns-get, …/ad_groups-get, …/ads-get
 * (`GET /v5/ad_accounts/{ad_account_id}/{campaigns|ad_groups|ads}/{id}` answering the object) and
 * …/campaigns-update, …/ad_groups-update, …/ads-update (`PATCH /v5/ad_accounts/{ad_account_id}/{kind}`
 * with a JSON array of `{ id, …changes }`, answered `{ items: [{ data, exceptions }] }`; an item
 * that cannot be updated comes back with `data: null` and an exception). Only the fields the
 * update references list may change (name, status, spend caps and budgets in micro-currency, an
 * ad's destination and tracking URLs). Errors are `{ code, message }`: 401 code 2
 * "Authentication failed." for a missing or refused bearer token, 404 for an unknown ad account
 * or object. The API root is `<url>/v5`.
 */

/** A kind of an ad account's objects, as the paths name it. */
export type PinterestKindSeed = 'campaigns' | 'ad_groups' | 'ads';

/** A campaign, ad group or ad: `id` and its fields. */
export type PinterestObjectSeed = { id: string } & Record<string, string | number>;

/** Seed data of the Pinterest stand-in. */
export interface PinterestSeed {
  validTokens: string[];
  /** Objects per ad account id. */
  adAccounts: Record<string, Partial<Record<PinterestKindSeed, PinterestObjectSeed[]>>>;
}

const WRITABLE: Record<PinterestKindSeed, readonly string[]> = {
  campaigns: ['name', 'status', 'daily_spend_cap', 'lifetime_spend_cap'],
  ad_groups: ['name', 'status', 'budget_in_micro_currency', 'bid_in_micro_currency'],
  ads: ['name', 'status', 'destination_url', 'click_tracking_url', 'view_tracking_url'],
};

/** The Pinterest stand-in server. */
export class PinterestStandin extends StandinServer {
  private readonly seed: PinterestSeed;

  constructor(seed: PinterestSeed) {
    super(seed.validTokens);
    this.seed = seed;
  }

  /** The API root, as PINTEREST_API_URL holds it. */
  get apiUrl(): string {
    return `${this.url}/v5`;
  }

  /** An object as it now is (for assertions). */
  object(adAccountId: string, kind: PinterestKindSeed, id: string): PinterestObjectSeed | undefined {
    return this.seed.adAccounts[adAccountId]?.[kind]?.find((o) => o.id === id);
  }

  protected isAuthorized(req: StandinRequest): boolean {
    const token = this.bearer(req);
    return token !== undefined && this.validCredentials.has(token);
  }

  protected unauthorized(): StandinAnswer {
    return { status: 401, body: { code: 2, message: 'Authentication failed.' } };
  }

  protected override notFound(req: StandinRequest): StandinAnswer {
    return { status: 404, body: { code: 404, message: `No route ${req.method} ${req.path}` } };
  }

  protected routes(): StandinRoute[] {
    return (['campaigns', 'ad_groups', 'ads'] as const).flatMap((kind) => [
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
    ]);
  }

  private get(account: string, kind: PinterestKindSeed, id: string): StandinAnswer {
    if (!this.seed.adAccounts[account])
      return { status: 404, body: { code: 2701, message: 'Ad account not found.' } };
    const object = this.object(account, kind, id);
    return object
      ? { status: 200, body: object }
      : { status: 404, body: { code: 2726, message: `${kind} ${id} not found.` } };
  }

  private update(req: StandinRequest, account: string, kind: PinterestKindSeed): StandinAnswer {
    if (!this.seed.adAccounts[account])
      return { status: 404, body: { code: 2701, message: 'Ad account not found.' } };
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
      for (const [k, v] of Object.entries(item))
        if (WRITABLE[kind].includes(k)) object[k] = v as string | number;
      object.updated_time = Math.floor(Date.now() / 1000);
      return { data: object, exceptions: [] };
    });
    return { status: 200, body: { items } };
  }
}
