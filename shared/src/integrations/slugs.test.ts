import { describe, expect, it } from 'vitest';
import { CONNECTOR_TYPE_SLUGS, type ConnectorTypeSlug } from '../connectors/connector-type-slugs';
import { CONNECTOR_TYPES } from '../connectors/connector-types';
import { INTEGRATION_DEFINITIONS } from './registry';
import {
  type CoversAll,
  type ExpectAll,
  INBOUND_INTEGRATION_SLUGS,
  INTEGRATION_SLUGS,
  type IntegrationSlug,
  type OutboundIntegrationSlug,
} from './slugs';

/**
 * The slug unions (slugs.ts, connector-type-slugs.ts) against the registry and the catalogue, and
 * the compile-time checks of the per-slug tables: `tsc -b` type-checks this file, so each
 * `@ts-expect-error` below fails the typecheck if the table it marks ever compiles.
 */

/** A per-slug table as the server and the editor write them, with every slug. */
const EVERY_SLUG = Object.fromEntries(INTEGRATION_SLUGS.map((s) => [s, s.length])) as Record<
  IntegrationSlug,
  number
>;

describe('integration slugs', () => {
  it('lists the registry rows, in their order, and the INPUT rows as the inbound ones', () => {
    expect(INTEGRATION_DEFINITIONS.map((d) => d.slug)).toEqual([...INTEGRATION_SLUGS]);
    expect(INTEGRATION_DEFINITIONS.filter((d) => d.direction === 'INPUT').map((d) => d.slug)).toEqual([
      ...INBOUND_INTEGRATION_SLUGS,
    ]);
  });

  it('lists the connector type catalogue, in its order', () => {
    expect(CONNECTOR_TYPES.map((t) => t.slug)).toEqual([...CONNECTOR_TYPE_SLUGS]);
  });

  it('makes a table without one of the slugs a type error', () => {
    const { kochava: _left, ...withoutKochava } = EVERY_SLUG;
    // @ts-expect-error kochava is missing: a table keyed by the union needs every slug.
    const table: Record<IntegrationSlug, number> = withoutKochava;
    // @ts-expect-error the same with `satisfies`, as DELIVERERS and PROVIDER_READERS are checked.
    const checked = { ...withoutKochava } satisfies Record<IntegrationSlug, number>;
    expect(Object.keys(table)).toHaveLength(INTEGRATION_SLUGS.length - 1);
    expect(checked).toEqual(table);
  });

  it('makes a partial table whose list of slugs without an entry forgets one a type error', () => {
    type Listed = 'email-output' | 'sftp-push';
    // @ts-expect-error the outbound slugs other than these two are neither keys nor listed.
    type Undecided = ExpectAll<CoversAll<OutboundIntegrationSlug, Listed>>;
    type Decided = ExpectAll<CoversAll<ConnectorTypeSlug, ConnectorTypeSlug>>;
    const decided: Decided = true;
    const undecided: Undecided | undefined = undefined;
    expect([decided, undecided]).toEqual([true, undefined]);
  });
});
