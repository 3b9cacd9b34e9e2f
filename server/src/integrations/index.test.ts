import { describe, expect, it } from 'vitest';
import { providerConfig } from './index';

describe('providerConfig', () => {
  it('defaults every provider to its real endpoint', () => {
    const config = providerConfig({});
    expect(config.adobeAnalytics.baseUrl).toBe('https://analytics.adobe.io');
    expect(config.googleAnalyticsAdmin).toEqual({
      baseUrl: 'https://analyticsadmin.googleapis.com/v1beta',
      managementBaseUrl: 'https://www.googleapis.com/analytics/v3',
      uploadBaseUrl: 'https://www.googleapis.com/upload/analytics/v3',
      userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    });
    expect(config.meta.baseUrl).toBe('https://graph.facebook.com/v23.0');
    expect(config.bitly.baseUrl).toBe('https://api-ssl.bitly.com/v4');
    expect(config.kochava.baseUrl).toBe('https://links.api.kochava.com/v1');
    expect(config.workfront.baseUrlFor('https://acme.my.workfront.com/')).toBe(
      'https://acme.my.workfront.com/attask/api/v15.0',
    );
    expect(config.aem.baseUrlFor('https://author-p1-e2.adobeaemcloud.com')).toBe(
      'https://author-p1-e2.adobeaemcloud.com',
    );
    expect(config.cm360.baseUrl).toBe('https://dfareporting.googleapis.com/dfareporting/v4');
    expect(config.dv360.baseUrl).toBe('https://displayvideo.googleapis.com/v4');
    expect(config.marketingCloud.authUrlFor('mc563885gzs27c5t9-63k636ttgm')).toBe(
      'https://mc563885gzs27c5t9-63k636ttgm.auth.marketingcloudapis.com',
    );
    expect(
      config.marketingCloud.restUrlFor('https://mc563885gzs27c5t9-63k636ttgm.rest.marketingcloudapis.com/'),
    ).toBe('https://mc563885gzs27c5t9-63k636ttgm.rest.marketingcloudapis.com');
    expect(config.timeoutMs).toBe(15_000);
  });

  it('points Marketing Cloud at one auth and REST host for every account when set', () => {
    const config = providerConfig({
      SFMC_AUTH_URL: 'http://127.0.0.1:4020/',
      SFMC_REST_URL: 'http://127.0.0.1:4021',
    });
    expect(config.marketingCloud.authUrlFor('tenant')).toBe('http://127.0.0.1:4020');
    expect(config.marketingCloud.restUrlFor('https://tenant.rest.marketingcloudapis.com/')).toBe(
      'http://127.0.0.1:4021',
    );
  });

  it('reads overrides (a stand-in or a proxy) and drops trailing slashes; empty means unset', () => {
    const config = providerConfig({
      ADOBE_ANALYTICS_API_URL: 'http://127.0.0.1:4010/',
      META_GRAPH_API_URL: 'http://127.0.0.1:4011/v23.0',
      WORKFRONT_API_URL: 'http://127.0.0.1:4012/attask/api/v15.0',
      AEM_API_URL: 'http://127.0.0.1:4013',
      BITLY_API_URL: '',
      PROVIDER_TIMEOUT_MS: '2500',
    });
    expect(config.adobeAnalytics.baseUrl).toBe('http://127.0.0.1:4010');
    expect(config.meta.baseUrl).toBe('http://127.0.0.1:4011/v23.0');
    expect(config.workfront.baseUrlFor('https://acme.my.workfront.com')).toBe(
      'http://127.0.0.1:4012/attask/api/v15.0',
    );
    expect(config.aem.baseUrlFor('https://author.example.com')).toBe('http://127.0.0.1:4013');
    expect(config.bitly.baseUrl).toBe('https://api-ssl.bitly.com/v4');
    expect(config.timeoutMs).toBe(2500);
  });

  it('names each bad variable', () => {
    expect(() => providerConfig({ KOCHAVA_API_URL: 'ftp://x.example', PROVIDER_TIMEOUT_MS: 'soon' })).toThrow(
      /KOCHAVA_API_URL: must be an http\(s\) URL.*PROVIDER_TIMEOUT_MS/,
    );
    expect(() => providerConfig({ WORKFRONT_API_VERSION: '15' })).toThrow(
      /WORKFRONT_API_VERSION: must look like v15.0/,
    );
  });
});
