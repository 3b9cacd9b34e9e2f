import {
  addFieldsetFields,
  addLinkField,
  createIntegrationAssignment,
  newTemplate,
  type TemplateField,
} from '@nomen/shared';
import { apiAs, uniqueName } from '../support/api';
import { storageStateOf } from '../support/roles';
import { E2E_QR_KEY } from '../support/standins';
import { expect, test } from '../support/test';

test.use({ storageState: storageStateOf('admin') });

test('[TEMPLATES]: the QR codes a QRCode Monkey integration made show on the submission page, one per row', async ({
  page,
  baseURL,
}) => {
  const api = await apiAs('admin', baseURL!);
  const connector = await api.post('/api/v1/account/connector/', {
    data: {
      name: uniqueName('QR maker'),
      connector_type_slug: 'qr-code-monkey',
      metadata: { api_key: E2E_QR_KEY },
    },
  });
  expect(connector.status(), await connector.text()).toBe(200);
  const fieldset = await api.put('/api/v1/account/fieldsets', {
    data: {
      name: uniqueName('QR fields'),
      fields: [
        { id: 'TEMP_a', name: 'Campaign', governance_type: 'text', validation: { characters: 'any' } },
      ],
    },
  });
  expect(fieldset.status(), await fieldset.text()).toBe(200);
  const folder = await api.put('/api/v1/account/folder', {
    data: { name: uniqueName('QR'), description: '' },
  });
  const draft = addLinkField(
    addFieldsetFields(newTemplate({ templateName: 'QR', now: new Date() }), (await fieldset.json()).fieldset),
  );
  const saved = await api.put('/api/v1/account/template/', {
    data: {
      ...draft,
      name: uniqueName('Posters'),
      folder_id: (await folder.json()).folder.id,
      integrations: [
        {
          ...createIntegrationAssignment('qr-code-monkey', { templateName: 'Posters', now: new Date() }),
          name: 'Poster QR codes',
          connector_id: (await connector.json()).id,
          metadata: {
            qr_code_monkey_type: 'classic',
            qr_code_monkey_use_shortened: 0,
            qr_code_monkey_dont_regenerate: 0,
            qr_code_monkey_size: 300,
            qr_code_monkey_file_type: 'png',
          },
        },
      ],
      settings: { require_identifier: 0, require_approval: 0, enable_auto_submit: 0 },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const templateId = (await saved.json()).id as number;
  const template = await (await api.get(`/api/v1/account/template/${templateId}`)).json();
  const fields = template.template_fields as TemplateField[];
  const campaign = fields.find((f) => f.field.name === 'Campaign')!.id;
  const link = fields.find((f) => f.governance_type === 'link')!.id;
  const submitted = await api.post('/api/v1/account/submissions', {
    data: {
      template_id: templateId,
      name: 'Poster run',
      rows: [
        { [campaign]: 'Spring', [link]: 'https://acme.com/spring' },
        { [campaign]: 'Summer', [link]: 'https://acme.com/summer' },
      ],
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const submissionId = (await submitted.json()).id as number;
  await api.dispose();

  await page.goto(`/codes/submissions/${submissionId}`);
  await expect(
    page.getByLabel('Integration runs').getByRole('row').filter({ hasText: 'Poster QR codes' }),
  ).toContainText('Success', { timeout: 30_000 });
  const made = page.getByLabel('Short links and QR codes');
  await expect(made.getByRole('heading', { name: 'Short links and QR codes' })).toBeVisible();
  await expect(made.getByTestId('made-link')).toHaveCount(2);
  for (const url of ['https://acme.com/spring', 'https://acme.com/summer']) {
    const image = made.getByRole('img', { name: `QR code of ${url}` });
    await expect(image).toBeVisible();
    // The image loaded: the browser decoded the PNG the integration stored (300 x 300).
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
  }
  await expect(made.getByRole('link', { name: 'PNG' }).first()).toHaveAttribute('download', '');
});
