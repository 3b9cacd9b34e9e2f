import type { Locator, Page } from '@playwright/test';
import { apiAs, uniqueName } from '../support/api';
import { controlsUnder } from '../support/layout';
import { storageStateOf } from '../support/roles';
import { expect, test } from '../support/test';

test.use({ storageState: storageStateOf('admin') });

function addButton(page: Page, kind: string): Locator {
  return page.getByRole('group', { name: 'Add a segment' }).getByRole('button', { name: `Add ${kind}` });
}

function saveButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Save', exact: true });
}

/** Hovers the disabled Save and reads its tooltip. */
async function expectSaveBlocked(page: Page, reason: string): Promise<void> {
  await expect(saveButton(page)).toBeDisabled();
  await saveButton(page).hover({ force: true });
  await expect(page.getByRole('tooltip')).toHaveText(reason);
  await page.mouse.move(0, 0);
}

test('[PATTERNS]: a new variable segment is named VAR, a pattern needs a segment to save, and Save waits for a change', async ({
  page,
}) => {
  await page.goto('/admin/patterns/new');
  await expectSaveBlocked(page, 'Name the pattern to save it');
  await page.getByLabel('Name', { exact: true }).fill(uniqueName('Journey code'));
  // A pattern with no segments makes no code (issue 8 item 22).
  await expectSaveBlocked(page, 'Add at least one segment');

  // The variable segment starts with its default name (spec 02 §9).
  await addButton(page, 'variable').click();
  const drawer = page.getByRole('dialog', { name: 'Add variable segment' });
  await expect(drawer.getByLabel('Name', { exact: true })).toHaveValue('VAR');
  await drawer.getByRole('button', { name: 'Add segment' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('group', { name: 'Segment 1: VAR' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Preview' }).getByTestId('preview-code')).toHaveText(['VAR']);

  await expect(saveButton(page)).toBeEnabled();
  await saveButton(page).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Pattern saved' });
  await expect(toast).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/patterns\/\d+$/);
  // The toast leaves the page's controls free (issue 8 item 19).
  expect(await controlsUnder(page, toast)).toEqual([]);

  // Saved: nothing to save until something changes, and again once it is changed back.
  await expectSaveBlocked(page, 'No changes to save');
  await page.getByLabel('Description', { exact: true }).fill('Lifecycle journeys');
  await expect(saveButton(page)).toBeEnabled();
  await page.getByLabel('Description', { exact: true }).fill('');
  await expect(saveButton(page)).toBeDisabled();
});

test("[PATTERNS]: the preview's two example rows show different per-row random samples, and the same per-session one", async ({
  page,
  baseURL,
}) => {
  const api = await apiAs('admin', baseURL!);
  const created = await api.put('/api/v1/account/field/', {
    data: {
      id: null,
      name: uniqueName('Ad code'),
      delimiter: '_',
      segments: [
        {
          id: 'TEMP_1',
          segment_type: 'autonumber',
          name: 'Number',
          start_value: 1,
          min_width: 3,
          segment_precedence: 0,
        },
        {
          id: 'TEMP_2',
          segment_type: 'random',
          name: 'Row key',
          max_length: 8,
          frequency: 'row',
          segment_precedence: 1,
        },
        {
          id: 'TEMP_3',
          segment_type: 'random',
          name: 'Session key',
          max_length: 6,
          frequency: 'session',
          segment_precedence: 2,
        },
      ],
    },
  });
  expect(created.status()).toBe(200);
  const { pattern } = (await created.json()) as { pattern: { id: number } };
  await api.dispose();

  await page.goto(`/admin/patterns/${pattern.id}`);
  const codes = page.getByRole('region', { name: 'Preview' }).getByTestId('preview-code');
  await expect(codes).toHaveCount(2);
  const [first, second] = (await codes.allInnerTexts()).map((code) => code.split('_'));
  expect([first![0], second![0]]).toEqual(['001', '002']);
  expect(first![1]).toMatch(/^[0-9A-Z]{8}$/);
  expect(second![1]).toMatch(/^[0-9A-Z]{8}$/);
  expect(second![1]).not.toBe(first![1]);
  expect(second![2]).toBe(first![2]);
});
