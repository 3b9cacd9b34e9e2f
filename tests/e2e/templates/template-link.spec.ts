import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiAs } from '../support/api';
import { keyboardDragReady } from '../support/drag';
import { storageStateOf } from '../support/roles';
import { expect, test } from '../support/test';

test.use({ storageState: storageStateOf('admin') });

/** The seeded template the link drawer is opened on (server/src/seed/seed.ts, issue 9 item 10). */
const SEEDED_TEMPLATE = 'Paid social campaigns';

interface SeededLink {
  templateId: number;
  linkFieldId: number;
  linkFieldName: string;
  /** The preview the seeded parameters give, built from the template as the API answers it. */
  preview: string;
  /** The names of the template's other fields, for choosing a parameter's field. */
  fieldNames: string[];
}

interface TemplateAnswer {
  id: number;
  template_fields: { id: number; governance_type: string; field: { name: string } }[];
  parameters: { name: string; template_field_id: number | null; precedence: number }[];
}

/** The seeded template's link field and the preview of its parameters, read through the API. */
async function seededLink(api: APIRequestContext): Promise<SeededLink> {
  const list = (await (await api.get('/api/v1/account/template')).json()) as {
    data: { id: number; name: string }[];
  };
  const summary = list.data.find((t) => t.name === SEEDED_TEMPLATE);
  expect(summary, `the seed has "${SEEDED_TEMPLATE}"`).toBeDefined();
  const template = (await (
    await api.get(`/api/v1/account/template/${summary!.id}`)
  ).json()) as TemplateAnswer;
  const link = template.template_fields.find((tf) => tf.governance_type === 'link')!;
  const nameOf = (id: number | null) => template.template_fields.find((tf) => tf.id === id)?.field.name ?? '';
  const pairs = [...template.parameters]
    .sort((a, b) => a.precedence - b.precedence)
    .map((p) => `${p.name}=[${nameOf(p.template_field_id)}]`);
  expect(pairs.length).toBeGreaterThan(1);
  return {
    templateId: template.id,
    linkFieldId: link.id,
    linkFieldName: link.field.name,
    preview: `domain/?${pairs.join('&')}`,
    fieldNames: template.template_fields
      .filter((tf) => tf.governance_type !== 'link')
      .map((tf) => tf.field.name),
  };
}

/** Opens the link drawer of the seeded template by `?open=` (spec 03 §2) and answers it. */
async function openLinkDrawer(page: Page, seeded: SeededLink): Promise<Locator> {
  await page.goto(`/admin/templates/edit-template/${seeded.templateId}/govern?open=${seeded.linkFieldId}`);
  const drawer = page.getByRole('dialog', { name: 'Link governance' });
  // The first paint of the editor loads its route's code; allow it more than one assertion's time.
  await expect(drawer).toBeVisible({ timeout: 30_000 });
  return drawer;
}

/** The section `name` of the drawer (spec 03 §4: Field Name, Link Parameters, Link Validations). */
function section(drawer: Locator, name: string): Locator {
  return drawer.getByRole('region', { name, exact: true });
}

/** Chooses `option` in the select labelled `label`. */
async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Moves parameter `name` by `steps` places with the keyboard (negative: up), waiting for each announcement. */
async function moveParameter(page: Page, name: string, steps: number): Promise<void> {
  const announcer = page.getByRole('status').filter({ hasText: new RegExp(name) });
  await page.getByRole('button', { name: `Reorder ${name}` }).focus();
  await page.keyboard.press('Space');
  await expect(announcer).toHaveText(/Picked up|is over/);
  await keyboardDragReady(page);
  for (let i = 0; i < Math.abs(steps); i += 1) {
    const before = await announcer.textContent();
    await page.keyboard.press(steps < 0 ? 'ArrowUp' : 'ArrowDown');
    await expect(announcer).not.toHaveText(before ?? '');
  }
  await page.keyboard.press('Space');
  await expect(announcer).toHaveText(/was dropped at position/);
}

