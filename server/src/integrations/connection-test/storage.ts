import { ListBucketsCommand, S3Client } from '@aws-sdk/client-s3';
import { BlobServiceClient, StorageSharedKeyCredential } from '@azure/storage-blob';
import type { ConnectionTestResult } from '@nomen/shared';
import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';

/** Where storage services are reached: the providers' own endpoints unless configured otherwise. */
export interface StorageEndpoints {
  /** An S3-compatible endpoint (S3_ENDPOINT), addressed path-style; null: AWS itself. */
  s3: string | null;
  /** The Blob endpoint with `{account}` for the storage account name (AZURE_BLOB_ENDPOINT). */
  azureBlob: string;
}

function describe(error: unknown): string {
  if (error && typeof error === 'object') {
    const e = error as { name?: string; message?: string; code?: string; statusCode?: number };
    return [e.code ?? e.name, e.message].filter(Boolean).join(': ');
  }
  return String(error);
}

/**
 * Lists the buckets an S3 account's keys can see (spec 01 §3.2 aws_key, aws_secret). Checksums
 * are sent only where required, which S3-compatible services other than AWS need too.
 */
export async function testS3(
  connector: ReadConnector,
  endpoints: StorageEndpoints,
): Promise<ConnectionTestResult> {
  const c = connector.credentials;
  if (c.family !== 'cloud-storage') return { ok: false, message: 'Not a cloud storage account' };
  const client = new S3Client({
    region: 'us-east-1',
    credentials: { accessKeyId: c.aws_key ?? '', secretAccessKey: c.aws_secret ?? '' },
    ...(endpoints.s3 ? { endpoint: endpoints.s3, forcePathStyle: true } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 1,
  });
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
    const credential = new StorageSharedKeyCredential(account, c.blob_key ?? '');
    const url = endpoints.azureBlob.replace('{account}', encodeURIComponent(account));
    const service = new BlobServiceClient(url, credential, { retryOptions: { maxTries: 1 } });
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
