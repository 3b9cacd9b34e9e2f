import { integrationProvider } from '../provider';
import { buildBitlyClient } from './build';
import { testBitly } from './connection-test';
import { bitlyDeliverer } from './deliverer';

/**
 * The manifest of Bitly (API v4): the bitly deliverer (spec 03 §3 short links), "Test connection"
 * of bitly accounts and the Bitly client.
 */
export const bitlyProvider = integrationProvider({
  name: 'bitly',
  deliverers: { bitly: bitlyDeliverer },
  connectionTests: { bitly: testBitly },
  clients: { bitly: buildBitlyClient },
});
