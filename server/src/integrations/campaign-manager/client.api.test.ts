import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoogleMarketingPlatformStandin } from '../../../../tests/standins/google-marketing-platform';
import { rotatingToken } from '../../../../tests/standins/token-source';
import { DisplayVideoClient } from '../display-video';
import { CampaignManagerClient } from './client';

const standin = new GoogleMarketingPlatformStandin({
  validTokens: ['g-ok', 'g-fresh'],
  ads: [
    {
      id: '1001',
      profileId: '5001',
      name: 'Spring',
      campaignId: '300',
      creativeRotation: {
        creativeAssignments: [{ creativeId: '71', clickThroughUrl: { defaultLandingPage: true } }],
      },
    },
  ],
  dvObjects: [
    { name: 'advertisers/11/lineItems/501', displayName: 'LI', entityStatus: 'ENTITY_STATUS_ACTIVE' },
  ],
});

const cm = (token = 'g-ok', extra = {}) =>
  new CampaignManagerClient({
    baseUrl: standin.campaignManagerUrl,
    getAccessToken: async () => token,
    ...extra,
  });
const dv = (token = 'g-ok') =>
  new DisplayVideoClient({ baseUrl: standin.displayVideoUrl, getAccessToken: async () => token });

beforeAll(() => standin.start());
afterAll(() => standin.close());

describe('CampaignManagerClient', () => {
  it('reads an ad and patches its rotation and name by id', async () => {
    const ad = await cm().getAd('5001', '1001');
    expect(ad.creativeRotation?.creativeAssignments?.[0]?.creativeId).toBe('71');
    const patched = await cm().patchAd('5001', '1001', {
      name: 'Spring 2026',
      creativeRotation: {
        creativeAssignments: [
          {
            creativeId: '71',
            clickThroughUrl: { defaultLandingPage: false, customClickThroughUrl: 'https://acme.com/s' },
          },
        ],
      },
    });
    expect(patched).toMatchObject({ id: '1001', name: 'Spring 2026', campaignId: '300' });
    expect(standin.ads.get('1001')!.creativeRotation!.creativeAssignments[0]!.clickThroughUrl).toEqual({
      defaultLandingPage: false,
      customClickThroughUrl: 'https://acme.com/s',
    });
    expect(standin.requestsTo('/dfareporting/v4/userprofiles/5001/ads').at(-1)!.query).toEqual({
      id: '1001',
    });
  });

  it("maps an ad of another profile or an unknown one to Google's 404", async () => {
    await expect(cm().getAd('6001', '1001')).rejects.toMatchObject({
      code: 'HTTP',
      status: 404,
      providerCode: 'NOT_FOUND',
    });
    await expect(cm().patchAd('5001', '9999', { name: 'x' })).rejects.toMatchObject({ status: 404 });
  });

  it('refreshes a refused token once; a second refusal is UNAUTHORIZED without the token in the message', async () => {
    const tokens = rotatingToken('g-expired', 'g-fresh');
    expect((await cm('', tokens).getAd('5001', '1001')).id).toBe('1001');
    expect(tokens.refreshes).toBe(1);
    const error = await cm('g-revoked-token')
      .getAd('5001', '1001')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    expect(String((error as Error).message)).not.toContain('g-revoked-token');
  });

  it('refuses a malformed answer', async () => {
    standin.injectOnce({
      path: '/dfareporting/v4/userprofiles/5001/ads/1001',
      answer: { status: 200, body: { name: 'no id' } },
    });
    await expect(cm().getAd('5001', '1001')).rejects.toMatchObject({ code: 'MALFORMED' });
  });
});

describe('DisplayVideoClient', () => {
  it('patches only the masked fields of an object under its advertiser', async () => {
    const done = await dv().patch(
      { type: 'line_items', id: '501', advertiserId: '11' },
      { displayName: 'LI 2026' },
    );
    expect(done).toMatchObject({ name: 'advertisers/11/lineItems/501', displayName: 'LI 2026' });
    expect(standin.dvObjects.get('advertisers/11/lineItems/501')!.entityStatus).toBe('ENTITY_STATUS_ACTIVE');
    expect(standin.requestsTo('/v4/advertisers/11/lineItems/501').at(-1)!.query).toEqual({
      updateMask: 'displayName',
    });
  });

  it('maps an unknown object to 404 and a refused token to UNAUTHORIZED', async () => {
    await expect(
      dv().patch({ type: 'campaigns', id: '77', advertiserId: '11' }, { displayName: 'x' }),
    ).rejects.toMatchObject({ code: 'HTTP', status: 404 });
    await expect(
      dv('bad').patch({ type: 'advertisers', id: '11' }, { displayName: 'x' }),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });
});
