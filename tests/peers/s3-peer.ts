import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** A running S3-API server (`s3rver`) on 127.0.0.1 with the given buckets. */
export interface S3Peer {
  endpoint: string;
  /** s3rver's fixed credentials (it checks the access key id, not the signature). */
  accessKeyId: string;
  secretAccessKey: string;
  close(): Promise<void>;
}

/**
 * Starts s3rver with `buckets` on `port` (a free one by default), storing in a temporary folder
 * removed on close.
 */
export async function startS3Peer(buckets: string[], port = 0): Promise<S3Peer> {
  const directory = mkdtempSync(join(tmpdir(), 'nomen-s3-'));
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port: bound } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${bound}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
