import { randomUUID } from 'node:crypto';
import {
  intParam,
  type StandinAnswer,
  type StandinRequest,
  type StandinRoute,
  StandinServer,
} from './standin-server';

/**
 * Snapchat Marketing API stand-in (tests/standins/README.md). Follows
 * https://developers.snap.com/api/marketing-api/Ads-API/introduction ("Pagination": `limit`
 * 50–1000, answers carry `paging.next_link`, a full URL with a `cursor`; errors
 * `{ request_status: "ERROR", request_id, debug_message, display_message, error_code }`),
 * …/organizations (`GET /v1/me/organizations`), …/ad-accounts (`GET /v1/organizations/{id}/adaccounts`),
 * …/campaigns, …/ad-squads, …/ads, …/creatives, …/media (`GET /v1/adaccounts/{id}/<edge>`):
 * `{ request_status: "SUCCESS", request_id, paging, <edge>: [{ sub_request_status: "SUCCESS",
 * <singular>: {…} }] }`. A bearer token it does not accept answers 401 (the reference shows
 * "E1002"-style codes; the stand-in answers `error_code: "E3003"` with "Unauthorized"); an
 * unknown organization or ad account answers 404. `maxPageSize` lowers the page cap so tests page.
 */

/** Seed data of the Snapchat stand-in. */
export interface SnapchatSeed {
  validTokens: string[];
  organizations: {
    id: string;
    name: string;
    adAccounts: {
      id: string;
      name: string;
      objects?: Partial<Record<SnapchatAccountEdge, Record<string, unknown>[]>>;
    }[];
  }[];
  maxPageSize?: number;
}

type SnapchatAccountEdge = 'campaigns' | 'adsquads' | 'ads' | 'creatives' | 'media';
const SINGULAR: Record<string, string> = {
  organizations: 'organization',
  adaccounts: 'adaccount',
  campaigns: 'campaign',
  adsquads: 'adsquad',
  ads: 'ad',
  creatives: 'creative',
  media: 'media',
};

/** The Snapchat stand-in server. */
export class SnapchatStandin extends StandinServer {
  constructor(private readonly seed: SnapchatSeed) {
    super(seed.validTokens);
  }

  /** Where SNAPCHAT_API_URL points. */
  get apiUrl(): string {
    return `${this.url}/v1`;
  }

  protected isAuthorized(req: StandinRequest): boolean {
    return this.validCredentials.has(this.bearer(req) ?? '');
  }

  protected unauthorized(): StandinAnswer {
    return snapError(401, 'E3003', 'Unauthorized');
  }

  protected routes(): StandinRoute[] {
    return [
      {
        method: 'GET',
        path: '/v1/me/organizations',
        handle: (req) =>
          this.page(
            req,
            'organizations',
            this.seed.organizations.map(({ id, name }) => ({ id, name, type: 'ENTERPRISE' })),
          ),
      },
      {
        method: 'GET',
        path: '/v1/organizations/:id/adaccounts',
        handle: (req, p) => {
          const org = this.seed.organizations.find((o) => o.id === p.id);
          if (!org) return snapError(404, 'E1008', `Organization ${p.id} not found`);
          return this.page(
            req,
            'adaccounts',
            org.adAccounts.map(({ id, name }) => ({ id, name, organization_id: org.id, status: 'ACTIVE' })),
          );
        },
      },
      {
        method: 'GET',
        path: '/v1/adaccounts/:id/:edge',
        handle: (req, p) => {
          const account = this.seed.organizations.flatMap((o) => o.adAccounts).find((a) => a.id === p.id);
          if (!account) return snapError(404, 'E1008', `Ad account ${p.id} not found`);
          if (!['campaigns', 'adsquads', 'ads', 'creatives', 'media'].includes(p.edge!))
            return snapError(404, 'E1001', `No route ${req.path}`);
          return this.page(req, p.edge!, account.objects?.[p.edge as SnapchatAccountEdge] ?? []);
        },
      },
    ];
  }

  private page(req: StandinRequest, edge: string, items: Record<string, unknown>[]): StandinAnswer {
    const limit = intParam(req.query, 'limit', 50);
    if (!(limit >= 50 && limit <= 1000)) return snapError(400, 'E1001', 'limit must be between 50 and 1000');
    const size = Math.min(limit, this.seed.maxPageSize ?? 1000);
    const cursor = req.query.get('cursor');
    const offset = cursor ? Number(Buffer.from(cursor, 'base64url').toString('utf8')) : 0;
    if (!Number.isInteger(offset) || offset < 0) return snapError(400, 'E1001', 'Invalid cursor');
    const slice = items.slice(offset, offset + size);
    const more = offset + size < items.length;
    const next = new URL(`${this.url}${req.path}`);
    next.searchParams.set('limit', String(limit));
    next.searchParams.set('cursor', Buffer.from(String(offset + size)).toString('base64url'));
    return {
      status: 200,
      body: {
        request_status: 'SUCCESS',
        request_id: randomUUID(),
        ...(more ? { paging: { next_link: next.toString() } } : { paging: {} }),
        [edge]: slice.map((o) => ({ sub_request_status: 'SUCCESS', [SINGULAR[edge]!]: o })),
      },
    };
  }
}

function snapError(status: number, code: string, message: string): StandinAnswer {
  return {
    status,
    body: {
      request_status: 'ERROR',
      request_id: randomUUID(),
      debug_message: message,
      display_message: message,
      error_code: code,
    },
  };
}
