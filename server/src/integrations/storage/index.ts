import { integrationProvider } from '../provider';
import { azureBlobDeliverer } from './azure-blob-deliverer';
import { s3Deliverer } from './s3-deliverer';
import { storageEndpointsOf, testAzureBlob, testS3 } from './storage';

/**
 * The manifest of Object storage (AWS SDK, Azure Blob SDK): the s3-push and azure-blob-push
 * deliverers, the aws-s3-inbound file source (s3-source.ts, opened by run-inbound.ts) and "Test
 * connection" of s3 and azure-blob accounts; storage.ts builds their SDK clients from a cloud-
 * storage credential and the configured endpoints.
 */
export const storageProvider = integrationProvider({
  name: 'storage',
  deliverers: { 's3-push': s3Deliverer, 'azure-blob-push': azureBlobDeliverer },
  connectionTests: {
    s3: (c, deps) => testS3(c, storageEndpointsOf(deps)),
    'azure-blob': (c, deps) => testAzureBlob(c, storageEndpointsOf(deps)),
  },
});
