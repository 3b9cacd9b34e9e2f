import type { Locator, Page } from '@playwright/test';
import { apiAs, uniqueName } from '../support/api';
import { keyboardDragReady } from '../support/drag';
import { storageStateOf } from '../support/roles';
import { expect, test } from '../support/test';

test.use({ storageState: storageStateOf('admin') });

/** Today's date as a Y|M|D date segment with the default formats prints it (UTC, spec 02 §9). */
function today(): string {
  return new Date().toISOString().slice(0, 10);
}

function card(page: Page, name: string): Locator {
  return page.getByRole('group', { name: new RegExp(`^Segment \\d+: ${name}$`) });
}

/** The segment cards' names in grid order, read from their accessible names ("Segment 2: Summer"). */
async function segmentOrder(page: Page): Promise<string[]> {
  const labels = await page
    .getByTestId('segment-card')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/^Segment \d+: /, ''));
}

/** Drags one card onto another with real mouse moves in small steps (dnd-kit's pointer sensor). */
async function dragCard(page: Page, source: Locator, target: Locator): Promise<void> {
  const from = (await source.boundingBox())!;
  const to = (await target.boundingBox())!;
  // Grab the card body below its buttons, where a press means "drag".
  const start = { x: from.x + from.width / 2, y: from.y + from.height - 16 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 12, start.y, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 25 });
  await page.mouse.up();
}

async function addSegment(page: Page, kind: string, fill: (drawer: Locator) => Promise<void>) {
  await page
    .getByRole('group', { name: 'Add a segment' })
    .getByRole('button', { name: `Add ${kind}` })
    .click();
  const drawer = page.getByRole('dialog', { name: `Add ${kind} segment` });
  await fill(drawer);
  await drawer.getByRole('button', { name: 'Add segment' }).click();
  await expect(drawer).toBeHidden();
}

