import {
  CONNECTOR_TYPE_SLUGS,
  INBOUND_INTEGRATION_SLUGS,
  INTEGRATION_SLUGS,
  type IntegrationSlug,
} from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import type { Deliverer } from '../jobs/deliver/context';
import { emailProvider } from './email/index';
import { integrationProvider } from './provider';
import {
  CONNECTION_TESTS,
  DELIVERABLE_SLUGS,
  DELIVERERS,
  type DeliverableSlug,
  FILE_PULL_SLUGS,
  INTEGRATION_PROVIDERS,
  mergeManifests,
  PROVIDER_CLIENTS,
  PROVIDER_READERS,
  TARGET_UPLOAD_SLUGS,
  TARGET_UPLOADS,
  UNDELIVERED_SLUGS,
} from './registry';
import { tiktokProvider } from './tiktok/index';

/**
 * The registry of the provider folders (ARCHITECTURE.md "Integrations"; spec 03 §2 slugs): the maps
 * built from the manifests cover the slug unions, and a manifest list that leaves a slug out does
 * not compile (`tsc -b` type-checks this file, so each `@ts-expect-error` below fails the typecheck
 * if the table it marks ever compiles).
 */

describe('the integrations registry', () => {
  it('delivers every outbound slug but the link types, each by one manifest', () => {
    const outbound = INTEGRATION_SLUGS.filter(
      (s) => !(INBOUND_INTEGRATION_SLUGS as readonly string[]).includes(s),
    );
    expect(Object.keys(DELIVERERS).sort()).toEqual([...DELIVERABLE_SLUGS].sort());
    expect([...DELIVERABLE_SLUGS, ...UNDELIVERED_SLUGS].sort()).toEqual([...outbound].sort());
    expect(DELIVERERS['box-push']).toBe(DELIVERERS['box-push-general']);
  });

  it('reads every inbound slug but the file pulls', () => {
    expect([...Object.keys(PROVIDER_READERS), ...FILE_PULL_SLUGS].sort()).toEqual(
      [...INBOUND_INTEGRATION_SLUGS].sort(),
    );
  });

  it('has the connection tests, target uploads and client kinds the manifests declare', () => {
    expect(Object.keys(CONNECTION_TESTS).sort()).toEqual(
      [
        'sftp',
        's3',
        'azure-blob',
        'bitly',
        'facebook',
        'facebook-marketing',
        'adobe-analytics',
        'workfront',
        'kochava',
        'aem',
      ].sort(),
    );
    for (const key of Object.keys(CONNECTION_TESTS))
      expect([...CONNECTOR_TYPE_SLUGS, 'sftp'] as string[]).toContain(key);
    expect(TARGET_UPLOADS).toEqual(TARGET_UPLOAD_SLUGS);
    expect(Object.keys(PROVIDER_CLIENTS).sort()).toEqual(
      [
        'adobe-analytics',
        'aem',
        'amazon-ads',
        'bitly',
        'cm360',
        'dv360',
        'ga-admin',
        'ga-data',
        'google-ads',
        'kochava',
        'marketing-cloud',
        'meta',
        'pinterest',
        'snapchat',
        'tiktok',
        'workfront',
      ].sort(),
    );
    expect(new Set(INTEGRATION_PROVIDERS.map((p) => p.name)).size).toBe(INTEGRATION_PROVIDERS.length);
  });

  it('refuses a slug that two manifests serve', () => {
    const again = integrationProvider({ name: 'again', deliverers: { 'email-output': async () => [] } });
    expect(() => mergeManifests([emailProvider, again], 'deliverers')).toThrow(
      'Integrations registry: deliverers "email-output" is served twice (again by again)',
    );
  });

  it('makes a manifest list without a deliverable slug a type error', () => {
    const withoutEmail = mergeManifests([tiktokProvider], 'deliverers');
    // @ts-expect-error email-output and the other deliverable slugs have no deliverer here.
    const checked = withoutEmail satisfies Record<DeliverableSlug, Deliverer>;
    // @ts-expect-error the registry's slugs are the registry's: a manifest serves no made-up slug.
    integrationProvider({ name: 'made-up', deliverers: { 'made-up-push': checked['tiktok-outbound'] } });
    const slug: IntegrationSlug = 'tiktok-outbound';
    expect(Object.keys(checked)).toEqual([slug]);
  });
});
