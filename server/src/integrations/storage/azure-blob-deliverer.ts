import type { BlobServiceClient } from '@azure/storage-blob';
import type { OutputFile } from '@nomen/shared';
import type { ReadConnector } from '../../entities/connectors/connectors.read';
import type { Deliverer } from '../../jobs/deliver/context';
import { DeliveryError, type Destination, describe, splitBucketPath } from '../../jobs/delivery';
import { azureBlobServiceOf, type StorageEndpoints } from './storage';

/**
 * Uploads the files as block blobs (spec 01 §3.2 blob_accountname, blob_key; folder
 * `/container/prefix`). An upload replaces a blob of the same name. A 403 (refused key) or a
 * missing container (404) is permanent.
 */
export async function deliverAzureBlob(
  connector: ReadConnector,
  files: readonly OutputFile[],
  destination: Destination,
  endpoints: StorageEndpoints,
): Promise<string[]> {
  const c = connector.credentials;
  if (c.family !== 'cloud-storage')
    throw new DeliveryError('The account is not a cloud storage account', true);
  const { bucket: container, prefix } = splitBucketPath(destination.folder);
  if (!container)
    throw new DeliveryError('The folder names no container (write it as /container/folder)', true);
  const account = c.blob_accountname ?? '';
  let service: BlobServiceClient;
  try {
    service = azureBlobServiceOf(account, c.blob_key ?? '', endpoints);
  } catch (error) {
    throw new DeliveryError(`The account key is not valid: ${describe(error)}`, true);
  }
  const containerClient = service.getContainerClient(container);
  try {
    const names: string[] = [];
    for (const file of files) {
      const name = `${prefix}${destination.filePrefix}${file.name}`;
      await containerClient.getBlockBlobClient(name).uploadData(file.body, {
        blobHTTPHeaders: { blobContentType: file.contentType },
      });
      names.push(`${container}/${name}`);
    }
    return names;
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode ?? 0;
    throw new DeliveryError(
      `Azure refused the upload to ${container}: ${describe(error)}`,
      status === 403 || status === 404 || status === 401,
    );
  }
}

/** The azure-blob-push deliverer. */
export const azureBlobDeliverer: Deliverer = async (ctx) =>
  deliverAzureBlob(await ctx.connector(), ctx.files, ctx.destination, ctx.deps.config.storageEndpoints);
