import type { Locator, Page } from '@playwright/test';
import { uniqueName } from '../support/api';
import { storageStateOf } from '../support/roles';
import { expect, test } from '../support/test';

test.use({ storageState: storageStateOf('admin') });

/**
 * Scrolls the page from the top until the (virtualised) card `card` is mounted, as a person
 * scrolls to find it, and answers it.
 */
async function reveal(page: Page, card: Locator): Promise<Locator> {
  await page.evaluate(() => window.scrollTo(0, 0));
  for (let step = 0; step < 30 && (await card.count()) === 0; step++) await page.mouse.wheel(0, 300);
  await card.scrollIntoViewIfNeeded();
  return card;
}

/** The card of the pattern segment `name` (cards are groups named "Field {n}: {name}"). */
function segmentCard(page: Page, name: string): Locator {
  return page
    .getByRole('group', { name: new RegExp(`^Field \\d+: ${name}$`) })
    .filter({ hasText: 'Segment of UTM campaign name' });
}

/** The card of the "Paid media" field `name`. */
function fieldsetCard(page: Page, name: string): Locator {
  return page
    .getByRole('group', { name: new RegExp(`^Field \\d+: ${name}$`) })
    .filter({ hasText: 'Field set: Paid media' });
}

/** Expands an integration panel by its header. */
async function expand(panel: Locator): Promise<void> {
  const header = panel.locator('button[aria-expanded]').first();
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await expect(header).toHaveAttribute('aria-expanded', 'true');
}

/**
 * Opens the dataset preview and answers its number of columns (the grid's full count, less the
 * row header) and how many columns each of `headers` heads among those in view; closes it again.
 */
async function previewColumns(
  page: Page,
  name: string,
  headers: string[],
): Promise<{ total: number; counts: number[] }> {
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const panel = page.getByRole('dialog', { name: `Dataset preview · ${name}` });
  const grid = panel.getByTestId('submission-grid');
  await expect(grid.getByRole('columnheader', { name: 'UTM campaign name', exact: true })).toBeVisible();
  const colcount = await grid.evaluate(
    (el) =>
      el.getAttribute('aria-colcount') ?? el.querySelector('[role="grid"]')?.getAttribute('aria-colcount'),
  );
  const counts: number[] = [];
  for (const header of headers)
    counts.push(await grid.getByRole('columnheader', { name: header, exact: true }).count());
  await panel.getByRole('button', { name: 'Close preview' }).click();
  await expect(panel).toBeHidden();
  return { total: Number(colcount) - 1, counts };
}

const PAID_MEDIA = [
  'Channel',
  'Source',
  'Region',
  'Country',
  'Currency',
  'Campaign',
  'Launch date',
  'Campaign key',
];

