import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { apiAs } from '../support/api';
import { storageStateOf } from '../support/roles';
import { textFieldsTemplate } from '../support/templates';
import { expect, test } from '../support/test';

/** The first cell of the submission grid. */
function firstCell(page: Page) {
  return page
    .getByTestId('submission-grid')
    .locator('[role="row"][aria-rowindex="2"] [role="gridcell"][aria-colindex="2"]');
}

/**
 * Turns the account's approval flag on or off (spec 03 §4: approval needs it and allow_approval),
 * with allow_approval on and `settings` (allow_self_approval off unless given).
 */
async function setApprovalFlag(
  api: APIRequestContext,
  enabled: boolean,
  settings: { allow_self_approval?: boolean } = {},
): Promise<void> {
  const current = (await (await api.get('/api/v1/account/settings')).json()) as {
    settings: Record<string, unknown>;
    updated_at: string;
  };
  const answer = await api.put('/api/v1/account/settings', {
    data: {
      settings: { ...current.settings, allow_approval: true, allow_self_approval: false, ...settings },
      features: { approval: enabled },
      updated_at: current.updated_at,
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** The signed-in person's name, as the approval banners show it. */
async function nameOf(api: APIRequestContext): Promise<string> {
  return ((await (await api.get('/api/v1/auth/me')).json()) as { user: { name: string } }).user.name;
}

/** The submission page's approval banner. */
function banner(page: Page) {
  return page.getByTestId('approval-banner');
}

/**
 * A template of one text field that requires approval by the admin, in the folder the USER's group
 * shares (Email & CRM), so the USER may submit through it.
 */
async function approvalTemplate(
  api: APIRequestContext,
): Promise<{ id: number; name: string; fieldIds: Record<string, number> }> {
  const me = (await (await api.get('/api/v1/auth/me')).json()) as { user: { id: number } };
  const folders = (await (await api.get('/api/v1/account/folder')).json()) as {
    data: { id: number; name: string }[];
  };
  const folderId = folders.data.find((f) => f.name === 'Email & CRM')!.id;
  return textFieldsTemplate(api, 'Approval', ['Tagline'], {
    folderId,
    template: {
      settings: { require_identifier: 0, require_approval: 1, enable_auto_submit: 0 },
      approvers: [me.user.id],
    },
  });
}

async function signedInPage(browser: Browser, role: 'user' | 'admin'): Promise<Page> {
  const context = await browser.newContext({ storageState: storageStateOf(role) });
  return context.newPage();
}

test('[CODES]: an approver rejects a submission with a comment, the submitter corrects and resubmits, and the approver approves', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const api = await apiAs('admin', baseURL!);
  await setApprovalFlag(api, true);
  try {
    const { name: template } = await approvalTemplate(api);
    const approverName = await nameOf(api);
    const submitter = await signedInPage(browser, 'user');
    const approver = await signedInPage(browser, 'admin');

    // The USER submits one row: it waits for approval.
    await submitter.goto('/codes');
    await submitter.getByRole('button', { name: `New submission with ${template}` }).click();
    await submitter.getByLabel('Submission name').fill('Autumn taglines');
    await firstCell(submitter).click();
    await submitter.keyboard.press('Enter');
    await submitter.keyboard.type('Fall for it');
    await submitter.keyboard.press('Enter');
    await submitter.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(submitter.getByTestId('submission-status')).toHaveText('Pending');
    await expect(banner(submitter)).toContainText(`Waiting for approval by ${approverName}`);
    const submissionUrl = submitter.url();

    // The approver sees it in the inbox with a badge, and rejects it, which needs a comment.
    await approver.goto('/codes');
    await expect(
      approver.getByRole('navigation', { name: 'Admin navigation' }).getByLabel(/awaiting your approval/),
    ).toBeVisible();
    const inbox = approver.getByRole('table', { name: 'Waiting for your approval' });
    await inbox.getByText('Autumn taglines').click();
    await expect(approver.getByRole('heading', { name: 'Your decision' })).toBeVisible();
    await approver.getByRole('button', { name: 'Reject' }).click();
    await expect(approver.getByText('Say why the submission is rejected')).toBeVisible();
    await expect(approver.getByTestId('submission-status')).toHaveText('Pending');
    await approver.getByLabel('Comment').fill('Use the brand voice: no puns');
    await approver.getByRole('button', { name: 'Reject' }).click();
    await expect(approver.getByTestId('submission-status')).toHaveText('Rejected');
    await expect(banner(approver)).toContainText(`Rejected by ${approverName}`);

    // The submitter reads the comment, corrects the row and submits again.
    await submitter.goto(submissionUrl);
    await expect(
      submitter.getByRole('alert').filter({ hasText: 'Use the brand voice: no puns' }),
    ).toBeVisible();
    await submitter.getByRole('button', { name: 'Correct and resubmit' }).click();
    await expect(firstCell(submitter)).toHaveText('Fall for it');
    await firstCell(submitter).dblclick();
    await submitter.keyboard.press('Control+A');
    await submitter.keyboard.type('Autumn, simply');
    await submitter.keyboard.press('Enter');
    await submitter.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(submitter.getByTestId('submission-status')).toHaveText('Pending');
    // Pending again: it waits for a new decision; the rejection stays in the history only.
    await expect(banner(submitter)).toHaveCount(1);
    await expect(banner(submitter)).toContainText(`Waiting for approval by ${approverName}`);
    await expect(banner(submitter)).not.toContainText('Use the brand voice');
    await expect(submitter.getByText(/Approved by/)).toHaveCount(0);

    // The approver approves: the rows enter the dataset.
    await approver.goto(submissionUrl);
    await approver.getByRole('button', { name: 'Approve' }).click();
    await expect(approver.getByTestId('submission-status')).toHaveText('Approved');
    await expect(banner(approver)).toContainText(`Approved by ${approverName}`);
    await approver.getByRole('link', { name: 'Dataset rows' }).click();
    await expect(
      approver.getByTestId('dataset-rows').getByRole('gridcell', { name: 'Autumn, simply' }),
    ).toBeVisible();
    await submitter.context().close();
    await approver.context().close();
  } finally {
    await setApprovalFlag(api, false);
    await api.dispose();
  }
});

test('[CODES]: an approver cannot decide on their own submission until an admin turns on Allow self-approval', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const api = await apiAs('admin', baseURL!);
  await setApprovalFlag(api, true);
  try {
    const template = await approvalTemplate(api);
    const page = await signedInPage(browser, 'admin');

    // The admin, the template's only approver, submits through it.
    const me = (await (await api.get('/api/v1/auth/me')).json()) as { user: { id: number } };
    const sent = await api.post('/api/v1/account/submissions', {
      data: {
        template_id: template.id,
        name: 'My own taglines',
        rows: [{ [template.fieldIds.Tagline!]: 'Mine' }],
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const submission = (await sent.json()) as { id: number; submitter: { id: number } };
    expect(submission.submitter.id).toBe(me.user.id);

    // No decision panel: an explanation instead, and nobody left to decide.
    await page.goto(`/codes/submissions/${submission.id}`);
    await expect(page.getByTestId('submission-status')).toHaveText('Pending');
    await expect(page.getByTestId('own-submission-notice')).toContainText(
      'another approver decides on the ones you submit',
    );
    await expect(page.getByRole('heading', { name: 'Your decision' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expect(banner(page)).toContainText('No approver can decide on it yet');

    // Settings names what the switch is for; turning it on lets the admin decide.
    await page.goto('/admin/settings');
    const selfApproval = page.getByRole('switch', { name: 'Allow self-approval' });
    await expect(page.getByText('Turn it on when the account has only one admin.')).toBeVisible();
    await expect(selfApproval).not.toBeChecked();
    await selfApproval.click({ force: true });
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();

    await page.goto(`/codes/submissions/${submission.id}`);
    await expect(page.getByTestId('own-submission-notice')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Your decision' })).toBeVisible();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByTestId('submission-status')).toHaveText('Approved');
    await page.context().close();
  } finally {
    await setApprovalFlag(api, false);
    await api.dispose();
  }
});

test('[CODES]: the settings text names both switches the Require approval toggle needs, and the template editor follows it', async ({
  browser,
  baseURL,
}) => {
  const api = await apiAs('admin', baseURL!);
  // Allow approval on, the Template approval flag off.
  await setApprovalFlag(api, false);
  try {
    const page = await signedInPage(browser, 'admin');
    await page.goto('/admin/settings');
    await expect(page.getByRole('switch', { name: 'Allow approval' })).toBeChecked();
    await expect(
      page.getByText(
        /“Require approval” toggle in templates when the “Template approval” flag below is on too/,
      ),
    ).toBeVisible();
    await expect(page.getByRole('switch', { name: /^Template approval/ })).not.toBeChecked();

    // Allow approval alone: no toggle in the template editor.
    await page.goto('/admin/templates/edit-template/new/setup');
    await expect(page.getByLabel('Name', { exact: true })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Require approval' })).toHaveCount(0);

    // With the flag too, as the text says: the toggle shows.
    await setApprovalFlag(api, true);
    await page.goto('/admin/templates/edit-template/new/setup');
    await expect(page.getByRole('switch', { name: 'Require approval' })).toBeAttached();
    await page.context().close();
  } finally {
    await setApprovalFlag(api, false);
    await api.dispose();
  }
});
