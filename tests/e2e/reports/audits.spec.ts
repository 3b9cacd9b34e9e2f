import {
  addFieldsetFields,
  addLinkField,
  addPatternField,
  createIntegrationAssignment,
  newTemplate,
  type Pattern,
  type TemplateField,
} from '@nomen/shared';
import type { APIRequestContext } from '@playwright/test';
import { type OidcPeer, startOidcPeer } from '../../peers/oidc-peer';
import { apiAs, uniqueName } from '../support/api';
import { storageStateOf } from '../support/roles';
import { E2E_META_AD_ACCOUNT, E2E_META_CREATIVES } from '../support/standins';
import { expect, test } from '../support/test';

test.use({ storageState: storageStateOf('admin') });

const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
/** The port start-server.mjs points Facebook's sign-in at (the OpenID Connect peer). */
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? E2E_PORT + 7);

let oidc: OidcPeer;
test.beforeAll(async () => {
  oidc = await startOidcPeer({
    port: OIDC_PORT,
    redirectUri: `http://localhost:${E2E_PORT}/api/v1/oauth/callback`,
  });
});
test.afterAll(async () => {
  await oidc?.close();
});

async function ok<T>(response: Promise<import('@playwright/test').APIResponse>, what: string): Promise<T> {
  const res = await response;
  expect(res.status(), `${what}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

async function list(api: APIRequestContext, name: string, values: string[]) {
  const saved = await ok<{ id: number; list_columns: { id: number }[] }>(
    api.put('/api/v1/account/lists/', {
      data: {
        id: null,
        name,
        type: 'drop-down',
        list_columns: [
          {
            id: 'c',
            name,
            precedence: 0,
            list_values: values.map((value, i) => ({ id: `v${i}`, row_number: i, value })),
          },
        ],
      },
    }),
    'list',
  );
  return { list_id: saved.id, list_column_id: saved.list_columns[0]!.id, delimiter: 'none', lists: [] };
}

/**
 * Seeds through the API the governance an audit applies: lists Regions and Channels, the pattern
 * `<Region>_<Channel>_<Campaign>_<Launch YYYYMMDD>`, and a template of it with Object ID, a link
 * parameter utm_campaign (the name) and a facebook-marketing-outbound integration renaming ad
 * creatives on `connectorId`; answers the template's name.
 */
async function seedTemplate(api: APIRequestContext, connectorId: number): Promise<string> {
  const tag = uniqueName('audit');
  const governed = {
    Region: await list(api, `Regions ${tag}`, ['EMEA', 'North America', 'APAC', 'LATAM']),
    Channel: await list(api, `Channels ${tag}`, ['Social', 'Search', 'Display', 'Video']),
  } as Record<string, object>;
  const { pattern } = await ok<{ pattern: Pattern }>(
    api.put('/api/v1/account/field/', {
      data: {
        name: `Creative name ${tag}`,
        delimiter: '_',
        segments: [
          { id: 'TEMP_r', segment_type: 'variable', segment_precedence: 0, name: 'Region' },
          { id: 'TEMP_c', segment_type: 'variable', segment_precedence: 1, name: 'Channel' },
          { id: 'TEMP_n', segment_type: 'variable', segment_precedence: 2, name: 'Campaign' },
          {
            id: 'TEMP_d',
            segment_type: 'date',
            segment_precedence: 3,
            name: 'Launch',
            order: 'Y|M|D',
            months: '01-12',
            days: '01-31',
            years: '0000-9999',
            delimiter: 'none',
            auto_populate: false,
          },
        ],
      },
    }),
    'pattern',
  );
  const { fieldset } = await ok<{ fieldset: { id: number } }>(
    api.put('/api/v1/account/fieldsets', {
      data: {
        name: `Ids ${tag}`,
        fields: [
          { id: 'TEMP_i', name: 'Object ID', governance_type: 'text', validation: { characters: 'any' } },
        ],
      },
    }),
    'field set',
  );
  const folder = await ok<{ folder: { id: number } }>(
    api.put('/api/v1/account/folder', { data: { name: tag, description: '' } }),
    'folder',
  );
  let draft = addPatternField(newTemplate({ templateName: 'Audit', now: new Date() }), pattern);
  draft = addLinkField(addFieldsetFields(draft, fieldset as never));
  draft.template_fields = draft.template_fields.map((tf) =>
    tf.field.segment_type !== 'variable'
      ? tf
      : governed[tf.field.name]
        ? {
            ...tf,
            governance_type: 'list',
            required: true,
            list_governance: governed[tf.field.name] as never,
          }
        : ({
            ...tf,
            governance_type: 'text',
            required: true,
            validation: { characters: 'any' },
          } as TemplateField),
  );
  const name = `Creatives ${tag}`;
  const saved = await ok<{ id: number }>(
    api.put('/api/v1/account/template/', {
      data: { ...draft, name, folder_id: folder.folder.id, integrations: [] },
    }),
    'template',
  );
  const got = await ok<{ template_fields: TemplateField[] }>(
    api.get(`/api/v1/account/template/${saved.id}`),
    'template read',
  );
  const fieldOf = (test: (tf: TemplateField) => boolean) => got.template_fields.find(test)!;
  const code = fieldOf((tf) => tf.field.is_pattern);
  const objectId = fieldOf((tf) => tf.field.name === 'Object ID');
  const mapping = (fieldName: string, tf: TemplateField) => ({
    fieldName,
    cvFieldId: tf.field_id,
    required: true,
    type: 'integration_field',
    source_type: 'field',
  });
  await ok(
    api.put('/api/v1/account/template/', {
      data: {
        ...got,
        parameters: [{ name: 'utm_campaign', template_field_id: code.id, precedence: 0 }],
        integrations: [
          {
            ...createIntegrationAssignment('facebook-marketing-outbound', {
              templateName: name,
              now: new Date(),
            }),
            name: 'Creative names',
            connector_id: connectorId,
            metadata: { data_type: 'ad_creatives', adAccountsLinked: E2E_META_AD_ACCOUNT },
            mapping_fields: [mapping('creative_id', objectId), mapping('name', code)],
          },
        ],
      },
    }),
    'template integrations',
  );
  return name;
}

test('[AUDITS]: an admin sets up an audit of live ad creatives, runs it, reads the score and violations, accepts an exception, removes it and opens a fix', async ({
  page,
  baseURL,
}) => {
  // A Facebook Marketing account, connected through Facebook's sign-in (the OpenID Connect peer).
  const accountName = uniqueName('Meta ads');
  await page.goto('/admin/accounts');
  await page.getByRole('button', { name: 'Add account' }).click();
  const add = page.getByRole('dialog', { name: 'Add connected account' });
  await add.getByRole('combobox', { name: 'Connector type' }).click();
  await page.getByRole('option', { name: 'Facebook Marketing', exact: true }).click();
  await add.getByRole('textbox', { name: 'Name', exact: true }).fill(accountName);
  await add.getByRole('button', { name: 'Sign in with Facebook Marketing' }).click();
  await page.getByPlaceholder('Enter any login').fill('ada');
  await page.getByPlaceholder('and password').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Account connected')).toBeVisible();

  const api = await apiAs('admin', baseURL!);
  const connectors = await ok<{ data: { id: number; name: string }[] }>(
    api.get('/api/v1/account/connector'),
    'connectors',
  );
  const templateName = await seedTemplate(api, connectors.data.find((c) => c.name === accountName)!.id);
  await api.dispose();

  // Set up the audit.
  const auditName = uniqueName('Creative names');
  await page.goto('/admin/audits');
  await page.getByRole('button', { name: 'New audit' }).click();
  const drawer = page.getByRole('dialog', { name: 'New audit' });
  await drawer.getByRole('textbox', { name: 'Name', exact: true }).fill(auditName);
  await drawer.getByRole('combobox', { name: 'Connected account' }).click();
  await page.getByRole('option', { name: `${accountName} (Facebook Marketing)` }).click();
  await drawer.getByRole('combobox', { name: 'Data type' }).click();
  await page.getByRole('option', { name: 'Ad creatives' }).click();
  await drawer.getByRole('textbox', { name: 'Ad account or advertiser' }).fill(E2E_META_AD_ACCOUNT);
  await drawer.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: templateName }).click();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Audit created')).toBeVisible();

  // Run it and read the score: 9 of the 12 creatives follow the template.
  await page.getByRole('table', { name: 'Audits' }).getByRole('link', { name: auditName }).click();
  await expect(page.getByRole('heading', { name: auditName })).toBeVisible();
  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByLabel('Compliance score 75.0%')).toBeVisible({ timeout: 30_000 });
  expect(E2E_META_CREATIVES).toHaveLength(12);
  const violations = page.getByRole('table', { name: 'Violations' });
  await expect(violations.getByRole('row')).toHaveCount(4);
  const emea = violations.getByRole('row', { name: /Emea_Social_Launch_20260301/ });
  await expect(emea).toContainText("Segment Region: 'Emea' is not in");
  await expect(emea).toContainText("did you mean 'EMEA'?");
  await expect(emea).toContainText('EMEA_Social_Launch_20260301');

  // Accept one as an exception, with a comment.
  await emea.getByRole('button', { name: /Accept .* as an exception/ }).click();
  const modal = page.getByRole('dialog', { name: 'Accept as an exception' });
  await modal.getByRole('textbox', { name: 'Why is it accepted?' }).fill('Legacy creative, ends this week');
  await modal.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Accepted as an exception')).toBeVisible();
  await expect(emea).toContainText('Legacy creative, ends this week');
  await expect(emea.getByRole('button', { name: /Accept/ })).toHaveCount(0);

  // Remove the exception again, after a confirmation: the creative is a violation once more.
  await emea.getByRole('button', { name: /Remove the exception of/ }).click();
  await page
    .getByRole('dialog', { name: 'Remove the exception?' })
    .getByRole('button', { name: 'Remove exception' })
    .click();
  await expect(page.getByText('Exception removed')).toBeVisible();
  await expect(emea).not.toContainText('Legacy creative, ends this week');
  await expect(emea.getByRole('button', { name: /Accept .* as an exception/ })).toBeVisible();

  // Open a fix: the violations become a submission of the template.
  await page.getByRole('button', { name: 'Fix violations' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/codes\/submissions\/\d+$/);
  await expect(page.getByText(`Audit fixes: ${auditName}`)).toBeVisible();
});
