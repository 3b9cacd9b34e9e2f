import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { Page } from '@playwright/test';
import { type SftpPeer, startSftpPeer } from '../../peers/sftp-peer';
import { apiAs, uniqueName } from '../support/api';
import { storageStateOf } from '../support/roles';
import { E2E_S3_BUCKET, e2eS3Endpoint } from '../support/standins';
import { campaignTemplate, sftpConnector } from '../support/templates';
import { expect, test } from '../support/test';

test.use({ storageState: storageStateOf('admin') });

let sftp: SftpPeer;
test.beforeAll(async () => {
  sftp = await startSftpPeer();
});
test.afterAll(async () => {
  await sftp?.close();
});

test('[TEMPLATES]: an SFTP outbound runs when rows are submitted, and the connect step shows the run', async ({
  page,
  baseURL,
}) => {
  const api = await apiAs('admin', baseURL!);
  const connectorId = await sftpConnector(api, sftp, uniqueName('Agency SFTP'));
  const { id: templateId, campaignId } = await campaignTemplate(api, uniqueName('Exports'), [
    {
      id: 'TEMP_sftp',
      name: 'Agency drop',
      connector_id: connectorId,
      connector_type_id: null,
      slug: 'sftp-push',
      integration_type: 'OUTPUT',
      delimiter: 'comma',
      file_type: ['csv'],
      filename_pattern: 'e2e-{submission_name}',
      folder: '/drop',
    },
  ]);
  const submitted = await api.post('/api/v1/account/submissions', {
    data: { template_id: templateId, name: 'week12', rows: [{ [campaignId]: 'Spring Sale' }] },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  await api.dispose();

  await page.goto(`/admin/templates/edit-template/${templateId}/connect`);
  const panel = page.locator('[data-issue-target^="integration:"]').filter({
    has: page.getByRole('button', { name: 'Delete Agency drop', exact: true }),
  });
  const control = panel.locator('button[aria-expanded]').first();
  await control.click();
  await expect(control).toHaveAttribute('aria-expanded', 'true');
  const runs = panel.getByLabel('Last runs');
  await expect(runs.getByRole('heading', { name: 'Last runs' })).toBeVisible();
  await expect(runs.getByText('Success', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(runs.getByText('Delivered 1 file: /drop/e2e-week12.csv')).toBeVisible();
  expect(sftp.stored.get('/drop/e2e-week12.csv')?.toString('utf8')).toMatch(/Spring Sale\r\n$/);
});

/** DATA_DIR of the e2e server (start-server.mjs), where mail lands as files without SMTP. */
const DATA_DIR =
  process.env.E2E_DATA_DIR ??
  join(import.meta.dirname, '..', '..', '..', '.data', `e2e-${process.env.E2E_PORT ?? '3210'}`);

/** The mail files under DATA_DIR/mail addressed to `email`, oldest first. */
function mailsTo(email: string): string[] {
  const folder = join(DATA_DIR, 'mail');
  let names: string[] = [];
  try {
    names = readdirSync(folder).sort();
  } catch {
    return [];
  }
  return names
    .map((name) => readFileSync(join(folder, name), 'utf8'))
    .filter((text) => text.includes(`\r\nTo: ${email}\r\n`));
}

/** The "Integration runs" table of the submission page. */
function submissionRuns(page: Page) {
  return page.getByLabel('Integration runs');
}

test('[TEMPLATES]: an S3 outbound added in the connect step delivers submitted rows, and the submission page shows the run and the file', async ({
  page,
  baseURL,
}) => {
  const api = await apiAs('admin', baseURL!);
  const accountName = uniqueName('Campaign bucket');
  const connector = await api.post('/api/v1/account/connector/', {
    data: {
      name: accountName,
      connector_type_slug: 's3',
      metadata: { aws_key: 'S3RVER', aws_secret: 'S3RVER' },
    },
  });
  expect(connector.status(), await connector.text()).toBe(200);
  const templateName = uniqueName('S3 exports');
  const template = await campaignTemplate(api, templateName);

  // The editor adds the S3 outbound: account, bucket folder, file name; Save.
  await page.goto(`/admin/templates/edit-template/${template.id}/connect`);
  const outbound = page.getByRole('region', { name: 'Outbound', exact: true });
  await outbound.getByRole('button', { name: 'Add outbound' }).click();
  await page.getByRole('textbox', { name: 'Search integration types' }).fill('s3-push');
  await page.getByRole('option', { name: 'Amazon S3', exact: true }).click();
  const panel = outbound.locator('[data-issue-target^="integration:"][data-active]');
  await panel.getByRole('textbox', { name: 'Name', exact: true }).fill('Bucket drop');
  await panel.getByRole('combobox', { name: 'Account', exact: true }).click();
  await page.getByRole('option', { name: accountName, exact: true }).click();
  const prefix = uniqueName('runs').replace(/\W+/g, '-');
  await panel.getByRole('textbox', { name: 'Folder', exact: true }).fill(`/${E2E_S3_BUCKET}/${prefix}`);
  await panel.getByRole('textbox', { name: 'File name pattern' }).fill('codes-{submission_name}');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Template saved successfully')).toBeVisible();

  // Rows are submitted; the submission page shows the run until it succeeds, naming the file.
  const submitted = await api.post('/api/v1/account/submissions', {
    data: { template_id: template.id, name: 'week14', rows: [{ [template.campaignId]: 'Autumn Sale' }] },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const submissionId = (await submitted.json()).id;
  await api.dispose();
  await page.goto(`/codes/submissions/${submissionId}`);
  const runs = submissionRuns(page);
  await expect(runs.getByRole('heading', { name: 'Integration runs' })).toBeVisible();
  await expect(runs.getByRole('row').filter({ hasText: 'Bucket drop' })).toContainText('Success', {
    timeout: 30_000,
  });
  const key = `${prefix}/codes-week14.csv`;
  await expect(runs.getByText(key, { exact: false })).toBeVisible();

  // The bucket's listing holds the file once.
  const s3 = new S3Client({
    region: 'us-east-1',
    endpoint: e2eS3Endpoint(),
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: E2E_S3_BUCKET, Prefix: `${prefix}/` }));
  expect(listed.Contents?.map((c) => c.Key)).toEqual([key]);
  s3.destroy();
});

test('[TEMPLATES]: a failing SFTP push shows its message on the submission page and mails the notification recipients', async ({
  page,
  baseURL,
}) => {
  const api = await apiAs('admin', baseURL!);
  // Integration notifications are a feature flag (spec 03 §3); the demo account turns it on here
  // and back off at the end (the e2e tests run one at a time).
  const before = await (await api.get('/api/v1/account/settings')).json();
  const wasOn = before.features.some(
    (f: { slug: string; enabled: boolean }) => f.slug === 'integration-notifications' && f.enabled,
  );
  const setFlag = async (enabled: boolean) => {
    const now = await (await api.get('/api/v1/account/settings')).json();
    const saved = await api.put('/api/v1/account/settings', {
      data: {
        settings: now.settings,
        features: { 'integration-notifications': enabled },
        updated_at: now.updated_at,
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  };
  await setFlag(true);
  try {
    const connectorId = await sftpConnector(api, sftp, uniqueName('Locked SFTP'), 'not-the-password');
    const oncall = `${uniqueName('oncall').replace(/\W+/g, '').toLowerCase()}@acme.test`;
    const template = await campaignTemplate(api, uniqueName('Locked exports'), [
      {
        id: 'TEMP_sftp',
        name: 'Locked drop',
        connector_id: connectorId,
        connector_type_id: null,
        slug: 'sftp-push',
        integration_type: 'OUTPUT',
        delimiter: 'comma',
        file_type: ['csv'],
        filename_pattern: 'locked-{submission_name}',
        folder: '/drop',
        integration_notifications: [
          { emailTo: [oncall], subject: '', emailOnFailure: true, emailOnSuccess: false },
        ],
      },
    ]);
    const submitted = await api.post('/api/v1/account/submissions', {
      data: { template_id: template.id, name: 'week15', rows: [{ [template.campaignId]: 'Winter Sale' }] },
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
    const submissionId = (await submitted.json()).id;

    await page.goto(`/codes/submissions/${submissionId}`);
    const run = submissionRuns(page).getByRole('row').filter({ hasText: 'Locked drop' });
    await expect(run).toContainText('Failed', { timeout: 30_000 });
    await expect(run).toContainText(`refused the sign-in of ${sftp.username}`);
    await expect.poll(() => mailsTo(oncall).length, { timeout: 15_000 }).toBe(1);
    const mail = mailsTo(oncall)[0]!;
    expect(mail).toContain('Subject: Integration failed: Locked drop');
    expect(mail).toContain('check the account');
    // The submission is untouched: its rows stay in the dataset.
    await expect(page.getByText('Submitted', { exact: true }).first()).toBeVisible();
  } finally {
    await setFlag(wasOn);
    await api.dispose();
  }
});
