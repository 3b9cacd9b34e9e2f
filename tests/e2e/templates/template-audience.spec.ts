import { apiAs, uniqueName } from '../support/api';
import { storageStateOf } from '../support/roles';
import { textFieldsTemplate } from '../support/templates';
import { expect, test } from '../support/test';

test.use({ storageState: storageStateOf('admin') });

test.describe('[TEMPLATES] who can submit', () => {
  let folder: { id: number; name: string };
  let template: { id: number; name: string };
  const groups = {
    viaFolder: uniqueName('Regional Marketing'),
    direct: uniqueName('Campaign Managers'),
    later: uniqueName('Field Sales'),
  };

  test.beforeAll(async ({ baseURL }) => {
    const api = await apiAs('admin', baseURL!);
    const folderName = uniqueName('Audience folder');
    const saved = await api.put('/api/v1/account/folder', { data: { name: folderName, description: '' } });
    expect(saved.status()).toBe(200);
    folder = { id: ((await saved.json()) as { folder: { id: number } }).folder.id, name: folderName };
    template = await textFieldsTemplate(api, 'Audience', ['Campaign'], { folderId: folder.id });
    const me = (await (await api.get('/api/v1/auth/me')).json()) as { user: { id: number } };
    for (const [name, links] of [
      [groups.viaFolder, { folder_ids: [folder.id], user_ids: [me.user.id] }],
      [groups.direct, { template_ids: [template.id] }],
      [groups.later, {}],
    ] as const) {
      const res = await api.post('/api/v1/account/groups/merge-or-create', { data: { name, ...links } });
      expect(res.status()).toBe(200);
    }
    await api.dispose();
  });

  test('[TEMPLATES]: the setup step names the groups that can submit and shares the template with another group', async ({
    page,
  }) => {
    await page.goto(`/admin/templates/edit-template/${template.id}/setup`);
    const who = page.getByRole('region', { name: 'Who can submit' });
    await expect(who.getByRole('listitem')).toHaveText([
      new RegExp(`^${groups.direct} · 0 members · shared directly$`),
      new RegExp(`^${groups.viaFolder} · 1 member · through the folder$`),
    ]);
    await expect(who.getByText(/^Admins see every template: .+\.$/)).toBeVisible();

    await who.getByLabel('Share with a group').click();
    await page.getByRole('option', { name: groups.later }).click();
    await who.getByRole('button', { name: 'Share' }).click();
    await expect(who.getByRole('listitem').filter({ hasText: groups.later })).toHaveText(
      `${groups.later} · 0 members · shared directly`,
    );

    // The templates table says the same.
    await page.goto('/admin/templates');
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Who can submit' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Search templates' }).fill(template.name);
    const row = table.getByRole('row').filter({ hasText: template.name });
    const names = [groups.direct, groups.later, groups.viaFolder].sort((a, b) => a.localeCompare(b));
    await expect(row.getByRole('cell', { name: names.join(', ') })).toBeVisible();
  });

  test('[TEMPLATES]: a new template says who will be able to submit once saved in the chosen folder', async ({
    page,
  }) => {
    await page.goto('/admin/templates/edit-template/new/setup');
    const who = page.getByRole('region', { name: 'Who can submit' });
    await expect(
      who.getByText('Choose a folder to see who will be able to submit once the template is saved.'),
    ).toBeVisible();
    await page.getByRole('combobox', { name: 'Folder', exact: true }).click();
    await page.getByRole('option', { name: folder.name }).click();
    await expect(
      who.getByText('Once saved in this folder, these people will be able to submit:'),
    ).toBeVisible();
    await expect(who.getByRole('listitem')).toHaveText([
      `${groups.viaFolder} · 1 member · through the folder`,
    ]);
    await expect(who.getByLabel('Share with a group')).toHaveCount(0);
  });

  test("[TEMPLATES]: a template shared from the editor with a group appears on its USER's codes page", async ({
    page,
    baseURL,
    browser,
  }) => {
    // A folder no group reaches: the demo USER (Regional Marketing) cannot submit through it yet.
    const api = await apiAs('admin', baseURL!);
    const saved = await api.put('/api/v1/account/folder', {
      data: { name: uniqueName('Unshared folder'), description: '' },
    });
    const unshared = await textFieldsTemplate(api, 'Shared later', ['Campaign'], {
      folderId: ((await saved.json()) as { folder: { id: number } }).folder.id,
    });
    await api.dispose();
    const userContext = await browser.newContext({ storageState: storageStateOf('user') });
    const userPage = await userContext.newPage();
    await userPage.goto('/codes');
    await expect(userPage.getByRole('heading', { level: 2 }).first()).toBeVisible();
    const newSubmission = userPage.getByRole('button', { name: `New submission with ${unshared.name}` });
    await expect(newSubmission).toHaveCount(0);

    await page.goto(`/admin/templates/edit-template/${unshared.id}/setup`);
    const who = page.getByRole('region', { name: 'Who can submit' });
    await who.getByLabel('Share with a group').click();
    await page.getByRole('option', { name: 'Regional Marketing', exact: true }).click();
    await who.getByRole('button', { name: 'Share' }).click();
    await expect(who.getByRole('listitem').filter({ hasText: /^Regional Marketing · / })).toContainText(
      'shared directly',
    );

    await userPage.reload();
    await expect(newSubmission).toBeVisible();
    await userContext.close();
  });
});
