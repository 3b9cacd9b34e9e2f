import type {
  ConnectorCredentialFamily,
  ConnectorTypeSlug,
  InboundIntegrationSlug,
  OutboundIntegrationSlug,
} from '@nomen/shared';
import type { Deliverer } from '../jobs/deliver/context';
import type { AdReader } from '../jobs/inbound/ad-readers/types';
import type { ClientBuilder } from './client-builder';
import type { ConnectionTest } from './connection-test/registry';

/**
 * What one provider folder serves (ARCHITECTURE.md "Integrations"; the slugs of spec 03 §2, the
 * connector types of spec 01 §3.1): the manifest each `server/src/integrations/<provider>/index.ts`
 * exports. `registry.ts` lists the manifests and builds the server's per-slug maps from them
 * (DELIVERERS, PROVIDER_READERS, TARGET_UPLOAD_SLUGS, the connection tests, PROVIDER_CLIENTS); those
 * maps are checked against the slug unions of `@nomen/shared`, so a slug that no manifest serves
 * is a type error there. A leaf of types: it imports only types.
 */
export interface IntegrationProvider {
  /** The folder's name, for messages and the README: `cm360`, `sftp`. */
  readonly name: string;
  /** The deliverer of each outbound slug it delivers (spec 03 §2 OUTPUT rows; run-integration.ts). */
  readonly deliverers?: { readonly [S in OutboundIntegrationSlug]?: Deliverer };
  /** The reader of each inbound slug it pulls (spec 03 §2 INPUT rows; run-inbound.ts). */
  readonly readers?: { readonly [S in InboundIntegrationSlug]?: ProviderReader };
  /**
   * The "Test connection" of each connector type slug, or whole credential family, it answers
   * (spec 01 §8; a slug's test wins over its family's).
   */
  readonly connectionTests?: {
    readonly [K in ConnectorTypeSlug | ConnectorCredentialFamily]?: ConnectionTest;
  };
  /**
   * The slug of an upload run to an analytics target, by the target's connector type id (spec 01
   * §3.1: 1 Adobe Analytics, 2 Google Analytics).
   */
  readonly targetUploads?: Readonly<Record<number, string>>;
  /** The builder of each client it has, by client kind (`providerClientOf(kind, …)`). */
  readonly clients?: { readonly [K in ProviderClientKind]?: ClientBuilder };
}

/**
 * A kind of provider client that `providerClientOf` builds (entities/targets/provider-clients.ts):
 * one per REST client a connected account opens; Google Analytics accounts open two.
 */
export type ProviderClientKind =
  | 'adobe-analytics'
  | 'ga-admin'
  | 'ga-data'
  | 'meta'
  | 'bitly'
  | 'kochava'
  | 'workfront'
  | 'aem'
  | 'cm360'
  | 'dv360'
  | 'tiktok'
  | 'snapchat'
  | 'pinterest'
  | 'amazon-ads'
  | 'google-ads'
  | 'marketing-cloud';

/**
 * A provider reader of an inbound pull (spec 03 §3 data types and filters): reads what the
 * assignment chose from its connected account as a table plus each row's key and version; throws
 * InboundError.
 */
export type ProviderReader = AdReader;

/**
 * Checks a manifest against {@link IntegrationProvider} and answers it with its literal type, so
 * that the registry's maps keep each slug's and client kind's own type.
 */
export function integrationProvider<const P extends IntegrationProvider>(provider: P): P {
  return provider;
}
