import type { Locator, Page } from '@playwright/test';
import { uniqueName } from '../support/api';
import { storageStateOf } from '../support/roles';
import { expect, test } from '../support/test';

test.use({ storageState: storageStateOf('admin') });

/** The card of the template field named `name` on the govern step. */
function card(page: Page, name: string): Locator {
  return page.getByRole('group', { name: new RegExp(`^Field \\d+: ${name}$`) });
}

function saveButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Save', exact: true });
}

/** Opens the notification popover and answers its list of issues. */
async function openIssues(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /^Template issues:/ }).click();
  const list = page.getByRole('list', { name: 'Template issues' });
  await expect(list).toBeVisible();
  return list;
}

/** Expands an integration panel by its header. */
async function expand(panel: Locator): Promise<void> {
  const header = panel.locator('button[aria-expanded]').first();
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await expect(header).toHaveAttribute('aria-expanded', 'true');
}

/** Gives the variable segment `name` the text governance through its drawer. */
async function governAsText(page: Page, name: string): Promise<void> {
  await card(page, name)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  const drawer = page.getByRole('dialog', { name: `Edit ${name}` });
  await drawer.getByRole('combobox', { name: 'Governance type' }).click();
  await page.getByRole('option', { name: 'Text', exact: true }).click();
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect(drawer).toBeHidden();
}

test('[TEMPLATES]: a template is built through setup, govern and connect from the seeded pattern and field set, an error is fixed from the popover, and the save is watched to Success and found again', async ({
  page,
}) => {
  const name = uniqueName('Paid search EMEA');

  // From the list, Add opens a new template on its setup step.
  await page.goto('/admin/templates');
  await page.getByRole('button', { name: 'Add template' }).click();
  await expect(page).toHaveURL(/\/edit-template\/new\/setup$/);
  await expect(page.getByRole('heading', { level: 2, name: 'New template' })).toBeVisible();

  // Setup: name and folder.
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('combobox', { name: 'Folder', exact: true }).click();
  await page.getByRole('option').first().click();
  await expect(page.getByText('Choose a folder for the template')).toHaveCount(0);

  // Govern: the seeded pattern (one card per segment) and two fields of the seeded field set.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/edit-template\/new\/govern$/);
  await page.getByRole('button', { name: 'Add pattern' }).click();
  await page.getByRole('textbox', { name: 'Search patterns' }).fill('UTM');
  await page.getByRole('option', { name: 'UTM campaign name' }).click();
  await expect(card(page, 'Channel')).toBeVisible();
  await page.getByRole('button', { name: 'Add fields' }).click();
  const picker = page.getByRole('dialog', { name: 'Add fields' });
  await picker.getByRole('combobox', { name: 'Field set' }).click();
  await page.getByRole('option', { name: 'Paid media' }).click();
  await picker.getByRole('checkbox', { name: 'Source' }).check();
  await picker.getByRole('checkbox', { name: 'Country' }).check();
  await picker.getByRole('button', { name: 'Add 2 fields' }).click();
  await expect(card(page, 'Country')).toBeVisible();

  // The variable segments need a governance: Save says so, and the popover names each of them.
  await expect(saveButton(page)).toBeDisabled();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page).toHaveURL(/\/edit-template\/new\/setup$/);
  // Every highlight is recorded, so that the 1 s highlight is seen however busy the machine is.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { highlighted: string[] }).highlighted = seen;
    new MutationObserver((mutations) => {
      for (const m of mutations) {
        const target = m.target as HTMLElement;
        if (target.getAttribute('data-highlighted') === 'true')
          seen.push(target.getAttribute('aria-label') ?? '');
      }
    }).observe(document.body, { attributes: true, attributeFilter: ['data-highlighted'], subtree: true });
  });
  const issues = await openIssues(page);
  const campaignIssue = issues.getByRole('listitem').filter({ hasText: /^Campaign: / });
  await expect(campaignIssue).toHaveCount(1);
  await campaignIssue.click();
  // The click jumps to the govern step and highlights the card.
  await expect(page).toHaveURL(/\/edit-template\/new\/govern$/);
  await expect(card(page, 'Campaign')).toHaveAttribute('data-error', 'true');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { highlighted: string[] }).highlighted))
    .toContainEqual(expect.stringMatching(/^Field \d+: Campaign$/));
  for (const segment of ['Channel', 'Region', 'Campaign']) await governAsText(page, segment);
  await expect(card(page, 'Campaign')).not.toHaveAttribute('data-error');

  // Connect: the new template's email output needs someone to mail.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/edit-template\/new\/connect$/);
  const email = page.locator('[data-issue-target^="integration:"]').filter({
    has: page.getByRole('button', { name: 'Delete Email', exact: true }),
  });
  await expand(email);
  const to = email.getByRole('combobox', { name: 'To', exact: true });
  await to.fill('media-ops@example.com');
  await to.press('Enter');

  // Save: the button shows the save running, then the server's slow part ends in Success.
  await expect(saveButton(page)).toBeEnabled();
  await saveButton(page).click();
  await expect(page.getByText('Template saved successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/edit-template\/\d+\/connect$/);
  await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toHaveCount(0);
  const id = /\/edit-template\/(\d+)\//.exec(page.url())![1];

  // A reload finds everything; so does the template list.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expand(email);
  await expect(email.getByText('media-ops@example.com', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page).toHaveURL(new RegExp(`/edit-template/${id}/govern$`));
  for (const field of ['UTM campaign name', 'Channel', 'Campaign', 'Source', 'Country'])
    await expect(card(page, field)).toBeVisible();
  await expect(card(page, 'Campaign')).toContainText('Text');

  await page.getByRole('link', { name: 'All templates' }).click();
  await page.getByRole('textbox', { name: 'Search templates' }).fill(name);
  const row = page.getByRole('table', { name: 'Templates' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('UTM campaign name');
  await expect(row).toContainText('Paid media');

  // Duplicate: a copy named "Duplicate of …" with the same fields, saved as a template of its own.
  await row.getByRole('checkbox').check();
  await page
    .getByRole('toolbar', { name: 'Templates actions' })
    .getByRole('button', { name: 'Duplicate' })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: `Duplicate of ${name}` })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(card(page, 'Campaign')).toContainText('Text');
  await saveButton(page).click();
  await expect(page.getByText('Template saved successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/edit-template\/\d+\/govern$/);
  expect(/\/edit-template\/(\d+)\//.exec(page.url())![1]).not.toBe(id);
});
