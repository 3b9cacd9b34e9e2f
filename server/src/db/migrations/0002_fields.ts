import { type Kysely, sql } from 'kysely';

/**
 * Field sets, fields (governed fields, patterns and their segments in one table), autonumber
 * counters, issued codes of unique patterns, and template fields (the link that lets a field
 * power a list).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('fieldsets')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('fieldsets_account_idx').on('fieldsets').column('account_id').execute();

  // A pattern is a field with is_pattern; its segments are fields whose segment_parent_field_id
  // names it (spec 02 §3); a field set's fields carry fieldset_id. Kind-specific settings sit
  // in `settings`.
  await db.schema
    .createTable('fields')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('fieldset_id', 'integer', (c) => c.references('fieldsets.id').onDelete('cascade'))
    .addColumn('segment_parent_field_id', 'integer', (c) => c.references('fields.id').onDelete('cascade'))
    .addColumn('is_pattern', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('governance_type', 'text')
    .addColumn('segment_type', 'text')
    .addColumn('precedence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('must_be_unique', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('fields_account_idx')
    .on('fields')
    .columns(['account_id', 'is_pattern'])
    .execute();
  await db.schema.createIndex('fields_fieldset_idx').on('fields').column('fieldset_id').execute();
  await db.schema.createIndex('fields_parent_idx').on('fields').column('segment_parent_field_id').execute();

  await db.schema
    .createTable('autonumber_counters')
    .addColumn('field_id', 'integer', (c) => c.primaryKey().references('fields.id').onDelete('cascade'))
    .addColumn('next_value', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('issued_codes')
    .addColumn('field_id', 'integer', (c) => c.notNull().references('fields.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('issued_codes_pk', ['field_id', 'code'])
    .execute();

  await db.schema
    .createTable('template_fields')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('field_id', 'integer', (c) => c.notNull().references('fields.id').onDelete('restrict'))
    .addColumn('precedence', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('template_fields_field_idx').on('template_fields').column('field_id').execute();

  await db.schema
    .alterTable('list_columns')
    .addForeignKeyConstraint(
      'list_columns_powered_field_fk',
      ['powered_template_field_id'],
      'template_fields',
      ['id'],
    )
    .onDelete('set null')
    .execute();
}

/** Drops everything `up` created. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('list_columns').dropConstraint('list_columns_powered_field_fk').execute();
  for (const table of ['template_fields', 'issued_codes', 'autonumber_counters', 'fields', 'fieldsets']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
