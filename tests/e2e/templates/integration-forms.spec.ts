import type { Locator, Page } from '@playwright/test';
import { apiAs, uniqueName } from '../support/api';
import { storageStateOf } from '../support/roles';
import { E2E_ADOBE } from '../support/standins';
import { expect, test } from '../support/test';

test.use({ storageState: storageStateOf('admin') });

const NEW_CONNECT = '/admin/templates/edit-template/new/connect';

/**
 * The words each section of a form shows a user (its heading or its first input's label);
 * `|` separates alternatives. The account picker reads "Account" once another spec has connected
 * an account of the type, and "No connected accounts yet" before.
 */
const SECTION_TEXT: Record<string, string> = {
  name: 'Name',
  account: 'Account|No connected accounts yet',
  email: 'Subject',
  fileSettings: 'File name pattern',
  transforms: 'Letter case',
  reportType: 'Report type',
  outputFields: 'Output fields',
  notifications: 'Notifications',
  folder: 'Folder',
  awsStorage: 'Region',
  identifierFields: 'Identifier fields',
  syncSchedule: 'Sync schedule',
  snowflakeTable: 'Table name',
  customBitlink: 'Custom bitlinks',
  qrCode: 'Design (JSON)',
  filters: 'Filters',
  importFilters: 'Import options',
  folderFilter: 'Folder filter',
  fieldMapping: 'Field mapping',
  workfrontParameters: 'Parameter mapping',
  'dataSelection:data_type': 'Data type',
  'dataSelection:aem_data_type': 'Data type',
  'dataSelection:ga_data_set_type': 'Data set type',
  'dropdown:adAccountsLinked': 'Ad account|Advertiser ID|Advertising profile ID',
  'dropdown:organization_id': 'Organization ID',
  'dropdown:data_extension_key': 'Data extension external key',
  'dropdown:fb_pixel_id': 'Pixel',
  'dropdown:bitly_org_id': 'Organization',
  'dropdown:bitly_group_id': 'Group',
  'dropdown:shortened_url': 'Branded short domain',
  'dropdown:workfrontTemplateId': 'Workfront template',
  'dropdown:workfrontTemplateTaskId': 'Workfront task',
  'dropdown:realmLinked': 'Report suite',
  'dropdown:reportLinked': 'Report',
  'dropdown:ga_account_id': 'Google Analytics account',
  'dropdown:ga_property_id': 'Property',
  'dropdown:ga_custom_data_source_id': 'Custom data source',
  'dropdown:app_group_id': 'App group',
};

// The demo account has no integration-notifications flag, so storage pushes show no notifications.
const STORAGE = ['name', 'account', 'folder', 'fileSettings', 'transforms', 'reportType', 'outputFields'];
const ADS_IN = (...extra: string[]) => [
  'name',
  'account',
  'dataSelection:data_type',
  ...extra,
  'filters',
  'importFilters',
  'fieldMapping',
  'syncSchedule',
];
const ADS_OUT = (...extra: string[]) => [
  'name',
  'account',
  'dataSelection:data_type',
  ...extra,
  'fieldMapping',
];

