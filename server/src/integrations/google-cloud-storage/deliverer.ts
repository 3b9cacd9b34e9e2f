import { createHash } from 'node:crypto';
import { type Deliverer, deliveryFailure } from '../../jobs/deliver/context';
import { DeliveryError, splitBucketPath } from '../../jobs/delivery';
import {
  GCS_READ_WRITE_SCOPE,
  GcsClient,
  parseServiceAccountKey,
  requestServiceAccountToken,
} from './client';

/** Service account tokens by key (hash), reused until a minute before they expire. */
const tokens = new Map<string, { accessToken: string; expiresAt: number }>();

/**
 * The google-cloud deliverer (issue 12 item 4): uploads each file into the bucket named by the
 * folder's first segment, under the rest of the folder and the file prefix, through the Cloud
 * Storage JSON API with the account's service account key file (spec 01 §3.2 account_key_file).
 * An upload replaces an object of the same name, so a retried run leaves each object once. A key
 * file that is not a service account key, a refused key and a missing bucket are permanent.
 */
export const googleCloudDeliverer: Deliverer = async (ctx) => {
  const connector = await ctx.connector();
  const c = connector.credentials;
  if (c.family !== 'cloud-storage')
    throw new DeliveryError('The account is not a cloud storage account', true);
  const key = parseServiceAccountKey(c.account_key_file ?? '');
  if (!key)
    throw new DeliveryError(
      `"${connector.name}" has no service account key file (JSON with client_email and private_key): add it in Connected accounts`,
      true,
    );
  const { bucket, prefix } = splitBucketPath(ctx.destination.folder);
  if (!bucket) throw new DeliveryError('The folder names no bucket (write it as /bucket/folder)', true);
  const { providers } = ctx.deps.config;
  const cacheKey = createHash('sha256')
    .update(`${key.client_email}\u0000${key.private_key}`)
    .digest('base64url');
  const client = new GcsClient({
    fetch: ctx.deps.config.outbound.fetch,
    baseUrl: providers.googleCloudStorage.baseUrl,
    timeoutMs: providers.timeoutMs,
    getAccessToken: async () => {
      const cached = tokens.get(cacheKey);
      if (cached && cached.expiresAt - 60_000 > Date.now()) return cached.accessToken;
      const fresh = await requestServiceAccountToken({
        tokenUrl: providers.googleCloudStorage.tokenUrl,
        key,
        scope: GCS_READ_WRITE_SCOPE,
        timeoutMs: providers.timeoutMs,
        fetch: ctx.deps.config.outbound.fetch,
      });
      tokens.set(cacheKey, fresh);
      return fresh.accessToken;
    },
    onUnauthorized: async () => {
      tokens.delete(cacheKey);
    },
  });
  const names: string[] = [];
  for (const file of ctx.files) {
    const name = `${prefix}${ctx.destination.filePrefix}${file.name}`;
    try {
      await client.uploadObject(bucket, name, file.body, file.contentType);
    } catch (error) {
      throw deliveryFailure(error, `Upload to gs://${bucket}`);
    }
    names.push(`${bucket}/${name}`);
  }
  return names;
};
