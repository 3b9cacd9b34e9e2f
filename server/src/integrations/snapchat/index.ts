import { integrationProvider } from '../provider';
import { buildSnapchatClient } from './build';
import { snapchatDeliverer } from './deliverer';
import { readSnapchatObjects } from './reader';

/**
 * The manifest of Snapchat (Marketing API v1): snapchat-marketing-outbound and snapchat-marketing-
 * inbound (spec 03 §3) and the Snapchat client.
 */
export const snapchatProvider = integrationProvider({
  name: 'snapchat',
  deliverers: { 'snapchat-marketing-outbound': snapchatDeliverer },
  readers: { 'snapchat-marketing-inbound': readSnapchatObjects },
  clients: { snapchat: buildSnapchatClient },
});
