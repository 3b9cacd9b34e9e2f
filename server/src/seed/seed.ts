import {
  addFieldsetFields,
  addLinkField,
  addPatternField,
  effectivePermissions,
  FEATURE_FLAGS,
  type FeatureFlag,
  type Fieldset,
  type FieldsetSave,
  fieldsetSaveSchema,
  type LinkParameter,
  newTemplate,
  type Pattern,
  type PatternSave,
  patternSaveSchema,
  type TemplateDraft,
  type TemplateField,
  templateSaveSchema,
} from '@nomen/shared';
import type { Database } from '@nomen/shared/db';
import type { Transaction } from 'kysely';
import { hashPassword } from '../auth/crypto';
import * as accountsRepo from '../entities/accounts/accounts.repository';
import { recordActivity } from '../entities/activities/activities.service';
import { saveFieldset } from '../entities/fieldsets/fieldsets.service';
import * as foldersRepo from '../entities/folders/folders.repository';
import * as groupsRepo from '../entities/groups/groups.repository';
import * as lists from '../entities/lists/lists.repository';
import { savePattern } from '../entities/patterns/patterns.service';
import { checkTemplateIntegrations, saveTemplate } from '../entities/templates/templates.service';
import * as usersRepo from '../entities/users/users.repository';
import type { Actor, AppDeps } from '../http/context';
import { seedDemoHistory } from './demo-history';
import { countriesList, currenciesList, marketingChannelsList, type SeedList } from './reference-data';

/** Name of the demo account. */
export const DEMO_ACCOUNT = 'Acme Marketing';

/** The demo people (seed data). */
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

/** Name of the demo's paid-social template. */
export const DEMO_SOCIAL_TEMPLATE = 'Paid social campaigns';
/** Name of the demo's display template. */
export const DEMO_DISPLAY_TEMPLATE = 'Display campaigns';

const GROUPS = [
  {
    name: 'Campaign Managers',
    notes: 'Review list values and build campaign names',
    users: ['commenter1@acme.test', 'commenter2@acme.test'],
    folders: ['Paid Media', 'Social'],
    templates: [DEMO_SOCIAL_TEMPLATE, DEMO_DISPLAY_TEMPLATE],
  },
  {
    name: 'Data Governance',
    notes: 'Owns naming standards and approves list changes',
    users: ['admin@acme.test', 'approver@acme.test'],
    folders: ['Paid Media', 'Social', 'Email & CRM', 'Brand'],
    templates: [DEMO_SOCIAL_TEMPLATE, DEMO_DISPLAY_TEMPLATE],
  },
  {
    name: 'Regional Marketing',
    notes: 'Submit campaign codes for regional launches',
    users: ['user@acme.test'],
    folders: ['Email & CRM'],
    templates: [DEMO_DISPLAY_TEMPLATE],
  },
];

/** A seeded list's id and its columns' ids by column name. */
export interface SeededList {
  id: number;
  columns: Record<string, number>;
}

/** Inserts a list with its columns and cells through the lists repository (set-based). */
export async function insertList(
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
export const UTM_PATTERN: PatternSave = {
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
      // The month of the launch, never the month the code is made in.
      auto_populate: false,
    },
  ],
};

/**
 * The demo's "Paid media" field set (spec 02 §2, §3): channel and source from the marketing
 * channels list, region and country from the countries list, the currency, a campaign name, the
 * launch date, and a campaign key concatenated from channel, country and campaign.
 */