test('[TEMPLATES]: the seeded pattern and field set compose into one set of fields — segments are filled from the field set, one column each, and one can be unlinked and stays so', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = uniqueName('Composed UTM');

  // Setup: a name and a folder.
  await page.goto('/admin/templates/edit-template/new/setup');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('combobox', { name: 'Folder', exact: true }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/edit-template\/new\/govern$/);

  // The pattern first: its variable segments need a governance until the field set comes.
  await page.getByRole('button', { name: 'Add pattern' }).click();
  await page.getByRole('textbox', { name: 'Search patterns' }).fill('UTM');
  await page.getByRole('option', { name: 'UTM campaign name' }).click();
  await expect(segmentCard(page, 'Region')).toHaveAttribute('data-error', 'true');

  // Then every field of "Paid media".
  await page.getByRole('button', { name: 'Add fields' }).click();
  const picker = page.getByRole('dialog', { name: 'Add fields' });
  await picker.getByRole('combobox', { name: 'Field set' }).click();
  await page.getByRole('option', { name: 'Paid media' }).click();
  for (const field of PAID_MEDIA) await picker.getByRole('checkbox', { name: field, exact: true }).check();
  await picker.getByRole('button', { name: `Add ${PAID_MEDIA.length} fields` }).click();
  await expect(fieldsetCard(page, 'Campaign key')).toBeVisible();

  // Channel, Region and Campaign are filled from the field set: said on their cards, no error.
  for (const segment of ['Channel', 'Region', 'Campaign']) {
    const card = await reveal(page, segmentCard(page, segment));
    await expect(card).toContainText(`filled from Paid media › ${segment}`);
    await expect(card).not.toHaveAttribute('data-error');
    await expect(card.getByRole('switch', { name: `Visible on form: ${segment}` })).not.toBeChecked();
  }
  await expect(page.getByTestId('validation-badge')).toHaveText('No errors');

  // The form has one Region, Channel and Campaign column: the pattern's code, its launch month and
  // the eight fields of the set, no more.
  expect(await previewColumns(page, name, ['Channel', 'Region'])).toEqual({ total: 10, counts: [1, 1] });

  // A picker of fields names where each comes from.
  await (await reveal(page, fieldsetCard(page, 'Campaign key')))
    .getByRole('button', { name: 'Edit Campaign key' })
    .click();
  const drawer = page.getByRole('dialog', { name: 'Edit Campaign key' });
  await expect(drawer.getByText('1. Channel (Paid media)')).toBeVisible();
  await drawer.getByRole('button', { name: 'Cancel' }).click();
  await expect(drawer).toBeHidden();

  // Unlink Channel: its own field again, with the field set's list, and a column of its own.
  const channel = await reveal(page, segmentCard(page, 'Channel'));
  await channel.getByRole('button', { name: 'Unlink Channel from Paid media › Channel' }).click();
  await expect(channel).toContainText('Link to Paid media › Channel');
  await expect(channel).toContainText('List');
  await expect(channel).not.toHaveAttribute('data-error');
  await expect(channel.getByRole('switch', { name: 'Visible on form: Channel' })).toBeChecked();
  expect(await previewColumns(page, name, ['Channel', 'Region'])).toEqual({ total: 11, counts: [2, 1] });

  // Connect: the email output needs someone to mail; then save.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/edit-template\/new\/connect$/);
  const email = page.locator('[data-issue-target^="integration:"]').filter({
    has: page.getByRole('button', { name: 'Delete Email', exact: true }),
  });
  await expand(email);
  const to = email.getByRole('combobox', { name: 'To', exact: true });
  await to.fill('media-ops@example.com');
  await to.press('Enter');
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Template saved successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/edit-template\/\d+\/connect$/);

  // Reopened, the choices are as they were left.
  await page.reload();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page).toHaveURL(/\/edit-template\/\d+\/govern$/);
  await expect(await reveal(page, segmentCard(page, 'Region'))).toContainText(
    'filled from Paid media › Region',
  );
  await expect(await reveal(page, segmentCard(page, 'Channel'))).toContainText(
    'Link to Paid media › Channel',
  );

  // Linked again with one click.
  await segmentCard(page, 'Channel')
    .getByRole('button', { name: 'Fill Channel from Paid media › Channel' })
    .click();
  await expect(segmentCard(page, 'Channel')).toContainText('filled from Paid media › Channel');
  expect(await previewColumns(page, name, ['Channel', 'Region'])).toEqual({ total: 10, counts: [1, 1] });
});

test('[TEMPLATES]: a concatenation piece never added to the template is named with its field set, not called removed', async ({
  page,
}) => {
  await page.goto('/admin/templates/edit-template/new/govern');
  // Every field of "Paid media" but Channel, which its Campaign key concatenates.
  await page.getByRole('button', { name: 'Add fields' }).click();
  const picker = page.getByRole('dialog', { name: 'Add fields' });
  await picker.getByRole('combobox', { name: 'Field set' }).click();
  await page.getByRole('option', { name: 'Paid media' }).click();
  await picker.getByRole('button', { name: 'Choose all' }).click();
  await picker.getByRole('checkbox', { name: 'Channel', exact: true }).uncheck();
  await picker.getByRole('button', { name: 'Add 7 fields' }).click();

  const key = await reveal(page, fieldsetCard(page, 'Campaign key'));
  await expect(key).toHaveAttribute('data-error', 'true');
  await expect(key).toContainText('Campaign key: it concatenates Channel (Paid media), not in the template');
  await key.getByRole('button', { name: 'Edit Campaign key' }).click();
  const drawer = page.getByRole('dialog', { name: 'Edit Campaign key' });
  await expect(drawer.getByText('1. Channel (Paid media, not in this template)')).toBeVisible();
  await expect(drawer.getByText('2. Country (Paid media)')).toBeVisible();
  await expect(drawer.getByText('A removed field')).toHaveCount(0);
});
