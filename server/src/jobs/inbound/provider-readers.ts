import type { IntegrationAssignment } from '@nomen/shared';
import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import type { AdObjectsRead } from './ad-platform-sources';
import { readAdobeDimension, readGoogleAnalytics } from './analytics-sources';
import { readAemAssets, readWorkfrontProjects } from './content-sources';
import { readCm360Objects, readDv360Objects } from './google-sources';

/**
 * A provider reader of an inbound pull (issue 12 item 5): reads what the assignment chose from its
 * connected account as a table plus each row's key and version; throws InboundError.
 */
export type ProviderReader = (
  deps: ConnectorDeps,
  connector: ReadConnector,
  assignment: IntegrationAssignment,
) => Promise<AdObjectsRead>;

/**
 * The readers of the provider inbounds by slug (besides facebook-marketing-inbound's): each run
 * of these slugs reads through its reader and imports the new or changed rows (run-inbound.ts).
 */
export const PROVIDER_READERS: Readonly<Record<string, ProviderReader>> = {
  'google-dcm': readCm360Objects,
  'google-cm360-inbound': readCm360Objects,
  'google-dv360-inbound': readDv360Objects,
  'google-analytics': readGoogleAnalytics,
  'adobe-inbound': readAdobeDimension,
  'adobe-experience-manager-inbound': readAemAssets,
  'workfront-project-pull-task-trigger': readWorkfrontProjects,
};
