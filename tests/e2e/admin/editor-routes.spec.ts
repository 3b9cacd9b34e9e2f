import { uniqueName } from '../support/api';
import { ROLES, storageStateOf } from '../support/roles';
import { expect, test } from '../support/test';

test.use({ storageState: storageStateOf('admin') });

/** An id no account holds (the largest integer id the routes accept is far above it). */
const MISSING_ID = 987_654_321;

const EDITORS = [
  {
    path: `/admin/patterns/${MISSING_ID}`,
    title: 'Pattern not found',
    back: 'Back to patterns',
    list: '/admin/patterns',
  },
  {
    path: `/admin/fieldsets/${MISSING_ID}/fields`,
    title: 'Field set not found',
    back: 'Back to field sets',
    list: '/admin/fieldsets',
  },
  {
    path: `/admin/lists-manager/edit/${MISSING_ID}`,
    title: 'List not found',
    back: 'Back to lists',
    list: '/admin/lists-manager',
  },
  {
    path: `/admin/templates/edit-template/${MISSING_ID}/setup`,
    title: 'Template not found',
    back: 'Back to templates',
    list: '/admin/templates',
  },
] as const;

test('[EDITORS]: an editor opened for an item that does not exist says so and leads back to its list', async ({
  page,
}) => {
  for (const editor of EDITORS) {
    await page.goto(editor.path);
    await expect(page.getByRole('heading', { name: editor.title })).toBeVisible();
    await expect(page.getByText('does not exist or was deleted')).toBeVisible();
    await page.getByRole('link', { name: editor.back }).click();
    await expect(page).toHaveURL(new RegExp(`${editor.list}$`));
  }

  // A route that names no item at all is the app's fallback page.
  await page.goto('/admin/patterns/not-a-pattern');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('[USERS]: a save the server refuses shows the reason on the field and keeps the drawer open', async ({
  page,
}) => {
  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'Add user' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add user' });
  await drawer.getByLabel('Name', { exact: true }).fill(uniqueName('Robin Twin'));
  // The demo admin's address is taken: only the server knows, and it names the field.
  await drawer.getByLabel('Email', { exact: true }).fill(ROLES.admin);
  await drawer.getByLabel('Role', { exact: true }).click();
  await page.getByRole('option', { name: 'Manager' }).click();
  await drawer.getByRole('button', { name: 'Save' }).click();

  const email = drawer.getByLabel('Email', { exact: true });
  await expect(email).toHaveAccessibleDescription(/A user with this email already exists/);
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(drawer).toBeVisible();

  // Fixing the address and saving again adds the user.
  const fresh = `robin-${uniqueName('x').split(' ').pop()}@acme.test`;
  await email.fill(fresh);
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`User added. An activation link was emailed to ${fresh}.`)).toBeVisible();
});
