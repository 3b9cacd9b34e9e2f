import { integrationProvider } from '../provider';
import { buildMetaClient } from './build';
import { testMeta } from './connection-test';
import { facebookAdsDeliverer, facebookMarketingDeliverer } from './deliverer';
import { readFacebookObjects } from './reader';

/**
 * The manifest of Meta (Graph / Marketing API, Insights): facebook-ads, facebook-ads-update,
 * facebook-marketing-outbound and facebook-marketing-inbound (spec 03 §3), "Test connection" of
 * facebook and facebook-marketing accounts and the Graph client.
 */
export const metaProvider = integrationProvider({
  name: 'meta',
  deliverers: {
    'facebook-ads': facebookAdsDeliverer,
    'facebook-ads-update': facebookAdsDeliverer,
    'facebook-marketing-outbound': facebookMarketingDeliverer,
  },
  readers: { 'facebook-marketing-inbound': readFacebookObjects },
  connectionTests: { facebook: testMeta, 'facebook-marketing': testMeta },
  clients: { meta: buildMetaClient },
});
