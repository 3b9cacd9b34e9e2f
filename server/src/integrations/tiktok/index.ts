import { integrationProvider } from '../provider';
import { buildTikTokClient } from './build';
import { tiktokDeliverer } from './deliverer';
import { readTikTokObjects } from './reader';

/**
 * The manifest of TikTok (Marketing API v1.3): tiktok-outbound and tiktok-inbound (spec 03 §3) and
 * the TikTok client.
 */
export const tiktokProvider = integrationProvider({
  name: 'tiktok',
  deliverers: { 'tiktok-outbound': tiktokDeliverer },
  readers: { 'tiktok-inbound': readTikTokObjects },
  clients: { tiktok: buildTikTokClient },
});