/** Every slug of spec 03 §2 but the email output (a new template has one): list, type name, sections. */
const SLUGS: [slug: string, list: 'Inbound' | 'Outbound', label: string, sections: string[]][] = [
  ['box-push', 'Outbound', 'Box', STORAGE],
  ['box-push-general', 'Outbound', 'Box (general)', STORAGE],
  ['box-push-v2', 'Outbound', 'Box v2', STORAGE],
  ['s3-push', 'Outbound', 'Amazon S3', ['name', 'account', 'awsStorage', ...STORAGE.slice(2)]],
  ['azure-blob-push', 'Outbound', 'Azure Blob Storage', STORAGE],
  ['sftp-push', 'Outbound', 'SFTP', STORAGE],
  ['sftp-pull', 'Inbound', 'SFTP pull', ['name', 'account', 'folder', 'identifierFields', 'syncSchedule']],
  ['google-cloud', 'Outbound', 'Google Cloud Storage', STORAGE],
  [
    'facebook-ads',
    'Outbound',
    'Facebook Ads',
    ['name', 'account', 'dropdown:adAccountsLinked', 'dropdown:fb_pixel_id', 'fieldMapping'],
  ],
  [
    'facebook-ads-update',
    'Outbound',
    'Facebook Ads update',
    ['name', 'account', 'dropdown:adAccountsLinked', 'dropdown:fb_pixel_id', 'fieldMapping'],
  ],
  ['google-dcm', 'Inbound', 'Campaign Manager (legacy)', ADS_IN()],
  ['google-dcm-output', 'Outbound', 'Campaign Manager output (legacy)', ['name', 'account', 'fieldMapping']],
  [
    'bitly',
    'Outbound',
    'Bitly',
    [
      'name',
      'account',
      'dropdown:bitly_org_id',
      'dropdown:bitly_group_id',
      'dropdown:shortened_url',
      'customBitlink',
      'fieldMapping',
    ],
  ],
  [
    'workfront-project-pull-task-trigger',
    'Inbound',
    'Workfront project (task trigger)',
    [
      'name',
      'account',
      'dropdown:workfrontTemplateId',
      'dropdown:workfrontTemplateTaskId',
      'workfrontParameters',
    ],
  ],
  [
    'aws-s3-inbound',
    'Inbound',
    'Amazon S3 inbound',
    ['name', 'account', 'awsStorage', 'folder', 'identifierFields', 'syncSchedule'],
  ],
  ['qr-code-monkey', 'Outbound', 'QR Code Monkey', ['name', 'account', 'qrCode']],
  [
    'adobe-inbound',
    'Inbound',
    'Adobe Analytics',
    ['name', 'account', 'dropdown:realmLinked', 'dropdown:reportLinked', 'fieldMapping', 'syncSchedule'],
  ],
  [
    'adobe-experience-manager-inbound',
    'Inbound',
    'Adobe Experience Manager inbound',
    ['name', 'account', 'dataSelection:aem_data_type', 'folderFilter', 'syncSchedule'],
  ],
  [
    'adobe-experience-manager-outbound',
    'Outbound',
    'Adobe Experience Manager outbound',
    ['name', 'account', 'dataSelection:aem_data_type', 'folderFilter'],
  ],
  ['branch', 'Outbound', 'Branch', ['name', 'account']],
  [
    'google-analytics',
    'Inbound',
    'Google Analytics',
    [
      'name',
      'account',
      'dataSelection:ga_data_set_type',
      'dropdown:ga_account_id',
      'dropdown:ga_property_id',
      'dropdown:ga_custom_data_source_id',
      'fieldMapping',
      'syncSchedule',
    ],
  ],
  ['google-ads-inbound', 'Inbound', 'Google Ads', ADS_IN()],
  ['amazon-ads-inbound', 'Inbound', 'Amazon Ads', ADS_IN('dropdown:adAccountsLinked')],
  [
    'snapchat-marketing-inbound',
    'Inbound',
    'Snapchat Marketing inbound',
    ADS_IN('dropdown:adAccountsLinked', 'dropdown:organization_id'),
  ],
  ['snapchat-marketing-outbound', 'Outbound', 'Snapchat Marketing outbound', ADS_OUT()],
  ['pinterest-inbound', 'Inbound', 'Pinterest inbound', ADS_IN('dropdown:adAccountsLinked')],
  ['pinterest-outbound', 'Outbound', 'Pinterest outbound', ADS_OUT()],
  [
    'facebook-marketing-inbound',
    'Inbound',
    'Facebook Marketing inbound',
    ADS_IN('dropdown:adAccountsLinked'),
  ],
  [
    'facebook-marketing-outbound',
    'Outbound',
    'Facebook Marketing outbound',
    ADS_OUT('dropdown:adAccountsLinked'),
  ],
  ['google-cm360-inbound', 'Inbound', 'Campaign Manager 360 inbound', ADS_IN()],
  ['google-cm360-outbound', 'Outbound', 'Campaign Manager 360 outbound', ADS_OUT()],
  ['tiktok-inbound', 'Inbound', 'TikTok inbound', ADS_IN('dropdown:adAccountsLinked')],
  ['tiktok-outbound', 'Outbound', 'TikTok outbound', ADS_OUT()],
  ['snowflake-push', 'Outbound', 'Snowflake', ['name', 'account', 'snowflakeTable', 'outputFields']],
  ['google-dv360-inbound', 'Inbound', 'Display & Video 360 inbound', ADS_IN()],
  ['google-dv360-outbound', 'Outbound', 'Display & Video 360 outbound', ADS_OUT()],
  [
    'salesforce-marketing-cloud-inbound',
    'Inbound',
    'Salesforce Marketing Cloud inbound',
    ADS_IN('dropdown:data_extension_key'),
  ],
  [
    'salesforce-marketing-cloud-outbound',
    'Outbound',
    'Salesforce Marketing Cloud outbound',
    ADS_OUT('dropdown:data_extension_key'),
  ],
  ['kochava', 'Outbound', 'Kochava', ['name', 'account', 'dropdown:app_group_id']],
];

