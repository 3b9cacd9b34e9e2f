import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { BlobServiceClient, StorageSharedKeyCredential } from '@azure/storage-blob';
import type { OutputFile } from '@nomen/shared';
import ssh2, { type SFTPWrapper } from 'ssh2';
import type { ReadConnector } from '../entities/connectors/connectors.read';
import type { StorageEndpoints } from '../integrations/connection-test/storage';
import type { Mailer } from '../mail/mailer';

/**
 * Delivery of built output files to where an outbound integration sends them (issue 12 item 4):
 * email-output (an attachment), sftp-push (ssh2), s3-push (AWS SDK), azure-blob-push (Azure SDK).
 * Every push is idempotent: the destination name depends only on the run (the assignment's folder
 * and the rendered filename), and a push replaces what a failed earlier attempt left, so a retried
 * run leaves the file exactly once.
 */

/** The outbound slugs a run can deliver; other outbound assignments get no run. */
export const DELIVERABLE_SLUGS = ['email-output', 'sftp-push', 's3-push', 'azure-blob-push'] as const;
/** One deliverable slug. */
export type DeliverableSlug = (typeof DELIVERABLE_SLUGS)[number];

/**
 * A delivery failure. `permanent` failures (refused credentials, a missing bucket, a removed
 * assignment) end the run Failed at once; others are retried with backoff.
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** Where files go: the folder (first segment the bucket or container for object stores) and a name prefix. */
export interface Destination {
  folder: string;
  filePrefix: string;
  metadata: Readonly<Record<string, unknown>>;
}

/** How long a push waits to connect to a peer, in ms. */
const CONNECT_TIMEOUT_MS = 15_000;

function describe(error: unknown): string {
  if (error && typeof error === 'object') {
    const e = error as { name?: string; message?: string; code?: string };
    return [e.code ?? e.name, e.message].filter(Boolean).join(': ');
  }
  return String(error);
}

/** Splits `/bucket/a/b` into the bucket (or container) and the key prefix `a/b/` ('' at the top). */
export function splitBucketPath(folder: string): { bucket: string; prefix: string } {
  const parts = folder.split('/').filter((p) => p !== '' && p !== '.' && p !== '..');
  const [bucket = '', ...rest] = parts;
  return { bucket, prefix: rest.length ? `${rest.join('/')}/` : '' };
}

/** A folder as an SFTP path: no `.` or `..` segments, `/` between segments, absolute when it was. */
export function sftpFolder(folder: string): string {
  const parts = folder.split('/').filter((p) => p !== '' && p !== '.' && p !== '..');
  const joined = parts.join('/');
  return folder.trim().startsWith('/') ? `/${joined}` : joined || '.';
}

// ---- email ------------------------------------------------------------------------------------

/**
 * Mails the files as attachments (spec 03 §3 email integration: to, cc, bcc, subject,
 * sendToSubmitter). The Message-ID is the run's, so a resent mail is recognised as the same one.
 * An SMTP 5xx answer is permanent; connection failures are retried.
 */
export async function deliverEmail(
  mailer: Mailer,
  files: readonly OutputFile[],
  options: {
    to: string[];
    cc: string[];
    bcc: string[];
    subject: string;
    text: string;
    messageId: string;
  },
): Promise<string[]> {
  if (options.to.length + options.cc.length + options.bcc.length === 0)
    throw new DeliveryError('The email integration has no recipient', true);
  try {
    await mailer.send({
      to: options.to.join(', '),
      cc: options.cc,
      bcc: options.bcc,
      subject: options.subject,
      text: options.text,
      messageId: options.messageId,
      attachments: files.map((f) => ({
        filename: f.name,
        content: Buffer.from(f.body),
        contentType: f.contentType,
      })),
    });
  } catch (error) {
    const code = (error as { responseCode?: number }).responseCode ?? 0;
    throw new DeliveryError(`The mail server refused the mail: ${describe(error)}`, code >= 500);
  }
  return files.map((f) => f.name);
}

// ---- SFTP -------------------------------------------------------------------------------------

function sftpCall<T>(run: (done: (error: Error | null | undefined, value?: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    run((error, value) => (error ? reject(error) : resolve(value as T)));
  });
}

/** Creates each missing folder of `path` (errors ignored: the folder may exist or be unwritable). */
async function mkdirs(sftp: SFTPWrapper, path: string): Promise<void> {
  if (path === '.' || path === '/') return;
  const parts = path.split('/');
  for (let i = 1; i <= parts.length; i++) {
    const dir = parts.slice(0, i).join('/');
    if (dir === '') continue;
    await sftpCall<void>((done) => sftp.mkdir(dir, (e) => done(e))).catch(() => undefined);
  }
}

