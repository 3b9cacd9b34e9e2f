import type { InboundIntegrationSlug } from '@nomen/shared';
import { AD_PLATFORM_READERS, type AdReader } from './ad-platform-sources';
import { readAdobeDimension, readGoogleAnalytics } from './analytics-sources';
import { readAemContent, readWorkfrontProjects } from './content-sources';
import { readCm360Objects, readDv360Objects } from './google-sources';

/**
 * A provider reader of an inbound pull (issue 12 item 5): reads what the assignment chose from its
 * connected account as a table plus each row's key and version; throws InboundError.
 */
export type ProviderReader = AdReader;

/**
 * The readers of the provider inbounds by slug: the ad platforms' and Marketing Cloud's
 * (ad-platform-sources.ts) and the Google ad servers', analytics' and content providers'. Each run
 * of these slugs reads through its reader and imports the new or changed rows (run-inbound.ts).
 * With pull_performance_metrics, the Google ad servers' readers ask for an asynchronous delivery
 * report and wait for it within the run (CM360 Reports, Bid Manager queries).
 */
export const PROVIDER_READERS = {
  ...AD_PLATFORM_READERS,
  'google-dcm': readCm360Objects,
  'google-cm360-inbound': readCm360Objects,
  'google-dv360-inbound': readDv360Objects,
  'google-analytics': readGoogleAnalytics,
  'adobe-inbound': readAdobeDimension,
  'adobe-experience-manager-inbound': readAemContent,
  'workfront-project-pull-task-trigger': readWorkfrontProjects,
} as const satisfies Record<Exclude<InboundIntegrationSlug, FilePullSlug>, ProviderReader>;

/**
 * The inbound slugs without a provider reader: the file pulls, which read files from the
 * account's storage (spec 03 §2 sftp-pull, aws-s3-inbound). With PROVIDER_READERS's keys, every
 * inbound slug (PROVIDER_READERS `satisfies` a record of all the others).
 */
export const FILE_PULL_SLUGS = [
  'sftp-pull',
  'aws-s3-inbound',
] as const satisfies readonly InboundIntegrationSlug[];

/** One file-pull slug. */
export type FilePullSlug = (typeof FILE_PULL_SLUGS)[number];

/** The reader of `slug`, or undefined for file pulls (sftp-pull, aws-s3-inbound). */
export function providerReaderOf(slug: string): ProviderReader | undefined {
  const readers: Readonly<Record<string, ProviderReader>> = PROVIDER_READERS;
  return Object.hasOwn(readers, slug) ? readers[slug] : undefined;
}
