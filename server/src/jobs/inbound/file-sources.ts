/**
 * Where the file pulls read (issue 12 item 5): sftp-pull over SFTP (ssh2) and aws-s3-inbound over
 * the S3 API (AWS SDK; spec 01 §3.2 account credentials, spec 03 §3 folder, awsRegion). A source
 * lists the files of the configured folder (or bucket prefix) with a version that changes when a
 * file is replaced, and reads one file's bytes. The sources themselves live in their provider
 * folders: `integrations/sftp/source.ts` and `integrations/storage/s3-source.ts`.
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
