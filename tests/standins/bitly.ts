import { type StandinAnswer, type StandinRequest, type StandinRoute, StandinServer } from './standin-server';

/**
 * Bitly API v4 stand-in (tests/standins/README.md). Follows https://dev.bitly.com/api-reference
 * (Retrieve Organizations, Retrieve Groups with `organization_guid`, Retrieve a Group, Retrieve a
 * User) and its error envelope `{ message, resource, description }`. These listings are not paged
 * in v4. Serve it under `/v4` like the real host: base URL `<url>/v4`.
 */

/** An organization the user belongs to. */
export interface BitlyOrganizationSeed {
  guid: string;
  name: string;
  /** Plan tier: free, core, growth, premium, enterprise. */
  tier: string;
  is_active?: boolean;
}

/** A group of an organization with its branded short domains. */
export interface BitlyGroupSeed {
  guid: string;
  name: string;
  organization_guid: string;
  bsds: string[];
  is_active?: boolean;
}

/** Seed data of the Bitly stand-in. */
export interface BitlySeed {
  validTokens: string[];
  user: { login: string; name: string; email: string; default_group_guid: string };
  organizations: BitlyOrganizationSeed[];
  groups: BitlyGroupSeed[];
}

const STAMP = '2021-03-04T10:00:00+0000';

/** The Bitly stand-in server. */
export class BitlyStandin extends StandinServer {
  private readonly seed: BitlySeed;

  constructor(seed: BitlySeed) {
    super(seed.validTokens);
    this.seed = seed;
  }

  /** The base URL as BITLY_API_URL holds it. */
  get apiUrl(): string {
    return `${this.url}/v4`;
  }

  protected isAuthorized(req: StandinRequest): boolean {
    const token = this.bearer(req);
    return token !== undefined && this.validCredentials.has(token);
  }

  protected unauthorized(): StandinAnswer {
    // 401, so the clients' refresh path runs; README.md notes the 403 Bitly answers in practice.
    return bitlyError(401, 'UNAUTHORIZED', 'user', 'The access token is invalid or has been revoked.');
  }

  protected override notFound(req: StandinRequest): StandinAnswer {
    return bitlyError(404, 'NOT_FOUND', req.path.split('/')[2] ?? '', 'The resource was not found.');
  }

  protected routes(): StandinRoute[] {
    return [
      { method: 'GET', path: '/v4/user', handle: () => this.user() },
      { method: 'GET', path: '/v4/organizations', handle: () => this.organizations() },
      { method: 'GET', path: '/v4/groups', handle: (req) => this.groups(req) },
      { method: 'GET', path: '/v4/groups/:guid', handle: (_req, p) => this.group(p.guid!) },
    ];
  }

  private user(): StandinAnswer {
    const u = this.seed.user;
    return {
      status: 200,
      body: {
        login: u.login,
        name: u.name,
        is_active: true,
        created: STAMP,
        modified: STAMP,
        is_sso_user: false,
        emails: [{ email: u.email, is_primary: true, is_verified: true }],
        is_2fa_enabled: false,
        default_group_guid: u.default_group_guid,
      },
    };
  }

  private organizations(): StandinAnswer {
    return {
      status: 200,
      body: {
        organizations: this.seed.organizations.map((o) => ({
          guid: o.guid,
          name: o.name,
          is_active: o.is_active ?? true,
          tier: o.tier,
          tier_family: o.tier,
          tier_display_name: o.tier[0]!.toUpperCase() + o.tier.slice(1),
          role: 'org-admin',
          bsds: this.seed.groups.filter((g) => g.organization_guid === o.guid).flatMap((g) => g.bsds),
          created: STAMP,
          modified: STAMP,
          references: { groups: `${this.apiUrl}/groups?organization_guid=${o.guid}` },
        })),
      },
    };
  }

  private groupBody(g: BitlyGroupSeed) {
    return {
      guid: g.guid,
      name: g.name,
      organization_guid: g.organization_guid,
      is_active: g.is_active ?? true,
      role: 'org-admin',
      bsds: g.bsds,
      created: STAMP,
      modified: STAMP,
      references: { organization: `${this.apiUrl}/organizations/${g.organization_guid}` },
    };
  }

  private groups(req: StandinRequest): StandinAnswer {
    const org = req.query.get('organization_guid');
    if (org !== null && !this.seed.organizations.some((o) => o.guid === org)) {
      return bitlyError(403, 'FORBIDDEN', 'groups', 'You are currently forbidden to access this resource.');
    }
    const groups = this.seed.groups.filter((g) => org === null || g.organization_guid === org);
    return { status: 200, body: { groups: groups.map((g) => this.groupBody(g)) } };
  }

  private group(guid: string): StandinAnswer {
    const group = this.seed.groups.find((g) => g.guid === guid);
    if (!group) return bitlyError(404, 'NOT_FOUND', 'groups', 'The group was not found.');
    return { status: 200, body: this.groupBody(group) };
  }
}

function bitlyError(status: number, message: string, resource: string, description: string): StandinAnswer {
  return { status, body: { message, resource, description } };
}
