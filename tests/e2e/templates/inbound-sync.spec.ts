import { type SftpPeer, startSftpPeer } from '../../peers/sftp-peer';
import { apiAs, uniqueName } from '../support/api';
import { storageStateOf } from '../support/roles';
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

test('[TEMPLATES]: Sync now pulls a new SFTP file into a draft submission to fix, shown in the run and openable', async ({
  page,
  baseURL,
}) => {
  const api = await apiAs('admin', baseURL!);
  const connectorId = await sftpConnector(api, sftp, uniqueName('Inbox SFTP'));
  const inbox = `/${uniqueName('inbox').replace(/\W+/g, '-')}`;
  const assignmentName = uniqueName('Agency inbox');
  const { id: templateId } = await campaignTemplate(api, uniqueName('Inbound codes'), [
    {
      id: 'TEMP_pull',
      name: assignmentName,
      connector_id: connectorId,
      connector_type_id: null,
      slug: 'sftp-pull',
      integration_type: 'INPUT',
      folder: inbox,
      metadata: { identifier_field_ids: '' },
    },
  ]);
  await api.dispose();
  sftp.putFile(`${inbox}/week-12.csv`, 'Campaign\r\nSpring Sale\r\nSummer Sale\r\n');

  await page.goto(`/admin/templates/edit-template/${templateId}/connect`);
  const panel = page.locator('[data-issue-target^="integration:"]').filter({
    has: page.getByRole('button', { name: `Delete ${assignmentName}`, exact: true }),
  });
  const control = panel.locator('button[aria-expanded]').first();
  await control.click();
  await expect(control).toHaveAttribute('aria-expanded', 'true');
  const runs = panel.getByLabel('Last runs');
  await expect(
    runs.getByText('No runs yet. A pull starts every 8 hours, or now with Sync now.'),
  ).toBeVisible();

  await panel.getByRole('button', { name: 'Sync now' }).click();
  await expect(runs.getByText('Success', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(
    runs.getByText(/Imported week-12\.csv: 2 rows to fix and submit in draft submission #\d+/),
  ).toBeVisible();

  await runs.getByRole('link', { name: 'Open the imported submission' }).click();
  await expect(page).toHaveURL(/\/codes\/submissions\/\d+$/);
  await expect(page.getByText(`${assignmentName}: week-12.csv`).first()).toBeVisible();
  await expect(page.getByText('Draft', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Spring Sale').first()).toBeVisible();
});

test('[TEMPLATES]: Sync now of an inbound integration parked "Not ready" is disabled and says on hover what is missing', async ({
  page,
  baseURL,
}) => {
  const api = await apiAs('admin', baseURL!);
  const assignmentName = uniqueName('Unfinished inbox');
  const { id: templateId } = await campaignTemplate(api, uniqueName('Parked inbound'), [
    {
      id: 'TEMP_pull',
      name: assignmentName,
      connector_id: null,
      connector_type_id: null,
      slug: 'sftp-pull',
      integration_type: 'INPUT',
      folder: '/inbox',
      metadata: { identifier_field_ids: '' },
    },
  ]);
  await api.dispose();

  await page.goto(`/admin/templates/edit-template/${templateId}/connect`);
  const panel = page.locator('[data-issue-target^="integration:"]').filter({
    has: page.getByRole('button', { name: `Delete ${assignmentName}`, exact: true }),
  });
  const control = panel.locator('button[aria-expanded]').first();
  await control.click();
  await expect(control).toHaveAttribute('aria-expanded', 'true');
  const sync = panel.getByRole('button', { name: 'Sync now' });
  await expect(sync).toBeDisabled();
  await expect(sync).toHaveAccessibleDescription('Not ready: choose a connected account');
  await sync.locator('..').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Not ready: choose a connected account');
});
