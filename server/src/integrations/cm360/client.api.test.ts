import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cm360Standin, Dv360Standin } from '../../../../tests/standins/google-ads-servers';
import { Dv360Client } from '../dv360/client';
import { ProviderError } from '../provider-error';
import { Cm360Client } from './client';

/** The CM360 and DV360 clients against their stand-ins: paging, filters, Google's errors. */

const cm360 = new Cm360Standin({
  validTokens: ['cm-ok'],
  profiles: {
    '1': {
      campaigns: Array.from({ length: 1203 }, (_, i) => ({
        id: String(100 + i),
        name: i % 2 ? `Sale ${i}` : `Brand ${i}`,
        advertiserId: i < 1100 ? '7' : '8',
        lastModifiedInfo: { time: String(1_700_000_000_000 + i) },
      })),
    },
  },
});

const dv360 = new Dv360Standin({
  validTokens: ['dv-ok'],
  partners: {
    '9': Array.from({ length: 450 }, (_, i) => ({
      advertiserId: String(1000 + i),
      displayName: `Advertiser ${i}`,
      entityStatus: i % 3 ? 'ENTITY_STATUS_ACTIVE' : 'ENTITY_STATUS_PAUSED',
      updateTime: '2026-01-01T00:00:00Z',
    })),
  },
  advertisers: {
    '1000': {
      adGroups: [{ adGroupId: '1', displayName: 'Group', entityStatus: 'ENTITY_STATUS_ACTIVE' }],
    },
  },
});

beforeAll(() => Promise.all([cm360.start(), dv360.start()]));
afterAll(() => Promise.all([cm360.close(), dv360.close()]));

describe('Cm360Client', () => {
  const client = (token = 'cm-ok') =>
    new Cm360Client({ baseUrl: cm360.url, getAccessToken: async () => token });

  it('reads every campaign across pages of 1000, narrowed by advertiser and name', async () => {
    const all = await client().list('1', 'campaigns');
    expect(all).toHaveLength(1203);
    expect(all[1202]).toMatchObject({
      id: '1302',
      name: 'Brand 1202',
      lastModifiedInfo: { time: '1700000001202' },
    });
    expect(
      cm360
        .requestsTo('/userprofiles/1/campaigns')
        .slice(-2)
        .map((r) => r.query.maxResults),
    ).toEqual(['1000', '1000']);
    const narrowed = await client().list('1', 'campaigns', { advertiserIds: ['8'], searchString: 'sale' });
    expect(narrowed.map((c) => c.name)).toEqual(
      Array.from({ length: 103 }, (_, i) => 1100 + i)
        .filter((i) => i % 2)
        .map((i) => `Sale ${i}`),
    );
  });

  it('leaves out a filter the list method does not take', async () => {
    await client().list('1', 'creatives', { advertiserIds: ['7'], campaignIds: ['100'] });
    expect(cm360.requestsTo('/userprofiles/1/creatives').at(-1)!.query).toEqual({
      maxResults: '1000',
      campaignIds: '100',
    });
  });

  it("maps a refused token and another profile to ProviderError with Google's message", async () => {
    const refused = await client('bad')
      .list('1', 'ads')
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ProviderError);
    expect(refused).toMatchObject({ code: 'UNAUTHORIZED', provider: 'cm360' });
    const denied = await client()
      .list('2', 'ads')
      .catch((e: unknown) => e);
    expect(denied).toMatchObject({
      code: 'HTTP',
      status: 403,
      providerMessage: 'The current user does not have access to profile 2',
    });
  });
});

describe('Dv360Client', () => {
  const client = () => new Dv360Client({ baseUrl: dv360.url, getAccessToken: async () => 'dv-ok' });

  it("reads a partner's advertisers across pages of 200 with a filter", async () => {
    const active = await client().listAdvertisers('9', 'entityStatus="ENTITY_STATUS_ACTIVE"');
    expect(active).toHaveLength(300);
    expect(
      dv360
        .requestsTo('/advertisers')
        .slice(-2)
        .map((r) => r.query.pageSize),
    ).toEqual(['200', '200']);
  });

  it('answers INVALID_ARGUMENT for a field the list does not filter on', async () => {
    const error = await client()
      .listUnder('1000', 'adGroups', 'updateTime>="2026-01-01T00:00:00Z"')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'HTTP',
      status: 400,
      providerMessage: 'Filtering on updateTime is not supported',
    });
    expect(await client().listUnder('1000', 'adGroups', 'entityStatus="ENTITY_STATUS_ACTIVE"')).toEqual([
      { adGroupId: '1', displayName: 'Group', entityStatus: 'ENTITY_STATUS_ACTIVE' },
    ]);
  });
});