/** The Inbound or Outbound list of the connect step. */
function list(page: Page, name: 'Inbound' | 'Outbound'): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** The open panel of a list (one per list is open). */
function openPanel(page: Page, name: 'Inbound' | 'Outbound'): Locator {
  return list(page, name).locator('[data-issue-target^="integration:"][data-active]');
}

test('[TEMPLATES]: every integration type of spec 03 §2 adds through its picker and shows its form', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto(NEW_CONNECT);
  await expect(list(page, 'Outbound').locator('[data-issue-target]')).toHaveCount(1);
  const counts = { Inbound: 0, Outbound: 1 };

  for (const [slug, listName, label, sections] of SLUGS) {
    await test.step(slug, async () => {
      await list(page, listName)
        .getByRole('button', { name: `Add ${listName.toLowerCase()}` })
        .click();
      await page.getByRole('textbox', { name: 'Search integration types' }).fill(slug);
      await page.getByRole('option', { name: label, exact: true }).click();
      counts[listName] += 1;
      await expect(list(page, listName).locator('[data-issue-target]')).toHaveCount(counts[listName]);

      // The new integration's panel opens at once, with its type name, and only its sections.
      const panel = openPanel(page, listName);
      await expect(panel).toHaveCount(1);
      await expect(panel.getByText(label, { exact: true }).first()).toBeVisible();
      // Each section in order, each showing its words (read at once; retried while accounts load).
      const shown = panel.locator('[data-section]');
      const expected = sections.map((key) => [key, SECTION_TEXT[key] ?? key]);
      await expect
        .poll(() =>
          shown.evaluateAll(
            (els, words) =>
              els.map((e, i) => {
                const word = words[i]?.[1] ?? '';
                const text = e.textContent ?? '';
                const shows = word.split('|').some((alternative) => text.includes(alternative));
                return [e.getAttribute('data-section') ?? '', shows ? word : text];
              }),
            expected,
          ),
        )
        .toEqual(expected);
    });
  }
});

test('[TEMPLATES]: provider choices wait for an account; a data type change resets the mapping to the defaults', async ({
  page,
}) => {
  await page.goto(NEW_CONNECT);
  const inbound = list(page, 'Inbound');
  await inbound.getByRole('button', { name: 'Add inbound' }).click();
  await page.getByRole('textbox', { name: 'Search integration types' }).fill('google-analytics');
  await page.getByRole('option', { name: 'Google Analytics', exact: true }).click();
  const ga = openPanel(page, 'Inbound');

  // Provider lists need the account first (and each waits on the one before it).
  await expect(ga.getByRole('combobox', { name: 'Google Analytics account', exact: true })).toBeDisabled();
  await expect(ga.getByText('Choose an account first')).toBeVisible();
  await expect(ga.getByRole('combobox', { name: 'Property', exact: true })).toBeDisabled();
  await expect(ga.getByText('Choose Google Analytics account first')).toBeVisible();

  // The GA data set types of spec 03 §3; choosing one offers its import fields (GET default-fields).
  await ga.getByRole('combobox', { name: 'Data set type', exact: true }).click();
  await expect(page.getByRole('option')).toHaveText([
    'Custom Data',
    'Campaign Data',
    'User Data',
    'Geography Data',
    'Content Data',
    'Product Data',
  ]);
  await page.getByRole('option', { name: 'Campaign Data' }).click();
  await ga.getByRole('button', { name: 'Add default fields (6)' }).click();
  const mapping = ga.getByRole('table', { name: 'Field mapping' });
  await expect(mapping.getByRole('row')).toHaveCount(7);
  await expect(mapping.getByLabel('Integration field 1', { exact: true })).toHaveValue('campaign_id');

  // A new data type resets the mapping (a new integration asks nothing, spec 03 §4).
  await ga.getByRole('combobox', { name: 'Data set type', exact: true }).click();
  await page.getByRole('option', { name: 'Product Data' }).click();
  await expect(ga.getByText('No mappings yet.')).toBeVisible();
  await expect(ga.getByRole('button', { name: 'Add default fields (5)' })).toBeVisible();

  // The fixed, disabled sync schedule.
  await expect(ga.getByRole('combobox', { name: 'Sync schedule', exact: true })).toBeDisabled();
  await expect(ga.getByRole('combobox', { name: 'Sync schedule', exact: true })).toHaveValue('Every 8 hours');
});

