import { type StandinAnswer, type StandinRequest, type StandinRoute, StandinServer } from './standin-server';

/**
 * Kochava Links API stand-in (tests/standins/README.md). Follows
 * https://support.kochava.com/analytics-reports-api/links-api/ (App Group: create with
 * `POST /v1/groups`, read with `GET /v1/groups/{id}`, answers `{ status, is_agency, data }`, the
 * `Authentication-Key` header). The reference shows no list sample; like the product, this
 * stand-in reads the collection with `GET /v1/groups`, answering `data` as an array. Serve it
 * under `/v1`: base URL `<url>/v1`.
 */

/** An app of an app group. */
export interface KochavaAppSeed {
  app_id: number;
  name: string;
  platform: string;
}

/** An app group (SmartLinks group). */
export interface KochavaAppGroupSeed {
  id: number;
  name: string;
  account_id: number;
  apps: KochavaAppSeed[];
  is_active?: boolean;
}

/** Seed data of the Kochava stand-in. */
export interface KochavaSeed {
  /** Accepted API keys. */
  validKeys: string[];
  appGroups: KochavaAppGroupSeed[];
}

/** The Kochava stand-in server. */
export class KochavaStandin extends StandinServer {
  private readonly seed: KochavaSeed;

  constructor(seed: KochavaSeed) {
    super(seed.validKeys);
    this.seed = seed;
  }

  /** The base URL as KOCHAVA_API_URL holds it. */
  get apiUrl(): string {
    return `${this.url}/v1`;
  }

  protected isAuthorized(req: StandinRequest): boolean {
    const key = req.headers['authentication-key'];
    return key !== undefined && this.validCredentials.has(key);
  }

  protected unauthorized(): StandinAnswer {
    return { status: 401, body: { status: 401, error: 'Invalid Authentication-Key' } };
  }

  protected override notFound(req: StandinRequest): StandinAnswer {
    return { status: 404, body: { status: 404, error: `Not found: ${req.path}` } };
  }

  protected routes(): StandinRoute[] {
    return [
      { method: 'GET', path: '/v1/groups', handle: () => this.list() },
      { method: 'GET', path: '/v1/groups/:id', handle: (_req, p) => this.one(p.id!) },
    ];
  }

  private body(g: KochavaAppGroupSeed) {
    return {
      id: g.id,
      name: g.name,
      account_id: g.account_id,
      apps: g.apps.map((a) => ({ ...a, eligible_for_smartlinks: true })),
      created_dttm: 1571244640,
      last_updated_dttm: 1571244640,
      is_active: g.is_active ?? true,
      eligible_for_smartlinks: true,
    };
  }

  private list(): StandinAnswer {
    return {
      status: 200,
      body: { status: 200, is_agency: false, data: this.seed.appGroups.map((g) => this.body(g)) },
    };
  }

  private one(id: string): StandinAnswer {
    const group = this.seed.appGroups.find((g) => String(g.id) === id);
    if (!group) return { status: 404, body: { status: 404, error: `App Group ${id} not found` } };
    return { status: 200, body: { status: 200, is_agency: false, data: this.body(group) } };
  }
}