export function paidMediaFieldset(seeded: Record<string, SeededList>): FieldsetSave {
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

/** The template field of a field set's or pattern's field, by the field's name (the seed names are unique). */
function fieldNamed(draft: TemplateDraft, name: string, from: { isPattern?: boolean } = {}): TemplateField {
  const tf = draft.template_fields.find(
    (f) => f.field.name === name && Boolean(f.field.is_pattern) === Boolean(from.isPattern),
  );
  if (!tf) throw new Error(`Seed template: no field "${name}"`);
  return tf;
}

/** The fields of a field set with these names, as ids for `addFieldsetFields`. */
function fieldsetFieldIds(fieldset: Fieldset, names: readonly string[]): number[] {
  return names.map((name) => {
    const field = fieldset.fields.find((f) => f.name === name);
    if (!field) throw new Error(`Seed field set: no field "${name}"`);
    return field.id;
  });
}

/** A new draft (hidden id field, email-output integration) with its name, description and folder. */
function namedTemplate(name: string, description: string, folderId: number): TemplateDraft {
  return { ...newTemplate({ templateName: name, now: new Date() }), name, description, folder_id: folderId };
}

/** A link parameter `name=[field]` bound to a template field (spec 03 §3 "Link parameter"). */
function linkParameter(name: string, tf: TemplateField, precedence: number): LinkParameter {
  return {
    id: `TEMP_param_${name}`,
    name,
    field_id: tf.field_id,
    template_field_id: tf.id,
    precedence,
    url_encoding: 'dynamic',
    url_name_encoding: 'encoded',
    fieldset_ids: tf.field.fieldset_id ? [tf.field.fieldset_id] : [],
    transform: 'none',
    template_id: null,
  };
}

/**
 * "Paid social campaigns" (spec 03 §2): the UTM pattern (its channel and region
 * segments governed by the marketing-channels and countries lists, the campaign by the field set's
 * text rules, the launch month filled from the launch date), the field set's source and country
 * list fields and launch date, and a link field whose utm_source,
 * utm_medium and utm_campaign parameters are the source, the channel and the pattern's code; the
 * new template's email-output integration is kept. With `approverIds` (the demo history) its
 * submissions wait for approval by them (spec 03 §4).
 */
function paidSocialTemplate(input: {
  folderId: number;
  pattern: Pattern;
  fieldset: Fieldset;
  lists: Record<string, SeededList>;
  approverIds: number[];
}): TemplateDraft {
  const { pattern, fieldset, lists } = input;
  let draft = namedTemplate(
    DEMO_SOCIAL_TEMPLATE,
    'Campaign codes and UTM links for paid social buys',
    input.folderId,
  );
  if (input.approverIds.length > 0) {
    draft = {
      ...draft,
      settings: { ...draft.settings, require_approval: 1 },
      approvers: input.approverIds,
    };
  }
  draft = addPatternField(draft, pattern);
  draft = addFieldsetFields(
    draft,
    fieldset,
    fieldsetFieldIds(fieldset, ['Source', 'Country', 'Launch date']),
  );
  draft = addLinkField(draft);
  const campaignRules = fieldset.fields.find((f) => f.name === 'Campaign');
  const launchDate = fieldNamed(draft, 'Launch date');
  const listGovernance = (list: string, column: string) => ({
    list_id: lists[list]!.id,
    list_column_id: lists[list]!.columns[column]!,
    delimiter: 'none' as const,
    lists: [],
  });
  // The editor's "give a variable segment a governance" (spec 03 §2): lists for channel and region.
  const segmentGovernance: Record<string, Partial<TemplateField>> = {
    Channel: { governance_type: 'list', list_governance: listGovernance('Marketing channels', 'Channel') },
    Region: { governance_type: 'list', list_governance: listGovernance('Countries', 'Region') },
    Campaign: {
      governance_type: 'text',
      validation: campaignRules?.governance_type === 'text' ? campaignRules.validation : null,
      transformation: campaignRules?.governance_type === 'text' ? campaignRules.transformation : null,
    },
    // The code's month is the launch date's month, so the launch date is required.
    'Launch month': { governance_type: 'autofill', autofill: { field_id: launchDate.field_id } },
  };
  draft = {
    ...draft,
    template_fields: draft.template_fields.map((tf) => (tf === launchDate ? { ...tf, required: true } : tf)),
  };
  draft = {
    ...draft,
    template_fields: draft.template_fields.map((tf) =>
      tf.field.segment_parent_field_id === pattern.id && segmentGovernance[tf.field.name]
        ? { ...tf, ...segmentGovernance[tf.field.name] }
        : tf,
    ),
  };
  return {
    ...draft,
    parameters: [
      linkParameter('utm_source', fieldNamed(draft, 'Source'), 0),
      linkParameter('utm_medium', fieldNamed(draft, 'Channel'), 1),
      linkParameter('utm_campaign', fieldNamed(draft, DEMO_PATTERN, { isPattern: true }), 2),
    ],
  };
}

/**
 * "Display campaigns": every field of the "Paid media" field set (its list
 * fields, the campaign, the launch date and the campaign key) with the new template's
 * email-output integration.
 */
function displayTemplate(input: { folderId: number; fieldset: Fieldset }): TemplateDraft {
  const draft = namedTemplate(
    DEMO_DISPLAY_TEMPLATE,
    'Display buys by channel, market and currency, with their launch date',
    input.folderId,
  );
  return addFieldsetFields(draft, input.fieldset);
}

/** The demo super admin as an Actor, so the seed saves patterns and field sets through their services. */
async function demoActor(deps: AppDeps, accountId: number): Promise<Actor> {
  const row = await usersRepo.findSuperAdminWithAccount(deps.db, accountId);
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
    settings: { allow_approval: true, allow_self_approval: false },
    title: '',
    sessionId: null,
    apiTokenId: null,
  };
}

