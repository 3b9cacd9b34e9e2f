import { type Kysely, sql } from 'kysely';

/**
 * Submission drafts edited together (ARCHITECTURE.md, Live collaboration; shared
 * `draft-room.contract.ts`):
 * - `submissions.shared_with_everyone`: the draft is open to everyone who may use its template.
 * - `submission_shares`: the people a draft is shared with by name (each may use the template
 *   when shared; the collab server checks again at join and at every command).
 * - A shared draft's rows live in its room (`collab_documents` / `collab_updates` under the name
 *   `<account uuid>:submission:<id>`), seeded from `submission_rows` when it is first shared and
 *   written back when it is shared with nobody again.
 * - NOTIFY on `nomen_collab` `{"submission": id}` when a draft's sharing or status changes or it
 *   is deleted, so collab servers check that room's connections again at once (a person no longer
 *   in the draft is dropped; a submitted draft's room is closed). Deleting a submission deletes its
 *   room's stored state.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('submissions')
    .addColumn('shared_with_everyone', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable('submission_shares')
    .addColumn('submission_id', 'integer', (c) =>
      c.notNull().references('submissions.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('submission_shares_pkey', ['submission_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('submission_shares_user_idx')
    .on('submission_shares')
    .column('user_id')
    .execute();

  await sql`
    create function nomen_collab_submission_changed() returns trigger language plpgsql as $$
    declare
      id integer;
    begin
      if tg_table_name = 'submission_shares' then
        id := old.submission_id;
      elsif tg_op = 'DELETE' then
        id := old.id;
        delete from collab_documents where name like '%:submission:' || old.id::text;
        delete from collab_updates where name like '%:submission:' || old.id::text;
      else
        id := new.id;
      end if;
      perform pg_notify('nomen_collab', json_build_object('submission', id)::text);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger submissions_collab_changed after update on submissions for each row
    when (old.status is distinct from new.status
      or old.shared_with_everyone is distinct from new.shared_with_everyone)
    execute function nomen_collab_submission_changed()`.execute(db);
  await sql`
    create trigger submissions_collab_deleted after delete on submissions for each row
    execute function nomen_collab_submission_changed()`.execute(db);
  await sql`
    create trigger submission_shares_collab_deleted after delete on submission_shares for each row
    execute function nomen_collab_submission_changed()`.execute(db);
}

/** Drops everything `up` made. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists submission_shares_collab_deleted on submission_shares`.execute(db);
  await sql`drop trigger if exists submissions_collab_deleted on submissions`.execute(db);
  await sql`drop trigger if exists submissions_collab_changed on submissions`.execute(db);
  await sql`drop function if exists nomen_collab_submission_changed()`.execute(db);
  await db.schema.dropTable('submission_shares').ifExists().execute();
  await db.schema.alterTable('submissions').dropColumn('shared_with_everyone').execute();
}
