import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiAs, uniqueName } from '../support/api';
import { storageStateOf } from '../support/roles';
import { expect, test } from '../support/test';

test.use({ storageState: storageStateOf('admin') });

/** The template table. */
function templatesTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Templates', exact: true });
}

/** The template table's toolbar button named `name`. */
function toolbarButton(page: Page, name: string): Locator {
  return page.getByRole('toolbar', { name: 'Templates actions' }).getByRole('button', { name, exact: true });
}

/** The texts of column `index` (0 is the checkbox column) of the table's body rows, in order. */
async function columnTexts(table: Locator, index: number): Promise<string[]> {
  return table
    .locator('tbody tr')
    .evaluateAll(
      (rows, i) => rows.map((row) => (row.children[i] as HTMLElement | undefined)?.innerText.trim() ?? ''),
      index,
    );
}

interface Seed {
  fieldsetName: string;
  /** Saves a template named `name` and answers it with its first template field's id. */
  template: (name: string, description: string) => Promise<{ id: number; fieldId: number }>;
}

/** A folder and a field set to build templates from, through the API (as templates.api.test.ts does). */
async function seed(api: APIRequestContext): Promise<Seed> {
  const folder = await api.put('/api/v1/account/folder', {
    data: { name: uniqueName('Tpl folder'), description: '' },
  });
  expect(folder.status()).toBe(200);
  const folderId = ((await folder.json()) as { folder: { id: number } }).folder.id;
  const fieldsetName = uniqueName('Tpl fields');
  const set = await api.put('/api/v1/account/fieldsets', {
    data: {
      name: fieldsetName,
      description: '',
      fields: [{ id: 'TEMP_name', name: 'Campaign name', governance_type: 'text' }],
    },
  });
  expect(set.status()).toBe(200);
  const fieldset = (
    (await set.json()) as { fieldset: { id: number; fields: { id: number; name: string }[] } }
  ).fieldset;
  const field = fieldset.fields[0]!;
  return {
    fieldsetName,
    template: async (name, description) => {
      const saved = await api.put('/api/v1/account/template/', {
        data: {
          name,
          description,
          folder_id: folderId,
          fieldsets: [fieldset.id],
          template_fields: [
            {
              id: 'TEMP_f0',
              field_id: field.id,
              field: { id: field.id, name: field.name, governance_type: 'text', fieldset_id: fieldset.id },
              precedence: 0,
              governance_type: 'text',
            },
          ],
        },
      });
      expect(saved.status()).toBe(200);
      const { id } = (await saved.json()) as { id: number };
      const got = await api.get(`/api/v1/account/template/${id}`);
      expect(got.status()).toBe(200);
      const body = (await got.json()) as { template_fields: { id: number }[] };
      return { id, fieldId: body.template_fields[0]!.id };
    },
  };
}

/** The template editor's title: the editor has rendered (the list stays on screen while its chunk loads). */
function editorTitle(page: Page, name: string) {
  return page.getByRole('heading', { level: 2, name, exact: true });
}