/**
 * Seeds the demo account "Acme Marketing" (seed data): five people with the password
 * SEED_PASSWORD, folders, templates, groups, the live-collaboration and activity-log flags, and
 * real-world lists (countries, currencies, marketing channels) from data packages; with
 * `config.seedDemoHistory` (SEED_DEMO_HISTORY, never in production) six months of history through
 * the services as well (./demo-history.ts), its paid social then requiring approval. Returns
 * null, changing nothing, when the demo account exists or (`onlyIfEmpty`) any account does.
 */
export async function seedDemo(
  deps: AppDeps,
  options: { onlyIfEmpty?: boolean } = {},
): Promise<{ accountId: number; lines: string[] } | null> {
  const existing = await accountsRepo.findAccountId(deps.db, options.onlyIfEmpty ? undefined : DEMO_ACCOUNT);
  if (existing !== undefined) return null;

  const passwordHash = await hashPassword(deps.config.seedPassword);
  const lists = [countriesList(), currenciesList(), marketingChannelsList()];
  const demo = await deps.db.transaction().execute((trx) => insertDemoAccount(trx, passwordHash, lists));
  const templateIds = await saveDemoConfiguration(deps, demo);
  const historyLines = deps.config.seedDemoHistory ? await seedHistory(deps, demo, templateIds) : [];
  return {
    accountId: demo.accountId,
    lines: [
      `Seeded the demo account "${DEMO_ACCOUNT}" (${lists.map((l) => `${l.name}: ${l.rows.length} rows`).join(', ')}; the pattern "${DEMO_PATTERN}", the field set "${DEMO_FIELDSET}" and the templates "${DEMO_SOCIAL_TEMPLATE}" and "${DEMO_DISPLAY_TEMPLATE}").`,
      ...historyLines,
      ...signInLines(deps),
    ],
  };
}

/** The ids of what the demo account's first transaction made, by name or email. */
interface DemoAccount {
  accountId: number;
  /** Folder id by folder name. */
  folderIds: Record<string, number>;
  /** Group id by group name. */
  groupIds: Record<string, number>;
  /** User id by email. */
  userIds: Record<string, number>;
  /** The seeded lists by list name. */
  seededLists: Record<string, SeededList>;
}

/**
 * Inserts the demo account with its people (the enabled ones with `passwordHash`, one disabled),
 * folders, groups (with their people and folders) and `lists`, and the activity entry saying it
 * was seeded, all in `trx`.
 */
async function insertDemoAccount(
  trx: Transaction<Database>,
  passwordHash: string,
  lists: readonly SeedList[],
): Promise<DemoAccount> {
  const demo: DemoAccount = { accountId: 0, folderIds: {}, groupIds: {}, userIds: {}, seededLists: {} };
  const account = await accountsRepo.insertAccount(trx, {
    name: DEMO_ACCOUNT,
    settings: { allow_approval: true },
    featureFlags: ['live-collaboration', 'user-activity-log'],
  });
  demo.accountId = account.id;
  const now = new Date();
  const users = await usersRepo.insertUsers(
    trx,
    DEMO_USERS.map((u) => ({
      account_id: account.id,
      ...u,
      permissions: [...u.permissions],
      password_hash: passwordHash,
      activated_at: now,
    })),
  );
  await usersRepo.insertUser(trx, {
    account_id: account.id,
    ...DISABLED_USER,
    permissions: ['manage_lists'],
    disabled: true,
    password_hash: null,
  });
  for (const f of FOLDERS) demo.folderIds[f.name] = (await foldersRepo.insertFolder(trx, account.id, f)).id;
  const folderId = (name: string) => demo.folderIds[name]!;
  for (const u of users) demo.userIds[u.email] = u.id;
  const userId = (email: string) => demo.userIds[email]!;
  for (const g of GROUPS) {
    const groupId = await groupsRepo.insertGroup(trx, account.id, { name: g.name, notes: g.notes });
    await groupsRepo.setGroupLinks(trx, groupId, {
      userIds: g.users.map(userId),
      folderIds: g.folders.map(folderId),
      templateIds: [],
    });
    demo.groupIds[g.name] = groupId;
  }
  for (const list of lists) demo.seededLists[list.name] = await insertList(trx, account.id, list);
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
  return demo;
}

