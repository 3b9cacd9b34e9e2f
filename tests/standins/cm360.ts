import { GoogleApiStandin, googleError, googlePage, undeclaredParameter } from './google-api';
import type { StandinAnswer, StandinRequest, StandinRoute } from './standin-server';

/**
 * Campaign Manager 360 API v4 stand-in (tests/standins/README.md), the one stand-in of the API for
 * its reads and writes. Follows https://developers.google.com/doubleclick-advertisers/rest/v4:
 *
 * - List methods …/advertisers/list, …/campaigns/list, …/placements/list, …/ads/list,
 *   …/creatives/list: `GET /dfareporting/v4/userprofiles/{profileId}/{collection}` with
 *   `maxResults` (1–1000, default 1000), `pageToken` / `nextPageToken`, `searchString` (names
 *   containing it, case-insensitive; the reference's wildcards are not modelled) and the advertiser
 *   and campaign filters as each method declares them: campaigns `advertiserIds`; placements
 *   `advertiserIds`, `campaignIds`; ads `advertiserId` (one), `campaignIds`; creatives
 *   `advertiserId`, `campaignId` (one each); advertisers neither. Repeated parameters repeat
 *   (`advertiserIds=1&advertiserIds=2`); an id that is not an int64 (`1,2`) is 400. Every other
 *   declared parameter is taken and not modelled; an undeclared one is 400 INVALID_ARGUMENT, as
 *   Google answers. Answers `{ kind, <collection>: [...], nextPageToken }`.
 * - Ads (…/ads/get, …/ads/patch): `GET /dfareporting/v4/userprofiles/{profileId}/ads/{id}` and
 *   `PATCH /dfareporting/v4/userprofiles/{profileId}/ads?id=` with patch semantics (fields sent
 *   replace the ad's, lists whole). The Ad resource's creativeRotation.creativeAssignments[]
 *   .clickThroughUrl and clickThroughUrl (…/ClickThroughUrl): a customClickThroughUrl with
 *   defaultLandingPage true, or one that is not an http(s) URL, is 400 INVALID_ARGUMENT; an ad of
 *   another profile is 404 like an unknown one.
 *
 * - Creatives (…/creatives/list, the Creative resource at …/rest/v4/creatives): a creative answers
 *   its `creativeAssets[]` as seeded, each a CreativeAsset with `id`, `assetIdentifier` { name,
 *   type } and `role` (v4 has no list method of creative assets of its own).
 *
 * - User profiles (…/userProfiles/list): `GET /dfareporting/v4/userprofiles` answers
 *   `{ kind: "dfareporting#userProfileList", items: [UserProfile] }`, not paged; the method
 *   declares no query parameter of its own.
 *
 * A profile the seed does not hold is 403 PERMISSION_DENIED; a refused bearer token 401
 * UNAUTHENTICATED; errors in Google's envelope (https://cloud.google.com/apis/design/errors).
 * Seeded objects are kept as given (not copied): a test edits one in place to stand for a change
 * made in Campaign Manager, and reads a patched ad with `ad(profileId, id)`.
 */

/** The collections of a user profile the stand-in serves. */
export type Cm360StandinCollection = 'advertisers' | 'campaigns' | 'placements' | 'ads' | 'creatives';

/** A CM360 object as seeded: id, name, lastModifiedInfo.time (epoch ms text) and any fields. */
export interface Cm360SeedObject {
  id: string;
  name: string;
  lastModifiedInfo?: { time: string };
  [field: string]: unknown;
}

/** An ad as seeded: a CM360 object with the click-through fields the writes change. */
export interface Cm360SeedAd extends Cm360SeedObject {
  campaignId?: string;
  type?: string;
  clickThroughUrl?: Record<string, unknown>;
  creativeRotation?: { type?: string; creativeAssignments: Record<string, unknown>[] };
}

/**
 * A CreativeAsset of a creative (https://developers.google.com/doubleclick-advertisers/rest/v4/creatives
 * "CreativeAsset"): its id (int64 text), assetIdentifier (name and type IMAGE, FLASH, VIDEO, HTML,
 * HTML_IMAGE, AUDIO), role (PRIMARY, BACKUP_IMAGE, ADDITIONAL_IMAGE, …) and any other fields.
 */
export interface Cm360SeedCreativeAsset {
  id: string;
  assetIdentifier: { name: string; type: string };
  role?: string;
  [field: string]: unknown;
}

/** A creative as seeded: a CM360 object with its advertiser, type and assets. */
export interface Cm360SeedCreative extends Cm360SeedObject {
  advertiserId?: string;
  type?: string;
  creativeAssets?: Cm360SeedCreativeAsset[];
}

/** One user profile's network: its objects per collection. */
export interface Cm360ProfileSeed {
  advertisers?: Cm360SeedObject[];
  campaigns?: Cm360SeedObject[];
  placements?: Cm360SeedObject[];
  ads?: Cm360SeedAd[];
  creatives?: Cm360SeedCreative[];
}

/** A user profile as userProfiles.list answers it (v4 UserProfile: profileId, userName, account). */
export interface Cm360SeedUserProfile {
  profileId: string;
  userName: string;
  accountId: string;
  accountName: string;
}

