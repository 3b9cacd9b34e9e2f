import type { APIRequestContext, Page } from '@playwright/test';
import { apiAs, uniqueName } from '../support/api';
import { storageStateOf } from '../support/roles';
import { textFieldsTemplate } from '../support/templates';
import { expect, test } from '../support/test';

test.use({ storageState: storageStateOf('admin') });

/** The grid cell at a 0-based data row and column (aria-rowindex/aria-colindex count the headers). */
function cell(page: Page, row: number, col: number) {
  return page
    .getByRole('grid')
    .locator(`[role="row"][aria-rowindex="${row + 2}"] [role="gridcell"][aria-colindex="${col + 2}"]`);
}

/** Turns the account's lists-as-datasets flag on or off (the link button's flag, spec 02 §6). */
async function setLinkFlag(api: APIRequestContext, enabled: boolean): Promise<void> {
  const current = (await (await api.get('/api/v1/account/settings')).json()) as {
    settings: Record<string, unknown>;
    updated_at: string;
  };
  const answer = await api.put('/api/v1/account/settings', {
    data: {
      settings: current.settings,
      features: { 'lists-as-datasets': enabled },
      updated_at: current.updated_at,
    },
  });
  expect(answer.status()).toBe(200);
}

/** A template of two text fields (Channel, Source) with its template field ids. */
async function makeTemplate(api: APIRequestContext) {
  const { id, name, fieldIds } = await textFieldsTemplate(api, 'Traffic', ['Channel', 'Source']);
  return { id, name, channel: fieldIds.Channel!, source: fieldIds.Source! };
}

test('[LISTS]: an admin links a list to a template; it shows the submitted values read-only, follows new submissions, and unlinks', async ({
  page,
  baseURL,
}) => {
  const api = await apiAs('admin', baseURL!);
  await setLinkFlag(api, true);
  try {
    const template = await makeTemplate(api);
    const submit = async (channels: string[]) => {
      const res = await api.post('/api/v1/account/submissions', {
        data: {
          template_id: template.id,
          name: uniqueName('Week'),
          rows: channels.map((channel) => ({ [template.channel]: channel, [template.source]: 'web' })),
        },
      });
      expect(res.status()).toBe(201);
    };
    await submit(['Email', 'Social', 'Email']);

    // A new list, named, linked through the dialog to the template's Channel field.
    await page.goto('/admin/lists/edit/new');
    await page.getByLabel('Name', { exact: true }).fill(uniqueName('Channels'));
    await page.getByRole('button', { name: 'Link to template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Link this list to a template' });
    await expect(dialog.getByRole('button', { name: 'Link', exact: true })).toBeDisabled();
    await dialog.getByRole('combobox', { name: 'Template' }).fill(template.name);
    await page.getByRole('option', { name: template.name }).click();
    await dialog.getByRole('combobox', { name: 'Column' }).click();
    await expect(page.getByRole('option', { name: 'Source' })).toBeVisible();
    await page.getByRole('option', { name: 'Channel' }).click();
    await dialog.getByRole('button', { name: 'Link', exact: true }).click();
    await expect(dialog).toBeHidden();

    // The saved list shows each submitted channel once, read-only with a notice.
    await expect(page).toHaveURL(/\/admin\/lists\/edit\/\d+$/);
    await expect(page.getByRole('alert').filter({ hasText: 'Powered by a template' })).toBeVisible();
    await expect(cell(page, 0, 0)).toHaveText('Email');
    await expect(cell(page, 1, 0)).toHaveText('Social');
    await expect(cell(page, 2, 0)).toHaveText('');
    const grid = page.getByRole('grid');
    await expect(grid).toHaveAttribute('aria-readonly', 'true');
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expect(page.getByLabel('Name', { exact: true })).toBeDisabled();
    await cell(page, 0, 0).click();
    await page.keyboard.type('x');
    await page.keyboard.press('Delete');
    await expect(cell(page, 0, 0)).toHaveText('Email');
    await cell(page, 0, 0).click({ button: 'right' });
    await expect(page.getByRole('menu')).toHaveCount(0);
    await page.keyboard.press('Escape');

    // A new submission shows up without any step in the list.
    await submit(['Display']);
    await page.reload();
    await expect(cell(page, 2, 0)).toHaveText('Display');

    // Unlinking keeps the values as the list's own, editable again.
    await page.getByRole('button', { name: 'Change template link' }).click();
    await page
      .getByRole('dialog', { name: 'Link this list to a template' })
      .getByRole('button', { name: 'Unlink' })
      .click();
    await expect(page.getByRole('alert').filter({ hasText: 'Powered by a template' })).toBeHidden();
    await expect(grid).not.toHaveAttribute('aria-readonly', 'true');
    await expect(cell(page, 2, 0)).toHaveText('Display');
  } finally {
    await setLinkFlag(api, false);
    await api.dispose();
  }
});
