import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GaDataStandin } from '../../../../tests/standins/google-analytics-data';
import { localOutbound } from '../../test/local-outbound';
import { customDimensionApiName, GA_REPORT_MAX_DIMENSIONS, GaDataClient } from './client';

/** Property 4141's events: fixed, event-scoped and user-scoped dimension values. */
const standin = new GaDataStandin({
  validTokens: ['ya29.ok'],
  properties: {
    '4141': [
      { country: 'France', 'customEvent:promo_code': 'SPRING10', 'customUser:tier': 'gold' },
      { country: 'France', 'customEvent:promo_code': 'SPRING10', 'customUser:tier': 'silver' },
      { country: 'Spain', 'customUser:tier': 'gold' },
    ],
  },
  customDimensions: { '4141': { event: ['promo_code'], user: ['tier'] } },
});

const client = () =>
  new GaDataClient({
    fetch: localOutbound.fetch,
    baseUrl: standin.dataUrl,
    getAccessToken: async () => 'ya29.ok',
  });

beforeAll(() => standin.start());
afterAll(() => standin.close());

describe('GaDataClient', () => {
  it('names custom dimensions as the Data API schema does', () => {
    expect(customDimensionApiName('EVENT', 'promo_code')).toBe('customEvent:promo_code');
    expect(customDimensionApiName('USER', 'tier')).toBe('customUser:tier');
    expect(customDimensionApiName('ITEM', 'colour')).toBe('customItem:colour');
    expect(() => customDimensionApiName('DIMENSION_SCOPE_UNSPECIFIED', 'x')).toThrow(RangeError);
  });

  it('reads the distinct combinations of fixed and custom dimensions, "(not set)" as Google sends it', async () => {
    const rows = await client().dimensionValues(
      'properties/4141',
      ['country', 'customEvent:promo_code'],
      '365daysAgo',
      'today',
    );
    expect(rows).toEqual([
      ['France', 'SPRING10'],
      ['Spain', '(not set)'],
    ]);
    expect(await client().dimensionValues('4141', ['customUser:tier'], '365daysAgo', 'today')).toEqual([
      ['gold'],
      ['silver'],
    ]);
    expect(standin.reports.at(-1)).toEqual({ property: '4141', dimensions: ['customUser:tier'] });
    expect(standin.requestsTo('/v1beta/properties/4141:runReport').at(-1)!.method).toBe('POST');
  });

  it("answers Google's refusal of a custom dimension the property has not registered", async () => {
    await expect(
      client().dimensionValues('4141', ['customUser:promo_code'], '365daysAgo', 'today'),
    ).rejects.toMatchObject({
      code: 'HTTP',
      status: 400,
      providerCode: 'INVALID_ARGUMENT',
      providerMessage: 'Field customUser:promo_code is not a valid dimension.',
    });
  });

  it('asks nothing for more dimensions than one report takes', async () => {
    const before = standin.requests.length;
    const many = Array.from({ length: GA_REPORT_MAX_DIMENSIONS + 1 }, () => 'country');
    await expect(client().dimensionValues('4141', many, '365daysAgo', 'today')).rejects.toThrow(
      'A Google Analytics report takes 1 to 9 dimensions, not 10',
    );
    await expect(client().dimensionValues('4141', [], '365daysAgo', 'today')).rejects.toThrow(RangeError);
    expect(standin.requests.length).toBe(before);
  });
});
