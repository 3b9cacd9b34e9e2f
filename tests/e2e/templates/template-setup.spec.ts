import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiAs, uniqueName } from '../support/api';
import { storageStateOf } from '../support/roles';
import { expect, test } from '../support/test';

test.use({ storageState: storageStateOf('admin') });

type Flag = 'approval' | 'auto-submit';

/**
 * Sets the demo account's feature flags `flags` through the settings API (the settings screen's
 * call) and answers their previous states, so the test can put them back.
 */
async function setFlags(api: APIRequestContext, flags: Partial<Record<Flag, boolean>>) {
  const got = await api.get('/api/v1/account/settings');
  expect(got.status()).toBe(200);
  const current = (await got.json()) as {
    settings: { allow_approval: boolean };
    features: { slug: string; enabled: boolean }[];
    updated_at: string;
  };
  const before: Partial<Record<Flag, boolean>> = {};
  for (const slug of Object.keys(flags) as Flag[])
    before[slug] = current.features.find((f) => f.slug === slug)?.enabled ?? false;
  const saved = await api.put('/api/v1/account/settings', {
    data: { settings: { allow_approval: true }, features: flags, updated_at: current.updated_at },
  });
  expect(saved.status()).toBe(200);
  return before;
}

function saveButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Save', exact: true });
}

/** Hovers the disabled Save and reads its tooltip (spec 03 §2 "Tooltips explain each reason"). */
async function expectSaveBlocked(page: Page, reason: string | RegExp): Promise<void> {
  await expect(saveButton(page)).toBeDisabled();
  await saveButton(page).hover({ force: true });
  await expect(page.getByRole('tooltip')).toHaveText(reason);
  await page.mouse.move(0, 0);
}

/** The issues in the notification popover, opened by the bell. */
async function openIssues(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /^Template issues:/ }).click();
  const list = page.getByRole('list', { name: 'Template issues' });
  await expect(list).toBeVisible();
  return list;
}

/** The element that carries the jump target of a setup issue, and the box that shows its highlight. */
function setupTarget(page: Page, messageId: string) {
  const input = page.locator(`[data-issue-target="step:setup:${messageId}"]`);
  return { input, highlight: page.locator('[data-highlighted]').filter({ has: input }) };
}

