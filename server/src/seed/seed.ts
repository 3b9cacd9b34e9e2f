import type { Database } from '@nomen/shared/db';
import type { Transaction } from 'kysely';
import { hashPassword } from '../auth/crypto';
import { recordActivity } from '../entities/activities/activities.service';
import * as lists from '../entities/lists/lists.repository';
import type { AppDeps } from '../http/context';
import { countriesList, currenciesList, marketingChannelsList, type SeedList } from './reference-data';

/** Name of the demo account. */
export const DEMO_ACCOUNT = 'Acme Marketing';

/** The demo people (issue 2, seed data). */
export const DEMO_USERS = [
  {
    email: 'admin@acme.test',
    name: 'Alex Morgan',
    title: 'Head of Marketing Operations',
    role: 'ADMIN',
    permissions: [],
    super_admin: true,
    location: 'New York',
  },
  {
    email: 'approver@acme.test',
    name: 'Priya Shah',
    title: 'Marketing Data Lead',
    role: 'ADMIN',
    permissions: ['approve_suggestions'],
    super_admin: false,
    location: 'London',
  },
  {
    email: 'commenter1@acme.test',
    name: 'Jordan Lee',
    title: 'Campaign Manager',
    role: 'MANAGER',
    permissions: ['manage_lists'],
    super_admin: false,
    location: 'Chicago',
  },
  {
    email: 'commenter2@acme.test',
    name: 'Sam Rivera',
    title: 'Social Media Manager',
    role: 'MANAGER',
    permissions: ['manage_lists'],
    super_admin: false,
    location: 'Madrid',
  },
  {
    email: 'user@acme.test',
    name: 'Taylor Kim',
    title: 'Marketing Coordinator',
    role: 'USER',
    permissions: ['edit_submissions'],
    super_admin: false,
    location: 'Toronto',
  },
] as const;

/** A former agency contractor, disabled, so the users screen shows what a disabled user looks like. */
const DISABLED_USER = {
  email: 'former.agency@acme.test',
  name: 'Morgan Blake',
  title: 'Agency Media Buyer (former)',
  role: 'MANAGER',
  location: 'Remote',
} as const;

const FOLDERS = [
  { name: 'Paid Media', description: 'Search, display and video buys' },
  { name: 'Social', description: 'Organic and paid social campaigns' },
  { name: 'Email & CRM', description: 'Newsletters, lifecycle and CRM journeys' },
  { name: 'Brand', description: 'Brand awareness and sponsorships' },
];

const TEMPLATES = [
  {
    name: 'Paid Social Campaigns',
    description: 'Campaign names and UTM links for paid social',
    folder: 'Social',
  },
  { name: 'Search Campaigns', description: 'Search campaign and ad group naming', folder: 'Paid Media' },
  { name: 'Email Campaigns', description: 'Newsletter and lifecycle email naming', folder: 'Email & CRM' },
];

const GROUPS = [
  {
    name: 'Campaign Managers',
    notes: 'Review list values and build campaign names',
    users: ['commenter1@acme.test', 'commenter2@acme.test'],
    folders: ['Paid Media', 'Social'],
    templates: ['Paid Social Campaigns', 'Search Campaigns'],
  },
  {
    name: 'Data Governance',
    notes: 'Owns naming standards and approves list changes',
    users: ['admin@acme.test', 'approver@acme.test'],
    folders: ['Paid Media', 'Social', 'Email & CRM', 'Brand'],
    templates: ['Paid Social Campaigns', 'Search Campaigns', 'Email Campaigns'],
  },
  {
    name: 'Regional Marketing',
    notes: 'Submit campaign codes for regional launches',
    users: ['user@acme.test'],
    folders: ['Email & CRM'],
    templates: ['Email Campaigns'],
  },
];

/** Inserts a list with its columns and cells through the lists repository (set-based). */
async function insertList(trx: Transaction<Database>, accountId: number, list: SeedList): Promise<void> {
  const { id: listId } = await lists.insertList(trx, accountId, {
    name: list.name,
    notes: list.notes,
    type: list.type,
    powered_template_id: null,
  });
  const columnIds = await lists.insertColumns(
    trx,
    listId,
    list.columns.map((name, precedence) => ({ name, precedence, powered_template_field_id: null })),
  );
  const cells = list.rows.flatMap((row, rowNumber) =>
    columnIds.flatMap((list_column_id, c) =>
      row[c] ? [{ list_column_id, row_number: rowNumber, value: row[c] }] : [],
    ),
  );
  const ids = await lists.allocateCellIds(trx, cells.length);
  await lists.insertCells(
    trx,
    null,
    cells.map((cell, i) => ({ ...cell, id: ids[i]! })),
  );
}

