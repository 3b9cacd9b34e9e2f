import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TemplateField } from '@nomen/shared';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, ROLES, type RoleName } from '../e2e/support/roles';
import { campaignNumberDraft } from '../e2e/support/templates';

/**
 * The product's first real job, on the embedded database of a fresh `npm start` (the server the
 * `embedded` Playwright project starts): an admin builds a template with approval, a USER imports
 * and types rows and submits, the approver rejects with a comment, the USER corrects and
 * resubmits (the unchanged rows keep their codes), the approver approves, and the dataset, the
 * search report and the reports' counts show the rows.
 */

/** Signs `role` in through the sign-in page in a browser context of its own. */
async function signIn(browser: Browser, role: RoleName): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(ROLES[role]);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/(admin|codes)(\/|$)/);
  return page;
}

/** A cell of the submission grid (0-based row and column), by the grid's ARIA indexes. */
function cell(page: Page, row: number, col: number) {
  return page
    .getByTestId('submission-grid')
    .locator(`[role="row"][aria-rowindex="${row + 2}"] [role="gridcell"][aria-colindex="${col + 2}"]`);
}

/**
 * Through the admin's session: approval on for the account, a pattern "Loop code" (a free-text
 * campaign and a 4-digit running number) and a template of it that requires the approver's
 * approval, in the folder the USER's group shares. Answers the template's name and the template
 * field id of its code.
 */