test('[PATTERNS]: an admin builds a pattern of all five segment kinds, reorders it by dragging, and finds it again after saving', async ({
  page,
}) => {
  const name = uniqueName('Campaign code');
  await page.goto('/admin/patterns');
  await page.getByRole('button', { name: 'Add pattern' }).click();
  await expect(page).toHaveURL(/\/admin\/patterns\/new$/);
  await expect(page.getByText('This pattern has no segments yet — add one')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();

  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description', { exact: true }).fill('Paid social campaigns');
  await page.getByRole('combobox', { name: 'Delimiter', exact: true }).click();
  await page.getByRole('option', { name: 'Underscore (_)' }).click();

  const preview = page.getByRole('region', { name: 'Preview' });
  const firstCode = preview.getByTestId('preview-code').first();

  await addSegment(page, 'constant', async (drawer) => {
    await drawer.getByLabel('Name', { exact: true }).fill('Market');
    await drawer.getByLabel('Value', { exact: true }).fill('US');
  });
  await expect(firstCode).toHaveText('US');

  await addSegment(page, 'variable', async (drawer) => {
    await drawer.getByLabel('Name', { exact: true }).fill('Summer');
  });
  await expect(firstCode).toHaveText('US_SUMMER');

  await addSegment(page, 'autonumber', async (drawer) => {
    await drawer.getByLabel('Name', { exact: true }).fill('Number');
    await drawer.getByLabel('Minimum width', { exact: true }).fill('4');
  });
  await expect(preview.getByTestId('preview-code')).toHaveText(['US_SUMMER_0001', 'US_SUMMER_0002']);

  await addSegment(page, 'date', async (drawer) => {
    await drawer.getByLabel('Name', { exact: true }).fill('Launch');
    await drawer.getByRole('combobox', { name: 'Order' }).click();
    await page.getByRole('option', { name: 'Year, month, day' }).click();
  });
  await expect(firstCode).toHaveText(`US_SUMMER_0001_${today()}`);

  // A random segment shorter than 6 characters cannot be added (spec 02 §5).
  await page
    .getByRole('group', { name: 'Add a segment' })
    .getByRole('button', { name: 'Add random' })
    .click();
  const random = page.getByRole('dialog', { name: 'Add random segment' });
  await random.getByLabel('Name', { exact: true }).fill('Key');
  await random.getByLabel('Length', { exact: true }).fill('5');
  await expect(random.getByText('Use at least 6 characters')).toBeVisible();
  await expect(random.getByRole('button', { name: 'Add segment' })).toBeDisabled();
  await random.getByLabel('Length', { exact: true }).fill('6');
  await random.getByRole('button', { name: 'Add segment' }).click();
  await expect(random).toBeHidden();
  await expect(firstCode).toHaveText(`US_SUMMER_0001_${today()}_X7K2Q9`);
  expect(await segmentOrder(page)).toEqual(['Market', 'Summer', 'Number', 'Launch', 'Key']);

  // Mouse: drag the random segment onto the first card.
  await dragCard(page, card(page, 'Key'), card(page, 'Market'));
  await expect.poll(() => segmentOrder(page)).toEqual(['Key', 'Market', 'Summer', 'Number', 'Launch']);
  await expect(firstCode).toHaveText(`X7K2Q9_US_SUMMER_0001_${today()}`);
  // A drag does not open the segment it ends on (spec 02 §4).
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Keyboard: pick "Summer" up by its handle, move it one place left, drop it.
  // Each step waits for dnd-kit's announcement, so no key arrives before the drag has measured.
  const announcer = page.getByRole('status').filter({ hasText: /Summer/ });
  await page.getByRole('button', { name: 'Reorder Summer' }).focus();
  await page.keyboard.press('Space');
  await expect(announcer).toHaveText(/^(Picked up Summer, segment 3 of 5|Summer is over position 3 of 5)\.$/);
  await keyboardDragReady(page);
  await page.keyboard.press('ArrowLeft');
  await expect(announcer).toHaveText('Summer is over position 2 of 5.');
  await page.keyboard.press('Space');
  await expect(announcer).toHaveText('Summer was dropped at position 2 of 5.');
  await expect.poll(() => segmentOrder(page)).toEqual(['Key', 'Summer', 'Market', 'Number', 'Launch']);
  await expect(firstCode).toHaveText(`X7K2Q9_SUMMER_US_0001_${today()}`);

  await expect(page.getByText('Unsaved changes', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Pattern saved')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/patterns\/\d+$/);
  await expect(page.getByText('Unsaved changes', { exact: true })).toHaveCount(0);

  await page.reload();
  await expect(card(page, 'Key')).toBeVisible();
  expect(await segmentOrder(page)).toEqual(['Key', 'Summer', 'Market', 'Number', 'Launch']);
  await expect(firstCode).toHaveText(`X7K2Q9_SUMMER_US_0001_${today()}`);
  const builderUrl = page.url();

  await page.goto(`/admin/patterns?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole('textbox', { name: 'Search patterns' })).toHaveValue(name);
  const row = page.getByRole('table', { name: 'Patterns' }).getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Paid social campaigns');
  await row.getByText(name).click();
  await expect(page).toHaveURL(builderUrl);
  await expect(card(page, 'Key')).toBeVisible();
  expect(await segmentOrder(page)).toEqual(['Key', 'Summer', 'Market', 'Number', 'Launch']);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(page.getByRole('combobox', { name: 'Delimiter', exact: true })).toHaveValue('Underscore (_)');
});

test('[PATTERNS]: editing a segment updates the preview, and leaving with unsaved changes asks first', async ({
  page,
  baseURL,
}) => {
  const api = await apiAs('admin', baseURL!);
  const name = uniqueName('Retail code');
  const created = await api.put('/api/v1/account/field/', {
    data: {
      id: null,
      name,
      delimiter: '-',
      segments: [
        {
          id: 'TEMP_1',
          segment_type: 'constant',
          name: 'Brand',
          constant_value: 'ACME',
          segment_precedence: 0,
        },
        {
          id: 'TEMP_2',
          segment_type: 'autonumber',
          name: 'Counter',
          start_value: 41,
          min_width: 3,
          segment_precedence: 1,
        },
      ],
    },
  });
  expect(created.status()).toBe(200);
  const { pattern } = (await created.json()) as { pattern: { id: number } };
  await api.dispose();

  await page.goto(`/admin/patterns/${pattern.id}`);
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByTestId('preview-code')).toHaveText(['ACME-041', 'ACME-042']);

  await card(page, 'Brand').getByText('Constant "ACME"').click();
  const drawer = page.getByRole('dialog', { name: 'Edit constant segment' });
  await drawer.getByLabel('Value', { exact: true }).fill('ACMECO');
  await drawer.getByRole('button', { name: 'Update segment' }).click();
  await expect(preview.getByTestId('preview-code').first()).toHaveText('ACMECO-041');

  await page.getByRole('button', { name: 'Remove Counter' }).click();
  await page.getByRole('dialog', { name: 'Remove Counter?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(card(page, 'Counter')).toHaveCount(0);
  await expect(preview.getByTestId('preview-code')).toHaveText(['ACMECO']);

  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Field sets' })
    .click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/patterns/${pattern.id}$`));
  await expect(preview.getByTestId('preview-code')).toHaveText(['ACMECO']);

  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Field sets' })
    .click();
  await page
    .getByRole('dialog', { name: 'Leave without saving?' })
    .getByRole('button', { name: 'Leave' })
    .click();
  await expect(page).toHaveURL(/\/admin\/fieldsets$/);
});

test('[PATTERNS]: duplicate opens an unsaved copy, and bulk delete asks first', async ({ page, baseURL }) => {
  const api = await apiAs('admin', baseURL!);
  const name = uniqueName('Email code');
  const created = await api.put('/api/v1/account/field/', {
    data: {
      id: null,
      name,
      delimiter: '_',
      segments: [{ id: 'TEMP_1', segment_type: 'variable', name: 'Journey', segment_precedence: 0 }],
    },
  });
  expect(created.status()).toBe(200);
  await api.dispose();

  await page.goto(`/admin/patterns?q=${encodeURIComponent(name)}`);
  await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  await page
    .getByRole('toolbar', { name: 'Patterns actions' })
    .getByRole('button', { name: 'Duplicate' })
    .click();
  await expect(page).toHaveURL(/\/admin\/patterns\/new\?duplicate=\d+$/);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`Copy of ${name}`);
  await expect(page.getByRole('region', { name: 'Preview' }).getByTestId('preview-code')).toHaveText([
    'JOURNEY',
  ]);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Pattern saved')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/patterns\/\d+$/);

  await page.getByRole('link', { name: 'All patterns' }).click();
  await page.getByRole('textbox', { name: 'Search patterns' }).fill(name);
  await expect(page).toHaveURL(/\?q=/);
  const table = page.getByRole('table', { name: 'Patterns' });
  await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Select all patterns' }).check();
  await page
    .getByRole('toolbar', { name: 'Patterns actions' })
    .getByRole('button', { name: 'Delete' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete 2 patterns?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('2 patterns deleted')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});
