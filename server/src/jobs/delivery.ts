/**
 * What every delivery shares (spec 03 §2 OUTPUT rows): the error a delivery throws, where files go
 * and the folder rules. Each destination kind's deliverer lives in its provider's folder
 * (`server/src/integrations/<provider>/deliverer.ts`), declared by that folder's manifest; the
 * slugs a run can deliver are the keys of DELIVERERS (`server/src/integrations/registry.ts`, which
 * checks that every outbound slug has a deliverer or is listed as having no run).
 * Every push is idempotent: the destination name depends only on the run (the assignment's folder
 * and the rendered filename), and a push replaces what a failed earlier attempt left (or, where
 * the destination keeps versions, adds a version to it), so a retried run leaves the file once.
 * The ad-platform outbound slugs update the objects their rows name instead of pushing files
 * (./deliver/ad-objects.ts): an update sets values, so a retry re-applies the same ones.
 */

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

/** How long a push or a pull waits to connect to a peer, in ms. */
export const CONNECT_TIMEOUT_MS = 15_000;

/** A short description of any thrown value: its code or name, then its message. */
export function describe(error: unknown): string {
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