/**
 * Seeds the demo account "Acme Marketing" (issue 2, seed data): five people with the password
 * SEED_PASSWORD, folders, templates, groups, the live-collaboration and activity-log flags, and
 * real-world lists (countries, currencies, marketing channels) from data packages. Returns
 * null, changing nothing, when the demo account exists or (`onlyIfEmpty`) any account does.
 */
export async function seedDemo(
  deps: AppDeps,
  options: { onlyIfEmpty?: boolean } = {},
): Promise<{ accountId: number; lines: string[] } | null> {
  let existing = deps.db.selectFrom('accounts').select('id');
  if (!options.onlyIfEmpty) existing = existing.where('name', '=', DEMO_ACCOUNT);
  if (await existing.executeTakeFirst()) return null;

  const passwordHash = await hashPassword(deps.config.seedPassword);
  const lists = [countriesList(), currenciesList(), marketingChannelsList()];
  const accountId = await deps.db.transaction().execute(async (trx) => {
    const account = await trx
      .insertInto('accounts')
      .values({
        name: DEMO_ACCOUNT,
        settings: JSON.stringify({ allow_approval: true }),
        feature_flags: ['live-collaboration', 'user-activity-log'],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const now = new Date();
    const users = await trx
      .insertInto('users')
      .values(
        DEMO_USERS.map((u) => ({
          account_id: account.id,
          ...u,
          permissions: [...u.permissions],
          password_hash: passwordHash,
          activated_at: now,
        })),
      )
      .returning(['id', 'email'])
      .execute();
    await trx
      .insertInto('users')
      .values({
        account_id: account.id,
        ...DISABLED_USER,
        permissions: ['manage_lists'],
        disabled: true,
        password_hash: null,
      })
      .execute();
    const folders = await trx
      .insertInto('folders')
      .values(FOLDERS.map((f) => ({ account_id: account.id, ...f })))
      .returning(['id', 'name'])
      .execute();
    const folderId = (name: string) => folders.find((f) => f.name === name)!.id;
    const userId = (email: string) => users.find((u) => u.email === email)!.id;
    const templates = await trx
      .insertInto('templates')
      .values(
        TEMPLATES.map((t) => ({
          account_id: account.id,
          name: t.name,
          description: t.description,
          folder_id: folderId(t.folder),
          created_by: userId('admin@acme.test'),
        })),
      )
      .returning(['id', 'name'])
      .execute();
    for (const g of GROUPS) {
      const group = await trx
        .insertInto('groups')
        .values({ account_id: account.id, name: g.name, notes: g.notes })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('group_users')
        .values(g.users.map((e) => ({ group_id: group.id, user_id: userId(e) })))
        .execute();
      await trx
        .insertInto('group_folders')
        .values(g.folders.map((f) => ({ group_id: group.id, folder_id: folderId(f) })))
        .execute();
      await trx
        .insertInto('group_templates')
        .values(
          g.templates.map((t) => ({
            group_id: group.id,
            template_id: templates.find((x) => x.name === t)!.id,
          })),
        )
        .execute();
    }
    for (const list of lists) await insertList(trx, account.id, list);
    await recordActivity(
      trx,
      { accountId: account.id, userId: null, userName: 'system' },
      {
        configuredObject: 'account',
        objectName: DEMO_ACCOUNT,
        objectId: account.id,
        before: null,
        after: { name: DEMO_ACCOUNT, seeded: true },
      },
    );
    return account.id;
  });
  return {
    accountId,
    lines: [
      `Seeded the demo account "${DEMO_ACCOUNT}" (${lists.map((l) => `${l.name}: ${l.rows.length} rows`).join(', ')}).`,
      `Sign in with any of ${DEMO_USERS.map((u) => u.email).join(', ')}`,
      `Password: ${deps.config.seedPassword === 'nomen-demo' ? 'nomen-demo' : '(the value of SEED_PASSWORD)'}`,
    ],
  };
}
