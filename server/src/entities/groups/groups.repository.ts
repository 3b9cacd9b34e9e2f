import type { Database } from '@nomen/shared/db';
import { type Kysely, sql, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

function selectGroups(db: Db, accountId: number) {
  const ids = (table: string, column: string) =>
    sql<
      number[]
    >`(select coalesce(array_agg(${sql.ref(`x.${column}`)} order by ${sql.ref(`x.${column}`)}), '{}') from ${sql.table(table)} x where x.group_id = groups.id)`;
  return db
    .selectFrom('groups')
    .selectAll('groups')
    .select([
      ids('group_users', 'user_id').as('user_ids'),
      ids('group_folders', 'folder_id').as('folder_ids'),
      ids('group_templates', 'template_id').as('template_ids'),
    ])
    .where('groups.account_id', '=', accountId);
}

/** Row of a group with its member, folder and template ids. */
export type GroupWithLinks = Awaited<ReturnType<typeof listGroups>>[number];

/** The account's groups by name. */
export function listGroups(db: Db, accountId: number) {
  return selectGroups(db, accountId).orderBy('groups.name').orderBy('groups.id').execute();
}

/** One group of the account. */
export function findGroup(db: Db, accountId: number, id: number) {
  return selectGroups(db, accountId).where('groups.id', '=', id).executeTakeFirst();
}

/** Groups of the account among `ids`, locked for update. */
export function findGroupsForUpdate(db: Db, accountId: number, ids: readonly number[]) {
  return selectGroups(db, accountId).where('groups.id', 'in', ids).forUpdate(['groups']).execute();
}

/** Inserts a group; returns its id. */
export async function insertGroup(db: Db, accountId: number, values: { name: string; notes: string }) {
  const row = await db
    .insertInto('groups')
    .values({ account_id: accountId, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates a group's name and notes. */
export async function updateGroup(
  db: Db,
  accountId: number,
  id: number,
  values: { name: string; notes: string },
) {
  await db
    .updateTable('groups')
    .set({ ...values, updated_at: sql`now()` })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .execute();
}

/** Replaces a group's users, folders and templates. */
export async function setGroupLinks(
  db: Db,
  groupId: number,
  links: { userIds: readonly number[]; folderIds: readonly number[]; templateIds: readonly number[] },
) {
  await db.deleteFrom('group_users').where('group_id', '=', groupId).execute();
  await db.deleteFrom('group_folders').where('group_id', '=', groupId).execute();
  await db.deleteFrom('group_templates').where('group_id', '=', groupId).execute();
  if (links.userIds.length > 0) {
    await db
      .insertInto('group_users')
      .values(links.userIds.map((user_id) => ({ group_id: groupId, user_id })))
      .execute();
  }
  if (links.folderIds.length > 0) {
    await db
      .insertInto('group_folders')
      .values(links.folderIds.map((folder_id) => ({ group_id: groupId, folder_id })))
      .execute();
  }
  if (links.templateIds.length > 0) {
    await db
      .insertInto('group_templates')
      .values(links.templateIds.map((template_id) => ({ group_id: groupId, template_id })))
      .execute();
  }
}

/** Deletes groups of the account. */
export async function deleteGroups(db: Db, accountId: number, ids: readonly number[]) {
  await db.deleteFrom('groups').where('account_id', '=', accountId).where('id', 'in', ids).execute();
}

/** Ids and names of the account's rows in `table`, by name (select options). */
export function namesOf(db: Db, accountId: number, table: 'users' | 'folders' | 'templates') {
  return db
    .selectFrom(table)
    .select(['id', 'name'])
    .where('account_id', '=', accountId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Ids among `ids` that exist in the account's `table`. */
export async function existingIds(
  db: Db,
  accountId: number,
  table: 'users' | 'folders' | 'templates',
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.id);
}

/** Adds a template to a group; adding one it already holds changes nothing. */
export async function addGroupTemplate(db: Db, groupId: number, templateId: number) {
  await db
    .insertInto('group_templates')
    .values({ group_id: groupId, template_id: templateId })
    .onConflict((oc) => oc.columns(['group_id', 'template_id']).doNothing())
    .execute();
}

/** The account's enabled users with what decides their permissions, by name (who sees all templates). */
export function enabledUsersWithGrants(db: Db, accountId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'role', 'permissions', 'super_admin'])
    .where('account_id', '=', accountId)
    .where('disabled', '=', false)
    .orderBy('name')
    .orderBy('id')
    .execute();
}
