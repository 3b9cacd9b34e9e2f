import { type StandinAnswer, type StandinRequest, type StandinRoute, StandinServer } from './standin-server';

/**
 * Campaign Manager 360 API v4 and Display & Video 360 API v4 stand-in (tests/standins/README.md),
 * one server for both Google marketing platform APIs the outbound integrations update.
 *
 * Campaign Manager follows https://developers.google.com/doubleclick-advertisers/rest/v4/ads
 * (`GET /dfareporting/v4/userprofiles/{profileId}/ads/{id}`, `PATCH
 * /dfareporting/v4/userprofiles/{profileId}/ads?id=` with patch semantics: fields sent replace
 * the ad's, lists whole; the Ad resource's creativeRotation.creativeAssignments[].clickThroughUrl
 * and clickThroughUrl, https://developers.google.com/doubleclick-advertisers/rest/v4/ClickThroughUrl).
 * An ad of another profile is 404 like an unknown one. A customClickThroughUrl with
 * defaultLandingPage true, or one that is not an http(s) URL, is 400 INVALID_ARGUMENT.
 *
 * Display & Video 360 follows https://developers.google.com/display-video/api/reference/rest
 * (`PATCH /v4/advertisers/{advertiserId}` and `/v4/advertisers/{advertiserId}/{campaigns |
 * insertionOrders | lineItems | creatives}/{id}?updateMask=`): the mask is required and may name
 * only fields of the body (400 INVALID_ARGUMENT otherwise); an unknown object is 404 NOT_FOUND.
 *
 * Both answer Google's error envelope `{ error: { code, message, status } }`
 * (https://cloud.google.com/apis/design/errors) and 401 UNAUTHENTICATED for a refused bearer token.
 */

/** A Campaign Manager ad as the stand-in keeps it. */
export interface CmAdSeed {
  id: string;
  profileId: string;
  name: string;
  campaignId: string;
  type?: string;
  clickThroughUrl?: Record<string, unknown>;
  creativeRotation?: { type?: string; creativeAssignments: Record<string, unknown>[] };
}

/** A DV360 object: its collection path under the API root and its fields. */
export interface DvObjectSeed {
  /** `advertisers/1` or `advertisers/1/lineItems/7`. */
  name: string;
  displayName: string;
  [field: string]: unknown;
}

/** Seed data of the stand-in. */
export interface GoogleMarketingPlatformSeed {
  validTokens: string[];
  ads: CmAdSeed[];
  dvObjects: DvObjectSeed[];
}

const googleError = (code: number, status: string, message: string): StandinAnswer => ({
  status: code,
  body: { error: { code, message, status } },
});

/** The stand-in server. */
export class GoogleMarketingPlatformStandin extends StandinServer {
  /** Ads by id. */
  readonly ads = new Map<string, CmAdSeed>();
  /** DV360 objects by resource name. */
  readonly dvObjects = new Map<string, DvObjectSeed>();

  constructor(seed: GoogleMarketingPlatformSeed) {
    super(seed.validTokens);
    for (const ad of seed.ads) this.ads.set(ad.id, structuredClone(ad));
    for (const o of seed.dvObjects) this.dvObjects.set(o.name, structuredClone(o));
  }

  /** The Campaign Manager base URL as CM360_API_URL holds it. */
  get campaignManagerUrl(): string {
    return `${this.url}/dfareporting/v4`;
  }

  /** The Display & Video 360 base URL as DV360_API_URL holds it. */
  get displayVideoUrl(): string {
    return `${this.url}/v4`;
  }

  protected isAuthorized(req: StandinRequest): boolean {
    const token = this.bearer(req);
    return token !== undefined && this.validCredentials.has(token);
  }

  protected unauthorized(): StandinAnswer {
    return googleError(
      401,
      'UNAUTHENTICATED',
      'Request had invalid authentication credentials. Expected OAuth 2 access token.',
    );
  }

  protected override notFound(req: StandinRequest): StandinAnswer {
    return googleError(404, 'NOT_FOUND', `The requested URL ${req.path} was not found on this server.`);
  }

  protected routes(): StandinRoute[] {
    return [
      {
        method: 'GET',
        path: '/dfareporting/v4/userprofiles/:profileId/ads/:id',
        handle: (_req, p) => {
          const ad = this.ads.get(p.id!);
          if (!ad || ad.profileId !== p.profileId)
            return googleError(404, 'NOT_FOUND', `Ad ${p.id} not found.`);
          return { status: 200, body: this.adResource(ad) };
        },
      },
      {
        method: 'PATCH',
        path: '/dfareporting/v4/userprofiles/:profileId/ads',
        handle: (req, p) => this.patchAd(req, p.profileId!),
      },
      { method: 'PATCH', path: '/v4/*name', handle: (req, p) => this.patchDv(req, p.name!) },
    ];
  }

  private adResource(ad: CmAdSeed) {
    const { profileId: _p, ...rest } = ad;
    return { kind: 'dfareporting#ad', ...rest };
  }

  private patchAd(req: StandinRequest, profileId: string): StandinAnswer {
    const id = req.query.get('id');
    if (!id) return googleError(400, 'INVALID_ARGUMENT', "Required parameter: 'id'");
    const ad = this.ads.get(id);
    if (!ad || ad.profileId !== profileId) return googleError(404, 'NOT_FOUND', `Ad ${id} not found.`);
    const body = (req.body ?? {}) as Partial<CmAdSeed>;
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
      (ad as unknown as Record<string, unknown>)[key] = structuredClone(value);
    }
    return { status: 200, body: this.adResource(ad) };
  }

  private patchDv(req: StandinRequest, name: string): StandinAnswer {
    const object = this.dvObjects.get(name);
    if (!object) return googleError(404, 'NOT_FOUND', 'Requested entity was not found.');
    const mask = (req.query.get('updateMask') ?? '').split(',').filter(Boolean);
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (mask.length === 0) return googleError(400, 'INVALID_ARGUMENT', 'updateMask is required.');
    if (mask.some((f) => !(f in body)))
      return googleError(
        400,
        'INVALID_ARGUMENT',
        'Each field of updateMask must be set in the request body.',
      );
    for (const field of mask) object[field] = structuredClone(body[field]);
    return { status: 200, body: object };
  }
}
