import { type Kysely, sql } from 'kysely';

/**
 * The activity log names what happened (spec 01 §2.10 "operation"): the operations are stored by
 * name — created, updated, deleted for configuration changes, submitted, approved, rejected for a
 * submission's life, delivered and failed for how an integration run ended. Entries stored before
 * are renamed (create → created, update → updated, delete → deleted). An index serves the log's
 * filter by user.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table activities drop constraint if exists activities_operation_check`.execute(db);
  await sql`update activities set operation = case operation
      when 'create' then 'created' when 'update' then 'updated' when 'delete' then 'deleted'
      else operation end`.execute(db);
  await sql`alter table activities add constraint activities_operation_check check (operation in
      ('created', 'updated', 'deleted', 'submitted', 'approved', 'rejected', 'delivered', 'failed'))`.execute(
    db,
  );
  await db.schema
    .createIndex('activities_user_idx')
    .on('activities')
    .columns(['account_id', 'user_id', 'id desc'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('activities_user_idx').ifExists().execute();
  await sql`alter table activities drop constraint if exists activities_operation_check`.execute(db);
  // The named operations a change of state recorded were updates before.
  await sql`update activities set operation = case operation
      when 'created' then 'create' when 'deleted' then 'delete' else 'update' end`.execute(db);
  await sql`alter table activities add constraint activities_operation_check
      check (operation in ('create', 'update', 'delete'))`.execute(db);
}
