import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cm360Standin } from '../../../../tests/standins/cm360';
import { rotatingToken } from '../../../../tests/standins/token-source';
import { localOutbound } from '../../test/local-outbound';
import { ReportError } from '../async-report';
import { ProviderError } from '../provider-error';
import { Cm360Client } from './client';

/**
 * The Campaign Manager 360 client against its stand-in (tests/standins/cm360.ts): list paging and
 * filters as each list method declares them, ad reads and patches, Google's errors, the token
 * refresh and malformed answers.
 */

const cm360 = new Cm360Standin({
  validTokens: ['cm-ok', 'cm-fresh'],
  profiles: {
    '1': {
      campaigns: Array.from({ length: 1203 }, (_, i) => ({
        id: String(100 + i),
        name: i % 2 ? `Sale ${i}` : `Brand ${i}`,
        advertiserId: i < 1100 ? '7' : '8',
        lastModifiedInfo: { time: String(1_700_000_000_000 + i) },
      })),
      creatives: [
        { id: '71', name: 'Banner A', advertiserId: '7', campaignId: '100' },
        { id: '72', name: 'Banner B', advertiserId: '7', campaignId: '101' },
        { id: '73', name: 'Banner C', advertiserId: '8', campaignId: '100' },
      ],
      ads: [
        { id: '501', name: 'Ad A', advertiserId: '7', campaignId: '100' },
        { id: '502', name: 'Ad B', advertiserId: '8', campaignId: '100' },
        { id: '503', name: 'Ad C', advertiserId: '7', campaignId: '102' },
      ],
    },
    '5001': {
      ads: [
        {
          id: '1001',
          name: 'Spring',
          campaignId: '300',
          creativeRotation: {
            creativeAssignments: [{ creativeId: '71', clickThroughUrl: { defaultLandingPage: true } }],
          },
        },
      ],
    },
    '6001': { ads: [{ id: '2001', name: 'Other profile', campaignId: '400' }] },
    '7001': {
      delivery: {
        campaignId: {
          '900': {
            impressions: 120000,
            clicks: 2400,
            mediaCost: '310.55',
            totalConversions: '48.5',
            advertiserId: '7',
          },
          '901': { impressions: 5, clicks: 0, mediaCost: '0.1', totalConversions: 0, advertiserId: '8' },
        },
      },
    },
  },
});

beforeAll(() => cm360.start());
afterAll(() => cm360.close());

const client = (token = 'cm-ok', extra = {}) =>
  new Cm360Client({
    fetch: localOutbound.fetch,
    baseUrl: cm360.apiUrl,
    getAccessToken: async () => token,
    ...extra,
  });