/** Seed of the CM360 stand-in: the tokens it accepts and, per user profile id, its objects. */
export interface Cm360Seed {
  validTokens: string[];
  profiles: Record<string, Cm360ProfileSeed>;
  /** What userProfiles.list answers; by default one profile per seeded profile id, unnamed. */
  userProfiles?: Cm360SeedUserProfile[];
}

/** How a list method takes a filter: a repeated parameter, a single one, or not at all. */
interface ListFilters {
  advertiser?: ['advertiserIds', 'repeated'] | ['advertiserId', 'single'];
  campaign?: ['campaignIds', 'repeated'] | ['campaignId', 'single'];
  /** Every query parameter the reference declares for the method. */
  declared: string[];
}

const LIST_METHODS: Record<Cm360StandinCollection, ListFilters> = {
  advertisers: {
    declared: [
      'advertiserGroupIds',
      'floodlightConfigurationIds',
      'ids',
      'includeAdvertisersWithoutGroupsOnly',
      'maxResults',
      'onlyParent',
      'pageToken',
      'searchString',
      'sortField',
      'sortOrder',
      'status',
      'subaccountId',
    ],
  },
  campaigns: {
    advertiser: ['advertiserIds', 'repeated'],
    declared: [
      'advertiserGroupIds',
      'advertiserIds',
      'archived',
      'atLeastOneOptimizationActivity',
      'excludedIds',
      'ids',
      'maxResults',
      'overriddenEventTagId',
      'pageToken',
      'searchString',
      'sortField',
      'sortOrder',
      'subaccountId',
    ],
  },
  placements: {
    advertiser: ['advertiserIds', 'repeated'],
    campaign: ['campaignIds', 'repeated'],
    declared: [
      'activeStatus',
      'advertiserIds',
      'campaignIds',
      'compatibilities',
      'contentCategoryIds',
      'directorySiteIds',
      'groupIds',
      'ids',
      'maxEndDate',
      'maxResults',
      'maxStartDate',
      'minEndDate',
      'minStartDate',
      'pageToken',
      'paymentSource',
      'placementStrategyIds',
      'pricingTypes',
      'searchString',
      'siteIds',
      'sizeIds',
      'sortField',
      'sortOrder',
    ],
  },
  ads: {
    advertiser: ['advertiserId', 'single'],
    campaign: ['campaignIds', 'repeated'],
    declared: [
      'active',
      'advertiserId',
      'archived',
      'audienceSegmentIds',
      'campaignIds',
      'compatibility',
      'creativeIds',
      'creativeOptimizationConfigurationIds',
      'dynamicClickTracker',
      'ids',
      'landingPageIds',
      'maxResults',
      'overriddenEventTagId',
      'pageToken',
      'placementIds',
      'remarketingListIds',
      'searchString',
      'sizeIds',
      'sortField',
      'sortOrder',
      'sslCompliant',
      'sslRequired',
      'type',
    ],
  },
  creatives: {
    advertiser: ['advertiserId', 'single'],
    campaign: ['campaignId', 'single'],
    declared: [
      'active',
      'advertiserId',
      'archived',
      'campaignId',
      'companionCreativeIds',
      'creativeFieldIds',
      'ids',
      'maxResults',
      'pageToken',
      'renderingIds',
      'searchString',
      'sizeIds',
      'sortField',
      'sortOrder',
      'studioCreativeId',
      'types',
    ],
  },
};

/** The declared parameters that may repeat (the reference's repeated int64 and enum lists). */
const REPEATED = new Set([
  'advertiserGroupIds',
  'advertiserIds',
  'audienceSegmentIds',
  'campaignIds',
  'compatibilities',
  'companionCreativeIds',
  'contentCategoryIds',
  'creativeFieldIds',
  'creativeIds',
  'creativeOptimizationConfigurationIds',
  'directorySiteIds',
  'excludedIds',
  'floodlightConfigurationIds',
  'groupIds',
  'ids',
  'landingPageIds',
  'placementIds',
  'placementStrategyIds',
  'pricingTypes',
  'remarketingListIds',
  'renderingIds',
  'siteIds',
  'sizeIds',
  'types',
]);

const INT64 = /^-?\d{1,19}$/;

/** The Campaign Manager 360 stand-in server. */
export class Cm360Standin extends GoogleApiStandin {
  private readonly seed: Cm360Seed;

  constructor(seed: Cm360Seed) {
    super(seed.validTokens);
    this.seed = seed;
  }

  /** The API root as CM360_API_URL holds it (`…/dfareporting/v4`). */
  get apiUrl(): string {
    return `${this.url}/dfareporting/v4`;
  }

  /** An ad of a profile as the stand-in holds it now (after patches), or undefined. */
  ad(profileId: string, adId: string): Cm360SeedAd | undefined {
    return this.seed.profiles[profileId]?.ads?.find((a) => a.id === adId);
  }

