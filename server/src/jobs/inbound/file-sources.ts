import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import ssh2, { type SFTPWrapper } from 'ssh2';
import type { ReadConnector } from '../../entities/connectors/connectors.read';
import {
  type SftpGuard,
  sftpCall,
  sftpSignIn,
  sftpSignInRefused,
} from '../../integrations/connection-test/sftp';
import {
  isPermanentS3Error,
  type StorageEndpoints,
  s3ClientOf,
} from '../../integrations/connection-test/storage';
import { CONNECT_TIMEOUT_MS, describe, sftpFolder, splitBucketPath } from '../delivery';
import { InboundError } from './inbound-error';

/**
 * Where the file pulls read (issue 12 item 5): sftp-pull over SFTP (ssh2) and aws-s3-inbound over
 * the S3 API (AWS SDK; spec 01 §3.2 account credentials, spec 03 §3 folder, awsRegion). A source
 * lists the files of the configured folder (or bucket prefix) with a version that changes when a
 * file is replaced, and reads one file's bytes.
 */

/** One file a source lists: its full path or key, the name shown in messages, size in bytes and version. */
export interface SourceFile {
  key: string;
  name: string;
  size: number;
  /** Changes when the file is replaced: `size:mtime` on SFTP, the ETag on S3. */
  version: string;
}

/** An open connection to a folder: list its files, read one, close. */
export interface FileSource {
  /** Where it reads, for messages (`sftp://host/folder`, `s3://bucket/prefix`). */
  readonly where: string;
  list(): Promise<SourceFile[]>;
  read(file: SourceFile): Promise<Buffer>;
  close(): void;
}

/**
 * Signs in to the account's SFTP server through `guard` (the outbound rule and the pinned host key,
 * `sftpGuardOf`) and opens the folder. A refused sign-in is permanent.
 */
export function openSftpSource(
  connector: ReadConnector,
  folder: string,
  guard: SftpGuard,
): Promise<FileSource> {
  const c = connector.credentials;
  if (c.family !== 'sftp')
    return Promise.reject(new InboundError('The account is not an SFTP account', true));
  const signIn = sftpSignIn(c, CONNECT_TIMEOUT_MS, guard);
  const { host, port } = signIn;
  const path = sftpFolder(folder);
  const client = new ssh2.Client();
  return new Promise<FileSource>((resolve, reject) => {
    let isOpen = false;
    client.on('error', (error: Error & { level?: string }) => {
      if (isOpen) return;
      reject(
        error.level === 'client-authentication'
          ? new InboundError(sftpSignInRefused(c, host, port), true)
          : new InboundError(`Could not reach ${host}:${port}: ${describe(error)}`, false),
      );
    });
    client.on('ready', () => {
      client.sftp((error, sftp: SFTPWrapper) => {
        if (error) {
          client.end();
          return reject(new InboundError(`The server offers no SFTP: ${error.message}`, true));
        }
        isOpen = true;
        resolve({
          where: `sftp://${host}${path.startsWith('/') ? '' : '/'}${path}`,
          async list() {
            const entries = await sftpCall<
              { filename: string; attrs: { mode: number; size: number; mtime: number } }[]
            >((done) => sftp.readdir(path, done)).catch((e: unknown) => {
              throw new InboundError(`Could not list ${path} on ${host}: ${describe(e)}`, true);
            });
            return entries
              .filter((e) => (e.attrs.mode & 0o170000) === 0o100000 && !e.filename.startsWith('.'))
              .map((e) => ({
                key: path === '.' ? e.filename : `${path.replace(/\/$/, '')}/${e.filename}`,
                name: e.filename,
                size: e.attrs.size,
                version: `${e.attrs.size}:${e.attrs.mtime}`,
              }));
          },
          async read(file) {
            return sftpCall<Buffer>((done) => sftp.readFile(file.key, done)).catch((e: unknown) => {
              throw new InboundError(`Could not read ${file.key} on ${host}: ${describe(e)}`, false);
            });
          },
          close: () => client.end(),
        });
      });
    });
    try {
      client.connect(signIn);
    } catch (e) {
      reject(new InboundError(`Could not sign in: ${describe(e)}`, true));
    }
  });
}

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
