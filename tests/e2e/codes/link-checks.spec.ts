import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiAs, uniqueName } from '../support/api';
import { storageStateOf } from '../support/roles';
import { expect, test } from '../support/test';

// Link checks on the submission page (issue 12 item 6): links submitted through a template with
// link validations are fetched from a local site and each shows its warnings or "All checks passed".

test.use({ storageState: storageStateOf('admin') });

let site: Server;
let base: string;
test.beforeAll(async () => {
  site = createServer((req, res) => {
    if (req.url?.startsWith('/tagged'))
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<script src="https://www.googletagmanager.com/gtag/js?id=G-E2E12345"></script>');
    else if (req.url?.startsWith('/plain'))
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Hi</p>');
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => site?.close(resolve));
});

test('[CODES]: the submission page lists each link with its link-check warnings', async ({
  page,
  baseURL,
}) => {
  const api = await apiAs('admin', baseURL!);
  const fieldset = await api.put('/api/v1/account/fieldsets', {
    data: {
      name: uniqueName('Link check fields'),
      fields: [
        { id: 'TEMP_a', name: 'Campaign', governance_type: 'text', validation: { characters: 'any' } },
      ],
    },
  });
  expect(fieldset.status(), await fieldset.text()).toBe(200);
  const set = (await fieldset.json()).fieldset;
  const folder = await api.put('/api/v1/account/folder', {
    data: { name: uniqueName('Links'), description: '' },
  });
  const saved = await api.put('/api/v1/account/template/', {
    data: {
      name: uniqueName('Landing pages'),
      folder_id: (await folder.json()).folder.id,
      fieldsets: [set.id],
      template_fields: [
        {
          id: 'TEMP_campaign',
          field_id: set.fields[0].id,
          field: { id: set.fields[0].id, name: 'Campaign', governance_type: 'text', fieldset_id: set.id },
          precedence: 0,
          governance_type: 'text',
        },
        {
          id: 'TEMP_link',
          field_id: 'TEMP_linkfield',
          field: { id: 'TEMP_linkfield', name: 'Landing page', governance_type: 'link' },
          precedence: 1,
          governance_type: 'link',
        },
      ],
      validations: [
        {
          slug: 'google_analytics',
          uuid: 'e2e00000-0000-4000-8000-00000000000a',
          options: {
            ga_pixel_exists: { enabled: true, metadata: {} },
            ga_correct_property: { enabled: true, metadata: { expected_property_id: 'G-E2E12345' } },
          },
        },
      ],
      settings: { require_identifier: 0, require_approval: 0, enable_auto_submit: 0 },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const templateId = (await saved.json()).id;
  const fields = (await (await api.get(`/api/v1/account/template/${templateId}`)).json()).template_fields as {
    id: number;
    governance_type: string;
  }[];
  const campaign = fields.find((f) => f.governance_type === 'text')!.id;
  const link = fields.find((f) => f.governance_type === 'link')!.id;
  const submitted = await api.post('/api/v1/account/submissions', {
    data: {
      template_id: templateId,
      name: uniqueName('Spring links'),
      rows: [
        { [campaign]: 'Spring', [link]: `${base}/tagged` },
        { [campaign]: 'Summer', [link]: `${base}/plain` },
        { [campaign]: 'Autumn', [link]: `${base}/gone` },
      ],
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const submissionId = (await submitted.json()).id;
  await api.dispose();

  await page.goto(`/codes/submissions/${submissionId}`);
  const panel = page.getByLabel('Link checks');
  await expect(panel.getByRole('heading', { name: 'Link checks' })).toBeVisible();
  const tagged = panel.getByLabel(`Link ${base}/tagged`);
  await expect(tagged.getByText('All checks passed')).toBeVisible({ timeout: 30_000 });
  await expect(tagged.getByText('Row 1', { exact: false })).toBeVisible();
  const plain = panel.getByLabel(`Link ${base}/plain`);
  await expect(plain.getByText('2 warnings')).toBeVisible();
  await expect(plain.getByText('No Google Analytics tag found on the page')).toBeVisible();
  await expect(plain.getByText('No Google tag ID found on the page; expected G-E2E12345')).toBeVisible();
  const gone = panel.getByLabel(`Link ${base}/gone`);
  await expect(gone.getByText(`The page answered 404 at ${base}/gone`)).toBeVisible();
});
