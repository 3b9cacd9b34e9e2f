import type {
  ConnectorCredentialFamily,
  ConnectorTypeSlug,
  CoversAll,
  ExpectAll,
  InboundIntegrationSlug,
  OutboundIntegrationSlug,
} from '@nomen/shared';
import type { Deliverer } from '../jobs/deliver/context';
import { adobeAnalyticsProvider } from './adobe-analytics/index';
import { aemProvider } from './aem/index';
import { amazonAdsProvider } from './amazon-ads/index';
import { bitlyProvider } from './bitly/index';
import { boxProvider } from './box/index';
import type { ClientBuilder } from './client-builder';
import { cm360Provider } from './cm360/index';
import type { ConnectionTest } from './connection-test/registry';
import { dv360Provider } from './dv360/index';
import { emailProvider } from './email/index';
import { googleAdsProvider } from './google-ads/index';
import { googleAnalyticsAdminProvider } from './google-analytics-admin/index';
import { googleAnalyticsDataProvider } from './google-analytics-data/index';
import { googleCloudStorageProvider } from './google-cloud-storage/index';
import { kochavaProvider } from './kochava/index';
import { marketingCloudProvider } from './marketing-cloud/index';
import { metaProvider } from './meta/index';
import { pinterestProvider } from './pinterest/index';
import type { IntegrationProvider, ProviderClientKind, ProviderReader } from './provider';
import { qrCodeMonkeyProvider } from './qr-code-monkey/index';
import {
  type DeliverableSlug,
  type FilePullSlug,
  isDeliverableSlug,
  type TARGET_UPLOAD_SLUGS,
  type UNDELIVERED_SLUGS,
} from './run-slugs';
import { sftpProvider } from './sftp/index';
import { snapchatProvider } from './snapchat/index';
import { snowflakeProvider } from './snowflake/index';
import { storageProvider } from './storage/index';
import { tiktokProvider } from './tiktok/index';
import { workfrontProvider } from './workfront/index';

/**
 * The integrations registry of the server (ARCHITECTURE.md "Integrations"; the slugs of spec 03
 * §2): every provider folder's manifest (`<provider>/index.ts`, an {@link IntegrationProvider}),
 * and the per-slug maps the jobs and routes use, built from them. Each map is checked against the
 * slug unions of `@nomen/shared`, so a registry slug that no manifest serves (and that is not
 * listed as having no run) is a type error here. Adding a provider: its folder, its manifest, one
 * line in {@link INTEGRATION_PROVIDERS}.
 */

/** Every provider folder's manifest. A slug, connector type or client kind is served by one only. */
export const INTEGRATION_PROVIDERS = [
  emailProvider,
  sftpProvider,
  storageProvider,
  googleCloudStorageProvider,
  boxProvider,
  snowflakeProvider,
  bitlyProvider,
  qrCodeMonkeyProvider,
  cm360Provider,
  dv360Provider,
  marketingCloudProvider,
  aemProvider,
  metaProvider,
  tiktokProvider,
  snapchatProvider,
  pinterestProvider,
  amazonAdsProvider,
  googleAdsProvider,
  googleAnalyticsDataProvider,
  googleAnalyticsAdminProvider,
  adobeAnalyticsProvider,
  workfrontProvider,
  kochavaProvider,
] as const satisfies readonly IntegrationProvider[];

/** The part of a manifest that the maps merge. */
type Part = 'deliverers' | 'readers' | 'connectionTests' | 'targetUploads' | 'clients';

/** `A | B` → `A & B`. */
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;

/** The entries of part `K` of every manifest of `Ps`, as one object type. */
type Merged<Ps extends readonly IntegrationProvider[], K extends Part> = UnionToIntersection<
  Ps[number] extends infer P ? (P extends { readonly [Q in K]: infer V } ? V : never) : never
>;

/**
 * Part `part` of every manifest of `providers` as one object (keys in the manifests' order).
 * Throws at start-up when two manifests serve the same key, so that no slug is served twice.
 */
export function mergeManifests<const Ps extends readonly IntegrationProvider[], K extends Part>(
  providers: Ps,
  part: K,
): Merged<Ps, K> {
  const out: Record<string, unknown> = {};
  for (const provider of providers) {
    for (const [key, value] of Object.entries(provider[part] ?? {})) {
      if (Object.hasOwn(out, key))
        throw new Error(
          `Integrations registry: ${part} "${key}" is served twice (again by ${provider.name})`,
        );
      out[key] = value;
    }
  }
  return out as Merged<Ps, K>;
}

// ---- Outbound (spec 03 §2 OUTPUT and SUPPLEMENTAL rows)

export {
  DELIVERABLE_SLUGS,
  type DeliverableSlug,
  FILE_PULL_SLUGS,
  type FilePullSlug,
  isDeliverableSlug,
  TARGET_UPLOAD_SLUGS,
  UNDELIVERED_SLUGS,
} from './run-slugs';

/**
 * The deliverer of each deliverable slug (spec 03 §2; run-integration.ts), from the manifests'
 * `deliverers`. The `satisfies` makes a deliverable slug without its deliverer a type error.
 */
export const DELIVERERS = mergeManifests(INTEGRATION_PROVIDERS, 'deliverers') satisfies Record<
  DeliverableSlug,
  Deliverer
