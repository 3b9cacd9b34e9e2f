import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { apiAs } from '../support/api';
import { storageStateOf } from '../support/roles';
import { textFieldsTemplate } from '../support/templates';

/** The first cell of the submission grid. */
function firstCell(page: Page) {
  return page
    .getByTestId('submission-grid')
    .locator('[role="row"][aria-rowindex="2"] [role="gridcell"][aria-colindex="2"]');
}

/** Turns the account's approval flag on or off (spec 03 §4: approval needs it and allow_approval). */
async function setApprovalFlag(api: APIRequestContext, enabled: boolean): Promise<void> {
  const current = (await (await api.get('/api/v1/account/settings')).json()) as {
    settings: Record<string, unknown>;
    updated_at: string;
  };
  const answer = await api.put('/api/v1/account/settings', {
    data: {
      settings: { ...current.settings, allow_approval: true },
      features: { approval: enabled },
      updated_at: current.updated_at,
    },
  });
  expect(answer.status()).toBe(200);
}

/**
 * A template of one text field that requires approval by the admin, in the folder the USER's group
 * shares (Email & CRM), so the USER may submit through it.
 */
async function approvalTemplate(api: APIRequestContext): Promise<string> {
  const me = (await (await api.get('/api/v1/auth/me')).json()) as { user: { id: number } };
  const folders = (await (await api.get('/api/v1/account/folder')).json()) as {
    data: { id: number; name: string }[];
  };
  const folderId = folders.data.find((f) => f.name === 'Email & CRM')!.id;
  const { name } = await textFieldsTemplate(api, 'Approval', ['Tagline'], {
    folderId,
    template: {
      settings: { require_identifier: 0, require_approval: 1, enable_auto_submit: 0 },
      approvers: [me.user.id],
    },
  });
  return name;
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
    const template = await approvalTemplate(api);
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

    // The approver approves: the rows enter the dataset.
    await approver.goto(submissionUrl);
    await approver.getByRole('button', { name: 'Approve' }).click();
    await expect(approver.getByTestId('submission-status')).toHaveText('Approved');
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