  protected routes(): StandinRoute[] {
    return [
      { method: 'GET', path: '/dfareporting/v4/userprofiles', handle: (req) => this.listUserProfiles(req) },
      {
        method: 'GET',
        path: '/dfareporting/v4/userprofiles/:profileId/ads/:id',
        handle: (req, p) => this.getAd(req, p.profileId!, p.id!),
      },
      {
        method: 'PATCH',
        path: '/dfareporting/v4/userprofiles/:profileId/ads',
        handle: (req, p) => this.patchAd(req, p.profileId!),
      },
      {
        method: 'GET',
        path: '/dfareporting/v4/userprofiles/:profileId/:collection',
        handle: (req, p) => this.list(req, p.profileId!, p.collection!),
      },
    ];
  }

  private listUserProfiles(req: StandinRequest): StandinAnswer {
    const undeclared = undeclaredParameter(req, []);
    if (undeclared) return undeclared;
    const profiles =
      this.seed.userProfiles ??
      Object.keys(this.seed.profiles).map((profileId) => ({
        profileId,
        userName: '',
        accountId: '',
        accountName: '',
      }));
    return {
      status: 200,
      body: {
        kind: 'dfareporting#userProfileList',
        items: profiles.map((p) => ({ kind: 'dfareporting#userProfile', ...p })),
      },
    };
  }

  /** 403 PERMISSION_DENIED for a profile the seed does not hold; null for one it holds. */
  private refusal(profileId: string): StandinAnswer | null {
    return this.seed.profiles[profileId]
      ? null
      : googleError(
          403,
          'PERMISSION_DENIED',
          `The current user does not have access to profile ${profileId}`,
        );
  }

  private list(req: StandinRequest, profileId: string, collection: string): StandinAnswer {
    if (!(collection in LIST_METHODS)) return this.notFound(req);
    const method = LIST_METHODS[collection as Cm360StandinCollection];
    const undeclared = undeclaredParameter(
      req,
      method.declared,
      method.declared.filter((name) => REPEATED.has(name)),
    );
    if (undeclared) return undeclared;
    const refused = this.refusal(profileId);
    if (refused) return refused;
    const ids = (name: string | undefined) => (name ? req.query.getAll(name) : []);
    const advertisers = ids(method.advertiser?.[0]);
    const campaigns = ids(method.campaign?.[0]);
    const badId = [...advertisers, ...campaigns].find((id) => !INT64.test(id));
    if (badId !== undefined)
      return googleError(400, 'INVALID_ARGUMENT', `Invalid value "${badId}": expected an int64 id.`);
    const search = (req.query.get('searchString') ?? '').toLowerCase();
    const items = (this.seed.profiles[profileId]![collection as Cm360StandinCollection] ?? []).filter(
      (o) =>
        (advertisers.length === 0 || advertisers.includes(String(o.advertiserId))) &&
        (campaigns.length === 0 || campaigns.includes(String(o.campaignId))) &&
        (search === '' || o.name.toLowerCase().includes(search)),
    );
    const answer = googlePage(req, collection, items, 'maxResults', 1000);
    if (answer.status === 200)
      (answer.body as Record<string, unknown>).kind = `dfareporting#${collection}ListResponse`;
    return answer;
  }

  private getAd(req: StandinRequest, profileId: string, adId: string): StandinAnswer {
    const undeclared = undeclaredParameter(req, []);
    if (undeclared) return undeclared;
    const refused = this.refusal(profileId);
    if (refused) return refused;
    const ad = this.ad(profileId, adId);
    if (!ad) return googleError(404, 'NOT_FOUND', `Ad ${adId} not found.`);
    return { status: 200, body: { kind: 'dfareporting#ad', ...ad } };
  }

  private patchAd(req: StandinRequest, profileId: string): StandinAnswer {
    const undeclared = undeclaredParameter(req, ['id']);
    if (undeclared) return undeclared;
    const id = req.query.get('id');
    if (!id) return googleError(400, 'INVALID_ARGUMENT', "Required parameter: 'id'");
    const refused = this.refusal(profileId);
    if (refused) return refused;
    const ad = this.ad(profileId, id);
    if (!ad) return googleError(404, 'NOT_FOUND', `Ad ${id} not found.`);
    const body = (req.body ?? {}) as Partial<Cm360SeedAd>;
    const urls = [
      body.clickThroughUrl,
      ...(body.creativeRotation?.creativeAssignments ?? []).map((a) => a.clickThroughUrl),
    ].filter(Boolean) as Record<string, unknown>[];
    for (const url of urls) {
      const custom = url.customClickThroughUrl;
      if (custom !== undefined && (url.defaultLandingPage === true || !/^https?:\/\//.test(String(custom))))
        return googleError(400, 'INVALID_ARGUMENT', 'Invalid click-through URL.');
    }
    if (body.id !== undefined && body.id !== id)
      return googleError(400, 'INVALID_ARGUMENT', 'The id cannot change.');
    for (const [key, value] of Object.entries(body)) {
      if (key === 'kind' || key === 'id') continue;
      ad[key] = structuredClone(value);
    }
    return { status: 200, body: { kind: 'dfareporting#ad', ...ad } };
  }
}
