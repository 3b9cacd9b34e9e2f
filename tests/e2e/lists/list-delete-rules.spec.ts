import type { APIRequestContext, Page } from '@playwright/test';
import { apiAs, uniqueName } from '../support/api';
import { storageStateOf } from '../support/roles';
import { expect, test } from '../support/test';

// Who may delete which list (issue 8 items 14 and 15) on the lists page and the lists manager,
// with data seeded through the API. The demo account has live collaboration on.

/** Creates a one-column list and a field set whose list field uses it; answers the list id. */
async function listUsedByField(api: APIRequestContext, listName: string, fieldName: string): Promise<number> {
  const list = await api.put('/api/v1/account/lists/', {
    data: {
      id: null,
      name: listName,
      type: 'drop-down',
      list_columns: [{ name: 'Channel', precedence: 0, list_values: [{ row_number: 0, value: 'Email' }] }],
    },
  });
  expect(list.status(), await list.text()).toBe(200);
  const saved = (await list.json()) as { id: number; list_columns: { id: number }[] };
  const set = await api.put('/api/v1/account/fieldsets', {
    data: {
      name: uniqueName('Fields of'),
      fields: [
        {
          id: 'TEMP_1',
          name: fieldName,
          governance_type: 'list',
          list_governance: { list_id: saved.id, list_column_id: saved.list_columns[0]!.id },
        },
      ],
    },
  });
  expect(set.status(), await set.text()).toBe(200);
  return saved.id;
}

async function selectOnlyRow(page: Page, name: string): Promise<void> {
  await page.getByRole('checkbox', { name: `Select ${name}` }).click();
}

test.describe('as the super admin', () => {
  test.use({ storageState: storageStateOf('admin') });

  test('[LISTS]: deleting a list a field uses is refused in a dialog naming the field, on the lists page', async ({
    page,
    baseURL,
  }) => {
    const api = await apiAs('admin', baseURL!);
    const name = uniqueName('Used list');
    const field = uniqueName('Channel field');
    const id = await listUsedByField(api, name, field);

    await page.goto(`/admin/lists?q=${encodeURIComponent(name)}`);
    await selectOnlyRow(page, name);
    await page
      .getByRole('toolbar', { name: 'Lists actions' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page
      .getByRole('dialog', { name: 'Delete 1 list?' })
      .getByRole('button', { name: 'Delete' })
      .click();

    const refusal = page.getByRole('dialog', { name: 'This list is in use' });
    await expect(refusal).toContainText(`The list "${name}" is used by the field "${field}"`);
    await refusal.getByRole('button', { name: 'OK' }).click();
    await expect(refusal).toBeHidden();
    expect((await api.get(`/api/v1/account/lists/${id}`)).status()).toBe(200);
    await api.dispose();
  });

  test('[LISTS]: deleting a list a field uses is refused in a dialog naming the field, in the lists manager', async ({
    page,
    baseURL,
  }) => {
    const api = await apiAs('admin', baseURL!);
    const name = uniqueName('Used list');
    const field = uniqueName('Channel field');
    const id = await listUsedByField(api, name, field);

    await page.goto('/admin/lists-manager');
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('checkbox')
      .click();
    await page.getByRole('button', { name: 'Delete lists' }).click();
    await page
      .getByRole('dialog', { name: 'Delete 1 list?' })
      .getByRole('button', { name: 'Delete' })
      .click();

    const refusal = page.getByRole('dialog', { name: 'This list is in use' });
    await expect(refusal).toContainText(`is used by the field "${field}"`);
    expect((await api.get(`/api/v1/account/lists/${id}`)).status()).toBe(200);
    await api.dispose();
  });
});

test.describe('as a manager without approve_suggestions', () => {
  test.use({ storageState: storageStateOf('commenter1') });

  test('[LISTS]: Delete is disabled with a tooltip saying only approvers delete saved lists', async ({
    page,
    baseURL,
  }) => {
    const api = await apiAs('commenter1', baseURL!);
    const name = uniqueName('Commenter list');
    const created = await api.put('/api/v1/account/lists/', {
      data: { id: null, name, type: 'drop-down' },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { id } = (await created.json()) as { id: number };

    await page.goto(`/admin/lists?q=${encodeURIComponent(name)}`);
    await selectOnlyRow(page, name);
    const remove = page
      .getByRole('toolbar', { name: 'Lists actions' })
      .getByRole('button', { name: 'Delete' });
    await expect(remove).toHaveAttribute('aria-disabled', 'true');
    await remove.hover();
    await expect(page.getByRole('tooltip')).toContainText(
      'Only approvers (approve suggestions) can delete saved lists',
    );
    await remove.click({ force: true });
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.goto('/admin/lists-manager');
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('checkbox')
      .click();
    const managerDelete = page.getByRole('button', { name: 'Delete lists' });
    await expect(managerDelete).toHaveAttribute('aria-disabled', 'true');
    await managerDelete.hover();
    await expect(page.getByRole('tooltip')).toContainText(
      'Only approvers (approve suggestions) can delete saved lists',
    );

    expect((await api.get(`/api/v1/account/lists/${id}`)).status()).toBe(200);
    await api.dispose();
  });
});
