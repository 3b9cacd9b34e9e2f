import { type Kysely, sql } from 'kysely';

/**
 * Single sign-on through SAML 2.0 (README "Single sign-on"; ARCHITECTURE.md, Single sign-on):
 * - `identity_providers.saml_*`: the IdP's entity id (the assertion's Issuer must be it), its
 *   single sign-on URL (HTTP-Redirect binding), its signing certificates (base64 DER, one per
 *   element: an IdP rolling its key lists two), the metadata URL or XML they were read from, and
 *   whether the assertion itself must be signed (else a signed Response covering it suffices —
 *   something signed always covers the assertion).
 * - `saml_consumed_assertions`: every assertion id accepted, per provider, until the assertion
 *   expires: an assertion works once, across server instances. The AuthnRequest ids an
 *   SP-initiated sign-in waits for are the `sso_states` rows (migration 0028) keyed by the
 *   request id's hash, single use and expiring like an OpenID Connect state.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('identity_providers')
    .addColumn('saml_idp_entity_id', 'text')
    .addColumn('saml_sso_url', 'text')
    .addColumn('saml_certificates', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('saml_metadata_url', 'text')
    .addColumn('saml_metadata_xml', 'text')
    .addColumn('saml_want_assertions_signed', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable('saml_consumed_assertions')
    .addColumn('provider_id', 'integer', (c) =>
      c.notNull().references('identity_providers.id').onDelete('cascade'),
    )
    .addColumn('assertion_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('saml_consumed_assertions_pkey', ['provider_id', 'assertion_id'])
    .execute();
  await db.schema
    .createIndex('saml_consumed_assertions_expires_idx')
    .on('saml_consumed_assertions')
    .column('expires_at')
    .execute();
}

/** Drops the SAML columns and the consumed assertions. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('saml_consumed_assertions').execute();
  await db.schema
    .alterTable('identity_providers')
    .dropColumn('saml_want_assertions_signed')
    .dropColumn('saml_metadata_xml')
    .dropColumn('saml_metadata_url')
    .dropColumn('saml_certificates')
    .dropColumn('saml_sso_url')
    .dropColumn('saml_idp_entity_id')
    .execute();
}
