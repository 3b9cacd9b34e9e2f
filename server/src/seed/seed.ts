import {
  effectivePermissions,
  FEATURE_FLAGS,
  type FeatureFlag,
  type FieldsetSave,
  fieldsetSaveSchema,
  type PatternSave,
  patternSaveSchema,
} from '@nomen/shared';
import type { Database } from '@nomen/shared/db';
import type { Transaction } from 'kysely';
import { hashPassword } from '../auth/crypto';
import { recordActivity } from '../entities/activities/activities.service';
import { saveFieldset } from '../entities/fieldsets/fieldsets.service';
import * as lists from '../entities/lists/lists.repository';
import { savePattern } from '../entities/patterns/patterns.service';
import type { Actor, AppDeps } from '../http/context';
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

/** A seeded list's id and its columns' ids by column name. */
interface SeededList {
  id: number;
  columns: Record<string, number>;
}

/** Inserts a list with its columns and cells through the lists repository (set-based). */
async function insertList(
  trx: Transaction<Database>,
  accountId: number,
  list: SeedList,
): Promise<SeededList> {
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
  return { id: listId, columns: Object.fromEntries(list.columns.map((name, i) => [name, columnIds[i]!])) };
}

/** Name of the demo's UTM campaign-naming pattern. */
export const DEMO_PATTERN = 'UTM campaign name';
/** Name of the demo's field set. */
export const DEMO_FIELDSET = 'Paid media';

/**
 * The demo's campaign-naming pattern (spec 02 §3): channel, region and campaign chosen per code,
 * a 4-digit running number and the launch month, joined by underscores, e.g.
 * `paid-social_emea_spring-sale_0001_2026-03`.
 */
const UTM_PATTERN: PatternSave = {
  name: DEMO_PATTERN,
  description: 'utm_campaign values: channel, region, campaign, a running number and the launch month',
  delimiter: '_',
  segments: [
    {
      id: 'TEMP_channel',
      segment_precedence: 0,
      segment_type: 'variable',
      name: 'Channel',
      data_type: 'list',
    },
    { id: 'TEMP_region', segment_precedence: 1, segment_type: 'variable', name: 'Region', data_type: 'list' },
    {
      id: 'TEMP_campaign',
      segment_precedence: 2,
      segment_type: 'variable',
      name: 'Campaign',
      data_type: 'text',
    },
    {
      id: 'TEMP_number',
      segment_precedence: 3,
      segment_type: 'autonumber',
      name: 'Number',
      start_value: 1,
      min_width: 4,
    },
    {
      id: 'TEMP_launch',
      segment_precedence: 4,
      segment_type: 'date',
      name: 'Launch month',
      order: 'Y|M|D',
      years: '0000-9999',
      months: '01-12',
      days: 'None',
      delimiter: '-',
      auto_populate: true,
    },
  ],
};

/**
 * The demo's "Paid media" field set (spec 02 §2, §3): channel and source from the marketing
 * channels list, region and country from the countries list, the currency, a campaign name, the
 * launch date, and a campaign key concatenated from channel, country and campaign.
 */