test('[TEMPLATES]: the template list shows templates newest first, searches, sorts, opens the editor routes and bulk deletes', async ({
  page,
  baseURL,
}) => {
  const api = await apiAs('admin', baseURL!);
  const data = await seed(api);
  const prefix = uniqueName('Tpl');
  const older = await data.template(`${prefix} Alpha`, 'Older social template');
  const newer = await data.template(`${prefix} Beta`, 'Newer search template');
  await api.dispose();

  await page.goto('/admin/templates');
  await expect(page.getByRole('heading', { name: 'Templates', exact: true })).toBeVisible();
  const table = templatesTable(page);
  const search = page.getByRole('textbox', { name: 'Search templates' });
  await search.fill(prefix);
  await expect(table.locator('tbody tr')).toHaveCount(2);
  // Newest first, with every column.
  expect(await columnTexts(table, 1)).toEqual([`${prefix} Beta`, `${prefix} Alpha`]);
  const headers = await table.getByRole('columnheader').allInnerTexts();
  expect(headers.map((h) => h.trim()).filter(Boolean)).toEqual([
    'Name',
    'Updated',
    'Created',
    'Created by',
    'Patterns',
    'Field sets',
    'Who can submit',
    'Description',
  ]);
  const betaRow = table.getByRole('row').filter({ hasText: `${prefix} Beta` });
  await expect(betaRow).toContainText('Alex Morgan');
  await expect(betaRow).toContainText(data.fieldsetName);
  await expect(betaRow).toContainText('Newer search template');

  // Search narrows the rows.
  await search.fill(`${prefix} Alpha`);
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await search.fill(prefix);
  await expect(table.locator('tbody tr')).toHaveCount(2);

  // A header click sorts by name, ascending then descending.
  const nameHeader = table.getByRole('columnheader', { name: 'Name' });
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  expect(await columnTexts(table, 1)).toEqual([`${prefix} Alpha`, `${prefix} Beta`]);
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  expect(await columnTexts(table, 1)).toEqual([`${prefix} Beta`, `${prefix} Alpha`]);

  // Edit and duplicate need exactly one selected.
  const edit = toolbarButton(page, 'Edit');
  const duplicate = toolbarButton(page, 'Duplicate');
  await expect(edit).toBeDisabled();
  await expect(duplicate).toBeDisabled();
  await table.getByRole('checkbox', { name: `Select ${prefix} Alpha` }).check();
  await expect(edit).toBeEnabled();
  await expect(duplicate).toBeEnabled();
  await table.getByRole('checkbox', { name: `Select ${prefix} Beta` }).check();
  await expect(edit).toBeDisabled();
  await expect(duplicate).toBeDisabled();
  await table.getByRole('checkbox', { name: `Select ${prefix} Beta` }).uncheck();

  await edit.click();
  await expect(page).toHaveURL(new RegExp(`/admin/templates/edit-template/${older.id}/setup$`));
  await expect(editorTitle(page, `${prefix} Alpha`)).toBeVisible();
  await page.goBack();
  await page.getByRole('textbox', { name: 'Search templates' }).fill(prefix);
  await templatesTable(page)
    .getByRole('checkbox', { name: `Select ${prefix} Beta` })
    .check();
  await toolbarButton(page, 'Duplicate').click();
  await expect(page).toHaveURL(
    new RegExp(`/admin/templates/edit-template/new/setup\\?duplicate=${newer.id}$`),
  );
  await expect(editorTitle(page, `Duplicate of ${prefix} Beta`)).toBeVisible();
  await page.goBack();

  // A row click opens the editor; Add opens a new template.
  await page.getByRole('textbox', { name: 'Search templates' }).fill(prefix);
  await templatesTable(page).getByText(`${prefix} Beta`).click();
  await expect(page).toHaveURL(new RegExp(`/admin/templates/edit-template/${newer.id}/setup$`));
  await expect(editorTitle(page, `${prefix} Beta`)).toBeVisible();
  await page.goBack();
  await toolbarButton(page, 'Add template').click();
  await expect(page).toHaveURL(/\/admin\/templates\/edit-template\/new\/setup$/);
  await expect(editorTitle(page, 'New template')).toBeVisible();
  await page.goBack();

  // Bulk delete asks first; cancelling keeps the rows, confirming removes them.
  await page.getByRole('textbox', { name: 'Search templates' }).fill(prefix);
  await templatesTable(page).getByRole('checkbox', { name: 'Select all templates' }).check();
  await toolbarButton(page, 'Delete').click();
  let dialog = page.getByRole('dialog', { name: 'Delete 2 templates?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(templatesTable(page).locator('tbody tr')).toHaveCount(2);
  await toolbarButton(page, 'Delete').click();
  dialog = page.getByRole('dialog', { name: 'Delete 2 templates?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('2 templates deleted.')).toBeVisible();
  await expect(templatesTable(page).getByText(prefix)).toHaveCount(0);
});

test('[TEMPLATES]: bulk delete keeps a template that powers a list and names it', async ({
  page,
  baseURL,
}) => {
  const api = await apiAs('admin', baseURL!);
  const data = await seed(api);
  const prefix = uniqueName('Tpl powered');
  const plain = `${prefix} plain`;
  const powering = `${prefix} powering`;
  await data.template(plain, '');
  const powered = await data.template(powering, '');
  const listName = uniqueName('Powered list');
  const list = await api.put('/api/v1/account/lists/', {
    data: {
      id: null,
      name: listName,
      type: 'drop-down',
      powered_template_id: powered.id,
      list_columns: [
        {
          id: 'c',
          name: 'Campaign',
          precedence: 0,
          powered_template_field_id: powered.fieldId,
          list_values: [],
        },
      ],
    },
  });
  expect(list.status()).toBe(200);
  await api.dispose();

  await page.goto('/admin/templates');
  await page.getByRole('textbox', { name: 'Search templates' }).fill(prefix);
  const table = templatesTable(page);
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await table.getByRole('checkbox', { name: 'Select all templates' }).check();
  await toolbarButton(page, 'Delete').click();
  await page
    .getByRole('dialog', { name: 'Delete 2 templates?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  const toast = page.getByText(/1 template deleted\. Not deleted because they power a list/);
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(powering);
  await expect(toast).toContainText(listName);
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: powering })).toBeVisible();
  await expect(table.getByText(plain, { exact: true })).toHaveCount(0);
});
