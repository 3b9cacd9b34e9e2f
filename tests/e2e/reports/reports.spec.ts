import { readFile } from 'node:fs/promises';
import { monthLabel, type TemplateField } from '@nomen/shared';
import { apiAs, uniqueName } from '../support/api';
import { storageStateOf } from '../support/roles';
import { campaignNumberDraft } from '../support/templates';
import { expect, test } from '../support/test';

test.use({ storageState: storageStateOf('admin') });

/**
 * Seeds, through the API, a template whose pattern is a free-text campaign and an autonumber,
 * and one submission of three rows; answers what the page should show.
 */
async function seedSubmission(baseURL: string) {
  const api = await apiAs('admin', baseURL);
  const marker = uniqueName('Zebra').replace(/\s+/g, '');
  const folder = await api.put('/api/v1/account/folder', {
    data: { name: uniqueName('Reports folder'), description: '' },
  });
  expect(folder.status()).toBe(200);
  const draft = await campaignNumberDraft(api, uniqueName('Reports pattern'));
  const templateName = uniqueName('Reports template');
  const template = await api.put('/api/v1/account/template/', {
    data: {
      ...draft,
      name: templateName,
      folder_id: ((await folder.json()) as { folder: { id: number } }).folder.id,
      integrations: [],
    },
  });
  expect(template.status()).toBe(200);
  const templateId = ((await template.json()) as { id: number }).id;
  const detail = (await (await api.get(`/api/v1/account/template/${templateId}`)).json()) as {
    template_fields: TemplateField[];
  };
  const campaign = detail.template_fields.find((tf) => tf.field.name === 'Campaign')!.id as number;
  const submissionName = uniqueName('Launch, "spring"');
  const submission = await api.post('/api/v1/account/submissions', {
    data: {
      template_id: templateId,
      name: submissionName,
      rows: [`${marker} Été`, 'plain', 'другой'].map((value) => ({ [campaign]: value })),
    },
  });
  expect(submission.status()).toBe(201);
  const { dataset_id: datasetId } = (await submission.json()) as { dataset_id: number };
  // The search index takes new values in a job right after the commit: wait until it finds them.
  await expect
    .poll(
      async () => {
        const found = await api.post('/api/core/v1/search/template-data/legacy', {
          data: { term: marker.toLowerCase() },
        });
        return ((await found.json()) as { data: unknown[] }).data.length;
      },
      { timeout: 30_000 },
    )
    .toBe(2);
  const summary = await (await api.get('/api/v1/account/reports/summary')).json();
  const charts = (await (await api.get('/api/v1/account/reports/charts?tz=UTC')).json()) as {
    data: { month: string; codes_submitted: number }[];
  };
  const topUsers = (await (await api.get('/api/v1/account/reports/topusers')).json()) as {
    data: { name: string; submitted_codes: number }[];
  };
  const me = (await (await api.get('/api/v1/auth/me')).json()) as { user: { name: string } };
  await api.dispose();
  return {
    marker,
    templateName,
    submissionName,
    datasetId,
    summary,
    charts,
    topUsers,
    adminName: me.user.name,
  };
}

test.use({ timezoneId: 'UTC' });

test('[REPORTS]: the admin lands on reports, reads the figures, opens a top user, searches and downloads', async ({
  page,
  baseURL,
}) => {
  const seeded = await seedSubmission(baseURL!);
  const format = (n: number) => new Intl.NumberFormat('en-US').format(n);

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/account\/reports$/);
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();

  // Summary and chart.
  await expect(page.getByTestId('summary-numCodesSubmitted')).toContainText(
    format(seeded.summary.numCodesSubmitted),
  );
  await expect(page.getByTestId('summary-submissions')).toContainText(format(seeded.summary.submissions));
  await expect(page.getByTestId('summary-activeUsers')).toContainText(format(seeded.summary.activeUsers));
  const current = seeded.charts.data.at(-1)!;
  expect(current.codes_submitted).toBeGreaterThanOrEqual(3);
  const chartTable = page.getByRole('table', { name: 'Codes submitted per month' });
  const lastMonth = chartTable.getByRole('row').last().getByRole('cell');
  await expect(lastMonth.nth(0)).toHaveText(monthLabel(current.month));
  await expect(lastMonth.nth(1)).toHaveText(String(current.codes_submitted));
  await expect(page.locator('.recharts-line')).toBeVisible();

  // The seeding admin's drawer (other specs may have made someone else the top user).
  const top = seeded.topUsers.data.find((u) => u.name === seeded.adminName)!;
  await page.getByRole('row', { name: `Open the report of ${top.name}` }).click();
  const drawer = page.getByRole('dialog', { name: 'User report' });
  await expect(drawer.getByRole('heading', { name: top.name })).toBeVisible();
  await expect(drawer.getByTestId('user-report-codes')).toHaveText(String(top.submitted_codes));
  await expect(drawer.getByRole('table', { name: 'Codes per template' })).toContainText(seeded.templateName);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // Usage CSV.
  const usage = page.locator('section', { has: page.getByRole('heading', { name: 'Usage' }) });
  await expect(usage.getByRole('table', { name: 'Usage' })).toContainText(seeded.submissionName);
  await usage.getByRole('button', { name: 'Download usage report' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV (UTF-8)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    /^nomen-usage-report-\d{4}-\d{2}-\d{2}_to_\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = await readFile((await download.path())!, 'utf8');
  expect(
    csv.startsWith('\uFEFFtemplate_name,submission_name,submitter_name,number_of_codes,created_at (UTC)\n'),
  ).toBe(true);
  expect(csv).toContain(`${seeded.templateName},"${seeded.submissionName.replace(/"/g, '""')}",`);

  // Search, highlighted, kept in ?q=, then the dataset page.
  const search = page.getByRole('textbox', { name: 'Search submitted values' });
  await search.fill(seeded.marker.toLowerCase());
  await expect(page).toHaveURL(new RegExp(`[?&]q=${seeded.marker.toLowerCase()}`));
  const results = page.getByRole('table', { name: 'Search results' });
  await expect(results.locator('mark').first()).toHaveText(seeded.marker);
  // The campaign and the code made from it; the header row too.
  await expect(results.getByRole('row')).toHaveCount(3);
  await results
    .getByRole('row', { name: `Open the dataset of ${seeded.templateName}: ${seeded.marker} Été` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/codes/details/${seeded.datasetId}/data\\?row=[0-9a-f-]{36}&`));
  await expect(page.getByTestId('dataset-total')).toHaveText('1 row');
});