test('[TEMPLATES]: CM360 filters come from the type, start one year back and refuse more than two years', async ({
  page,
}) => {
  await page.goto(NEW_CONNECT);
  await list(page, 'Inbound').getByRole('button', { name: 'Add inbound' }).click();
  await page.getByRole('textbox', { name: 'Search integration types' }).fill('google-cm360-inbound');
  await page.getByRole('option', { name: 'Campaign Manager 360 inbound', exact: true }).click();
  const cm = openPanel(page, 'Inbound');
  const filters = cm.locator('[data-section="filters"]');

  const date = filters.getByLabel('Updated after (at most 2 years back)');
  const oneYearAgo = new Date();
  oneYearAgo.setUTCFullYear(oneYearAgo.getUTCFullYear() - 1);
  await expect(date).toHaveValue(oneYearAgo.toISOString().slice(0, 10));
  await date.fill('2001-01-01');
  await expect(filters).toContainText('the filter updated_after reaches back at most 2 years');

  await filters.getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('menuitem', { name: 'Status' }).click();
  await filters.getByRole('combobox', { name: 'Values', exact: true }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option')).toHaveText(['Active', 'Paused', 'Archived']);
});

test('[TEMPLATES]: when the provider cannot be reached, a saved choice is typed instead and its dependants clear', async ({
  page,
  baseURL,
}) => {
  // An Adobe inbound saved with an account of the account whose secret Adobe refuses, so the
  // provider look-up cannot answer for it.
  const api = await apiAs('admin', baseURL!);
  const connector = await api.post('/api/v1/account/connector/', {
    data: {
      name: uniqueName('Adobe refused'),
      connector_type_slug: 'adobe-analytics',
      metadata: {
        auth_type: 'fields',
        company: E2E_ADOBE.company,
        username: E2E_ADOBE.clientId,
        secret: 'not-the-secret',
      },
    },
  });
  expect(connector.status(), await connector.text()).toBe(200);
  const folder = await api.put('/api/v1/account/folder', {
    data: { name: uniqueName('Provider folder'), description: '' },
  });
  const folderId = ((await folder.json()) as { folder: { id: number } }).folder.id;
  const saved = await api.put('/api/v1/account/template/', {
    data: {
      name: uniqueName('Provider template'),
      folder_id: folderId,
      integrations: [
        {
          id: 'TEMP_adobe',
          name: 'Adobe classifications',
          slug: 'adobe-inbound',
          integration_type: 'INPUT',
          connector_id: ((await connector.json()) as { id: number }).id,
          connector_type_id: 1,
          metadata: { sync_schedule: 'every_8_hours', realmLinked: 'rs-main', reportLinked: 'r-campaign' },
        },
      ],
    },
  });
  expect(saved.status()).toBe(200);
  const { id } = (await saved.json()) as { id: number };
  await api.dispose();

  await page.goto(`/admin/templates/edit-template/${id}/connect`);
  const adobe = list(page, 'Inbound').locator('[data-issue-target^="integration:"]');
  await adobe.locator('button[aria-expanded]').first().click();
  const realm = adobe.locator('[data-section="dropdown:realmLinked"]');
  await expect(realm).toContainText('Report suite choices could not be loaded');
  const typed = realm.getByRole('textbox', { name: 'Report suite' });
  await expect(typed).toHaveValue('rs-main');
  await expect(adobe.locator('[data-section="dropdown:reportLinked"]').getByRole('textbox')).toHaveValue(
    'r-campaign',
  );

  // A new report suite clears its report, which is then required (spec 03 §4, §5).
  await typed.fill('rs-brand');
  await typed.press('Enter');
  const report = adobe.locator('[data-section="dropdown:reportLinked"]');
  await expect(report.getByRole('textbox')).toHaveValue('');
  await expect(report).toContainText('Adobe classifications: Report is required');
});
