import { type Kysely, sql } from 'kysely';

/** Accounts, people, sessions, folders, groups, the core of templates and lists, the activity log. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('uuid', 'uuid', (c) => c.notNull().unique().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('feature_flags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('ADMIN', 'MANAGER', 'USER')`))
    .addColumn('permissions', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text')
    .addColumn('super_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('disabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('activated_at', 'timestamptz')
    .addColumn('last_login', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('users_account_idx').on('users').column('account_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('auth_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('activation', 'reset')`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('auth_tokens_user_idx').on('auth_tokens').column('user_id').execute();

  await db.schema
    .createTable('folders')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('folders_account_idx').on('folders').column('account_id').execute();

  await db.schema
    .createTable('templates')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('uuid', 'uuid', (c) => c.notNull().unique().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('folder_id', 'integer', (c) => c.references('folders.id').onDelete('restrict'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('templates_account_idx').on('templates').column('account_id').execute();

  await db.schema
    .createTable('groups')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('groups_account_idx').on('groups').column('account_id').execute();

  for (const [table, column, target] of [
    ['group_users', 'user_id', 'users'],
    ['group_folders', 'folder_id', 'folders'],
    ['group_templates', 'template_id', 'templates'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
      .addColumn(column, 'integer', (c) => c.notNull().references(`${target}.id`).onDelete('cascade'))
      .addPrimaryKeyConstraint(`${table}_pk`, ['group_id', column])
      .execute();
    await db.schema.createIndex(`${table}_${column}_idx`).on(table).column(column).execute();
  }

  await db.schema
    .createTable('activities')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .addColumn('user_id', 'integer')
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('configured_object', 'text', (c) => c.notNull())
    .addColumn('object_name', 'text', (c) => c.notNull())
    .addColumn('operation', 'text', (c) =>
      c.notNull().check(sql`operation in ('create', 'update', 'delete')`),
    )
    .addColumn('object_id', 'integer')
    .addColumn('changes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  await db.schema
    .createIndex('activities_page_idx')
    .on('activities')
    .columns(['account_id', 'created_at desc', 'id desc'])
    .execute();

  await db.schema
    .createTable('lists')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'text', (c) =>
      c.notNull().check(sql`type in ('drop-down', 'drill-down', 'dependent')`),
    )
    .addColumn('powered_template_id', 'integer', (c) => c.references('templates.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('lists_account_idx').on('lists').column('account_id').execute();

  await db.schema
    .createTable('list_columns')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('list_id', 'integer', (c) => c.notNull().references('lists.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('precedence', 'integer', (c) => c.notNull())
    .addColumn('powered_template_field_id', 'integer')
    .execute();
  await db.schema.createIndex('list_columns_list_idx').on('list_columns').column('list_id').execute();

  // No foreign key to list_columns: a per-row check would dominate bulk loads of a 1,000,000-cell
  // list. The lists service deletes a column's values with the column, in the same transaction.
  // (list_column_id, row_number) is unique, checked at commit so that rows can move in one save.
  await db.schema
    .createTable('list_values')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('list_column_id', 'integer', (c) => c.notNull())
    .addColumn('row_number', 'integer', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await sql`alter table list_values add constraint list_values_cell_unique unique (list_column_id, row_number) deferrable initially deferred`.execute(
    db,
  );
}

/** Drops everything `up` created. */
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'list_values',
    'list_columns',
    'lists',
    'activities',
    'group_templates',
    'group_folders',
    'group_users',
    'groups',
    'templates',
    'folders',
    'auth_tokens',
    'sessions',
    'users',
    'accounts',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
