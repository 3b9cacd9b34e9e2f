import { type Kysely, sql } from 'kysely';

/**
 * Live collaboration: the persisted Y.Doc of each list room, the per-list projection the lists
 * page and REST saves read (pending suggestions, lock holder and expiry), and feedback.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('collab_documents')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('state', 'bytea', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('list_collab_state')
    .addColumn('list_id', 'integer', (c) => c.primaryKey().references('lists.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('pending_suggestions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('locked_by_name', 'text')
    .addColumn('locked_at', 'timestamptz')
    .addColumn('lock_expires_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('list_collab_state_account_idx')
    .on('list_collab_state')
    .column('account_id')
    .execute();

  await db.schema
    .createTable('feedback')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('list_id', 'integer', (c) => c.references('lists.id').onDelete('set null'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

/** Drops everything `up` created. */
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['feedback', 'list_collab_state', 'collab_documents']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