test.describe('[TEMPLATES] setup step', () => {
  let restore: Partial<Record<Flag, boolean>> = {};

  test.beforeAll(async ({ baseURL }) => {
    const api = await apiAs('admin', baseURL!);
    restore = await setFlags(api, { approval: true, 'auto-submit': true });
    await api.dispose();
  });

  test.afterAll(async ({ baseURL }) => {
    const api = await apiAs('admin', baseURL!);
    await setFlags(api, restore);
    await api.dispose();
  });

  test('[TEMPLATES]: a new template is named, gets an inline folder, requires approval with an approver and saves with them', async ({
    page,
  }) => {
    const name = uniqueName('Acme paid social EMEA');
    const folderName = uniqueName('Setup folder');
    await page.goto('/admin/templates/edit-template/new/setup');

    // The name hint asks for the identifying details; Save names what blocks it.
    const nameInput = page.getByLabel('Name', { exact: true });
    await expect(nameInput).toBeVisible();
    await expect(page.getByText(/all the important identifiable details/)).toBeVisible();
    await expectSaveBlocked(page, 'Fix 2 errors before saving');
    await expect(page.getByText('Template name is required')).toBeVisible();
    await expect(page.getByText('Choose a folder for the template')).toBeVisible();
    let issues = await openIssues(page);
    await expect(issues.getByRole('listitem')).toHaveText([
      'Template name is required',
      'Choose a folder for the template',
    ]);
    await page.keyboard.press('Escape');

    // Clicking an issue from another step jumps back to its input and highlights it for 1 s.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/edit-template\/new\/govern$/);
    issues = await openIssues(page);
    await issues.getByRole('listitem').filter({ hasText: 'Choose a folder for the template' }).click();
    await expect(page).toHaveURL(/\/edit-template\/new\/setup$/);
    const folderTarget = setupTarget(page, 'templateFolderRequired');
    await expect(folderTarget.input).toBeFocused();
    await expect(folderTarget.highlight).toHaveAttribute('data-highlighted', 'true');
    await expect(folderTarget.highlight).toHaveAttribute('data-highlighted', 'false');

    await nameInput.fill(name);
    await expect(page.getByText('Template name is required')).toHaveCount(0);
    await expectSaveBlocked(page, 'Fix 1 error before saving');

    // Inline folder create: Create is disabled without a name; the new folder is chosen.
    await page.getByRole('button', { name: 'New folder' }).click();
    const dialog = page.getByRole('dialog', { name: 'New folder' });
    const create = dialog.getByRole('button', { name: 'Create folder' });
    await expect(create).toBeDisabled();
    await dialog.getByLabel('Description').fill('Templates of the setup test');
    await expect(create).toBeDisabled();
    await dialog.getByLabel('Name').fill('   ');
    await expect(create).toBeDisabled();
    await dialog.getByLabel('Name').fill(folderName);
    await create.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Folder', exact: true })).toHaveValue(folderName);
    await expect(page.getByText('Choose a folder for the template')).toHaveCount(0);
    await expect(saveButton(page)).toBeEnabled();

    // Require approval: Save waits for an approver; only owners are offered.
    await page.getByRole('switch', { name: 'Require approval' }).click({ force: true });
    await expectSaveBlocked(page, 'Approval is required: choose at least one approver');
    await expect(page.getByText('Choose at least one approver, since approval is required')).toBeVisible();
    const approvers = page.getByRole('combobox', { name: 'Approvers', exact: true });
    await approvers.click();
    await expect(page.getByRole('option', { name: /Priya Shah/ })).toBeVisible();
    await expect(page.getByRole('option', { name: /Jordan Lee/ })).toHaveCount(0);
    await page.getByRole('option', { name: /Priya Shah/ }).click();
    await page.keyboard.press('Escape');
    await expect(saveButton(page)).toBeEnabled();

    // Auto-submit shows the recipients picker.
    await page.getByRole('switch', { name: 'Auto-submit' }).click({ force: true });
    await page.getByRole('combobox', { name: 'Submission status recipients', exact: true }).click();
    await page.getByRole('option', { name: /Taylor Kim/ }).click();
    await page.keyboard.press('Escape');

    await saveButton(page).click();
    await expect(page.getByText('Template saved successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/edit-template\/\d+\/setup$/);
    const id = /\/edit-template\/(\d+)\/setup$/.exec(page.url())![1];

    // A fresh load finds the name, folder, approval with its approver, and the recipient.
    await page.reload();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
    await expect(page.getByRole('combobox', { name: 'Folder', exact: true })).toHaveValue(folderName);
    await expect(page.getByRole('switch', { name: 'Require approval' })).toBeChecked();
    // The chosen people show as pills in the pickers (the listbox options live in a portal); the
    // "Who can submit" admins line names them too, after other words.
    await expect(page.getByRole('main').getByText(/^Priya Shah/)).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Auto-submit' })).toBeChecked();
    await expect(page.getByRole('main').getByText(/Taylor Kim/)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/edit-template/${id}/setup$`));
  });

  test('[TEMPLATES]: moving between steps keeps the draft without asking; leaving after a change asks first', async ({
    page,
  }) => {
    const name = uniqueName('Leave guard');
    await page.goto('/admin/templates/edit-template/new/setup');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await expect(page.getByText('Unsaved changes')).toBeVisible();

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/edit-template\/new\/govern$/);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/edit-template\/new\/connect$/);
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page).toHaveURL(/\/edit-template\/new\/setup$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);

    // Leaving asks; Cancel stays with the draft, Leave goes.
    await page.getByRole('link', { name: 'All templates' }).click();
    const confirm = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    // The dialog's overlay takes clicks until its closing transition ends.
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(/\/edit-template\/new\/setup$/);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
    await page.getByRole('link', { name: 'All templates' }).click();
    await page
      .getByRole('dialog', { name: 'Leave without saving?' })
      .getByRole('button', { name: 'Leave' })
      .click();
    await expect(page).toHaveURL(/\/admin\/templates$/);
  });

  test('[TEMPLATES]: an untouched new template leaves without asking', async ({ page }) => {
    await page.goto('/admin/templates/edit-template/new/setup');
    await expect(page.getByLabel('Name', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'All templates' }).click();
    await expect(page).toHaveURL(/\/admin\/templates$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
