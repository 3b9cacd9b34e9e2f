import type { CoversAll, ExpectAll, OutboundIntegrationSlug } from '@nomen/shared';

/**
 * What every delivery shares (issue 12 item 4): the slugs a run can deliver, the error a
 * delivery throws, where files go and the folder rules. Each destination kind is one module of
 * `./deliver/` registered by slug in `./deliver/index.ts`; a new slug is one line here, one module
 * and one line in the registry (the compiler checks the two lists agree).
 * Every push is idempotent: the destination name depends only on the run (the assignment's folder
 * and the rendered filename), and a push replaces what a failed earlier attempt left (or, where
 * the destination keeps versions, adds a version to it), so a retried run leaves the file once.
 * The ad-platform outbound slugs update the objects their rows name instead of pushing files
 * (./deliver/ad-objects.ts): an update sets values, so a retry re-applies the same ones.
 */

/** The outbound slugs a run can deliver; other outbound assignments get no run. One per line. */
export const DELIVERABLE_SLUGS = [
  'email-output',
  'sftp-push',
  's3-push',
  'azure-blob-push',
  'google-cloud',
  'box-push',
  'box-push-general',
  'box-push-v2',
  'snowflake-push',
  'bitly',
  'qr-code-monkey',
  'google-dcm-output',
  'google-cm360-outbound',
  'google-dv360-outbound',
  'salesforce-marketing-cloud-outbound',
  'adobe-experience-manager-outbound',
  'facebook-ads',
  'facebook-ads-update',
  'facebook-marketing-outbound',
  'tiktok-outbound',
  'snapchat-marketing-outbound',
  'pinterest-outbound',
] as const satisfies readonly OutboundIntegrationSlug[];

/**
 * The outbound slugs that get no run: the supplemental link types (spec 03 §2, §5 "Link-based
 * types"), whose links the template's link fields hold. With DELIVERABLE_SLUGS, every outbound
 * slug of the registry (`EveryOutboundSlugDecided`).
 */
export const UNDELIVERED_SLUGS = ['branch', 'kochava'] as const satisfies readonly OutboundIntegrationSlug[];
/**
 * The slug of an upload run to an analytics target (issue 12 item 4), by the target's connector
 * type id (1 Adobe Analytics, 2 Google Analytics; spec 01 §3.1): an Adobe classification import or
 * a Google Analytics Data Import upload. These runs name a target, not an assignment.
 */
export const TARGET_UPLOAD_SLUGS = {
  1: 'adobe-analytics-classifications',
  2: 'google-analytics-data-import',
} as const;

/** One deliverable slug. */
export type DeliverableSlug = (typeof DELIVERABLE_SLUGS)[number];

/**
 * Compiles only when every outbound slug of the registry is either deliverable (and so has its
 * deliverer, `DELIVERERS` in ./deliver/index.ts) or listed in UNDELIVERED_SLUGS: a new outbound
 * slug is a type error until it is one or the other.
 */
export type EveryOutboundSlugDecided = ExpectAll<
  CoversAll<OutboundIntegrationSlug, DeliverableSlug | (typeof UNDELIVERED_SLUGS)[number]>
>;

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
