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
 */

/** Seed data of the Pinterest stand-in. */
export interface PinterestSeed {
  validTokens: string[];
  adAccounts: {
    id: string;
    name: string;
    objects?: Partial<Record<'campaigns' | 'ad_groups' | 'ads', Record<string, unknown>[]>>;
  }[];
  maxPageSize?: number;
}

const STATUSES = new Set(['ACTIVE', 'PAUSED', 'ARCHIVED']);

/** The Pinterest stand-in server. */
export class PinterestStandin extends StandinServer {
  constructor(private readonly seed: PinterestSeed) {
    super(seed.validTokens);
  }

  /** Where PINTEREST_API_URL points. */
  get apiUrl(): string {
    return `${this.url}/v5`;
  }

  protected isAuthorized(req: StandinRequest): boolean {
    return this.validCredentials.has(this.bearer(req) ?? '');
  }

  protected unauthorized(): StandinAnswer {
    return { status: 401, body: { code: 2, message: 'Authentication failed.' } };
  }

  protected routes(): StandinRoute[] {
    return [
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
          const account = this.seed.adAccounts.find((a) => a.id === p.id);
          if (!account)
            return { status: 404, body: { code: 2384, message: `Ad account ${p.id} not found.` } };
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
    ];
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
