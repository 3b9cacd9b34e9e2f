import type { APIRequestContext, Page } from '@playwright/test';
import { apiAs, uniqueName } from '../support/api';
import { storageStateOf } from '../support/roles';
import { expect, test } from '../support/test';

/** A cell of a grid (0-based row and column), by the grid's ARIA indexes. */
function cell(page: Page, testId: string, row: number, col: number) {
  return page
    .getByTestId(testId)
    .locator(`[role="row"][aria-rowindex="${row + 2}"] [role="gridcell"][aria-colindex="${col + 2}"]`);
}

/** Template field keys of the demo "Display campaigns" template, by field name. */
async function displayTemplate(
  api: APIRequestContext,
): Promise<{ id: number; keys: Record<string, string> }> {
  const templates = (await (await api.get('/api/v1/account/submissions/templates')).json()) as {
    data: { id: number; name: string }[];
  };
  const id = templates.data.find((t) => t.name === 'Display campaigns')!.id;
  const form = (await (await api.get(`/api/v1/account/submissions/templates/${id}/form`)).json()) as {
    fields: { id: number; field: { name: string } }[];
  };
  return { id, keys: Object.fromEntries(form.fields.map((f) => [f.field.name, String(f.id)])) };
}

/** Submits one Display campaigns row through the API as `api`'s person; answers the submission id. */
async function submitRow(api: APIRequestContext, name: string, campaign: string): Promise<number> {
  const { id, keys } = await displayTemplate(api);
  const row = {
    [keys.Channel!]: 'Social',
    [keys.Source!]: 'Facebook',
    [keys.Region!]: 'Europe',
    [keys.Country!]: 'France',
    [keys.Currency!]: 'EUR - Euro',
    [keys.Campaign!]: campaign,
  };
  const answer = await api.post('/api/v1/account/submissions', {
    data: { template_id: id, name, rows: [row] },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { id: number }).id;
}

test.describe('with edit_submissions', () => {
  test.use({ storageState: storageStateOf('user') });

  test('[CODES]: an editor changes a submitted row, saves a new version and opens the earlier one with the old value', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const api = await apiAs('user', baseURL!);
    const name = uniqueName('Edited launches');
    const id = await submitRow(api, name, 'Spring Sale');
    await api.dispose();

    await page.goto(`/codes/submissions/${id}`);
    const rows = page.getByTestId('submission-rows');
    await expect(
      rows.getByRole('gridcell', { name: 'Social_France_spring-sale', exact: true }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Edit rows' }).click();

    // The same governed table: the campaign column is edited, and the code computes live.
    const grid = page.getByTestId('submission-grid');
    const campaign = grid.getByRole('columnheader', { name: 'Campaign', exact: true });
    await expect(campaign).toBeVisible();
    const col = Number(await campaign.getAttribute('aria-colindex')) - 2;
    await cell(page, 'submission-grid', 0, col).dblclick();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Winter Deals');
    await page.keyboard.press('Enter');
    await expect(
      grid.getByRole('gridcell', { name: 'Social_France_winter-deals', exact: true }),
    ).toBeVisible();
    await expect(page.getByTestId('error-count')).toHaveText('No errors');

    // Leaving with unsaved edits asks first; staying keeps them.
    await page.getByRole('link', { name: 'Dataset rows' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await expect(leave).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/codes/submissions/${id}$`));

    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      rows.getByRole('gridcell', { name: 'Social_France_winter-deals', exact: true }),
    ).toBeVisible();
    await expect(page.getByText('· version 2')).toBeVisible();
    await expect(page.getByText('1 row edited')).toBeVisible();

    // Every version stays readable: version 1 shows the old value and code.
    await page.getByRole('button', { name: 'View version 1' }).click();
    await expect(page).toHaveURL(new RegExp(`/codes/submissions/${id}\\?version=\\d+$`));
    await expect(page.getByTestId('version-notice')).toContainText('Version 1 of 2');
    await expect(
      rows.getByRole('gridcell', { name: 'Social_France_spring-sale', exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit rows' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Show the latest version' }).click();
    await expect(
      rows.getByRole('gridcell', { name: 'Social_France_winter-deals', exact: true }),
    ).toBeVisible();
  });

  test('[CODES]: a value that breaks a rule is outlined in the edit and nothing is saved until it is fixed', async ({
    page,
    baseURL,
  }) => {
    const api = await apiAs('user', baseURL!);
    const id = await submitRow(api, uniqueName('Rule launches'), 'Autumn');
    await api.dispose();
    await page.goto(`/codes/submissions/${id}`);
    await page.getByRole('button', { name: 'Edit rows' }).click();
    const grid = page.getByTestId('submission-grid');
    const country = grid.getByRole('columnheader', { name: 'Country', exact: true });
    const col = Number(await country.getAttribute('aria-colindex')) - 2;
    await cell(page, 'submission-grid', 0, col).click();
    await page.keyboard.press('Enter');
    await page.getByRole('combobox').fill('Atlantis');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('error-count')).toHaveText('1 error');
    await expect(cell(page, 'submission-grid', 0, col)).toHaveAttribute(
      'aria-description',
      /"Atlantis" is not in the list Countries/,
    );
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(/Fix the error first/)).toBeVisible();
    // Cancel asks before the edit is discarded.
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    const discard = page.getByRole('dialog', { name: 'Discard your changes?' });
    await discard.getByRole('button', { name: 'Discard' }).click();
    await expect(
      page.getByTestId('submission-rows').getByRole('gridcell', { name: 'France', exact: true }),
    ).toBeVisible();
    await expect(page.getByText('· version 2')).toHaveCount(0);
  });
});

test.describe('without edit_submissions', () => {
  test.use({ storageState: storageStateOf('commenter1') });

  test('[CODES]: a submitter without edit_submissions sees the rows and history but no edit control', async ({
    page,
    baseURL,
  }) => {
    const api = await apiAs('commenter1', baseURL!);
    const id = await submitRow(api, uniqueName('Manager launches'), 'Brand Week');
    await api.dispose();
    await page.goto(`/codes/submissions/${id}`);
    await expect(page.getByTestId('submission-status')).toHaveText('Submitted');
    await expect(
      page
        .getByTestId('submission-rows')
        .getByRole('gridcell', { name: 'Social_France_brand-week', exact: true }),
    ).toBeVisible();
    await expect(page.getByText('· version 1')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit rows' })).toHaveCount(0);
  });
});
