/**
 * Feature flags each account carries, off unless the seed or an admin turns them on.
 * Slugs and meanings are listed in spec README ("Feature flags: the slugs Nomen uses").
 */
export const FEATURE_FLAGS = [
  'live-collaboration',
  'user-activity-log',
  'datasets-page',
  'lists-as-datasets',
  'show-inactive-connectors',
  'gcs-projectid',
  'aem-proxy-url',
  'oauth-adobe-connector',
  'use-aimia-for-sftp-push',
  'require-uniqueness',
  'unlocked-pattern',
  'global-report',
  'approval',
  'manager-approvals',
  'creative-classification',
  'image-preview',
  'auto-submit',
  'text-selection-outbound',
  'text-selection-outbound-email',
  'row-properties-outbound',
  'ads-sync-service',
  'integration-notifications',
  'url-name-encoding-option',
  'allow-redirect-links',
  'disable-link-validations',
  'dynamic-aem-folder-filters',
] as const;

/** One feature-flag slug. */
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

/** Human-readable descriptions shown on the settings screen, keyed by slug (spec README). */
export const FEATURE_FLAG_DESCRIPTIONS: Record<FeatureFlag, string> = {
  'live-collaboration': 'List comments, suggestions, review and locks',
  'user-activity-log': 'User activity log page',
  'datasets-page': 'Say "dataset" instead of "template"',
  'lists-as-datasets': 'Link-to-template button on lists',
  'show-inactive-connectors': 'Offer inactive connector types',
  'gcs-projectid': 'Project id with a Google Cloud Storage key file',
  'aem-proxy-url': 'Proxy URL on content-manager accounts',
  'oauth-adobe-connector': 'OAuth sign-in for Adobe accounts',
  'use-aimia-for-sftp-push': 'Secret-key authentication on SFTP accounts',
  'require-uniqueness': 'Require unique values on patterns and template fields',
  'unlocked-pattern': 'Unlocked-pattern option in the pattern builder',
  'global-report': 'Global report section',
  approval: 'Template approval',
  'manager-approvals': 'Managers may be approvers',
  'creative-classification': 'AI content comprehension and classification fields',
  'image-preview': '"Use as preview image URL" toggle',
  'auto-submit': 'Auto-submit toggle on templates',
  'text-selection-outbound': 'Text-selection outbound integrations',
  'text-selection-outbound-email': 'Email variant of text-selection outbound integrations',
  'row-properties-outbound': 'Row-properties outbound integrations',
  'ads-sync-service': 'Ad-platform and CM360 syncs through the sync service',
  'integration-notifications': 'Failure email for storage and database pushes',
  'url-name-encoding-option': 'URL name encoding on link parameters',
  'allow-redirect-links': 'Redirect URLs on link governance',
  'disable-link-validations': 'Hide the link validations section',
  'dynamic-aem-folder-filters': 'Dynamic folder filters on AEM integrations',
};
