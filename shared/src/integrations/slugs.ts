/**
 * The integration slugs (spec 03 §2) as types: every per-slug table (the deliverers, the inbound
 * readers, the editor's logos and forms) is keyed by {@link IntegrationSlug}, so that a slug added
 * here without its table entries is a type error, not a run-time fallback. A leaf module: it
 * imports nothing, so that tables anywhere may import it.
 */

/**
 * Every slug of the registry, in the spec's order (spec 03 §2). The registry (registry.ts) has one
 * row per slug, and its rows take their slugs from this list.
 */
export const INTEGRATION_SLUGS = [
  'box-push',
  'box-push-general',
  'box-push-v2',
  's3-push',
  'azure-blob-push',
  'sftp-push',
  'sftp-pull',
  'google-cloud',
  'facebook-ads',
  'facebook-ads-update',
  'google-dcm',
  'google-dcm-output',
  'bitly',
  'email-output',
  'workfront-project-pull-task-trigger',
  'aws-s3-inbound',
  'qr-code-monkey',
  'adobe-inbound',
  'adobe-experience-manager-inbound',
  'adobe-experience-manager-outbound',
  'branch',
  'google-analytics',
  'google-ads-inbound',
  'amazon-ads-inbound',
  'snapchat-marketing-inbound',
  'snapchat-marketing-outbound',
  'pinterest-inbound',
  'pinterest-outbound',
  'facebook-marketing-inbound',
  'facebook-marketing-outbound',
  'google-cm360-inbound',
  'google-cm360-outbound',
  'tiktok-inbound',
  'tiktok-outbound',
  'snowflake-push',
  'google-dv360-inbound',
  'google-dv360-outbound',
  'salesforce-marketing-cloud-inbound',
  'salesforce-marketing-cloud-outbound',
  'kochava',
] as const;

/** One slug of the registry (spec 03 §2). */
export type IntegrationSlug = (typeof INTEGRATION_SLUGS)[number];

/**
 * The slugs whose rows are INPUT, listed in the Inbound list (spec 03 §2); the registry's test
 * checks that they are exactly its INPUT rows.
 */
export const INBOUND_INTEGRATION_SLUGS = [
  'sftp-pull',
  'google-dcm',
  'workfront-project-pull-task-trigger',
  'aws-s3-inbound',
  'adobe-inbound',
  'adobe-experience-manager-inbound',
  'google-analytics',
  'google-ads-inbound',
  'amazon-ads-inbound',
  'snapchat-marketing-inbound',
  'pinterest-inbound',
  'facebook-marketing-inbound',
  'google-cm360-inbound',
  'tiktok-inbound',
  'google-dv360-inbound',
  'salesforce-marketing-cloud-inbound',
] as const satisfies readonly IntegrationSlug[];

/** One inbound (INPUT) slug (spec 03 §2). */
export type InboundIntegrationSlug = (typeof INBOUND_INTEGRATION_SLUGS)[number];

/** One outbound slug: OUTPUT or SUPPLEMENTAL, listed in the Outbound list (spec 03 §2). */
export type OutboundIntegrationSlug = Exclude<IntegrationSlug, InboundIntegrationSlug>;

/**
 * `true` when `Listed` is every member of `All`; otherwise an object naming the missing ones. Used
 * through {@link ExpectAll} to check at compile time that a partial per-slug table plus the slugs
 * listed as having no entry cover every slug.
 */
export type CoversAll<All extends string, Listed extends All> = [Exclude<All, Listed>] extends [never]
  ? true
  : { missing: Exclude<All, Listed> };

/**
 * Compiles only when `T` is `true`: `export type X = ExpectAll<CoversAll<Slugs, Keys | None>>`
 * fails to compile, naming the missing slugs, when a slug is neither a key nor listed as none.
 */
export type ExpectAll<T extends true> = T;
