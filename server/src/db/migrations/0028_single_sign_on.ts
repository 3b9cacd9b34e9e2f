import { type Kysely, sql } from 'kysely';

/**
 * Single sign-on (README "Single sign-on"; ARCHITECTURE.md, Single sign-on):
 * - `identity_providers`: an account's identity providers. The shared part is protocol-free (name,
 *   `protocol` oidc or saml, enabled, the email domains that route to it, just-in-time creation,
 *   the default role, the role and group mapping rules, whether the IdP bounds Nomen's session);
 *   each protocol keeps its own columns, prefixed by it: `oidc_issuer`, `oidc_client_id`,
 *   `oidc_client_secret` (AES-256-GCM ciphertext, server/src/security/secrets.ts), `oidc_scopes`.
 * - `sso_identities`: which user a provider's subject is, so a person is linked once and never
 *   duplicated; one subject per user and provider.
 * - `sso_states`: one row per started sign-in or test (state, nonce, PKCE verifier encrypted), bound
 *   to the browser that started it by the hash of an HttpOnly cookie's value, single use (`used_at`
 *   is kept, so a replay is recognised and logged in the right account), ten minutes at most. A
 *   test's outcome (claims or the refusal) is kept in `test_result` for the settings page to read.
 * - `accounts.sso_required` and `accounts.sso_break_glass_user_id`: "Require SSO" refuses password
 *   sign-in to everyone but the break-glass admin.
 * - `sessions.bound_expires_at`: a session from SSO never outlives what the IdP said.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('identity_providers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('protocol', 'text', (c) => c.notNull().check(sql`protocol in ('oidc', 'saml')`))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('email_domains', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('jit_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('default_role', 'text', (c) =>
      c.notNull().defaultTo('USER').check(sql`default_role in ('ADMIN', 'MANAGER', 'USER')`),
    )
    .addColumn('mapping_rules', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('bound_session_to_idp', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('oidc_issuer', 'text')
    .addColumn('oidc_client_id', 'text')
    .addColumn('oidc_client_secret', 'text')
    .addColumn('oidc_scopes', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index identity_providers_name_key on identity_providers (account_id, lower(name))`.execute(
    db,
  );

  await db.schema
    .createTable('sso_identities')
    .addColumn('provider_id', 'integer', (c) =>
      c.notNull().references('identity_providers.id').onDelete('cascade'),
    )
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_sign_in_at', 'timestamptz')
    .addPrimaryKeyConstraint('sso_identities_pkey', ['provider_id', 'subject'])
    .addUniqueConstraint('sso_identities_user_key', ['provider_id', 'user_id'])
    .execute();
  await db.schema.createIndex('sso_identities_user_idx').on('sso_identities').column('user_id').execute();

  await db.schema
    .createTable('sso_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('test_id', 'uuid', (c) => c.notNull().unique().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('provider_id', 'integer', (c) =>
      c.notNull().references('identity_providers.id').onDelete('cascade'),
    )
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('sign-in', 'test')`))
    .addColumn('nonce', 'text')
    .addColumn('code_verifier', 'text')
    .addColumn('test_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('test_result', 'jsonb')
    .addColumn('used_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sso_states_created_idx').on('sso_states').column('created_at').execute();

  await db.schema
    .alterTable('accounts')
    .addColumn('sso_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sso_break_glass_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('sessions').addColumn('bound_expires_at', 'timestamptz').execute();
}

/** Drops the single sign-on tables and columns. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('bound_expires_at').execute();
  await db.schema
    .alterTable('accounts')
    .dropColumn('sso_break_glass_user_id')
    .dropColumn('sso_required')
    .execute();
  await db.schema.dropTable('sso_states').execute();
  await db.schema.dropTable('sso_identities').execute();
  await db.schema.dropTable('identity_providers').execute();
}
