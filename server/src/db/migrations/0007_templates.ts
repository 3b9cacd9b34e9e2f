import { type Kysely, sql } from 'kysely';

/**
 * The rest of a template (spec 03 §3, issue 9): template settings, submission status recipients,
 * creative classification config and the rollup dataset on `templates`; the template field
 * attributes on `template_fields`; the template's field sets, approvers, link parameters, link
 * validations, integration assignments (metadata as jsonb) with their notifications, and template
 * logs (the slow part of a save, spec 03 §4). Every table carries account_id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('templates')
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('submission_status_recipients', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('is_creative_classification_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('creative_configuration', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // Datasets arrive with a later issue: no foreign key yet.
    .addColumn('rollup_dataset_id', 'integer', (c) => c.check(sql`rollup_dataset_id > 0`))
    .execute();

  // Kind-specific settings (list, autofill, date, validation, transformation, concatenation,
  // segments, link governance) sit in `settings`; the flags the list page and queries read are columns.
  await db.schema
    .alterTable('template_fields')
    .addColumn('governance_type', 'text')
    .addColumn('required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('visible_on_form', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('default_value', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('apply_default_value_to_empty_values', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('must_be_unique', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_preview_url', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('generates_creative_classification', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('classification_parameter_type', 'text')
    .addColumn('constant_value', 'text')
    .addColumn('max_length', 'integer', (c) => c.check(sql`max_length between 1 and 10000`))
    .addColumn('min_length', 'integer', (c) => c.check(sql`min_length between 0 and 10000`))
    .addColumn('color', 'text')
    .addColumn('pattern_updated_at', 'timestamptz')
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await sql`alter table template_fields add constraint template_fields_precedence_check check (precedence >= 0)`.execute(
    db,
  );
  await db.schema
    .createIndex('template_fields_template_idx')
    .on('template_fields')
    .column('template_id')
    .execute();

  await db.schema
    .createTable('template_fieldsets')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('fieldset_id', 'integer', (c) => c.notNull().references('fieldsets.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('template_fieldsets_pk', ['template_id', 'fieldset_id'])
    .execute();
  await db.schema
    .createIndex('template_fieldsets_fieldset_idx')
    .on('template_fieldsets')
    .column('fieldset_id')
    .execute();

  await db.schema
    .createTable('template_approvers')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('template_approvers_pk', ['template_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('template_approvers_user_idx')
    .on('template_approvers')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('template_link_parameters')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('field_id', 'integer', (c) => c.references('fields.id').onDelete('set null'))
    .addColumn('template_field_id', 'integer', (c) => c.references('template_fields.id').onDelete('cascade'))
    .addColumn('precedence', 'integer', (c) => c.notNull().defaultTo(0).check(sql`precedence >= 0`))
    .addColumn('url_encoding', 'text', (c) => c.notNull().check(sql`url_encoding in ('standard', 'dynamic')`))
    .addColumn('url_name_encoding', 'text', (c) =>
      c.notNull().check(sql`url_name_encoding in ('encoded', 'not_encoded')`),
    )
    .addColumn('fieldset_ids', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'::integer[]`))
    .addColumn('transform', 'text', (c) => c.notNull().defaultTo('none'))
    .execute();
  await db.schema
    .createIndex('template_link_parameters_template_idx')
    .on('template_link_parameters')
    .column('template_id')
    .execute();

  await db.schema
    .createTable('template_link_validations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('uuid', 'text', (c) => c.notNull())
    .addColumn('options', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('precedence', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('template_link_validations_template_idx')
    .on('template_link_validations')
    .column('template_id')
    .execute();

  // connector_id names a connected account; the connectors table arrives with another issue.
  await db.schema
    .createTable('integration_assignments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('integration_type', 'text', (c) =>
      c.notNull().check(sql`integration_type in ('INPUT', 'OUTPUT', 'SUPPLEMENTAL')`),
    )
    .addColumn('integration_id', 'integer', (c) => c.check(sql`integration_id > 0`))
    .addColumn('connector_id', 'integer', (c) => c.check(sql`connector_id > 0`))
    .addColumn('connector_type_id', 'integer', (c) => c.check(sql`connector_type_id > 0`))
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('precedence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('integration_assignments_template_idx')
    .on('integration_assignments')
    .column('template_id')
    .execute();

  await db.schema
    .createTable('integration_notifications')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('integration_assignment_id', 'integer', (c) =>
      c.notNull().references('integration_assignments.id').onDelete('cascade'),
    )
    .addColumn('email_to', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email_on_failure', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('email_on_success', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createIndex('integration_notifications_assignment_idx')
    .on('integration_notifications')
    .column('integration_assignment_id')
    .execute();

  await db.schema
    .createTable('template_logs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('Running', 'Success', 'Failed')`))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .execute();
  await db.schema
    .createIndex('template_logs_template_idx')
    .on('template_logs')
    .columns(['template_id', 'id desc'])
    .execute();
}

/** Drops everything `up` created. */
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'template_logs',
    'integration_notifications',
    'integration_assignments',
    'template_link_validations',
    'template_link_parameters',
    'template_approvers',
    'template_fieldsets',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.dropIndex('template_fields_template_idx').ifExists().execute();
  await sql`alter table template_fields drop constraint if exists template_fields_precedence_check`.execute(
    db,
  );
  await db.schema
    .alterTable('template_fields')
    .dropColumn('governance_type')
    .dropColumn('required')
    .dropColumn('visible_on_form')
    .dropColumn('default_value')
    .dropColumn('apply_default_value_to_empty_values')
    .dropColumn('must_be_unique')
    .dropColumn('is_preview_url')
    .dropColumn('generates_creative_classification')
    .dropColumn('classification_parameter_type')
    .dropColumn('constant_value')
    .dropColumn('max_length')
    .dropColumn('min_length')
    .dropColumn('color')
    .dropColumn('pattern_updated_at')
    .dropColumn('settings')
    .execute();
  await db.schema
    .alterTable('templates')
    .dropColumn('settings')
    .dropColumn('submission_status_recipients')
    .dropColumn('is_creative_classification_enabled')
    .dropColumn('creative_configuration')
    .dropColumn('rollup_dataset_id')
    .execute();
}
