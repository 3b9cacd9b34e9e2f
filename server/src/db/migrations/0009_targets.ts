import { type Kysely, sql } from 'kysely';

/**
 * Targets (issue 10 item 6; spec 01 §2.4, §2.5, §3.1): `targets` holds each analytics destination
 * with its Adobe part (report suite = realm, report, the report's classification names as Adobe
 * answered them when it was chosen, confirmation email) or its Google part (account, property,
 * custom data source and its schema text); `multi_targets` the other report suites and reports an
 * Adobe target feeds; `target_fields` which field feeds which classification. A deleted connected
 * account leaves its targets without one (they must choose another); a deleted field drops its
 * mappings. Every table carries account_id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('targets')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('nickname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('connector_type_id', 'integer', (c) => c.notNull().check(sql`connector_type_id in (1, 2)`))
    .addColumn('connector_id', 'integer', (c) => c.references('connectors.id').onDelete('set null'))
    .addColumn('remote_realm_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('realm_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('remote_target_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('remote_target_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('classifications_names', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('use_aa_confirmation_email', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('aa_confirmation_email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ga_account_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ga_property_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ga_custom_data_source_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ga_custom_data_source_schema', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('targets_account_idx').on('targets').column('account_id').execute();
  await db.schema.createIndex('targets_connector_idx').on('targets').column('connector_id').execute();

  await db.schema
    .createTable('multi_targets')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('target_id', 'integer', (c) => c.notNull().references('targets.id').onDelete('cascade'))
    .addColumn('remote_realm_id', 'text', (c) => c.notNull())
    .addColumn('remote_realm_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('remote_target_id', 'text', (c) => c.notNull())
    .addColumn('remote_target_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('classifications_names', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('active').check(sql`status in ('active', 'inactive')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('multi_targets_report_key', ['target_id', 'remote_realm_id', 'remote_target_id'])
    .execute();

  await db.schema
    .createTable('target_fields')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('target_id', 'integer', (c) => c.notNull().references('targets.id').onDelete('cascade'))
    .addColumn('field_id', 'integer', (c) => c.notNull().references('fields.id').onDelete('cascade'))
    .addColumn('classification_name', 'text', (c) => c.notNull())
    .execute();
  await sql`create unique index target_fields_classification_key on target_fields (target_id, lower(classification_name))`.execute(
    db,
  );
  await db.schema.createIndex('target_fields_field_idx').on('target_fields').column('field_id').execute();
}

/** Drops the target tables. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('target_fields').execute();
  await db.schema.dropTable('multi_targets').execute();
  await db.schema.dropTable('targets').execute();
}