/**
 * Uploads the files over SFTP (spec 01 §3.2 sftp account: host, port, username, password or
 * secret key) into the folder: each file is written to `.<name>.part` and then renamed over the
 * final name, so a reader never sees half a file and a retried push replaces, never duplicates.
 * A refused sign-in is permanent.
 */
export function deliverSftp(
  connector: ReadConnector,
  files: readonly OutputFile[],
  destination: Destination,
): Promise<string[]> {
  const c = connector.credentials;
  if (c.family !== 'sftp')
    return Promise.reject(new DeliveryError('The account is not an SFTP account', true));
  const host = c.host ?? '';
  const port = Number(c.port ?? 22);
  const folder = sftpFolder(destination.folder);
  const client = new ssh2.Client();
  return new Promise<string[]>((resolve, reject) => {
    let settled = false;
    const finish = (error: unknown, names?: string[]) => {
      if (settled) return;
      settled = true;
      client.end();
      if (error) reject(error);
      else resolve(names ?? []);
    };
    client.on('error', (error: Error & { level?: string }) => {
      finish(
        error.level === 'client-authentication'
          ? new DeliveryError(
              `${host}:${port} refused the sign-in of ${c.username}: check the account's username and ${c.auth_type === 'secret_key' ? 'secret key' : 'password'}`,
              true,
            )
          : new DeliveryError(`Could not reach ${host}:${port}: ${describe(error)}`, false),
      );
    });
    client.on('close', () => finish(new DeliveryError(`${host}:${port} closed the connection`, false)));
    client.on('ready', () => {
      client.sftp(async (error, sftp) => {
        if (error) return finish(new DeliveryError(`The server offers no SFTP: ${error.message}`, true));
        try {
          await mkdirs(sftp, folder);
          const names: string[] = [];
          for (const file of files) {
            const name = `${destination.filePrefix}${file.name}`;
            const final = folder === '.' ? name : `${folder.replace(/\/$/, '')}/${name}`;
            const part = folder === '.' ? `.${name}.part` : `${folder.replace(/\/$/, '')}/.${name}.part`;
            await sftpCall<void>((done) => sftp.writeFile(part, Buffer.from(file.body), (e) => done(e)));
            // SFTP v3 refuses to rename over an existing file: remove an earlier attempt's first.
            await sftpCall<void>((done) => sftp.unlink(final, (e) => done(e))).catch(() => undefined);
            await sftpCall<void>((done) => sftp.rename(part, final, (e) => done(e)));
            names.push(final);
          }
          finish(null, names);
        } catch (e) {
          finish(new DeliveryError(`SFTP upload into ${folder} failed: ${describe(e)}`, false));
        }
      });
    });
    try {
      client.connect({
        host,
        port,
        username: c.username ?? '',
        ...(c.auth_type === 'secret_key'
          ? { privateKey: c.client_secret ?? '' }
          : { password: c.password ?? '' }),
        readyTimeout: CONNECT_TIMEOUT_MS,
      });
    } catch (e) {
      finish(new DeliveryError(`Could not sign in: ${describe(e)}`, true));
    }
  });
}

// ---- S3 ---------------------------------------------------------------------------------------

const S3_PERMANENT = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'AccessDenied',
  'NoSuchBucket',
  'InvalidBucketName',
  'AuthorizationHeaderMalformed',
]);

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
  const client = new S3Client({
    region,
    credentials: { accessKeyId: c.aws_key ?? '', secretAccessKey: c.aws_secret ?? '' },
    ...(endpoints.s3 ? { endpoint: endpoints.s3, forcePathStyle: true } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 1,
  });
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
    const name = (error as { name?: string; Code?: string }).Code ?? (error as { name?: string }).name ?? '';
    throw new DeliveryError(`S3 refused the upload to ${bucket}: ${describe(error)}`, S3_PERMANENT.has(name));
  } finally {
    client.destroy();
  }
}

// ---- Azure Blob -------------------------------------------------------------------------------

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
  let credential: StorageSharedKeyCredential;
  try {
    credential = new StorageSharedKeyCredential(account, c.blob_key ?? '');
  } catch (error) {
    throw new DeliveryError(`The account key is not valid: ${describe(error)}`, true);
  }
  const url = endpoints.azureBlob.replace('{account}', encodeURIComponent(account));
  const service = new BlobServiceClient(url, credential, { retryOptions: { maxTries: 1 } });
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
