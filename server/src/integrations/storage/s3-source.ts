import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { ReadConnector } from '../../entities/connectors/connectors.read';
import { describe, splitBucketPath } from '../../jobs/delivery';
import type { FileSource, SourceFile } from '../../jobs/inbound/file-sources';
import { InboundError } from '../../jobs/inbound/inbound-error';
import { isPermanentS3Error, type StorageEndpoints, s3ClientOf } from './storage';

/** A failed S3 call as an InboundError: `what` and the error, permanent for refused keys or a missing bucket. */
function s3Failure(what: string, error: unknown): InboundError {
  return new InboundError(`${what}: ${describe(error)}`, isPermanentS3Error(error));
}

/**
 * Opens `/bucket/prefix` of the account's S3 storage (awsRegion, else us-east-1; the endpoint of
 * configuration when set, path-style). Refused keys and a missing bucket are permanent.
 */
export function openS3Source(
  connector: ReadConnector,
  folder: string,
  region: string,
  endpoints: StorageEndpoints,
): FileSource {
  const c = connector.credentials;
  if (c.family !== 'cloud-storage')
    throw new InboundError('The account is not a cloud storage account', true);
  const { bucket, prefix } = splitBucketPath(folder);
  if (!bucket) throw new InboundError('The folder names no bucket (write it as /bucket/folder)', true);
  const client = s3ClientOf(c, endpoints, region || 'us-east-1');
  return {
    where: `s3://${bucket}/${prefix}`,
    async list() {
      const files: SourceFile[] = [];
      let token: string | undefined;
      do {
        const page = await client
          .send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }))
          .catch((e: unknown) => {
            throw s3Failure(`S3 refused the listing of ${bucket}/${prefix}`, e);
          });
        for (const o of page.Contents ?? []) {
          if (!o.Key || o.Key.endsWith('/')) continue;
          const name = o.Key.slice(prefix.length);
          // Only the folder's own files, not those of folders under it.
          if (name.includes('/') || name.startsWith('.')) continue;
          files.push({
            key: o.Key,
            name,
            size: o.Size ?? 0,
            version: o.ETag ?? `${o.Size}:${o.LastModified?.toISOString()}`,
          });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return files;
    },
    async read(file) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: file.key }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (e) {
        throw s3Failure(`S3 refused the download of ${bucket}/${file.key}`, e);
      }
    },
    close: () => client.destroy(),
  };
}
