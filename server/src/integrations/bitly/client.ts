import { z } from 'zod';
import { type ProviderClientOptions, ProviderHttp, seg, stringAt } from '../provider-http';

/**
 * Bitly API v4 client (README.md beside this file): the user, their organizations and the groups
 * (with branded short domains) of an organization. Serves spec 03 §7
 * `GET /api/v1/integrations/bitly/organizations/{connectorId}` (id, name, planType) and
 * `GET /api/v1/integrations/bitly/groups/{connectorId}` (id, name, orgId, urls).
 */
export type BitlyClientOptions = ProviderClientOptions;

const userSchema = z.object({
  login: z.string().min(1),
  name: z.string().optional(),
  default_group_guid: z.string().optional(),
  emails: z.array(z.object({ email: z.string(), is_primary: z.boolean().optional() })).default([]),
});

/** The Bitly user the token belongs to. */
export type BitlyUser = z.output<typeof userSchema>;

const organizationSchema = z.object({
  guid: z.string().min(1),
  name: z.string(),
  tier: z.string().optional(),
  is_active: z.boolean().optional(),
});

const groupSchema = z.object({
  guid: z.string().min(1),
  name: z.string(),
  organization_guid: z.string().min(1),
  bsds: z.array(z.string()).default([]),
  is_active: z.boolean().optional(),
});

const bitlinkSchema = z.object({ id: z.string().min(1), link: z.string().min(1), long_url: z.string() });

/** A bitlink: its id (`bit.ly/abc`), link (`https://bit.ly/abc`) and the long URL it redirects to. */
export interface Bitlink {
  id: string;
  link: string;
  longUrl: string;
}

/** An organization as the organizations route answers it: id, name, planType. */
export interface BitlyOrganization {
  id: string;
  name: string;
  planType: string;
}

/** A group as the groups route answers it: id, name, orgId, urls (its branded short domains). */
export interface BitlyGroup {
  id: string;
  name: string;
  orgId: string;
  urls: string[];
}

function toGroup(g: z.output<typeof groupSchema>): BitlyGroup {
  return { id: g.guid, name: g.name, orgId: g.organization_guid, urls: g.bsds };
}

/** The Bitly client. Every method throws ProviderError on failure. */
export class BitlyClient {
  private readonly http: ProviderHttp;

  constructor(options: BitlyClientOptions) {
    this.http = new ProviderHttp({
      provider: 'bitly',
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      onUnauthorized: options.onUnauthorized,
      authHeaders: async () => ({ authorization: `Bearer ${await options.getAccessToken()}` }),
      readError: (body) => ({
        message: stringAt(body, 'description') ?? stringAt(body, 'message'),
        code: stringAt(body, 'message'),
      }),
    });
  }

  /** The user the token belongs to. */
  whoAmI(): Promise<BitlyUser> {
    return this.http.get('/user', userSchema);
  }

  /** The user's active organizations. */
  async listOrganizations(): Promise<BitlyOrganization[]> {
    const answer = await this.http.get(
      '/organizations',
      z.object({ organizations: z.array(organizationSchema) }),
    );
    return answer.organizations
      .filter((o) => o.is_active !== false)
      .map((o) => ({ id: o.guid, name: o.name, planType: o.tier ?? 'free' }));
  }

  /** The user's active groups, of one organization when `organizationGuid` is given. */
  async listGroups(organizationGuid?: string): Promise<BitlyGroup[]> {
    const answer = await this.http.get('/groups', z.object({ groups: z.array(groupSchema) }), {
      organization_guid: organizationGuid,
    });
    return answer.groups.filter((g) => g.is_active !== false).map(toGroup);
  }

  /** One group by guid. */
  async getGroup(groupGuid: string): Promise<BitlyGroup> {
    return toGroup(await this.http.get(`/groups/${seg(groupGuid)}`, groupSchema));
  }

  /**
   * Shortens `longUrl` in `groupGuid` on `domain` (`POST /shorten`); Bitly answers the same
   * bitlink for a long URL already shortened in that group (200) or a new one (201). Answers the
   * bitlink id (`bit.ly/abc`) and its link (`https://bit.ly/abc`).
   */
  async shorten(longUrl: string, options: { groupGuid?: string; domain?: string }): Promise<Bitlink> {
    const answer = await this.http.request({
      method: 'POST',
      path: '/shorten',
      body: {
        long_url: longUrl,
        ...(options.domain ? { domain: options.domain } : {}),
        ...(options.groupGuid ? { group_guid: options.groupGuid } : {}),
      },
      schema: bitlinkSchema,
    });
    return { id: answer.id, link: answer.link, longUrl: answer.long_url };
  }

  /**
   * Adds the custom bitlink `customBitlink` (`domain/keyword`) to the bitlink `bitlinkId`
   * (`POST /custom_bitlinks`). Answers the custom bitlink as a link (`https://domain/keyword`).
   */
  async addCustomBitlink(bitlinkId: string, customBitlink: string): Promise<string> {
    const answer = await this.http.request({
      method: 'POST',
      path: '/custom_bitlinks',
      body: { custom_bitlink: customBitlink, bitlink_id: bitlinkId },
      schema: z.object({ custom_bitlink: z.string().min(1) }),
    });
    return answer.custom_bitlink.startsWith('http')
      ? answer.custom_bitlink
      : `https://${answer.custom_bitlink}`;
  }
}
