import type { Locator, Page } from '@playwright/test';
import { apiAs, uniqueName } from '../support/api';
import { keyboardDragReady } from '../support/drag';
import { storageStateOf } from '../support/roles';
import { textFieldsTemplate } from '../support/templates';
import { expect, test } from '../support/test';

test.use({ storageState: storageStateOf('admin') });

/** The card of the template field named `name` (cards are groups named "Field {n}: {name}"). */
function card(page: Page, name: string): Locator {
  return page.getByRole('group', { name: new RegExp(`^Field \\d+: ${name}$`) });
}

/** The field names of the cards in order. */
async function cardNames(page: Page): Promise<string[]> {
  const labels = await page.getByTestId('template-field-card').evaluateAll((cards) =>
    cards
      .map((c) => ({ label: c.getAttribute('aria-label') ?? '', top: c.getBoundingClientRect().top }))
      .sort((a, b) => a.top - b.top)
      .map((c) => c.label),
  );
  return labels.map((label) => label.replace(/^Field \d+: /, ''));
}

/** The number the validation badge shows (0 for "No errors"). */
async function errorCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('validation-badge').innerText()).trim();
  return text === 'No errors' ? 0 : Number(text.split(' ')[0]);
}

test('[TEMPLATES]: the govern step builds a template from the seeded pattern and field set, fixes an error, reorders and deletes a pattern', async ({
  page,
}) => {
  await page.goto('/admin/templates/edit-template/new/govern');
  await expect(page.getByText('This template has no fields yet')).toBeVisible();

  // Add the seeded pattern: its field and one card per segment, all in the pattern's colour.
  await page.getByRole('button', { name: 'Add pattern' }).click();
  await page.getByRole('textbox', { name: 'Search patterns' }).fill('UTM');
  await page.getByRole('option', { name: 'UTM campaign name' }).click();
  await expect(card(page, 'UTM campaign name')).toBeVisible();
  const segments = ['Channel', 'Region', 'Campaign', 'Number', 'Launch month'];
  for (const segment of segments) await expect(card(page, segment)).toBeVisible();
  const color = await card(page, 'UTM campaign name').getAttribute('data-pattern-color');
  expect(color).toMatch(/^#[0-9a-f]{6}$/);
  for (const segment of segments) {
    await expect(card(page, segment)).toHaveAttribute('data-pattern-color', color!);
    await expect(card(page, segment)).toContainText('Segment of UTM campaign name');
  }
  // The pattern is added once: the picker shows it as added.
  await page.getByRole('button', { name: 'Add pattern' }).click();
  await expect(page.getByRole('option', { name: 'UTM campaign name' })).toHaveAttribute(
    'data-combobox-disabled',
    'true',
  );
  await page.keyboard.press('Escape');

  // Add two fields of the seeded field set.
  await page.getByRole('button', { name: 'Add fields' }).click();
  const picker = page.getByRole('dialog', { name: 'Add fields' });
  await picker.getByRole('combobox', { name: 'Field set' }).click();
  await page.getByRole('option', { name: 'Paid media' }).click();
  await picker.getByRole('checkbox', { name: 'Source' }).check();
  await picker.getByRole('checkbox', { name: 'Country' }).check();
  await picker.getByRole('button', { name: 'Add 2 fields' }).click();
  await expect(card(page, 'Source')).toContainText('Field set: Paid media');
  await expect(card(page, 'Country')).toBeVisible();
  await expect(card(page, 'Country')).not.toHaveAttribute('data-pattern-color');
  expect(await cardNames(page)).toEqual(['ID', 'UTM campaign name', ...segments, 'Source', 'Country']);

  // Segment and hidden id fields cannot be deleted; the constant-like segments are locked.
  await expect(card(page, 'Channel').getByRole('button', { name: 'Delete Channel' })).toBeDisabled();
  await expect(card(page, 'Number').getByRole('button', { name: 'Edit Number' })).toBeDisabled();
  await expect(card(page, 'ID').getByRole('button', { name: 'Delete ID' })).toBeDisabled();

  // A variable segment without governance is an error: red border; the drawer fixes it.
  const campaign = card(page, 'Campaign');
  await expect(campaign).toHaveAttribute('data-error', 'true');
  await expect(campaign).toContainText('choose a governance for it');
  const errorsBefore = await errorCount(page);
  expect(errorsBefore).toBeGreaterThan(0);
  await campaign.getByRole('button', { name: 'Edit Campaign' }).click();
  const drawer = page.getByRole('dialog', { name: 'Edit Campaign' });
  await expect(drawer.getByRole('alert')).toContainText('choose a governance for it');
  await expect(drawer.getByRole('textbox', { name: 'Name' })).toBeDisabled();
  await expect(drawer.getByRole('switch', { name: 'Required' })).toBeDisabled();
  await expect(drawer.getByRole('switch', { name: 'Must be unique' })).toBeDisabled();
  await drawer.getByRole('combobox', { name: 'Governance type' }).click();
  await page.getByRole('option', { name: 'Text', exact: true }).click();
  await expect(drawer.getByRole('alert')).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect(drawer).toBeHidden();
  await expect(campaign).not.toHaveAttribute('data-error');
  await expect(campaign).toContainText('Text');
  expect(await errorCount(page)).toBe(errorsBefore - 1);

  // A field-set field's governance is read-only in its drawer.
  await card(page, 'Source').getByRole('button', { name: 'Edit Source' }).click();
  const sourceDrawer = page.getByRole('dialog', { name: 'Edit Source' });
  await expect(sourceDrawer.getByRole('combobox', { name: 'Governance type' })).toBeDisabled();
  await sourceDrawer.getByRole('button', { name: 'Cancel' }).click();
  await expect(sourceDrawer).toBeHidden();

  // Reorder mode: first, down, up, last and a position number.
  await page.getByRole('button', { name: 'Reorder mode' }).click();
  await expect(page.getByRole('button', { name: 'Reorder mode' })).toHaveAttribute('aria-pressed', 'true');
  const country = card(page, 'Country');
  await expect(country.getByRole('button', { name: 'Move Country down' })).toBeDisabled();
  await country.getByRole('button', { name: 'Move Country to first' }).click();
  await expect(page.getByRole('group', { name: 'Field 1: Country' })).toBeVisible();
  await expect(country.getByRole('button', { name: 'Move Country up' })).toBeDisabled();
  await country.getByRole('button', { name: 'Move Country down' }).click();
  await expect(page.getByRole('group', { name: 'Field 2: Country' })).toBeVisible();
  await country.getByRole('button', { name: 'Move Country up' }).click();
  await expect(page.getByRole('group', { name: 'Field 1: Country' })).toBeVisible();
  await country.getByRole('button', { name: 'Move Country to last' }).click();
  await expect(page.getByRole('group', { name: 'Field 9: Country' })).toBeVisible();
  const position = country.getByRole('textbox', { name: 'Position of Country' });
  await position.fill('3');
  await position.press('Enter');
  await expect(page.getByRole('group', { name: 'Field 3: Country' })).toBeVisible();
  expect(await cardNames(page)).toEqual(['ID', 'UTM campaign name', 'Country', ...segments, 'Source']);
  await page.getByRole('button', { name: 'Reorder mode' }).click();

  // The drag handle moves a card with the keyboard: Space, arrow up, Space.
  const handle = card(page, 'Source').getByRole('button', { name: 'Drag to reorder Source' });
  const announcer = page.getByRole('status').filter({ hasText: /Source/ });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(announcer).toHaveText(/^(Picked up Source, field 9 of 9|Source is over position 9 of 9)\.$/);
  await keyboardDragReady(page);
  await page.keyboard.press('ArrowUp');
  await expect(announcer).toHaveText('Source is over position 8 of 9.');
  await page.keyboard.press('Space');
  await expect(announcer).toHaveText('Source was dropped at position 8 of 9.');
  await expect(page.getByRole('group', { name: 'Field 8: Source' })).toBeVisible();
  expect(await cardNames(page)).toEqual([
    'ID',
    'UTM campaign name',
    'Country',
    'Channel',
    'Region',
    'Campaign',
    'Number',
    'Source',
    'Launch month',
  ]);

  // Deleting the pattern field asks first; confirmed, its segment fields go with it.
  const deletePattern = card(page, 'UTM campaign name').getByRole('button', {
    name: 'Delete UTM campaign name',
  });
  await deletePattern.click();
  let confirm = page.getByRole('dialog', { name: 'Delete the pattern UTM campaign name?' });
  await expect(confirm).toContainText('5 segment fields');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(card(page, 'Channel')).toBeVisible();
  await deletePattern.click();
  confirm = page.getByRole('dialog', { name: 'Delete the pattern UTM campaign name?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(card(page, 'UTM campaign name')).toHaveCount(0);
  for (const segment of segments) await expect(card(page, segment)).toHaveCount(0);
  expect(await cardNames(page)).toEqual(['ID', 'Country', 'Source']);

  // Only one link field: add it, its drawer opens to build the link, then the button says why it is disabled.
  await page.getByRole('button', { name: 'Add link' }).click();
  const linkDrawer = page.getByRole('dialog', { name: 'Link governance' });
  await expect(linkDrawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(linkDrawer).toBeHidden();
  await expect(card(page, 'Link')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add link' })).toBeDisabled();
});

test('[TEMPLATES]: a field that powers a list cannot be deleted and the dialog names the list; ?open= opens its drawer', async ({
  page,
  baseURL,
}) => {
  const api = await apiAs('admin', baseURL!);
  const { id, fieldIds } = await textFieldsTemplate(api, 'Govern', ['Campaign name', 'Note']);
  const listName = uniqueName('Govern list');
  const list = await api.put('/api/v1/account/lists/', {
    data: {
      id: null,
      name: listName,
      type: 'drop-down',
      powered_template_id: id,
      list_columns: [
        {
          id: 'c',
          name: 'Names',
          precedence: 0,
          powered_template_field_id: fieldIds['Campaign name'],
          list_values: [],
        },
      ],
    },
  });
  expect(list.status()).toBe(200);
  await api.dispose();

  // ?open= opens the field's drawer and leaves the URL.
  await page.goto(`/admin/templates/edit-template/${id}/govern?open=${fieldIds.Note}`);
  const drawer = page.getByRole('dialog', { name: 'Edit Note' });
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/edit-template/${id}/govern$`));
  await drawer.getByRole('button', { name: 'Cancel' }).click();
  await expect(drawer).toBeHidden();

  // The field powering the list cannot be deleted: the dialog names the list and its column.
  await card(page, 'Campaign name').getByRole('button', { name: 'Delete Campaign name' }).click();
  const blocked = page.getByRole('dialog', { name: 'Campaign name cannot be deleted' });
  await expect(blocked).toContainText(`${listName} › Names`);
  await blocked.getByRole('button', { name: 'Close' }).click();
  await expect(blocked).toBeHidden();
  await expect(card(page, 'Campaign name')).toBeVisible();

  // A field nothing uses is deleted after confirmation.
  await card(page, 'Note').getByRole('button', { name: 'Delete Note' }).click();
  await page.getByRole('dialog', { name: 'Delete Note?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(card(page, 'Note')).toHaveCount(0);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
});

test('[TEMPLATES]: a notification jumps to a field card outside the rendered window and highlights it', async ({
  page,
}) => {
  await page.goto('/admin/templates/edit-template/new/govern');
  // Seven field-set fields first (all but Campaign, which would fill the Campaign segment), then
  // the pattern: its segments are far down the list.
  await page.getByRole('button', { name: 'Add fields' }).click();
  const picker = page.getByRole('dialog', { name: 'Add fields' });
  await picker.getByRole('combobox', { name: 'Field set' }).click();
  await page.getByRole('option', { name: 'Paid media' }).click();
  await picker.getByRole('button', { name: 'Choose all' }).click();
  await picker.getByRole('checkbox', { name: 'Campaign', exact: true }).uncheck();
  await picker.getByRole('button', { name: 'Add 7 fields' }).click();
  await page.getByRole('button', { name: 'Add pattern' }).click();
  await page.getByRole('option', { name: 'UTM campaign name' }).click();
  await expect(page.getByRole('group', { name: 'Field 9: UTM campaign name' })).toBeInViewport();

  await page.evaluate(() => window.scrollTo(0, 0));
  const campaignSegment = page.getByRole('group', { name: 'Field 12: Campaign' });
  await expect(campaignSegment).toHaveCount(0);
  // Record which cards get highlighted: the highlight lasts only 1 s.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { highlighted: string[] }).highlighted = seen;
    new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target as HTMLElement;
        if (el.hasAttribute('data-highlighted')) seen.push(el.getAttribute('aria-label') ?? '');
      }
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-highlighted'] });
  });
  await page.getByRole('button', { name: /^Template issues/ }).click();
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Campaign: its field set is not in the template' })
    .click();
  await expect(campaignSegment).toBeInViewport();
  await expect
    .poll(() =>
      page
        .evaluate(() => (window as unknown as { highlighted: string[] }).highlighted)
        .then((seen) => seen.includes('Field 12: Campaign') || seen.length),
    )
    .toBe(true);
  // The highlight lasts 1 s.
  await expect(campaignSegment).not.toHaveAttribute('data-highlighted', { timeout: 5000 });
  // 80 px below the top of the window, unless the page ends first.
  const place = await campaignSegment.evaluate((el) => ({
    top: el.getBoundingClientRect().top,
    isAtPageEnd: window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
  }));
  expect(place.isAtPageEnd || Math.abs(place.top - 80) <= 2).toBe(true);
});

test('[TEMPLATES]: with their flags on, cards show unique, preview image URL and one field per classification type, and creative thresholds start at their defaults', async ({
  page,
  baseURL,
}) => {
  const api = await apiAs('admin', baseURL!);
  const flags = ['creative-classification', 'image-preview', 'require-uniqueness'] as const;
  const read = async () =>
    (await (await api.get('/api/v1/account/settings')).json()) as {
      settings: Record<string, unknown>;
      features: { slug: string; enabled: boolean }[];
      updated_at: string;
    };
  const setFlags = async (enabled: boolean) => {
    const current = await read();
    const answer = await api.put('/api/v1/account/settings', {
      data: {
        settings: current.settings,
        features: Object.fromEntries(flags.map((flag) => [flag, enabled])),
        updated_at: current.updated_at,
      },
    });
    expect(answer.status()).toBe(200);
  };
  await setFlags(true);
  try {
    await page.goto('/admin/templates/edit-template/new/govern');
    await page.getByRole('button', { name: 'Add fields' }).click();
    const picker = page.getByRole('dialog', { name: 'Add fields' });
    await picker.getByRole('combobox', { name: 'Field set' }).click();
    await page.getByRole('option', { name: 'Paid media' }).click();
    for (const name of ['Source', 'Campaign', 'Campaign key'])
      await picker.getByRole('checkbox', { name, exact: true }).check();
    await picker.getByRole('button', { name: 'Add 3 fields' }).click();

    // Unique is a read-only display, for text and concatenation fields only.
    await expect(card(page, 'Campaign').getByRole('switch', { name: 'Unique: Campaign' })).toBeDisabled();
    await expect(
      card(page, 'Campaign key').getByRole('switch', { name: 'Unique: Campaign key' }),
    ).toBeVisible();
    await expect(card(page, 'Source').getByRole('switch', { name: /^Unique/ })).toHaveCount(0);

    // The preview image URL toggle.
    const preview = card(page, 'Source').getByRole('switch', { name: 'Use as preview image URL: Source' });
    await preview.click();
    await expect(preview).toBeChecked();

    // Creative classification: defaults of spec 03 §3; a configuration needs a source URL field.
    await page.getByRole('switch', { name: 'Creative classification' }).click();
    const thresholds = page.getByRole('group', { name: 'Category thresholds' });
    await expect(thresholds.getByText('Logos: 80')).toBeVisible();
    await expect(thresholds.getByText('Places: 30')).toBeVisible();
    await expect(thresholds.getByText('Emotions: 50')).toBeVisible();
    await thresholds.getByRole('slider', { name: 'Logos threshold' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(thresholds.getByText('Logos: 81')).toBeVisible();
    await expect(
      page.getByText('Creative classification needs a field marked as the source URL'),
    ).toBeVisible();

    // One field per classification type: the taken type is disabled on the other cards.
    await card(page, 'Campaign').getByRole('combobox', { name: 'Creative classification: Campaign' }).click();
    await page.getByRole('option', { name: 'Source URL', exact: true }).click();
    await expect(
      card(page, 'Campaign').getByRole('combobox', { name: 'Creative classification: Campaign' }),
    ).toHaveValue('Source URL');
    await expect(
      page.getByText('Creative classification needs a field marked as the source URL'),
    ).toHaveCount(0);
    await card(page, 'Source').getByRole('combobox', { name: 'Creative classification: Source' }).click();
    await expect(page.getByRole('option', { name: 'Source URL (another field)' })).toHaveAttribute(
      'data-combobox-disabled',
      'true',
    );
    await page.getByRole('option', { name: 'Title', exact: true }).click();
    await expect(
      card(page, 'Source').getByRole('combobox', { name: 'Creative classification: Source' }),
    ).toHaveValue('Title');
  } finally {
    await setFlags(false);
    await api.dispose();
  }
});

test('[TEMPLATES]: a pattern changed since it was added offers refresh, which pulls its new segments', async ({
  page,
  baseURL,
}) => {
  const api = await apiAs('admin', baseURL!);
  const folder = await api.put('/api/v1/account/folder', {
    data: { name: uniqueName('Refresh folder'), description: '' },
  });
  const folderId = ((await folder.json()) as { folder: { id: number } }).folder.id;
  const patternName = uniqueName('Refresh pattern');
  const constant = (id: string | number, name: string, precedence: number) => ({
    id,
    name,
    segment_precedence: precedence,
    segment_type: 'constant',
    constant_value: name.toLowerCase(),
  });
  const created = await api.put('/api/v1/account/field/', {
    data: {
      name: patternName,
      description: '',
      delimiter: '_',
      segments: [constant('TEMP_a', 'Head', 0), constant('TEMP_b', 'Body', 1)],
    },
  });
  expect(created.status()).toBe(200);
  type Saved = {
    pattern: { id: number; updated_at: string; color: string; segments: { id: number; name: string }[] };
  };
  const pattern = ((await created.json()) as Saved).pattern;
  const templateName = uniqueName('Refresh template');
  const saved = await api.put('/api/v1/account/template/', {
    data: {
      name: templateName,
      folder_id: folderId,
      template_fields: [
        {
          id: 'TEMP_p',
          field_id: pattern.id,
          field: { id: pattern.id, name: patternName, governance_type: 'pattern', is_pattern: true },
          precedence: 0,
          governance_type: 'pattern',
          color: pattern.color,
          pattern_updated_at: pattern.updated_at,
          segments: pattern.segments.map((s, i) => ({
            id: s.id,
            name: s.name,
            segment_type: 'constant',
            segment_precedence: i,
          })),
        },
        ...pattern.segments.map((s, i) => ({
          id: `TEMP_s${i}`,
          field_id: s.id,
          field: {
            id: s.id,
            name: s.name,
            governance_type: 'constant',
            segment_parent_field_id: pattern.id,
            segment_type: 'constant',
            segment_id: s.id,
          },
          precedence: i + 1,
          governance_type: 'constant',
          constant_value: s.name.toLowerCase(),
          visible_on_form: false,
        })),
      ],
    },
  });
  expect(saved.status()).toBe(200);
  const { id } = (await saved.json()) as { id: number };
  // The pattern gains a segment after the template took it.
  const changed = await api.put('/api/v1/account/field/', {
    data: {
      id: pattern.id,
      name: patternName,
      description: '',
      delimiter: '_',
      updated_at: pattern.updated_at,
      segments: [...pattern.segments.map((s, i) => constant(s.id, s.name, i)), constant('TEMP_c', 'Tail', 2)],
    },
  });
  expect(changed.status()).toBe(200);
  await api.dispose();

  await page.goto(`/admin/templates/edit-template/${id}/govern`);
  const patternCard = card(page, patternName);
  await expect(patternCard).toContainText('the pattern has been updated');
  await expect(card(page, 'Tail')).toHaveCount(0);
  await patternCard.getByRole('button', { name: `Refresh ${patternName}` }).click();
  await expect(card(page, 'Tail')).toBeVisible();
  await expect(card(page, 'Tail')).toContainText(`Segment of ${patternName}`);
  await expect(patternCard.getByRole('button', { name: `Refresh ${patternName}` })).toHaveCount(0);
  await expect(patternCard).toContainText('3 segments');
  expect(await cardNames(page)).toEqual([patternName, 'Head', 'Body', 'Tail']);
});
