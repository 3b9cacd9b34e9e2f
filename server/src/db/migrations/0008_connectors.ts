import { type Kysely, sql } from 'kysely';

/**
 * Connected accounts (issue 10, spec 01 §2.3, §3.1, §3.2): `connectors` holds each account's
 * type, name and description, its clear metadata (jsonb) and its secrets encrypted one by one
 * (jsonb of key → AES-256-GCM ciphertext, server/src/security/secrets.ts), and the OAuth token set
 * encrypted as one ciphertext beside the clear facts the drawer shows (connected at, expires at,
 * scope). `connector_custom_fields` are the custom fields per account; `oauth_states` the pending
 * authorisations, each bound to the session that started it and short-lived. Every table carries
 * account_id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('connectors')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('connector_type_id', 'integer', (c) => c.notNull().check(sql`connector_type_id > 0`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('secrets', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('oauth_tokens', 'text')
    .addColumn('oauth_connected_at', 'timestamptz')
    .addColumn('oauth_expires_at', 'timestamptz')
    .addColumn('oauth_scope', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('connectors_account_idx').on('connectors').column('account_id').execute();

  await db.schema
    .createTable('connector_custom_fields')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('connector_id', 'integer', (c) => c.notNull().references('connectors.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`create unique index connector_custom_fields_name_key on connector_custom_fields (connector_id, lower(name))`.execute(
    db,
  );

  await db.schema
    .createTable('oauth_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('connector_id', 'integer', (c) => c.references('connectors.id').onDelete('cascade'))
    .addColumn('connector_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('connector_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('code_verifier', 'text')
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

/** Drops the connected-account tables. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('oauth_states').execute();
  await db.schema.dropTable('connector_custom_fields').execute();
  await db.schema.dropTable('connectors').execute();
}
