import { type Kysely, sql } from 'kysely';

/**
 * Live collaboration that follows access and survives a crash (issue 8 items 4, 9, 10):
 *  - `collab_access`: a per-user access version, raised by a trigger whenever a user's password,
 *    disabled flag, role, permissions or super-admin flag changes. Collaboration tokens carry the
 *    version they were issued at (and their session), so a changed version refuses the old token.
 *  - NOTIFY on channel `nomen_collab` (JSON payloads) when access goes: `{"user":id}` for such a
 *    change or a deleted user, `{"session":id}` for a deleted session (logout, reset, disable),
 *    `{"list":id}` for a deleted list. Collab servers LISTEN and drop those connections at once.
 *    Triggers, so the REST services that make these changes need not know about collaboration.
 *  - Deleting a list deletes its room's stored state (`collab_documents`, `collab_updates`).
 *  - `collab_updates`: each acknowledged command's Yjs update (v2), appended before the ack and
 *    compacted into `collab_documents` when the document is stored.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('collab_access')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('collab_updates')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('collab_updates_name_idx')
    .on('collab_updates')
    .columns(['name', 'id'])
    .execute();

  await sql`
    create function nomen_collab_user_changed() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        perform pg_notify('nomen_collab', json_build_object('user', old.id)::text);
        return old;
      end if;
      insert into collab_access (user_id, version) values (new.id, 1)
        on conflict (user_id) do update set version = collab_access.version + 1;
      perform pg_notify('nomen_collab', json_build_object('user', new.id)::text);
      return new;
    end $$`.execute(db);
  await sql`
    create trigger users_collab_access after update on users for each row
    when (old.password_hash is distinct from new.password_hash
      or old.disabled is distinct from new.disabled
      or old.role is distinct from new.role
      or old.permissions is distinct from new.permissions
      or old.super_admin is distinct from new.super_admin
      or old.account_id is distinct from new.account_id)
    execute function nomen_collab_user_changed()`.execute(db);
  await sql`
    create trigger users_collab_deleted after delete on users for each row
    execute function nomen_collab_user_changed()`.execute(db);

  await sql`
    create function nomen_collab_session_deleted() returns trigger language plpgsql as $$
    begin
      perform pg_notify('nomen_collab', json_build_object('session', old.id)::text);
      return old;
    end $$`.execute(db);
  await sql`
    create trigger sessions_collab_deleted after delete on sessions for each row
    execute function nomen_collab_session_deleted()`.execute(db);

  await sql`
    create function nomen_collab_list_deleted() returns trigger language plpgsql as $$
    begin
      delete from collab_documents where split_part(name, ':', 2) = old.id::text;
      delete from collab_updates where split_part(name, ':', 2) = old.id::text;
      perform pg_notify('nomen_collab', json_build_object('list', old.id)::text);
      return old;
    end $$`.execute(db);
  await sql`
    create trigger lists_collab_deleted after delete on lists for each row
    execute function nomen_collab_list_deleted()`.execute(db);
}

/** Drops everything `up` created. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists lists_collab_deleted on lists`.execute(db);
  await sql`drop trigger if exists sessions_collab_deleted on sessions`.execute(db);
  await sql`drop trigger if exists users_collab_deleted on users`.execute(db);
  await sql`drop trigger if exists users_collab_access on users`.execute(db);
  await sql`drop function if exists nomen_collab_list_deleted()`.execute(db);
  await sql`drop function if exists nomen_collab_session_deleted()`.execute(db);
  await sql`drop function if exists nomen_collab_user_changed()`.execute(db);
  await db.schema.dropTable('collab_updates').ifExists().execute();
  await db.schema.dropTable('collab_access').ifExists().execute();
}
