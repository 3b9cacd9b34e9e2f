import type { FeatureFlag } from '@nomen/shared';

/**
 * The name each feature flag goes by on the settings screen (issue 8 item 24: people read a
 * label and its description, not the slug), in the spec's words where it names the flag (spec
 * README, "Feature flags: the slugs Nomen uses"). One row per slug, so a new flag is a new row.
 */
export const FEATURE_FLAG_LABELS: Readonly<Record<FeatureFlag, string>> = {
  'live-collaboration': 'Live collaboration',
  'user-activity-log': 'User activity log',
  'datasets-page': 'Datasets wording',
  'lists-as-datasets': 'Lists as datasets',
  'show-inactive-connectors': 'Show inactive connector types',
  'gcs-projectid': 'Google Cloud Storage project id',
  'aem-proxy-url': 'AEM proxy URL',
  'oauth-adobe-connector': 'OAuth Adobe connector',
  'use-aimia-for-sftp-push': 'SFTP secret-key authentication',
  'require-uniqueness': 'Require uniqueness',
  'unlocked-pattern': 'Unlocked patterns',
  'global-report': 'Global report',
  approval: 'Template approval',
  'manager-approvals': 'Manager approvals',
  'creative-classification': 'Creative classification',
  'image-preview': 'Image preview',
  'auto-submit': 'Auto-submit',
  'text-selection-outbound': 'Text-selection outbound',
  'text-selection-outbound-email': 'Text-selection outbound email',
  'row-properties-outbound': 'Row-properties outbound',
  'ads-sync-service': 'Ads sync service',
  'integration-notifications': 'Integration notifications',
  'url-name-encoding-option': 'URL name encoding option',
  'allow-redirect-links': 'Redirect links',
  'disable-link-validations': 'Disable link validations',
  'dynamic-aem-folder-filters': 'Dynamic AEM folder filters',
};