test('[TEMPLATES]: the link drawer previews the link pattern as parameters are added and reordered', async ({
  page,
  baseURL,
}) => {
  const api = await apiAs('admin', baseURL!);
  const seeded = await seededLink(api);
  await api.dispose();

  const drawer = await openLinkDrawer(page, seeded);
  // 90 % of the viewport (spec 03 §9).
  const box = (await drawer.boundingBox())!;
  expect(Math.round(box.width)).toBe(Math.round((page.viewportSize()!.width * 90) / 100));
  await expect(drawer.getByRole('textbox', { name: 'Field name' })).toHaveValue(seeded.linkFieldName);

  const preview = drawer.getByTestId('link-preview');
  await expect(preview).toHaveText(seeded.preview);

  // Add: an empty parameter is not in the link; its name shows as soon as it is typed.
  const parameters = section(drawer, 'Link Parameters');
  const count = await parameters.getByTestId('link-parameter').count();
  await parameters.getByRole('button', { name: 'Add parameter' }).click();
  const position = count + 1;
  await expect(parameters.getByTestId('link-parameter')).toHaveCount(position);
  await expect(preview).toHaveText(seeded.preview);
  await parameters.getByRole('textbox', { name: `Name of parameter ${position}` }).fill('utm_content');
  await expect(preview).toHaveText(`${seeded.preview}&utm_content=[]`);
  await expect(parameters.getByText('Choose a field')).toBeVisible();
  await expect(section(drawer, 'Link Parameters').getByTestId('section-error-count')).toHaveText('1 error');
  const chosen = seeded.fieldNames.find((name) => !seeded.preview.includes(`[${name}]`))!;
  await choose(page, parameters, `Field of parameter ${position}`, chosen);
  const withContent = `${seeded.preview}&utm_content=[${chosen}]`;
  await expect(preview).toHaveText(withContent);
  await expect(section(drawer, 'Link Parameters').getByTestId('section-error-count')).toHaveCount(0);

  // Reorder with the keyboard: the new parameter goes first.
  await moveParameter(page, 'utm_content', -(position - 1));
  const reordered = withContent
    .replace(`&utm_content=[${chosen}]`, '')
    .replace('domain/?', `domain/?utm_content=[${chosen}]&`);
  await expect(preview).toHaveText(reordered);

  // Reorder with the mouse: drag the (now) last parameter's handle onto the first row.
  const rows = parameters.getByTestId('link-parameter');
  const lastHandle = rows.last().getByRole('button', { name: /^Reorder / });
  const lastName = ((await lastHandle.getAttribute('aria-label')) ?? '').replace('Reorder ', '');
  const from = (await lastHandle.boundingBox())!;
  const to = (await rows.first().boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 4 });
  await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 25 });
  await page.mouse.up();
  await expect(preview).toHaveText(new RegExp(`^domain/\\?${lastName}=\\[`));
});

test('[TEMPLATES]: link drawer edits show in the preview at once, and Save applies the drawer to the template', async ({
  page,
  baseURL,
}) => {
  const api = await apiAs('admin', baseURL!);
  const seeded = await seededLink(api);
  await api.dispose();

  const drawer = await openLinkDrawer(page, seeded);
  const preview = drawer.getByTestId('link-preview');
  const parameters = section(drawer, 'Link Parameters');
  await expect(preview).toHaveText(seeded.preview);

  // A renamed parameter and a domain restriction show in the preview at once.
  const secondName = await parameters.getByRole('textbox', { name: 'Name of parameter 2' }).inputValue();
  await parameters.getByRole('textbox', { name: 'Name of parameter 2' }).fill('campaign content');
  await expect(preview).toHaveText(seeded.preview.replace(`&${secondName}=`, '&campaign%20content='));
  await drawer
    .getByRole('combobox', { name: 'Domain restrictions' })
    .fill('https://Shop.Example.com/landing');
  await page.keyboard.press('Enter');
  await expect(preview).toHaveText(/^shop\.example\.com\/\?/);
  await drawer.getByRole('combobox', { name: 'Domain restrictions' }).fill('not a domain');
  await page.keyboard.press('Enter');
  await expect(drawer.getByText('not a domain is not a domain name, e.g. example.com')).toBeVisible();
  const applied = (await preview.textContent()) ?? '';

  // Save applies the copy to the template being edited; reopening shows it.
  await drawer.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(drawer).toBeHidden();
  await expect(page).not.toHaveURL(/open=/);
  await page.getByRole('button', { name: `Edit ${seeded.linkFieldName}` }).click();
  await expect(page.getByRole('dialog', { name: 'Link governance' }).getByTestId('link-preview')).toHaveText(
    applied,
  );
});

