import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dv360Standin } from '../../../../tests/standins/dv360';
import { localOutbound } from '../../test/local-outbound';
import { ReportError } from '../async-report';
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
  delivery: {
    FILTER_LINE_ITEM: {
      '501': {
        impressions: 98000,
        clicks: 1500,
        mediaCost: '245.5',
        totalConversions: '12.25',
        advertiserId: '11',
      },
      '777': { impressions: 3, clicks: 1, mediaCost: 0.02, totalConversions: 0, advertiserId: '12' },
    },
  },
});

beforeAll(() => dv360.start());
afterAll(() => dv360.close());

const client = (token = 'dv-ok', extra = {}) =>
  new Dv360Client({
    fetch: localOutbound.fetch,
    baseUrl: dv360.apiUrl,
    bidManagerUrl: dv360.bidManagerUrl,
    getAccessToken: async () => token,
    ...extra,
  });

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

describe('Dv360Client.deliveryReport (Bid Manager v2, pull_performance_metrics)', () => {
  const polling = { reportPolling: { maxWaitMs: 2_000, firstPollMs: 5 } };
  const request = {
    level: 'line_items',
    startDate: '2026-03-01',
    endDate: '2026-03-30',
    partnerId: '9',
    advertiserIds: ['11'],
  } as const;

  it('creates a one-time query, runs it, polls the report until DONE and reads the signed CSV', async () => {
    const before = dv360.requests.length;
    const delivery = await client('dv-ok', polling).deliveryReport(request);
    expect(Object.fromEntries(delivery)).toEqual({
      '501': { impressions: '98000', clicks: '1500', mediaCost: '245.5', totalConversions: '12.25' },
    });
    const calls = dv360.requests.slice(before);
    const queryId = /^(\d+):run$/.exec(calls[1]!.path.split('/').at(-1)!)![1]!;
    const report = calls[2]!.path;
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /v2/queries',
      `POST /v2/queries/${queryId}:run`,
      `GET ${report}`,
      `GET ${report}`,
      `GET ${report}`,
      expect.stringMatching(/^GET \/storage\/dv360-reports\/\d+\.csv$/),
      `DELETE /v2/queries/${queryId}`,
    ]);
    expect(report).toMatch(new RegExp(`^/v2/queries/${queryId}/reports/\\d+$`));
    expect(dv360.deletedQueries).toContain(queryId);
  });

  it('without advertisers the query filters by the partner', async () => {
    const delivery = await client('dv-ok', polling).deliveryReport({ ...request, advertiserIds: [] });
    expect([...delivery.keys()]).toEqual(['501', '777']);
  });

  it('a FAILED report is a ReportError naming the report and the query', async () => {
    dv360.endNextReportWith('failed');
    const error = await client('dv-ok', polling)
      .deliveryReport(request)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReportError);
    expect((error as Error).message).toMatch(
      /^Display & Video 360 report \d+ \(query \d+\) failed \(FAILED\)$/,
    );
  });

  it('a report still running at the end of the wait is a TIMEOUT ReportError', async () => {
    dv360.endNextReportWith('stuck');
    const error = await client('dv-ok', { reportPolling: { maxWaitMs: 100, firstPollMs: 10 } })
      .deliveryReport(request)
      .catch((e: unknown) => e);
    expect((error as ReportError).reason).toBe('TIMEOUT');
    expect((error as Error).message).toMatch(
      /^Display & Video 360 report \d+ \(query \d+\) was not ready after 100 ms \(still RUNNING\)/,
    );
  });
});