async function buildTemplate(admin: Page, marker: string): Promise<{ name: string; codeField: string }> {
  const api = admin.request;
  const current = await (await api.get('/api/v1/account/settings')).json();
  const settings = await api.put('/api/v1/account/settings', {
    data: {
      settings: { ...current.settings, allow_approval: true },
      features: { approval: true },
      updated_at: current.updated_at,
    },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const draft = await campaignNumberDraft(api, `Loop code ${marker}`);
  const users = (await (await api.get('/api/v1/account/user')).json()) as {
    data: { id: number; email: string }[];
  };
  const approverId = users.data.find((u) => u.email === ROLES.approver)!.id;
  const folders = (await (await api.get('/api/v1/account/folder')).json()) as {
    data: { id: number; name: string }[];
  };
  const name = `Launch codes ${marker}`;
  const template = await api.put('/api/v1/account/template/', {
    data: {
      ...draft,
      name,
      folder_id: folders.data.find((f) => f.name === 'Email & CRM')!.id,
      settings: { ...draft.settings, require_identifier: 0, require_approval: 1, enable_auto_submit: 0 },
      approvers: [approverId],
      integrations: [],
    },
  });
  expect(template.status(), await template.text()).toBe(200);
  const id = ((await template.json()) as { id: number }).id;
  const detail = (await (await api.get(`/api/v1/account/template/${id}`)).json()) as {
    template_fields: TemplateField[];
  };
  const codeField = detail.template_fields.find((tf) => tf.field.is_pattern)!.id;
  return { name, codeField: String(codeField) };
}

/** The codes of a submission's rows, in row order, as the API answers them to `page`'s user. */
async function codesOf(page: Page, submissionUrl: string, codeField: string): Promise<string[]> {
  const id = submissionUrl.match(/(\d+)(?:\?.*)?$/)![1];
  const detail = (await (await page.request.get(`/api/v1/account/submissions/${id}`)).json()) as {
    rows: { row_number: number; data: Record<string, string> }[];
  };
  return [...detail.rows].sort((a, b) => a.row_number - b.row_number).map((r) => r.data[codeField]!);
}

test('[LOOP] on the embedded database: build a template with approval, import and type rows, reject, correct and resubmit keeping codes, approve, and the dataset and reports show the rows', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const marker = `wombat${Date.now().toString(36)}`;
  const admin = await signIn(browser, 'admin');
  const template = await buildTemplate(admin, marker);
  // The demo history's codes are in the count already (SEED_DEMO_HISTORY): the loop adds three.
  const codesBefore = (
    (await (await admin.request.get('/api/v1/account/reports/summary')).json()) as {
      numCodesSubmitted: number;
    }
  ).numCodesSubmitted;

  // The USER imports two rows from a CSV, types a third, and submits: it waits for approval.
  const user = await signIn(browser, 'user');
  await user.goto('/codes');
  await user.getByRole('button', { name: `New submission with ${template.name}` }).click();
  await user.getByLabel('Submission name').fill('Autumn launches');
  await user.getByRole('button', { name: 'Import file' }).click();
  const dialog = user.getByRole('dialog', { name: 'Import rows from a file' });
  const csv = join(mkdtempSync(join(tmpdir(), 'nomen-loop-')), 'launches.csv');
  writeFileSync(csv, `Campaign\r\n${marker} alpha\r\n${marker} beta\r\n`);
  await dialog.locator('input[type="file"]').setInputFiles(csv);
  await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(cell(user, 1, 1)).toHaveText(`${marker} beta`);
  await cell(user, 2, 1).click();
  await user.keyboard.press('Enter');
  await user.keyboard.type(`${marker} gamma`);
  await user.keyboard.press('Enter');
  await expect(cell(user, 2, 1)).toHaveText(`${marker} gamma`);
  await user.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(user.getByTestId('submission-status')).toHaveText('Pending');
  const submissionUrl = new URL(user.url()).pathname;
  const firstCodes = await codesOf(user, submissionUrl, template.codeField);
  expect(firstCodes).toEqual([`${marker} alpha_0001`, `${marker} beta_0002`, `${marker} gamma_0003`]);

  // The approver finds it waiting and rejects it with a comment.
  const approver = await signIn(browser, 'approver');
  await approver.goto('/codes');
  await approver
    .getByRole('table', { name: 'Waiting for your approval' })
    .getByText('Autumn launches')
    .click();
  await approver.getByRole('button', { name: 'Reject' }).click();
  await approver.getByLabel('Comment').fill('Gamma is not a launch this autumn: rename it');
  await approver.getByRole('button', { name: 'Reject' }).click();
  await expect(approver.getByTestId('submission-status')).toHaveText('Rejected');

  // The USER reads the comment, corrects the third row and resubmits: the unchanged rows keep
  // their codes, and the page says it waits for approval, not that it was approved.
  await user.goto(submissionUrl);
  await expect(
    user.getByRole('alert').filter({ hasText: 'Gamma is not a launch this autumn: rename it' }),
  ).toBeVisible();
  await user.getByRole('button', { name: 'Correct and resubmit' }).click();
  await expect(cell(user, 2, 1)).toHaveText(`${marker} gamma`);
  await cell(user, 2, 1).dblclick();
  await user.keyboard.press('Control+A');
  await user.keyboard.type(`${marker} delta`);
  await user.keyboard.press('Enter');
  await user.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(user.getByTestId('submission-status')).toHaveText('Pending');
  await expect(user.getByText('Approved by')).toHaveCount(0);
  const resubmitted = await codesOf(user, submissionUrl, template.codeField);
  expect(resubmitted.slice(0, 2)).toEqual(firstCodes.slice(0, 2));
  expect(resubmitted[2]).toMatch(new RegExp(`^${marker} delta_\\d{4}$`));

  // The approver approves: the rows enter the dataset.
  await approver.goto(submissionUrl);
  await approver.getByRole('button', { name: 'Approve' }).click();
  await expect(approver.getByTestId('submission-status')).toHaveText('Approved');
  await approver.getByRole('link', { name: 'Dataset rows' }).click();
  const rows = approver.getByTestId('dataset-rows');
  for (const code of resubmitted) await expect(rows.getByRole('gridcell', { name: code })).toBeVisible();

  // The reports count the three codes more, and the search report finds them (indexed by a job just
  // after the commit).
  await expect
    .poll(
      async () => {
        const found = await admin.request.post('/api/core/v1/search/template-data/legacy', {
          data: { term: marker },
        });
        return ((await found.json()) as { data: unknown[] }).data.length;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  await admin.goto('/admin/account/reports');
  await expect(admin.getByTestId('summary-numCodesSubmitted')).toHaveText(
    `Codes submitted${new Intl.NumberFormat('en-US').format(codesBefore + 3)}`,
  );
  await admin.getByRole('textbox', { name: 'Search submitted values' }).fill(marker);
  const results = admin.getByRole('table', { name: 'Search results' });
  await expect(results.getByText(`${marker} delta`, { exact: true }).first()).toBeVisible();
  await expect(results.getByText(`${marker} alpha`, { exact: true }).first()).toBeVisible();
});
