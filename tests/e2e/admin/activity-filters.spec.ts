import type { APIRequestContext } from '@playwright/test';
import { apiAs, uniqueName } from '../support/api';
import { storageStateOf } from '../support/roles';
import { textFieldsTemplate } from '../support/templates';
import { expect, test } from '../support/test';

test.use({ storageState: storageStateOf('admin') });

/**
 * Turns the account's approval flag on or off (spec 03 §4: approval needs it and
 * allow_approval), with self-approval off.
 */
async function setApprovalFlag(api: APIRequestContext, enabled: boolean): Promise<void> {
  const current = (await (await api.get('/api/v1/account/settings')).json()) as {
    settings: Record<string, unknown>;
    updated_at: string;
  };
  const answer = await api.put('/api/v1/account/settings', {
    data: {
      settings: { ...current.settings, allow_approval: true, allow_self_approval: false },
      features: { approval: enabled },
      updated_at: current.updated_at,
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

test('[ACTIVITY]: an approval shows in the log as Approved; filtering by operation and user with clicks keeps the filters in the address, through a reload', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await apiAs('admin', baseURL!);
  await setApprovalFlag(admin, true);
  try {
    const me = (await (await admin.get('/api/v1/auth/me')).json()) as { user: { id: number; name: string } };
    // A template the USER's group shares (Email & CRM) that needs the admin's approval.
    const folders = (await (await admin.get('/api/v1/account/folder')).json()) as {
      data: { id: number; name: string }[];
    };
    const template = await textFieldsTemplate(admin, 'Audit approval', ['Tagline'], {
      folderId: folders.data.find((f) => f.name === 'Email & CRM')!.id,
      template: {
        settings: { require_identifier: 0, require_approval: 1, enable_auto_submit: 0 },
        approvers: [me.user.id],
      },
    });
    // The USER submits through the API; it waits for the admin's decision.
    const user = await apiAs('user', baseURL!);
    const submissionName = uniqueName('Audited taglines');
    const sent = await user.post('/api/v1/account/submissions', {
      data: {
        template_id: template.id,
        name: submissionName,
        rows: [{ [template.fieldIds.Tagline!]: 'Hello' }],
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const submission = (await sent.json()) as { id: number; status: string };
    expect(submission.status).toBe('Pending');
    await user.dispose();

    // The admin approves it as a person does.
    await page.goto(`/codes/submissions/${submission.id}`);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByTestId('submission-status')).toHaveText('Approved');

    // The log: filter by operation, then by user, with clicks.
    await page.goto('/admin/activities');
    const table = page.getByRole('table', { name: 'User activity' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await page.getByRole('combobox', { name: 'Operation' }).click();
    await page.getByRole('option', { name: 'Approved', exact: true }).click();
    await expect(page).toHaveURL(/[?&]operation=approved(&|$)/);
    await expect(table).toHaveAttribute('aria-busy', 'false');
    const approvedRow = table.getByRole('row').filter({ hasText: submissionName });
    await expect(approvedRow).toHaveCount(1);
    await expect(approvedRow).toContainText('Approved');
    await expect(approvedRow).toContainText(me.user.name);
    await expect(approvedRow).toContainText('Submission');

    await page.getByRole('combobox', { name: 'User' }).click();
    await page.getByRole('option', { name: me.user.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]user=${me.user.id}(&|$)`));
    await expect(page).toHaveURL(/[?&]operation=approved(&|$)/);
    // The page keeps the previous rows while the filtered ones load: wait until they are in.
    await expect(table).toHaveAttribute('aria-busy', 'false');
    const bodyRows = table.locator('tbody tr');
    await expect(bodyRows.filter({ hasText: submissionName })).toHaveCount(1);
    // Every row shown is an approval by that user.
    const shown = await bodyRows.allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    for (const text of shown) {
      expect(text).toContain('Approved');
      expect(text).toContain(me.user.name);
    }
    const label = await page.getByTestId('activity-range-label').innerText();

    // The same view after a reload: the filters come back from the address.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Operation' })).toHaveValue('Approved');
    await expect(page.getByRole('combobox', { name: 'User' })).toHaveValue(me.user.name);
    await expect(table).toHaveAttribute('aria-busy', 'false');
    await expect(bodyRows.filter({ hasText: submissionName })).toHaveCount(1);
    await expect(page.getByTestId('activity-range-label')).toHaveText(label);
    expect(await bodyRows.allTextContents()).toEqual(shown);
  } finally {
    await setApprovalFlag(admin, false);
    await admin.dispose();
  }
});
