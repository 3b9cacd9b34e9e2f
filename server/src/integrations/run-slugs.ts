import {
  INBOUND_INTEGRATION_SLUGS,
  INTEGRATION_SLUGS,
  type InboundIntegrationSlug,
  type OutboundIntegrationSlug,
} from '@nomen/shared';

/**
 * The slugs that get runs (spec 03 §2), as the outbox and the run queries need them: a leaf
 * module (it imports only `@nomen/shared`), so that the integration runs' repository can read
 * them without importing the deliverers. The registry (./registry.ts) re-exports them and checks
 * its maps against them: DELIVERERS has exactly the deliverable slugs, PROVIDER_READERS exactly
 * the inbound slugs that are not file pulls.
 */

/**
 * The outbound slugs that get no run: the supplemental link types (spec 03 §2, §5 "Link-based
 * types"), whose links the template's link fields hold. Every other outbound slug is deliverable.
 */
export const UNDELIVERED_SLUGS = ['branch', 'kochava'] as const satisfies readonly OutboundIntegrationSlug[];

/** One deliverable slug: an outbound slug that is not in {@link UNDELIVERED_SLUGS}. */
export type DeliverableSlug = Exclude<OutboundIntegrationSlug, (typeof UNDELIVERED_SLUGS)[number]>;

/** Whether `slug` is one of {@link DELIVERABLE_SLUGS}. */
export function isDeliverableSlug(slug: string): slug is DeliverableSlug {
  const inbound: readonly string[] = INBOUND_INTEGRATION_SLUGS;
  const undelivered: readonly string[] = UNDELIVERED_SLUGS;
  return (
    (INTEGRATION_SLUGS as readonly string[]).includes(slug) &&
    !inbound.includes(slug) &&
    !undelivered.includes(slug)
  );
}

/**
 * The outbound slugs a run can deliver, in the registry's order (spec 03 §2): every outbound slug
 * but {@link UNDELIVERED_SLUGS}. Other outbound assignments get no run.
 */
export const DELIVERABLE_SLUGS: readonly DeliverableSlug[] = INTEGRATION_SLUGS.filter(isDeliverableSlug);

/**
 * The slug of an upload run to an analytics target, by the target's connector type id (spec 01
 * §3.1: 1 Adobe Analytics, 2 Google Analytics): an Adobe classification import or a Google
 * Analytics Data Import upload (jobs/target-upload.ts). These runs name a target, not an
 * assignment. The adobe-analytics and google-analytics-admin manifests declare the same pairs
 * (`targetUploads`); the registry checks that they agree.
 */
export const TARGET_UPLOAD_SLUGS = {
  1: 'adobe-analytics-classifications',
  2: 'google-analytics-data-import',
} as const;

/**
 * The inbound slugs without a provider reader: the file pulls, which read files from the
 * account's storage (spec 03 §2 sftp-pull, aws-s3-inbound; sftp/source.ts, storage/s3-source.ts).
 */
export const FILE_PULL_SLUGS = [
  'sftp-pull',
  'aws-s3-inbound',
] as const satisfies readonly InboundIntegrationSlug[];

/** One file-pull slug. */
export type FilePullSlug = (typeof FILE_PULL_SLUGS)[number];
