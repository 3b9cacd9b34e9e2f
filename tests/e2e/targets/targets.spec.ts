import type { Page } from '@playwright/test';
import { apiAs, uniqueName } from '../support/api';
import { storageStateOf } from '../support/roles';
import { E2E_ADOBE } from '../support/standins';
import { expect, test } from '../support/test';

test.use({ storageState: storageStateOf('admin') });

/** Connects an Adobe Analytics account through the API, with the credential the IMS stand-in accepts. */
async function connectAdobe(baseURL: string): Promise<string> {
  const api = await apiAs('admin', baseURL);
  const name = uniqueName('Adobe');
  const res = await api.post('/api/v1/account/connector/', {
    data: {
      name,
      connector_type_slug: 'adobe-analytics',
      metadata: {
        auth_type: 'fields',
        company: E2E_ADOBE.company,
        username: E2E_ADOBE.clientId,
        secret: E2E_ADOBE.clientSecret,
      },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  await api.dispose();
  return name;
}

/** Opens the Select labelled `label` (within `scope`) and picks `option`. */
async function choose(
  page: Page,
  scope: Page | ReturnType<Page['getByRole']>,
  label: string,
  option: string,
) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('[TARGETS]: an admin creates an Adobe target choosing the report suite and report from Adobe, and adds a multi-target', async ({
  page,
  baseURL,
}) => {
  const account = await connectAdobe(baseURL!);
  const name = uniqueName('Acme prod campaigns');

  await page.goto('/admin/targets');
  await page.getByRole('button', { name: 'Add target' }).click();
  await expect(page).toHaveURL(/\/admin\/targets\/new$/);
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();
  await expect(page.getByText('Save the target with its report to add multi-targets.')).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Nickname', { exact: true }).fill('Paid media classifications');
  await choose(page, page, 'Connected account', account);
  // Report suites and reports are read live from the Adobe stand-in through the account.
  await choose(page, page, 'Report suite', 'Acme Production');
  await choose(page, page, 'Report', 'Tracking code (prod)');

  const compatibility = page.getByRole('region', { name: 'Field compatibility' });
  await expect(compatibility.getByRole('cell', { name: 'Channel', exact: true })).toBeVisible();
  await expect(compatibility.getByRole('cell', { name: 'Campaign Name', exact: true })).toBeVisible();
  await expect(
    compatibility.getByText('0 of 2 classifications have a field.', { exact: false }),
  ).toBeVisible();

  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Target saved')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/targets\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  const multi = page.getByRole('region', { name: 'Multi targets' });
  await multi.getByRole('button', { name: 'Add multi-target' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add multi-target' });
  await choose(page, dialog, 'Report suite', 'Acme Staging');
  await dialog.getByRole('combobox', { name: 'Report', exact: true }).click();
  // The report lacking "Campaign Name" is not offered; the compatible one is.
  await expect(page.getByRole('option', { name: 'Tracking code (stage)', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Channel only (stage)', exact: true })).toHaveCount(0);
  await expect(dialog.getByText('1 report is hidden', { exact: false })).toBeVisible();
  await page.getByRole('option', { name: 'Tracking code (stage)', exact: true }).click();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();

  await expect(page.getByText('Multi Targets Updated')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = multi.getByRole('row').filter({ hasText: 'Tracking code (stage)' });
  await expect(row).toContainText('Acme Staging');
  await expect(row).toContainText('Active');

  // The table counts it, and the search is kept in ?q=.
  await page.getByRole('link', { name: 'All targets' }).click();
  await page.getByRole('textbox', { name: 'Search targets' }).fill(name);
  await expect(page).toHaveURL(/\?q=/);
  const targetRow = page.getByRole('row').filter({ hasText: name });
  await expect(targetRow).toContainText('Adobe Analytics');
  await expect(targetRow).toContainText('Paid media classifications');
  await expect(targetRow.getByRole('cell', { name: '1', exact: true })).toBeVisible();
});

test('[TARGETS]: the new target editor says, on its disabled Save, what is still missing', async ({
  page,
}) => {
  await page.goto('/admin/targets/new');
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();
  await expect(save).toHaveAccessibleDescription(
    'Complete the name, connected account, report suite, report first',
  );
  // A disabled button takes no pointer: the pointer rests on it as a person's would.
  await save.hover({ force: true });
  await expect(page.getByRole('tooltip')).toHaveText(
    'Complete the name, connected account, report suite, report first',
  );
  await page.mouse.move(0, 0);

  await page.getByLabel('Name', { exact: true }).fill(uniqueName('Half-done target'));
  await expect(save).toHaveAccessibleDescription(
    'Complete the connected account, report suite, report first',
  );
  await save.hover({ force: true });
  await expect(page.getByRole('tooltip')).toHaveText(
    'Complete the connected account, report suite, report first',
  );
});
