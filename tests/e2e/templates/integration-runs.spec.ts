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

test('[TEMPLATES]: an SFTP outbound runs when rows are submitted, and the connect step shows the run', async ({
  page,
  baseURL,
}) => {
  const api = await apiAs('admin', baseURL!);
  const connector = await api.post('/api/v1/account/connector/', {
    data: {
      name: uniqueName('Agency SFTP'),
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
      name: uniqueName('Export fields'),
      fields: [
        { id: 'TEMP_a', name: 'Campaign', governance_type: 'text', validation: { characters: 'any' } },
      ],
    },
  });
  expect(fieldset.status(), await fieldset.text()).toBe(200);
  const field = (await fieldset.json()).fieldset.fields[0];
  const folder = await api.put('/api/v1/account/folder', {
    data: { name: uniqueName('Exports'), description: '' },
  });
  const templateName = uniqueName('Exports');
  const saved = await api.put('/api/v1/account/template/', {
    data: {
      name: templateName,
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
          id: 'TEMP_sftp',
          name: 'Agency drop',
          connector_id: (await connector.json()).id,
          connector_type_id: null,
          slug: 'sftp-push',
          integration_type: 'OUTPUT',
          delimiter: 'comma',
          file_type: ['csv'],
          filename_pattern: 'e2e-{submission_name}',
          folder: '/drop',
        },
      ],
      settings: { require_identifier: 0, require_approval: 0, enable_auto_submit: 0 },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const templateId = (await saved.json()).id;
  const template = await (await api.get(`/api/v1/account/template/${templateId}`)).json();
  const campaignId = template.template_fields.find(
    (f: { field: { name: string } }) => f.field.name === 'Campaign',
  ).id;
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
