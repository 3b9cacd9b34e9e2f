import { z } from 'zod';
import { type ProviderClientOptions, ProviderHttp, seg, stringAt } from '../provider-http';

/**
 * Campaign Manager 360 API v4 client (README.md beside this file): reads and patches ads of a
 * user profile. Serves the google-cm360-outbound and google-dcm-output integrations (issue 12
 * item 4; spec 03 §3 updateClickThroughUrl, dcmLink, dcmAdId, dcmCreativeId). `baseUrl` is the
 * API root with its version (`https://dfareporting.googleapis.com/dfareporting/v4`, CM360_API_URL);
 * the token is the Google account's OAuth access token (scope dfatrafficking).
 */
export type CampaignManagerClientOptions = ProviderClientOptions;

const clickThroughUrlSchema = z.looseObject({
  defaultLandingPage: z.boolean().optional(),
  customClickThroughUrl: z.string().optional(),
  landingPageId: z.string().optional(),
  computedClickThroughUrl: z.string().optional(),
});

const creativeAssignmentSchema = z.looseObject({
  creativeId: z.string(),
  active: z.boolean().optional(),
  clickThroughUrl: clickThroughUrlSchema.optional(),
});

const adSchema = z.looseObject({
  id: z.string(),
  name: z.string().optional(),
  campaignId: z.string().optional(),
  type: z.string().optional(),
  clickThroughUrl: clickThroughUrlSchema.optional(),
  creativeRotation: z
    .looseObject({ creativeAssignments: z.array(creativeAssignmentSchema).optional() })
    .optional(),
});

/** A Campaign Manager ad as the API answers it (the fields Nomen reads; others are kept as sent). */
export type CampaignManagerAd = z.infer<typeof adSchema>;
/** A click-through URL of an ad or creative assignment (v4 ClickThroughUrl). */
export type CampaignManagerClickThroughUrl = z.infer<typeof clickThroughUrlSchema>;

/** The Campaign Manager 360 client. Every method throws ProviderError on failure. */
export class CampaignManagerClient {
  private readonly http: ProviderHttp;

  constructor(options: CampaignManagerClientOptions) {
    this.http = new ProviderHttp({
      provider: 'campaign-manager',
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      onUnauthorized: options.onUnauthorized,
      authHeaders: async () => ({ authorization: `Bearer ${await options.getAccessToken()}` }),
      readError: (body) => ({
        message: stringAt(body, 'error', 'message'),
        code: stringAt(body, 'error', 'status'),
      }),
    });
  }

  /** `GET /userprofiles/{profileId}/ads/{id}`: one ad (404 when the profile cannot see it). */
  getAd(profileId: string, adId: string): Promise<CampaignManagerAd> {
    return this.http.get(`/userprofiles/${seg(profileId)}/ads/${seg(adId)}`, adSchema);
  }

  /**
   * `PATCH /userprofiles/{profileId}/ads?id={adId}` with the fields to change (patch semantics:
   * fields left out keep their values; a list such as creativeAssignments is replaced whole).
   * Answers the updated ad.
   */
  patchAd(profileId: string, adId: string, changes: Partial<CampaignManagerAd>): Promise<CampaignManagerAd> {
    return this.http.request({
      method: 'PATCH',
      path: `/userprofiles/${seg(profileId)}/ads`,
      query: { id: adId },
      body: changes,
      schema: adSchema,
    });
  }
}
