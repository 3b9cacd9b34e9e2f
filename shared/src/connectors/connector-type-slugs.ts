/**
 * Every connector type slug of the catalogue (spec 01 §3.1), in the catalogue's order: the keys of
 * `CONNECTOR_TYPES` (connector-types.ts, whose rows take their slugs from this list) and of every
 * table that has an entry per connector type. A leaf module: tables anywhere may import it.
 */
export const CONNECTOR_TYPE_SLUGS = [
  'adobe-analytics',
  'ga',
  's3',
  'azure-blob',
  'google-cloud-storage',
  'sftp',
  'box',
  'bitly',
  'google-ads',
  'google-dcm',
  'google-cm360',
  'facebook',
  'facebook-marketing',
  'google-dv360',
  'amazon-ads',
  'pinterest',
  'snapchat',
  'tiktok',
  'salesforce',
  'salesforce-marketing-cloud',
  'snowflake',
  'aem',
  'workfront',
  'branch',
  'kochava',
  'qr-code-monkey',
] as const;

/** One connector type slug (spec 01 §3.1). */
export type ConnectorTypeSlug = (typeof CONNECTOR_TYPE_SLUGS)[number];