/**
 * Saves the demo's pattern, field set and templates through the services, so they pass the same
 * rules as the API's, and gives the groups their templates. Answers template id by name.
 */
async function saveDemoConfiguration(deps: AppDeps, demo: DemoAccount): Promise<Record<string, number>> {
  const { folderIds, userIds, seededLists } = demo;
  const actor = await demoActor(deps, demo.accountId);
  const { pattern } = await savePattern(deps, actor, patternSaveSchema.parse(UTM_PATTERN));
  const { fieldset } = await saveFieldset(
    deps,
    actor,
    fieldsetSaveSchema.parse(paidMediaFieldset(seededLists)),
  );
  // Built with the editor's operations and saved through the templates service, so they pass
  // validateTemplate exactly as an editor's save would (spec 03 §5).
  // The history's paid social waits for the Data Governance admins' approval (spec 03 §4).
  const withHistory = deps.config.seedDemoHistory;
  const drafts = [
    paidSocialTemplate({
      folderId: folderIds.Social!,
      pattern,
      fieldset,
      lists: seededLists,
      approverIds: withHistory ? [userIds['admin@acme.test']!, userIds['approver@acme.test']!] : [],
    }),
    displayTemplate({ folderId: folderIds['Paid Media']!, fieldset }),
  ];
  const templateIds: Record<string, number> = {};
  for (const draft of drafts) {
    const { id, logId } = await saveTemplate(deps, actor, templateSaveSchema.parse(draft));
    await checkTemplateIntegrations(deps, actor, id, logId);
    templateIds[draft.name] = id;
  }
  for (const g of GROUPS)
    for (const t of g.templates)
      await groupsRepo.addGroupTemplate(deps.db, demo.groupIds[g.name]!, templateIds[t]!);
  return templateIds;
}

/**
 * Seeds six months of demo history (./demo-history.ts) and answers the line that says what it
 * made, as printed at start-up.
 */
async function seedHistory(
  deps: AppDeps,
  { accountId, userIds, seededLists }: DemoAccount,
  templateIds: Record<string, number>,
): Promise<string[]> {
  const channels = seededLists['Marketing channels']!;
  const history = await seedDemoHistory(deps, {
    accountId,
    people: {
      admin: userIds['admin@acme.test']!,
      approver: userIds['approver@acme.test']!,
      commenter1: userIds['commenter1@acme.test']!,
      commenter2: userIds['commenter2@acme.test']!,
      user: userIds['user@acme.test']!,
    },
    socialTemplateId: templateIds[DEMO_SOCIAL_TEMPLATE]!,
    displayTemplateId: templateIds[DEMO_DISPLAY_TEMPLATE]!,
    channels: {
      listId: channels.id,
      channelColumnId: channels.columns.Channel!,
      sourceColumnId: channels.columns.Source!,
    },
  });
  return [
    `Seeded six months of demo history (SEED_DEMO_HISTORY): ${history.submissions} submissions with ${history.codes} codes in the datasets, one awaiting approval, one rejected, and ${history.suggestions} list suggestions to review.`,
  ];
}

/** How to sign in to the demo account, as printed at start-up. */
function signInLines(deps: AppDeps): string[] {
  return [
    `Sign in with any of ${DEMO_USERS.map((u) => u.email).join(', ')}`,
    `Password: ${deps.config.seedPassword === 'nomen-demo' ? 'nomen-demo' : '(the value of SEED_PASSWORD)'}`,
  ];
}

/**
 * The sign-in details to print on every start: the demo users and their
 * password while the demo account exists and NODE_ENV is not production; empty otherwise.
 */
export async function demoSignInLines(deps: AppDeps): Promise<string[]> {
  if (deps.config.isProduction) return [];
  const demo = await accountsRepo.findAccountId(deps.db, DEMO_ACCOUNT);
  return demo !== undefined ? [`Demo account "${DEMO_ACCOUNT}":`, ...signInLines(deps)] : [];
}
