import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { OutputFile } from '@nomen/shared';
import type { ReadConnector } from '../../entities/connectors/connectors.read';
import type { Deliverer } from '../../jobs/deliver/context';
import { DeliveryError, type Destination, describe, splitBucketPath } from '../../jobs/delivery';
import { isPermanentS3Error, type StorageEndpoints, s3ClientOf } from './storage';

/**
 * Puts the files into an S3 bucket (spec 01 §3.2 aws_key, aws_secret; spec 03 §3 awsRegion,
 * use_acl, use_sse, folder `/bucket/prefix`, filePrefix). PUT replaces an object of the same key,
 * so a retried push leaves one object. Refused keys and a missing bucket are permanent.
 */
export async function deliverS3(
  connector: ReadConnector,
  files: readonly OutputFile[],
  destination: Destination,
  endpoints: StorageEndpoints,
): Promise<string[]> {
  const c = connector.credentials;
  if (c.family !== 'cloud-storage')
    throw new DeliveryError('The account is not a cloud storage account', true);
  const { bucket, prefix } = splitBucketPath(destination.folder);
  if (!bucket) throw new DeliveryError('The folder names no bucket (write it as /bucket/folder)', true);
  const region = String(destination.metadata.awsRegion ?? '').trim() || 'us-east-1';
  const client = s3ClientOf(c, endpoints, region);
  const sse = destination.metadata.use_sse;
  const withSse = !(sse === 0 || sse === '0' || sse === false);
  try {
    const keys: string[] = [];
    for (const file of files) {
      const key = `${prefix}${destination.filePrefix}${file.name}`;
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: file.body,
          ContentType: file.contentType,
          ...(destination.metadata.use_acl === 'bucket-owner-full-control'
            ? { ACL: 'bucket-owner-full-control' as const }
            : {}),
          ...(withSse ? { ServerSideEncryption: 'AES256' as const } : {}),
        }),
      );
      keys.push(`${bucket}/${key}`);
    }
    return keys;
  } catch (error) {
    throw new DeliveryError(
      `S3 refused the upload to ${bucket}: ${describe(error)}`,
      isPermanentS3Error(error),
    );
  } finally {
    client.destroy();
  }
}

/** The s3-push deliverer. */
export const s3Deliverer: Deliverer = async (ctx) =>
  deliverS3(await ctx.connector(), ctx.files, ctx.destination, ctx.deps.config.storageEndpoints);
