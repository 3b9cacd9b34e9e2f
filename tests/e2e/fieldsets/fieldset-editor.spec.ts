import type { Locator, Page } from '@playwright/test';
import { apiAs, uniqueName } from '../support/api';
import { keyboardDragReady } from '../support/drag';
import { storageStateOf } from '../support/roles';
import { expect, test } from '../support/test';

test.use({ storageState: storageStateOf('admin') });

function fieldRows(page: Page): Locator {
  return page
    .getByRole('table', { name: 'Fields' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
}

/** The field names in table order (first line of each row's name cell). */
async function fieldOrder(page: Page): Promise<string[]> {
  const names = await fieldRows(page)
    .getByRole('button', { name: /^Reorder / })
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
  return names.map((label) => label.replace(/^Reorder /, ''));
}

async function openAddField(page: Page): Promise<Locator> {
  await page.getByRole('form', { name: 'Field set' }).getByRole('button', { name: 'Add field' }).click();
  return page.getByRole('dialog', { name: 'Add field' });
}

async function choose(page: Page, drawer: Locator, label: string, option: string): Promise<void> {
  await drawer.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('[FIELDSETS]: an admin builds a field set with a field governed by the Countries list and finds it after saving', async ({
  page,
  baseURL,
}) => {
  const name = uniqueName('Campaign fields');
  await page.goto('/admin/fieldsets');
  await page.getByRole('button', { name: 'Add field set' }).click();
  await expect(page).toHaveURL(/\/admin\/fieldsets\/new\/fields$/);
  await expect(page.getByText('This field set has no fields yet — add one')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description', { exact: true }).fill('Paid media naming');

  let drawer = await openAddField(page);
  await drawer.getByLabel('Name', { exact: true }).fill('Country');
  await drawer.getByRole('switch', { name: 'Required' }).check();
  await choose(page, drawer, 'Governance type', 'List');
  await expect(drawer.getByRole('combobox', { name: 'Column', exact: true })).toBeDisabled();
  await choose(page, drawer, 'List', 'Countries');
  await choose(page, drawer, 'Column', 'Country');
  await drawer.getByRole('button', { name: 'Add field' }).click();
  await expect(drawer).toBeHidden();

  drawer = await openAddField(page);
  await drawer.getByLabel('Name', { exact: true }).fill('Campaign');
  await drawer.getByLabel('Maximum length', { exact: true }).fill('40');
  await choose(page, drawer, 'Case', 'lowercase');
  await drawer.getByRole('button', { name: 'Add field' }).click();
  await expect(drawer).toBeHidden();

  drawer = await openAddField(page);
  await drawer.getByLabel('Name', { exact: true }).fill('Key');
  await choose(page, drawer, 'Governance type', 'Concatenation');
  await drawer.getByRole('button', { name: 'Add field' }).click();
  await expect(drawer.getByText('Choose at least two fields')).toBeVisible();
  await choose(page, drawer, 'Add a field', 'Country');
  await choose(page, drawer, 'Add a field', 'Campaign');
  await drawer.getByRole('button', { name: 'Add field' }).click();
  await expect(drawer).toBeHidden();

  await expect(fieldRows(page)).toHaveCount(3);
  const country = fieldRows(page).filter({ hasText: 'Country' }).first();
  await expect(country).toContainText('List');
  await expect(country).toContainText('Required');
  await expect(country).toContainText('From the list Countries');
  await expect(fieldRows(page).filter({ hasText: 'Key' })).toContainText('Joins Country + Campaign');
  // A field that another field uses cannot be removed until that one changes.
  await expect(page.getByRole('button', { name: 'Remove Country' })).toHaveAttribute('aria-disabled', 'true');

  // Keyboard reorder: Campaign moves above Country.
  // Each step waits for dnd-kit's announcement, so no key arrives before the drag has measured.
  const announcer = page.getByRole('status').filter({ hasText: /Campaign/ });
  await page.getByRole('button', { name: 'Reorder Campaign' }).focus();
  await page.keyboard.press('Space');
  await expect(announcer).toHaveText(
    /^(Picked up Campaign, field 2 of 3|Campaign is over position 2 of 3)\.$/,
  );
  await keyboardDragReady(page);
  await page.keyboard.press('ArrowUp');
  await expect(announcer).toHaveText('Campaign is over position 1 of 3.');
  await page.keyboard.press('Space');
  await expect(announcer).toHaveText('Campaign was dropped at position 1 of 3.');
  await expect.poll(() => fieldOrder(page)).toEqual(['Campaign', 'Country', 'Key']);

  await expect(page.getByText('Unsaved changes', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Field set saved')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/fieldsets\/\d+\/fields$/);
  await expect(page.getByText('Unsaved changes', { exact: true })).toHaveCount(0);
  const setId = Number(/fieldsets\/(\d+)\/fields/.exec(page.url())![1]);

  await page.reload();
  await expect.poll(() => fieldOrder(page)).toEqual(['Campaign', 'Country', 'Key']);
  await page.getByRole('button', { name: 'Edit Country' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Country' });
  await expect(edit.getByRole('combobox', { name: 'Governance type', exact: true })).toHaveValue('List');
  await expect(edit.getByRole('combobox', { name: 'List', exact: true })).toHaveValue('Countries');
  await expect(edit.getByRole('combobox', { name: 'Column', exact: true })).toHaveValue('Country');
  await expect(edit.getByRole('switch', { name: 'Required' })).toBeChecked();
  await expect(page).toHaveURL(/\?open=\d+$/);
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/fields$/);

  // ?open={fieldId} opens that field's drawer on arrival.
  const api = await apiAs('admin', baseURL!);
  const saved = (await (await api.get(`/api/v1/account/fieldsets/${setId}`)).json()) as {
    fieldset: { fields: { id: number; name: string }[] };
  };
  await api.dispose();
  const key = saved.fieldset.fields.find((f) => f.name === 'Key')!;
  await page.goto(`/admin/fieldsets/${setId}/fields?open=${key.id}`);
  await expect(page.getByRole('dialog', { name: 'Edit Key' })).toBeVisible();

  await page.goto('/admin/fieldsets');
  const row = page.getByRole('table', { name: 'Field sets' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Paid media naming');
  await expect(row).toContainText('just now');
});

test('[FIELDSETS]: leaving the editor with unsaved changes asks first', async ({ page, baseURL }) => {
  const api = await apiAs('admin', baseURL!);
  const name = uniqueName('Search fields');
  const created = await api.put('/api/v1/account/fieldsets', {
    data: { id: null, name, fields: [{ id: 'TEMP_1', name: 'Keyword', governance_type: 'text' }] },
  });
  expect(created.status()).toBe(200);
  const { fieldset } = (await created.json()) as { fieldset: { id: number } };
  await api.dispose();

  await page.goto(`/admin/fieldsets/${fieldset.id}/fields`);
  await expect(fieldRows(page)).toHaveCount(1);
  // Nothing changed yet: leaving does not ask.
  await page.getByRole('link', { name: 'All field sets' }).click();
  await expect(page).toHaveURL(/\/admin\/fieldsets$/);
  await page.goBack();

  await page.getByLabel('Description', { exact: true }).fill('Keywords and match types');
  await expect(page.getByText('Unsaved changes', { exact: true })).toBeVisible();
  const patterns = page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Patterns' });
  await patterns.click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/fieldsets/${fieldset.id}/fields$`));
  await expect(page.getByLabel('Description', { exact: true })).toHaveValue('Keywords and match types');

  await patterns.click();
  await page
    .getByRole('dialog', { name: 'Leave without saving?' })
    .getByRole('button', { name: 'Leave' })
    .click();
  await expect(page).toHaveURL(/\/admin\/patterns$/);

  // Closing or reloading the tab with unsaved changes asks through the browser's own prompt.
  await page.goto(`/admin/fieldsets/${fieldset.id}/fields`);
  await expect(fieldRows(page)).toHaveCount(1);
  await page.getByLabel('Description', { exact: true }).fill('Keywords only');
  await expect(page.getByText('Unsaved changes', { exact: true })).toBeVisible();
  const prompt = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await prompt;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.accept();
});

test('[FIELDSETS]: duplicate opens an unsaved copy with new field ids, and delete asks first', async ({
  page,
  baseURL,
}) => {
  const api = await apiAs('admin', baseURL!);
  const name = uniqueName('Email fields');
  const created = await api.put('/api/v1/account/fieldsets', {
    data: {
      id: null,
      name,
      description: 'Lifecycle email',
      fields: [
        { id: 'TEMP_a', name: 'Journey', governance_type: 'text' },
        { id: 'TEMP_b', name: 'Journey copy', governance_type: 'autofill', autofill: { field_id: 'TEMP_a' } },
      ],
    },
  });
  expect(created.status()).toBe(200);
  await api.dispose();

  await page.goto('/admin/fieldsets');
  await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  await page
    .getByRole('toolbar', { name: 'Field sets actions' })
    .getByRole('button', { name: 'Duplicate' })
    .click();
  await expect(page).toHaveURL(/\/admin\/fieldsets\/new\/fields\?duplicate=\d+$/);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`Copy of ${name}`);
  await expect(fieldRows(page).filter({ hasText: 'Journey copy' })).toContainText('Copies Journey');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Field set saved')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/fieldsets\/\d+\/fields$/);

  await page.getByRole('link', { name: 'All field sets' }).click();
  const table = page.getByRole('table', { name: 'Field sets' });
  await page.getByRole('textbox', { name: 'Search field sets' }).fill(name);
  await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Select all field sets' }).check();
  await page
    .getByRole('toolbar', { name: 'Field sets actions' })
    .getByRole('button', { name: 'Delete' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete 2 field sets?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(2);
  await page
    .getByRole('toolbar', { name: 'Field sets actions' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page
    .getByRole('dialog', { name: 'Delete 2 field sets?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('2 field sets deleted')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

test('[FIELDSETS]: Save stays disabled until something changes, and says why', async ({ page, baseURL }) => {
  const api = await apiAs('admin', baseURL!);
  const name = uniqueName('Social fields');
  const created = await api.put('/api/v1/account/fieldsets', {
    data: {
      id: null,
      name,
      description: 'Organic social',
      fields: [{ id: 'TEMP_a', name: 'Network', governance_type: 'text' }],
    },
  });
  expect(created.status()).toBe(200);
  const { fieldset } = (await created.json()) as { fieldset: { id: number } };
  await api.dispose();

  await page.goto(`/admin/fieldsets/${fieldset.id}/fields`);
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(save).toBeDisabled();
  await save.hover({ force: true });
  await expect(page.getByRole('tooltip')).toHaveText('No changes to save');

  await page.getByLabel('Description', { exact: true }).fill('Organic and paid social');
  await expect(save).toBeEnabled();
  await page.getByLabel('Description', { exact: true }).fill('Organic social');
  await expect(save).toBeDisabled();
  await page.getByLabel('Name', { exact: true }).fill('');
  await save.hover({ force: true });
  await expect(page.getByRole('tooltip')).toHaveText('Name the field set to save it');
});