>;

/**
 * Compiles only when every outbound slug of the registry is deliverable (with its deliverer in
 * {@link DELIVERERS}) or listed in UNDELIVERED_SLUGS, and no manifest delivers an undelivered slug.
 */
export type EveryOutboundSlugDecided = ExpectAll<
  CoversAll<OutboundIntegrationSlug, keyof typeof DELIVERERS | (typeof UNDELIVERED_SLUGS)[number]>
>;
/** Compiles only when DELIVERERS has no key besides the deliverable slugs. */
export type OnlyDeliverableSlugsDelivered = ExpectAll<CoversAll<DeliverableSlug, keyof typeof DELIVERERS>>;

/** The deliverer of `slug`, or undefined when Nomen does not deliver it. */
export function delivererOf(slug: string): Deliverer | undefined {
  return isDeliverableSlug(slug) ? DELIVERERS[slug] : undefined;
}

/**
 * The target upload slugs the manifests declare (`targetUploads`, by the target's connector type
 * id; spec 01 §3.1): the same pairs as TARGET_UPLOAD_SLUGS (./run-slugs.ts, which the outbox
 * query reads), which the `satisfies` and {@link TargetUploadsAgree} check.
 */
export const TARGET_UPLOADS = mergeManifests(
  INTEGRATION_PROVIDERS,
  'targetUploads',
) satisfies typeof TARGET_UPLOAD_SLUGS;

/** Compiles only when the manifests declare no target upload besides TARGET_UPLOAD_SLUGS's. */
export type TargetUploadsAgree = ExpectAll<
  [Exclude<keyof typeof TARGET_UPLOADS, keyof typeof TARGET_UPLOAD_SLUGS>] extends [never] ? true : false
>;

// ---- Inbound (spec 03 §2 INPUT rows)

/**
 * The reader of each inbound slug but the file pulls (spec 03 §3; run-inbound.ts), from the
 * manifests' `readers`. The `satisfies` makes an inbound slug without its reader a type error.
 * With pull_performance_metrics, the readers that report delivery metrics add them
 * (jobs/inbound/ad-readers/metrics.ts), some through an asynchronous report waited for within the
 * run (CM360 Reports, Bid Manager queries, Amazon Ads Reporting v3).
 */
export const PROVIDER_READERS = mergeManifests(INTEGRATION_PROVIDERS, 'readers') satisfies Record<
  Exclude<InboundIntegrationSlug, FilePullSlug>,
  ProviderReader
>;

/** Compiles only when every inbound slug has its reader or is a file pull, and no file pull has a reader. */
export type EveryInboundSlugDecided = ExpectAll<
  CoversAll<InboundIntegrationSlug, keyof typeof PROVIDER_READERS | FilePullSlug>
>;
/** Compiles only when PROVIDER_READERS has no key besides the inbound slugs that are not file pulls. */
export type OnlyProviderSlugsRead = ExpectAll<
  CoversAll<Exclude<InboundIntegrationSlug, FilePullSlug>, keyof typeof PROVIDER_READERS>
>;

/**
 * The readers of the ad-platform and Marketing Cloud inbounds (spec 03 §3 "Data types per
 * connector", filters): a part of {@link PROVIDER_READERS}, from those providers' manifests.
 */
export const AD_PLATFORM_READERS = mergeManifests(
  [
    metaProvider,
    tiktokProvider,
    snapchatProvider,
    pinterestProvider,
    amazonAdsProvider,
    googleAdsProvider,
    marketingCloudProvider,
  ],
  'readers',
) satisfies Partial<Record<InboundIntegrationSlug, ProviderReader>>;

/** The reader of `slug`, or undefined for file pulls (sftp-pull, aws-s3-inbound) and other slugs. */
export function providerReaderOf(slug: string): ProviderReader | undefined {
  return Object.hasOwn(PROVIDER_READERS, slug)
    ? PROVIDER_READERS[slug as keyof typeof PROVIDER_READERS]
    : undefined;
}

// ---- Connected accounts (spec 01 §3.1 connector types, §8 "Test connection")

/**
 * The "Test connection" of each connector type slug or credential family that has one, from the
 * manifests' `connectionTests` (a slug's test wins over its family's; connection-test/index.ts).
 * Partial: accounts without one fall back to their OAuth userinfo ("who am I").
 */
export const CONNECTION_TESTS = mergeManifests(INTEGRATION_PROVIDERS, 'connectionTests') satisfies Partial<
  Record<ConnectorTypeSlug | ConnectorCredentialFamily, ConnectionTest>
>;

/**
 * The client builder of each provider client kind, from the manifests' `clients`
 * (entities/targets/provider-clients.ts `providerClientOf`): each takes a connected account
 * already read and returns that provider's typed client (or client and settings).
 */
export const PROVIDER_CLIENTS = mergeManifests(INTEGRATION_PROVIDERS, 'clients') satisfies Record<
  ProviderClientKind,
  ClientBuilder
>;

/** Compiles only when PROVIDER_CLIENTS has no key besides the declared client kinds. */
export type OnlyDeclaredClientKinds = ExpectAll<CoversAll<ProviderClientKind, keyof typeof PROVIDER_CLIENTS>>;
