import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GaAccountSeed } from '../../../../tests/standins/google-analytics-admin';
import { GoogleAnalyticsStandin } from '../../../../tests/standins/google-analytics-admin';
import { rotatingToken } from '../../../../tests/standins/token-source';
import { localOutbound } from '../../test/local-outbound';
import { GoogleAnalyticsAdminClient, type GoogleAnalyticsAdminClientOptions } from './client';

const accounts: GaAccountSeed[] = Array.from({ length: 205 }, (_, i) => ({
  id: String(100000 + i),
  displayName: `Brand ${i}`,
  properties: [],
}));
accounts[0]!.properties = Array.from({ length: 450 }, (_, i) => ({
  id: String(300000 + i),
  displayName: `Brand 0 site ${i}`,
}));
const dataSources = Array.from({ length: 1500 }, (_, i) => ({
  id: `cds${i}`,
  name: `Campaign import ${i}`,
  schema: ['ga:medium', 'ga:source', `ga:dimension${(i % 20) + 1}`],
}));
accounts[1]!.properties = [{ id: 'UA-100001-1', displayName: 'Legacy site', customDataSources: dataSources }];
/** 250 custom dimensions of GA4 property 700001: every 5th user-scoped, every 50th archived. */
accounts[3]!.properties = [
  {
    id: '700001',
    displayName: 'GA4 site',
    customDimensions: Array.from({ length: 250 }, (_, i) => ({
      parameterName: `param_${i}`,
      displayName: `Param ${i}`,
      scope: i % 5 === 0 ? ('USER' as const) : ('EVENT' as const),
      ...(i % 50 === 49 ? { archived: true } : {}),
    })),
  },
];

const standin = new GoogleAnalyticsStandin({
  validTokens: ['ya29.ok', 'ya29.fresh'],
  user: { sub: '1090001', email: 'marketing@acme.example', name: 'Acme Marketing' },
  accounts,
});

function client(overrides: Partial<GoogleAnalyticsAdminClientOptions> = {}) {
  return new GoogleAnalyticsAdminClient({
    fetch: localOutbound.fetch,
    baseUrl: standin.adminUrl,
    managementBaseUrl: standin.managementUrl,
    userInfoUrl: standin.userInfoUrl,
    uploadBaseUrl: standin.uploadUrl,
    getAccessToken: async () => 'ya29.ok',
    ...overrides,
  });
}

beforeAll(() => standin.start());
afterAll(() => standin.close());

