import { type Kysely, sql } from 'kysely';

/**
 * Emails are unique per account, not across accounts (issue 8 item 8): creating a user must not
 * reveal that an address is used in another account, so the same address may hold one user in
 * each account. Sign-in finds a user by email and password (ARCHITECTURE.md, Users).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop constraint users_email_key`.execute(db);
  await db.schema
    .createIndex('users_account_email_key')
    .on('users')
    .columns(['account_id', 'email'])
    .unique()
    .execute();
  await db.schema.createIndex('users_email_idx').on('users').column('email').execute();
}

/** Back to one user per email across all accounts; fails while an address is in two accounts. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_email_idx').execute();
  await db.schema.dropIndex('users_account_email_key').execute();
  await sql`alter table users add constraint users_email_key unique (email)`.execute(db);
}
