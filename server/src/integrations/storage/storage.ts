import { ListBucketsCommand, S3Client } from '@aws-sdk/client-s3';
import { BlobServiceClient, newPipeline, StorageSharedKeyCredential } from '@azure/storage-blob';
import type { ConnectionTestResult, Credentials } from '@nomen/shared';
import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import { outboundRefusalIn } from '../../security/outbound';
import type { StorageEndpoints } from './storage-endpoints';

export type { StorageEndpoints } from './storage-endpoints';

/** The credentials of a cloud storage account (spec 01 §3.2: aws_key, aws_secret, blob_accountname, blob_key). */
export type CloudStorageCredentials = Extract<Credentials, { family: 'cloud-storage' }>;

/**
 * An S3 client for a cloud storage account's keys (spec 01 §3.2 aws_key, aws_secret) in `region`:
 * the S3-compatible endpoint of configuration when set (path-style), checksums only where
 * required (which S3-compatible services other than AWS need too), and one attempt per call (a
 * run retries as a whole). Shared by the connection test, the s3-push delivery and the
 * aws-s3-inbound source; the caller destroys it.
 */
export function s3ClientOf(
  c: CloudStorageCredentials,
  endpoints: StorageEndpoints,
  region: string,
): S3Client {
  return new S3Client({
    region,
    credentials: { accessKeyId: c.aws_key ?? '', secretAccessKey: c.aws_secret ?? '' },
    ...(endpoints.s3 ? { endpoint: endpoints.s3, forcePathStyle: true } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 1,
    requestHandler: { httpAgent: endpoints.outbound.httpAgent, httpsAgent: endpoints.outbound.httpsAgent },
  });
}

/**
 * A Blob service client for an Azure storage account (spec 01 §3.2 blob_accountname, blob_key) at
 * AZURE_BLOB_ENDPOINT, one attempt per call, every connection through the outbound rule. Throws
 * when the key is not base64 (StorageSharedKeyCredential). Shared by the connection test and the
 * azure-blob-push delivery.
 */
export function azureBlobServiceOf(
  account: string,
  key: string,
  endpoints: StorageEndpoints,
): BlobServiceClient {
  const credential = new StorageSharedKeyCredential(account, key);
  const url = endpoints.azureBlob.replace('{account}', encodeURIComponent(account));
  const pipeline = newPipeline(credential, { retryOptions: { maxTries: 1 } });
  const { httpAgent, httpsAgent } = endpoints.outbound;
  // The innermost policy hands node's http client the guarded agent of the request's scheme.
  pipeline.factories.push({
    create: (next) => ({
      sendRequest: (request) => {
        request.agent = request.url.startsWith('https:') ? httpsAgent : httpAgent;
        return next.sendRequest(request);
      },
    }),
  });
  return new BlobServiceClient(url, pipeline);
}

/** S3 error codes of refused keys or a missing bucket. */
const S3_PERMANENT = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'AccessDenied',
  'NoSuchBucket',
  'InvalidBucketName',
  'AuthorizationHeaderMalformed',
]);

/**
 * Whether an S3 failure is permanent: refused keys or a missing bucket (by the error's `Code`, else
 * its `name`), which a retry cannot mend. The push and the pull fail for good on these.
 */
export function isPermanentS3Error(error: unknown): boolean {
  const e = error as { name?: string; Code?: string };
  return S3_PERMANENT.has(e.Code ?? e.name ?? '');
}

function describe(error: unknown): string {
  const refused = outboundRefusalIn(error);
  if (refused) return refused.message;
  if (error && typeof error === 'object') {
    const e = error as { name?: string; message?: string; code?: string; statusCode?: number };
    return [e.code ?? e.name, e.message].filter(Boolean).join(': ');
  }
  return String(error);
}

/** Lists the buckets an S3 account's keys can see (spec 01 §3.2 aws_key, aws_secret). */
export async function testS3(
  connector: ReadConnector,
  endpoints: StorageEndpoints,
): Promise<ConnectionTestResult> {
  const c = connector.credentials;
  if (c.family !== 'cloud-storage') return { ok: false, message: 'Not a cloud storage account' };
  const client = s3ClientOf(c, endpoints, 'us-east-1');
  try {
    const out = await client.send(new ListBucketsCommand({}));
    const names = (out.Buckets ?? []).map((b) => b.Name).filter(Boolean);
    return {
      ok: true,
      message: `Signed in to S3; ${names.length} ${names.length === 1 ? 'bucket' : 'buckets'}${names.length ? `: ${names.slice(0, 10).join(', ')}` : ''}.`,
    };
  } catch (error) {
    return { ok: false, message: `S3 refused the keys: ${describe(error)}` };
  } finally {
    client.destroy();
  }
}

/** Lists the containers of an Azure storage account (spec 01 §3.2 blob_accountname, blob_key). */
export async function testAzureBlob(
  connector: ReadConnector,
  endpoints: StorageEndpoints,
): Promise<ConnectionTestResult> {
  const c = connector.credentials;
  if (c.family !== 'cloud-storage') return { ok: false, message: 'Not a cloud storage account' };
  const account = c.blob_accountname ?? '';
  try {
    const service = azureBlobServiceOf(account, c.blob_key ?? '', endpoints);
    const names: string[] = [];
    for await (const container of service.listContainers()) {
      names.push(container.name);
      if (names.length >= 50) break;
    }
    return {
      ok: true,
      message: `Signed in to ${account}; ${names.length} ${names.length === 1 ? 'container' : 'containers'}${names.length ? `: ${names.slice(0, 10).join(', ')}` : ''}.`,
    };
  } catch (error) {
    return { ok: false, message: `Azure refused the account key: ${describe(error)}` };
  }
}

/** The storage endpoints of a configuration. */
export function storageEndpointsOf(deps: ConnectorDeps): StorageEndpoints {
  return deps.config.storageEndpoints;
}
