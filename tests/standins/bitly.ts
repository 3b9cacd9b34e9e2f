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

/** A bitlink made by `POST /v4/shorten`. */
export interface BitlinkRecord {
  id: string;
  long_url: string;
  group_guid: string;
  custom_bitlinks: string[];
}

/** The Bitly stand-in server. */
export class BitlyStandin extends StandinServer {
  private readonly seed: BitlySeed;
  /** Bitlinks made, by id (`domain/hash`). */
  readonly bitlinks = new Map<string, BitlinkRecord>();

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
      { method: 'POST', path: '/v4/shorten', handle: (req) => this.shorten(req) },
      { method: 'POST', path: '/v4/custom_bitlinks', handle: (req) => this.addCustom(req) },
    ];
  }

  /**
   * Shorten a Link (https://dev.bitly.com/api-reference/#createBitlink): `{ long_url, domain,
   * group_guid }`; the same long URL in the same group and domain answers its bitlink with 200,
   * a new one 201. The domain must be bit.ly or a branded short domain of the group.
   */
  private shorten(req: StandinRequest): StandinAnswer {
    const body = (req.body ?? {}) as { long_url?: unknown; domain?: unknown; group_guid?: unknown };
    const longUrl = typeof body.long_url === 'string' ? body.long_url : '';
    if (!/^https?:\/\/[^\s]+$/.test(longUrl))
      return bitlyError(400, 'INVALID_ARG_LONG_URL', 'bitlinks', 'The value provided is invalid.');
    const groupGuid =
      typeof body.group_guid === 'string' && body.group_guid
        ? body.group_guid
        : this.seed.user.default_group_guid;
    const group = this.seed.groups.find((g) => g.guid === groupGuid);
    if (!group)
      return bitlyError(403, 'FORBIDDEN', 'bitlinks', 'You are currently forbidden to access this resource.');
    const domain = typeof body.domain === 'string' && body.domain ? body.domain : 'bit.ly';
    if (domain !== 'bit.ly' && !group.bsds.includes(domain))
      return bitlyError(400, 'INVALID_ARG_DOMAIN', 'bitlinks', 'The value provided is invalid.');
    const existing = [...this.bitlinks.values()].find(
      (b) => b.long_url === longUrl && b.group_guid === groupGuid && b.id.startsWith(`${domain}/`),
    );
    if (existing) return { status: 200, body: this.bitlinkBody(existing) };
    const record = {
      id: `${domain}/${(this.bitlinks.size + 1).toString(36).padStart(6, 'a')}`,
      long_url: longUrl,
      group_guid: groupGuid,
      custom_bitlinks: [],
    };
    this.bitlinks.set(record.id, record);
    return { status: 201, body: this.bitlinkBody(record) };
  }

  private bitlinkBody(b: BitlinkRecord) {
    return {
      created_at: STAMP,
      id: b.id,
      link: `https://${b.id}`,
      custom_bitlinks: b.custom_bitlinks.map((c) => `https://${c}`),
      long_url: b.long_url,
      archived: false,
      tags: [],
      deeplinks: [],
      references: { group: `${this.apiUrl}/groups/${b.group_guid}` },
    };
  }

  /**
   * Add Custom Bitlink (https://dev.bitly.com/api-reference/#addCustomBitlink): `{ custom_bitlink,
   * bitlink_id }`; a custom bitlink already taken answers 409.
   */
  private addCustom(req: StandinRequest): StandinAnswer {
    const body = (req.body ?? {}) as { custom_bitlink?: unknown; bitlink_id?: unknown };
    const custom = typeof body.custom_bitlink === 'string' ? body.custom_bitlink : '';
    const bitlink = this.bitlinks.get(typeof body.bitlink_id === 'string' ? body.bitlink_id : '');
    if (!bitlink) return bitlyError(404, 'NOT_FOUND', 'custom_bitlinks', 'The bitlink was not found.');
    if (!/^[^/\s]+\/[A-Za-z0-9_-]+$/.test(custom))
      return bitlyError(
        400,
        'INVALID_ARG_CUSTOM_BITLINK',
        'custom_bitlinks',
        'The value provided is invalid.',
      );
    if ([...this.bitlinks.values()].some((b) => b.custom_bitlinks.includes(custom)))
      return bitlyError(409, 'ALREADY_A_BITLINK', 'custom_bitlinks', 'The custom bitlink is already in use.');
    bitlink.custom_bitlinks.push(custom);
    return { status: 200, body: { custom_bitlink: custom, bitlink: this.bitlinkBody(bitlink) } };
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
