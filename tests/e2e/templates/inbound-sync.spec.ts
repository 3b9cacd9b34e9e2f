import { expect, test } from '@playwright/test';
import { type SftpPeer, startSftpPeer } from '../../peers/sftp-peer';
import { apiAs, uniqueName } from '../support/api';
import { storageStateOf } from '../support/roles';

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
  const connector = await api.post('/api/v1/account/connector/', {
    data: {
      name: uniqueName('Inbox SFTP'),
      connector_type_slug: 'sftp',
      metadata: {
        host: sftp.host,
        port: sftp.port,
        username: sftp.username,
        auth_type: 'password',
        password: sftp.password,
      },
    },
  });
  expect(connector.status(), await connector.text()).toBe(200);
  const fieldset = await api.put('/api/v1/account/fieldsets', {
    data: {
      name: uniqueName('Inbound fields'),
      fields: [
        { id: 'TEMP_a', name: 'Campaign', governance_type: 'text', validation: { characters: 'any' } },
      ],
    },
  });
  expect(fieldset.status(), await fieldset.text()).toBe(200);
  const field = (await fieldset.json()).fieldset.fields[0];
  const folder = await api.put('/api/v1/account/folder', {
    data: { name: uniqueName('Inbound'), description: '' },
  });
  const inbox = `/${uniqueName('inbox').replace(/\W+/g, '-')}`;
  const assignmentName = uniqueName('Agency inbox');
  const saved = await api.put('/api/v1/account/template/', {
    data: {
      name: uniqueName('Inbound codes'),
      folder_id: (await folder.json()).folder.id,
      fieldsets: [(await fieldset.json()).fieldset.id],
      template_fields: [
        {
          id: 'TEMP_campaign',
          field_id: field.id,
          field: { id: field.id, name: 'Campaign', governance_type: 'text', is_pattern: false },
          precedence: 0,
          governance_type: 'text',
          visible_on_form: true,
          validation: { characters: 'any' },
        },
      ],
      integrations: [
        {
          id: 'TEMP_pull',
          name: assignmentName,
          connector_id: (await connector.json()).id,
          connector_type_id: null,
          slug: 'sftp-pull',
          integration_type: 'INPUT',
          folder: inbox,
          metadata: { identifier_field_ids: '' },
        },
      ],
      settings: { require_identifier: 0, require_approval: 0, enable_auto_submit: 0 },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const templateId = (await saved.json()).id;
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
