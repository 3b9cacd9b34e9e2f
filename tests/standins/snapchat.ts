import { randomBytes } from 'node:crypto';
import { type StandinAnswer, type StandinRequest, type StandinRoute, StandinServer } from './standin-server';

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
 */

/** An entity kind as the paths name it. */
export type SnapchatKindSeed = 'adaccounts' | 'campaigns' | 'adsquads' | 'ads' | 'creatives';

/** An entity: `id`, its parent's id and its fields. */
export type SnapchatEntitySeed = { id: string } & Record<string, string | number>;

/** Seed data of the Snapchat stand-in. */
export interface SnapchatSeed {
  validTokens: string[];
  entities: Partial<Record<SnapchatKindSeed, SnapchatEntitySeed[]>>;
}

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

  constructor(seed: SnapchatSeed) {
    super(seed.validTokens);
    this.seed = seed;
  }

  /** The API root, as SNAPCHAT_API_URL holds it. */
  get apiUrl(): string {
    return `${this.url}/v1`;
  }

  /** An entity as it now is (for assertions). */
  entity(kind: SnapchatKindSeed, id: string): SnapchatEntitySeed | undefined {
    return this.seed.entities[kind]?.find((e) => e.id === id);
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
    for (const key of writable) if (sent[key] !== undefined) entity[key] = sent[key] as string | number;
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
