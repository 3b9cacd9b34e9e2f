import type { OutboundPolicy } from '../../security/outbound';

/**
 * Where storage services are reached: the providers' own endpoints unless configured otherwise,
 * through the server's outbound rule (README "Security").
 */
export interface StorageEndpoints {
  /** An S3-compatible endpoint (S3_ENDPOINT), addressed path-style; null: AWS itself. */
  s3: string | null;
  /** The Blob endpoint with `{account}` for the storage account name (AZURE_BLOB_ENDPOINT). */
  azureBlob: string;
  /** The outbound rule (OUTBOUND_ALLOW) every storage connection obeys. */
  outbound: OutboundPolicy;
}
