import { integrationProvider } from '../provider';
import { googleCloudDeliverer } from './deliverer';

/**
 * The manifest of Google Cloud Storage (JSON API, service account tokens): the google-cloud
 * deliverer (spec 03 §2).
 */
export const googleCloudStorageProvider = integrationProvider({
  name: 'google-cloud-storage',
  deliverers: { 'google-cloud': googleCloudDeliverer },
});
