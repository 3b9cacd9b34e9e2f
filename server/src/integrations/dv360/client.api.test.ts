import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dv360Standin } from '../../../../tests/standins/dv360';
import { Dv360Client, dv360Path } from './client';

/**
 * The Display & Video 360 client against its stand-in (tests/standins/dv360.ts): list paging with
 * each list's page size and filter, masked patches, Google's errors.
 */

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
      adGroupAds: Array.from({ length: 150 }, (_, i) => ({
        adGroupAdId: String(5000 + i),
        adGroupId: '1',
        displayName: `Ad ${i}`,
      })),
    },
    '11': {
      lineItems: [{ lineItemId: '501', displayName: 'LI', entityStatus: 'ENTITY_STATUS_ACTIVE' }],
    },
  },
});

beforeAll(() => dv360.start());
afterAll(() => dv360.close());

const client = (token = 'dv-ok') =>
  new Dv360Client({ baseUrl: dv360.apiUrl, getAccessToken: async () => token });

describe('Dv360Client lists', () => {
  it("reads a partner's advertisers across pages of 200 with a filter", async () => {
    const active = await client().listAdvertisers('9', 'entityStatus="ENTITY_STATUS_ACTIVE"');
    expect(active).toHaveLength(300);
    expect(
      dv360
        .requestsTo('/v4/advertisers')
        .slice(-2)
        .map((r) => r.query.pageSize),
    ).toEqual(['200', '200']);
  });

  it('asks each list for at most the page size its reference allows (100 for ad group ads)', async () => {
    const ads = await client().listUnder('1000', 'adGroupAds', 'adGroupId="1"');
    expect(ads).toHaveLength(150);
    expect(dv360.requestsTo('/v4/advertisers/1000/adGroupAds').map((r) => r.query.pageSize)).toEqual([
      '100',
      '100',
    ]);
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
      {
        name: 'advertisers/1000/adGroups/1',
        adGroupId: '1',
        displayName: 'Group',
        entityStatus: 'ENTITY_STATUS_ACTIVE',
      },
    ]);
  });

  it('the stand-in refuses an operator the field does not take and an undeclared parameter', async () => {
    await expect(client().listAdvertisers('9', 'updateTime="2026-01-01T00:00:00Z"')).rejects.toMatchObject({
      status: 400,
      providerCode: 'INVALID_ARGUMENT',
    });
    const undeclared = await fetch(`${dv360.apiUrl}/advertisers/1000/adGroups?partnerId=9`, {
      headers: { authorization: 'Bearer dv-ok' },
    });
    expect(undeclared.status).toBe(400);
  });
});

describe('Dv360Client.patch', () => {
  it('patches only the masked fields of an object under its advertiser', async () => {
    const done = await client().patch(
      { type: 'line_items', id: '501', advertiserId: '11' },
      { displayName: 'LI 2026' },
    );
    expect(done).toMatchObject({ name: 'advertisers/11/lineItems/501', displayName: 'LI 2026' });
    expect(dv360.object('11', 'lineItems', '501')).toMatchObject({
      displayName: 'LI 2026',
      entityStatus: 'ENTITY_STATUS_ACTIVE',
    });
    expect(dv360.requestsTo('/v4/advertisers/11/lineItems/501').at(-1)!.query).toEqual({
      updateMask: 'displayName',
    });
  });

  it('patches an advertiser by its own path', async () => {
    expect(dv360Path({ type: 'advertisers', id: '1001' })).toBe('/advertisers/1001');
    await client().patch({ type: 'advertisers', id: '1001' }, { displayName: 'Renamed' });
    expect(dv360.advertiser('1001')!.displayName).toBe('Renamed');
  });

  it('refuses an object other than an advertiser without its advertiser before any call', () => {
    const before = dv360.requests.length;
    expect(() => client().patch({ type: 'campaigns', id: '77' }, { displayName: 'x' })).toThrow(RangeError);
    expect(dv360.requests.length).toBe(before);
  });

  it('maps an unknown object to 404 and a refused token to UNAUTHORIZED', async () => {
    await expect(
      client().patch({ type: 'campaigns', id: '77', advertiserId: '11' }, { displayName: 'x' }),
    ).rejects.toMatchObject({ code: 'HTTP', status: 404 });
    await expect(
      client('bad').patch({ type: 'advertisers', id: '11' }, { displayName: 'x' }),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      provider: 'dv360',
    });
  });
});