test('[TEMPLATES]: the link drawer asks before removing a parameter and before closing with unsaved changes', async ({
  page,
  baseURL,
}) => {
  const api = await apiAs('admin', baseURL!);
  const seeded = await seededLink(api);
  await api.dispose();

  const drawer = await openLinkDrawer(page, seeded);
  const preview = drawer.getByTestId('link-preview');
  const firstName = await drawer.getByRole('textbox', { name: 'Name of parameter 1' }).inputValue();
  await drawer.getByRole('button', { name: `Remove ${firstName}` }).click();
  let confirm = page.getByRole('dialog', { name: 'Remove this parameter?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(preview).toHaveText(seeded.preview);
  await drawer.getByRole('button', { name: `Remove ${firstName}` }).click();
  confirm = page.getByRole('dialog', { name: 'Remove this parameter?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(preview).not.toContainText(`${firstName}=`);

  await drawer.getByRole('button', { name: 'Cancel', exact: true }).click();
  confirm = page.getByRole('dialog', { name: 'Discard your changes to the link?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  confirm = page.getByRole('dialog', { name: 'Discard your changes to the link?' });
  await confirm.getByRole('button', { name: 'Discard changes' }).click();
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: `Edit ${seeded.linkFieldName}` }).click();
  await expect(page.getByRole('dialog', { name: 'Link governance' }).getByTestId('link-preview')).toHaveText(
    seeded.preview,
  );
});

test('[TEMPLATES]: link validations: changing the Adobe report-suite mode clears its values, and a Save with errors asks to discard or go back', async ({
  page,
  baseURL,
}) => {
  const api = await apiAs('admin', baseURL!);
  const seeded = await seededLink(api);
  await api.dispose();

  const drawer = await openLinkDrawer(page, seeded);
  const validations = section(drawer, 'Link Validations');
  await expect(
    validations.getByRole('link', { name: 'Why validations fail because of cookies' }),
  ).toHaveAttribute('href', /^https:\/\//);
  await expect(validations.getByText('No link validations yet')).toBeVisible();

  await validations.getByRole('button', { name: 'Add validation' }).click();
  await page.getByRole('menuitem', { name: 'Adobe Analytics' }).click();
  const adobe = validations.getByRole('group', { name: 'Adobe Analytics' });
  await expect(adobe.getByRole('img', { name: 'Configured' })).toBeVisible();

  // The report-suite check in target mode (the default) needs a target: a required message until given.
  await adobe.getByRole('checkbox', { name: 'The tag reports to the expected report suite' }).check();
  await expect(adobe.getByRole('radio', { name: 'From a target' })).toBeChecked();
  await expect(adobe.getByText('Target is required')).toBeVisible();
  await expect(adobe.getByRole('img', { name: 'Not configured' })).toBeVisible();
  await expect(validations.getByTestId('section-error-count')).toHaveText('1 error');
  await adobe.getByRole('textbox', { name: 'Target' }).fill('target-emea');
  await adobe.getByRole('checkbox', { name: 'The tag reports to the expected report', exact: true }).check();
  await adobe.getByRole('textbox', { name: 'Report ID' }).fill('report-42');
  await expect(adobe.getByRole('img', { name: 'Configured' })).toBeVisible();
  await expect(validations.getByTestId('section-error-count')).toHaveCount(0);

  // Changing the mode clears the values (spec 03 §4).
  await adobe.getByText('Explore the account').click();
  await expect(adobe.getByRole('radio', { name: 'Explore the account' })).toBeChecked();
  await expect(adobe.getByRole('textbox', { name: 'Target' })).toHaveCount(0);
  await expect(adobe.getByRole('textbox', { name: 'Report suite ID' })).toHaveValue('');
  await expect(adobe.getByRole('textbox', { name: 'Report ID' })).toHaveValue('');
  await expect(adobe.getByText('Report suite ID is required')).toBeVisible();
  await expect(adobe.getByRole('img', { name: 'Not configured' })).toBeVisible();
  await expect(validations.getByTestId('section-error-count')).toHaveText('2 errors');
  await adobe.getByText('Enter the IDs').click();
  await expect(adobe.getByRole('textbox', { name: 'Account ID' })).toHaveValue('');

  // A blank field name is an error of the Field Name section.
  await drawer.getByRole('textbox', { name: 'Field name' }).fill('');
  await expect(section(drawer, 'Field Name').getByTestId('section-error-count')).toHaveText('1 error');

  // Save with errors: a dialog offers to discard the changes or go back to fix them.
  await drawer.getByRole('button', { name: 'Save', exact: true }).click();
  let blocked = page.getByRole('dialog', { name: 'The link has errors' });
  await expect(blocked).toBeVisible();
  await expect(blocked.getByRole('listitem')).toHaveText([
    'Field Name: 1 error',
    'Link Validations: 3 errors',
  ]);
  await blocked.getByRole('button', { name: 'Go back to fix' }).click();
  await expect(blocked).toBeHidden();
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('textbox', { name: 'Field name' })).toBeFocused();
  await drawer.getByRole('textbox', { name: 'Field name' }).fill('Tracked link');
  await expect(section(drawer, 'Field Name').getByTestId('section-error-count')).toHaveCount(0);

  await drawer.getByRole('button', { name: 'Save', exact: true }).click();
  blocked = page.getByRole('dialog', { name: 'The link has errors' });
  await expect(blocked.getByRole('listitem')).toHaveText(['Link Validations: 3 errors']);
  await blocked.getByRole('button', { name: 'Discard changes' }).click();
  await expect(drawer).toBeHidden();

  // Nothing was applied: the link keeps its name and has no validation.
  await page.getByRole('button', { name: `Edit ${seeded.linkFieldName}` }).click();
  const reopened = page.getByRole('dialog', { name: 'Link governance' });
  await expect(reopened.getByRole('textbox', { name: 'Field name' })).toHaveValue(seeded.linkFieldName);
  await expect(section(reopened, 'Link Validations').getByText('No link validations yet')).toBeVisible();
  await expect(reopened.getByTestId('link-preview')).toHaveText(seeded.preview);
});

interface SettingsAnswer {
  settings: Record<string, unknown>;
  features: { slug: string; enabled: boolean }[];
  updated_at: string;
}

/** Sets feature flags of the demo account through the settings API; answers the flags' earlier states. */
async function setFlags(
  api: APIRequestContext,
  flags: Record<string, boolean>,
): Promise<Record<string, boolean>> {
  const current = (await (await api.get('/api/v1/account/settings')).json()) as SettingsAnswer;
  const before = Object.fromEntries(
    Object.keys(flags).map((slug) => [slug, current.features.find((f) => f.slug === slug)?.enabled ?? false]),
  );
  const saved = await api.put('/api/v1/account/settings', {
    data: { settings: current.settings, features: flags, updated_at: current.updated_at },
  });
  expect(saved.status()).toBe(200);
  return before;
}

test('[TEMPLATES]: the link drawer follows the account flags: name encoding, redirect links, and no validations', async ({
  page,
  baseURL,
}) => {
  const api = await apiAs('admin', baseURL!);
  const seeded = await seededLink(api);
  const before = await setFlags(api, {
    'url-name-encoding-option': true,
    'allow-redirect-links': true,
    'disable-link-validations': true,
  });
  try {
    const drawer = await openLinkDrawer(page, seeded);
    const parameters = section(drawer, 'Link Parameters');
    const preview = drawer.getByTestId('link-preview');
    // Name encoding: a name left as typed shows as typed in the preview.
    await parameters.getByRole('textbox', { name: 'Name of parameter 1' }).fill('utm source');
    await expect(preview).toContainText('utm%20source=[');
    await choose(page, parameters, 'Name encoding of parameter 1', 'Not encoded');
    await expect(preview).toContainText('utm source=[');
    // The redirect option shows; the validations section does not.
    await expect(drawer.getByRole('switch', { name: 'Use a redirect URL' })).toBeVisible();
    await expect(section(drawer, 'Link Validations')).toHaveCount(0);
    await expect(section(drawer, 'Field Name')).toBeVisible();
  } finally {
    await setFlags(api, before);
    await api.dispose();
  }
  // Without the flags: no name encoding, no redirect option, the validations are back.
  const drawer = await openLinkDrawer(page, seeded);
  await expect(drawer.getByRole('combobox', { name: 'Name encoding of parameter 1' })).toHaveCount(0);
  await expect(drawer.getByRole('switch', { name: 'Use a redirect URL' })).toHaveCount(0);
  await expect(section(drawer, 'Link Validations')).toBeVisible();
});