describe('Cm360Client.list', () => {
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
        .requestsTo('/dfareporting/v4/userprofiles/1/campaigns')
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

  it('sends repeated ids as repeated parameters', async () => {
    const both = await client().list('1', 'campaigns', {
      advertiserIds: ['7', '8'],
      searchString: 'Brand 110',
    });
    expect(both.map((c) => c.id)).toEqual(['210', '1200', '1202', '1204', '1206', '1208']);
  });

  it('leaves out a filter the list method does not take', async () => {
    await client().list('1', 'advertisers', { advertiserIds: ['7'], campaignIds: ['100'] });
    expect(cm360.requestsTo('/dfareporting/v4/userprofiles/1/advertisers').at(-1)!.query).toEqual({
      maxResults: '1000',
    });
  });

  it('lists once per id where the method takes one id, joining the objects once each', async () => {
    const creatives = await client().list('1', 'creatives', {
      advertiserIds: ['7', '8'],
      campaignIds: ['100'],
    });
    expect(creatives.map((c) => c.id)).toEqual(['71', '73']);
    expect(
      cm360
        .requestsTo('/dfareporting/v4/userprofiles/1/creatives')
        .slice(-2)
        .map((r) => r.query),
    ).toEqual([
      { maxResults: '1000', advertiserId: '7', campaignId: '100' },
      { maxResults: '1000', advertiserId: '8', campaignId: '100' },
    ]);
    const ads = await client().list('1', 'ads', { advertiserIds: ['7'], campaignIds: ['100', '102'] });
    expect(ads.map((a) => a.id)).toEqual(['501', '503']);
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

  it('the stand-in refuses a parameter the list method does not declare and ids joined by commas', async () => {
    const ask = (query: string) =>
      fetch(`${cm360.apiUrl}/userprofiles/1/creatives?${query}`, {
        headers: { authorization: 'Bearer cm-ok' },
      });
    const undeclared = await ask('campaignIds=100');
    expect(undeclared.status).toBe(400);
    expect(((await undeclared.json()) as { error: { message: string } }).error.message).toContain(
      'Unknown name "campaignIds"',
    );
    expect((await ask('advertiserId=7,8')).status).toBe(400);
    expect((await ask('advertiserId=7&advertiserId=8')).status).toBe(400);
  });
});

describe('Cm360Client ads', () => {
  it('reads an ad and patches its rotation and name by id', async () => {
    const ad = await client().getAd('5001', '1001');
    expect(ad.creativeRotation?.creativeAssignments?.[0]?.creativeId).toBe('71');
    const patched = await client().patchAd('5001', '1001', {
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
    expect(cm360.ad('5001', '1001')!.creativeRotation!.creativeAssignments[0]!.clickThroughUrl).toEqual({
      defaultLandingPage: false,
      customClickThroughUrl: 'https://acme.com/s',
    });
    expect(cm360.requestsTo('/dfareporting/v4/userprofiles/5001/ads').at(-1)!.query).toEqual({
      id: '1001',
    });
  });

  it("maps an ad of another profile or an unknown one to Google's 404", async () => {
    await expect(client().getAd('6001', '1001')).rejects.toMatchObject({
      code: 'HTTP',
      status: 404,
      providerCode: 'NOT_FOUND',
    });
    await expect(client().patchAd('5001', '9999', { name: 'x' })).rejects.toMatchObject({ status: 404 });
    expect(cm360.ad('6001', '2001')!.name).toBe('Other profile');
  });

  it('refuses a click-through URL that is not http(s) with INVALID_ARGUMENT', async () => {
    await expect(
      client().patchAd('5001', '1001', {
        clickThroughUrl: { defaultLandingPage: false, customClickThroughUrl: 'javascript:alert(1)' },
      }),
    ).rejects.toMatchObject({ code: 'HTTP', status: 400, providerCode: 'INVALID_ARGUMENT' });
    expect(cm360.ad('5001', '1001')!.clickThroughUrl).toBeUndefined();
  });

  it('refreshes a refused token once; a second refusal is UNAUTHORIZED without the token in the message', async () => {
    const tokens = rotatingToken('cm-expired', 'cm-fresh');
    expect((await client('', tokens).getAd('5001', '1001')).id).toBe('1001');
    expect(tokens.refreshes).toBe(1);
    const error = await client('cm-revoked-token')
      .getAd('5001', '1001')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    expect(String((error as Error).message)).not.toContain('cm-revoked-token');
  });

  it('refuses a malformed answer', async () => {
    cm360.injectOnce({
      path: '/dfareporting/v4/userprofiles/5001/ads/1001',
      answer: { status: 200, body: { name: 'no id' } },
    });
    await expect(client().getAd('5001', '1001')).rejects.toMatchObject({ code: 'MALFORMED' });
  });
});

describe('Cm360Client.deliveryReport (pull_performance_metrics)', () => {
  const polling = { maxWaitMs: 2_000, firstPollMs: 5 };
  const request = { level: 'campaigns', startDate: '2026-03-01', endDate: '2026-03-30' } as const;

  it('inserts a STANDARD report, runs it, polls the file until available and reads the CSV by id', async () => {
    const before = cm360.requests.length;
    const delivery = await client('cm-ok', { reportPolling: polling }).deliveryReport('7001', request);
    expect(Object.fromEntries(delivery)).toEqual({
      '900': { impressions: '120000', clicks: '2400', mediaCost: '310.55', totalConversions: '48.5' },
      '901': { impressions: '5', clicks: '0', mediaCost: '0.1', totalConversions: '0' },
    });
    const calls = cm360.requests
      .slice(before)
      .map((r) => `${r.method} ${r.path}${r.query.alt ? '?alt=media' : ''}`);
    const reportId = /reports\/(\d+)\/run/.exec(calls[1]!)![1]!;
    const file = `/dfareporting/v4/reports/${reportId}/files/${Number(reportId) * 10 + 1}`;
    // Pending for two polls, then available, then downloaded; the report is deleted after.
    expect(calls).toEqual([
      'POST /dfareporting/v4/userprofiles/7001/reports',
      `POST /dfareporting/v4/userprofiles/7001/reports/${reportId}/run`,
      `GET ${file}`,
      `GET ${file}`,
      `GET ${file}`,
      `GET ${file}?alt=media`,
      `DELETE /dfareporting/v4/userprofiles/7001/reports/${reportId}`,
    ]);
    expect(cm360.deletedReports).toContain(reportId);
  });

  it('sends the advertiser filter and reads only its rows', async () => {
    const delivery = await client('cm-ok', { reportPolling: polling }).deliveryReport('7001', {
      ...request,
      advertiserIds: ['8'],
    });
    expect([...delivery.keys()]).toEqual(['901']);
  });

  it('a FAILED file is a ReportError naming the report and the file; the report is still deleted', async () => {
    cm360.endNextReportWith('failed');
    const error = await client('cm-ok', { reportPolling: polling })
      .deliveryReport('7001', request)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReportError);
    expect((error as ReportError).reason).toBe('FAILED');
    expect((error as Error).message).toMatch(
      /^Campaign Manager 360 report (\d+) \(file \d+\) failed \(FAILED\)$/,
    );
    expect(cm360.deletedReports).toContain((error as ReportError).reportId);
  });

  it('a file still processing at the end of the wait is a TIMEOUT ReportError', async () => {
    cm360.endNextReportWith('stuck');
    const started = Date.now();
    const error = await client('cm-ok', { reportPolling: { maxWaitMs: 150, firstPollMs: 10 } })
      .deliveryReport('7001', request)
      .catch((e: unknown) => e);
    expect((error as ReportError).reason).toBe('TIMEOUT');
    expect((error as Error).message).toMatch(
      /^Campaign Manager 360 report \d+ \(file \d+\) was not ready after 150 ms \(still PROCESSING\): sync again later$/,
    );
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('v3 metric names are refused by the stand-in as by Campaign Manager', async () => {
    const res = await fetch(`${cm360.apiUrl}/userprofiles/7001/reports`, {
      method: 'POST',
      headers: { authorization: 'Bearer cm-ok', 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'x',
        type: 'STANDARD',
        criteria: {
          dateRange: { startDate: '2026-03-01', endDate: '2026-03-02' },
          dimensions: [{ name: 'campaignId' }],
          metricNames: ['dfa:impressions'],
        },
      }),
    });
    expect(res.status).toBe(400);
  });
});