describe('GoogleAnalyticsAdminClient', () => {
  it('says which Google user the token belongs to', async () => {
    expect(await client().whoAmI()).toMatchObject({ sub: '1090001', email: 'marketing@acme.example' });
  });

  it('lists every account across pages as ga_account_id and ga_account_name', async () => {
    const list = await client().listAccounts();
    expect(list).toHaveLength(205);
    expect(list[0]).toEqual({ ga_account_id: '100000', ga_account_name: 'Brand 0' });
    expect(list.at(-1)).toEqual({ ga_account_id: '100204', ga_account_name: 'Brand 204' });
    expect(standin.requestsTo('/v1beta/accountSummaries').map((r) => Boolean(r.query.pageToken))).toEqual([
      false,
      true,
    ]);
  });

  it('lists every property of an account across pages', async () => {
    const properties = await client().listProperties('100000');
    expect(properties).toHaveLength(450);
    expect(properties[449]).toMatchObject({ ga_property_id: '300449', ga_property_name: 'Brand 0 site 449' });
    expect(
      standin.requestsTo('/v1beta/properties').every((r) => r.query.filter === 'parent:accounts/100000'),
    ).toBe(true);
    expect(await client().listProperties('100002')).toEqual([]);
  });

  it('lists the custom data sources of a property with their schema, following start-index', async () => {
    const sources = await client().listCustomDataSources('100001', 'UA-100001-1');
    expect(sources).toHaveLength(1500);
    expect(sources[1499]).toMatchObject({
      ga_custom_data_source_id: 'cds1499',
      ga_custom_data_source_name: 'Campaign import 1499',
      ga_custom_data_source_schema: ['ga:medium', 'ga:source', 'ga:dimension20'],
    });
    const path = '/analytics/v3/management/accounts/100001/webproperties/UA-100001-1/customDataSources';
    expect(standin.requestsTo(path).map((r) => r.query['start-index'])).toEqual(['1', '1001']);
  });

  it('lists the custom dimensions of a property across pageToken pages, in order, without archived ones', async () => {
    const dimensions = await client().listCustomDimensions('properties/700001');
    expect(dimensions).toHaveLength(245);
    expect(dimensions[0]).toEqual({
      name: 'properties/700001/customDimensions/1000',
      parameterName: 'param_0',
      displayName: 'Param 0',
      description: undefined,
      scope: 'USER',
    });
    expect(dimensions.map((d) => d.parameterName)).not.toContain('param_49');
    expect(dimensions.at(-1)).toMatchObject({ parameterName: 'param_248', scope: 'EVENT' });
    const asked = standin.requestsTo('/v1beta/properties/700001/customDimensions');
    expect(asked.map((r) => [r.query.pageSize, Boolean(r.query.pageToken)])).toEqual([
      ['200', false],
      ['200', true],
    ]);
    expect(await client().listCustomDimensions('300000')).toEqual([]);
    await expect(client().listCustomDimensions('999999')).rejects.toMatchObject({
      code: 'HTTP',
      status: 403,
      providerCode: 'PERMISSION_DENIED',
    });
  });

  it('refreshes a refused token once and retries', async () => {
    const tokens = rotatingToken('ya29.expired', 'ya29.fresh');
    expect(await client(tokens).whoAmI()).toMatchObject({ sub: '1090001' });
    expect(tokens.refreshes).toBe(1);
  });

  it('fails with UNAUTHORIZED and Google’s message when there is no way to refresh', async () => {
    await expect(client({ getAccessToken: async () => 'ya29.revoked' }).listAccounts()).rejects.toMatchObject(
      {
        code: 'UNAUTHORIZED',
        status: 401,
        providerCode: 'UNAUTHENTICATED',
        httpStatus: 424,
      },
    );
  });

  it('maps a permission error on another account to a ProviderError', async () => {
    await expect(client().listProperties('999')).rejects.toMatchObject({
      code: 'HTTP',
      status: 403,
      providerCode: 'PERMISSION_DENIED',
      providerMessage: 'The caller does not have permission',
    });
    await expect(client().listCustomDataSources('999', 'UA-1-1')).rejects.toMatchObject({
      status: 403,
      providerMessage: 'User does not have sufficient permissions for this web property.',
    });
  });

  it('refuses an answer without the documented shape', async () => {
    standin.injectOnce({
      path: '/v1beta/accountSummaries',
      answer: {
        status: 200,
        body: { accountSummaries: [{ account: 'not-a-resource-name', displayName: 'x' }] },
      },
    });
    await expect(client().listAccounts()).rejects.toMatchObject({ code: 'MALFORMED' });
  });

  it("uploads a CSV to a custom data source (uploads.uploadData) and answers Google's refusal of a wrong header", async () => {
    const csv = 'ga:medium,ga:source,ga:dimension1\ncpc,google,Spring\n';
    const upload = await client().uploadData('100001', 'UA-100001-1', 'cds0', csv);
    expect(upload).toMatchObject({ kind: 'analytics#upload', customDataSourceId: 'cds0', status: 'PENDING' });
    const sent = standin.uploads.find((u) => u.id === upload.id)!;
    expect(sent).toMatchObject({ accountId: '100001', propertyId: 'UA-100001-1', csv });
    const asked = standin.requests.filter((r) => r.path.endsWith('/customDataSources/cds0/uploads'));
    expect(asked.at(-1)?.query.uploadType).toBe('media');

    const wrong = await client()
      .uploadData('100001', 'UA-100001-1', 'cds0', 'ga:source\ngoogle\n')
      .catch((e: unknown) => e);
    expect(wrong).toMatchObject({ code: 'HTTP', status: 400 });
    expect(String((wrong as Error).message)).toContain('does not match the data source schema');
  });

  it('lists the uploads of a custom data source (uploads.list) with their ids and times; another source has its own', async () => {
    const csv = 'ga:medium,ga:source,ga:dimension2\ncpc,google,Spring\n';
    const first = await client().uploadData('100001', 'UA-100001-1', 'cds1', csv);
    const second = await client().uploadData('100001', 'UA-100001-1', 'cds1', csv);
    const listed = await client().listUploads('100001', 'UA-100001-1', 'cds1');
    expect(listed.map((u) => u.id)).toEqual([first.id, second.id]);
    expect(listed[0]).toMatchObject({ customDataSourceId: 'cds1', status: 'COMPLETED' });
    expect(Number.isNaN(Date.parse(listed[0]!.uploadTime ?? ''))).toBe(false);
    expect(await client().listUploads('100001', 'UA-100001-1', 'cds2')).toEqual([]);
    const asked = standin.requests.filter(
      (r) => r.method === 'GET' && r.path.endsWith('/customDataSources/cds1/uploads'),
    );
    expect(asked.at(-1)?.query).toMatchObject({ 'start-index': '1', 'max-results': '1000' });
    await expect(client().listUploads('100001', 'UA-100001-1', 'nope')).rejects.toMatchObject({
      code: 'HTTP',
      status: 404,
    });
  });
});
