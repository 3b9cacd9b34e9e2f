import { integrationProvider } from '../provider';
import { buildPinterestClient } from './build';
import { pinterestDeliverer } from './deliverer';
import { readPinterestObjects } from './reader';

/**
 * The manifest of Pinterest (API v5): pinterest-outbound and pinterest-inbound (spec 03 §3) and the
 * Pinterest client.
 */
export const pinterestProvider = integrationProvider({
  name: 'pinterest',
  deliverers: { 'pinterest-outbound': pinterestDeliverer },
  readers: { 'pinterest-inbound': readPinterestObjects },
  clients: { pinterest: buildPinterestClient },
});