function paidMediaFieldset(seeded: Record<string, SeededList>): FieldsetSave {
  const listField = (id: string, name: string, list: string, column: string, description: string) => ({
    id,
    name,
    description,
    required: true,
    governance_type: 'list' as const,
    list_governance: { list_id: seeded[list]!.id, list_column_id: seeded[list]!.columns[column]! },
  });
  return {
    name: DEMO_FIELDSET,
    description: 'What every paid search, social and display buy records',
    fields: [
      listField('TEMP_channel', 'Channel', 'Marketing channels', 'Channel', 'utm_medium family'),
      listField('TEMP_source', 'Source', 'Marketing channels', 'Source', 'utm_source'),
      listField('TEMP_region', 'Region', 'Countries', 'Region', 'Where the budget is spent'),
      listField('TEMP_country', 'Country', 'Countries', 'Country', 'Target market'),
      listField('TEMP_currency', 'Currency', 'Currencies', 'Currency', 'Currency of the budget'),
      {
        id: 'TEMP_campaign',
        name: 'Campaign',
        description: 'Short campaign name, lower case with dashes',
        required: true,
        governance_type: 'text',
        validation: { min_length: 2, max_length: 40, characters: 'alphanumeric_dash_underscore' },
        transformation: { case: 'lowercase', spaces: 'dash', trim: true },
      },
      {
        id: 'TEMP_launch',
        name: 'Launch date',
        governance_type: 'date',
        date: { order: 'Y|M|D', years: '0000-9999', months: '01-12', days: '01-31', delimiter: '-' },
      },
      {
        id: 'TEMP_key',
        name: 'Campaign key',
        description: 'Channel, country and campaign in one value',
        governance_type: 'concatenation',
        concatenation_governance: {
          field_ids: ['TEMP_channel', 'TEMP_country', 'TEMP_campaign'],
          delimiter: '_',
        },
      },
    ],
  };
}

/** The demo super admin as an Actor, so the seed saves patterns and field sets through their services. */
async function demoActor(deps: AppDeps, accountId: number): Promise<Actor> {
  const row = await deps.db
    .selectFrom('users')
    .innerJoin('accounts', 'accounts.id', 'users.account_id')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.permissions',
      'accounts.uuid',
      'accounts.name as account_name',
      'accounts.feature_flags',
    ])
    .where('users.account_id', '=', accountId)
    .where('users.super_admin', '=', true)
    .executeTakeFirstOrThrow();
  return {
    userId: row.id,
    userName: row.name,
    email: row.email,
    role: 'ADMIN',
    superAdmin: true,
    accountId,
    accountUuid: row.uuid,
    accountName: row.account_name,
    permissions: effectivePermissions({ role: 'ADMIN', permissions: row.permissions, super_admin: true }),
    features: row.feature_flags.filter((f): f is FeatureFlag =>
      (FEATURE_FLAGS as readonly string[]).includes(f),
    ),
    settings: { allow_approval: true },
    sessionId: '',
  };
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
  const seededLists: Record<string, SeededList> = {};
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
    for (const list of lists) seededLists[list.name] = await insertList(trx, account.id, list);
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
  // Through the services, so the demo's pattern and field set pass the same rules as the API's.
  const actor = await demoActor(deps, accountId);
  await savePattern(deps, actor, patternSaveSchema.parse(UTM_PATTERN));
  await saveFieldset(deps, actor, fieldsetSaveSchema.parse(paidMediaFieldset(seededLists)));
  return {
    accountId,
    lines: [
      `Seeded the demo account "${DEMO_ACCOUNT}" (${lists.map((l) => `${l.name}: ${l.rows.length} rows`).join(', ')}; the pattern "${DEMO_PATTERN}" and the field set "${DEMO_FIELDSET}").`,
      ...signInLines(deps),
    ],
  };
}

/** How to sign in to the demo account, as printed at start-up. */
function signInLines(deps: AppDeps): string[] {
  return [
    `Sign in with any of ${DEMO_USERS.map((u) => u.email).join(', ')}`,
    `Password: ${deps.config.seedPassword === 'nomen-demo' ? 'nomen-demo' : '(the value of SEED_PASSWORD)'}`,
  ];
}

/**
 * The sign-in details to print on every start (issue 8 item 26): the demo users and their
 * password while the demo account exists and NODE_ENV is not production; empty otherwise.
 */
export async function demoSignInLines(deps: AppDeps): Promise<string[]> {
  if (deps.config.isProduction) return [];
  const demo = await deps.db
    .selectFrom('accounts')
    .select('id')
    .where('name', '=', DEMO_ACCOUNT)
    .executeTakeFirst();
  return demo ? [`Demo account "${DEMO_ACCOUNT}":`, ...signInLines(deps)] : [];
}
