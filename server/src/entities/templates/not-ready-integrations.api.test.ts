import { createIntegrationAssignment } from '@nomen/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queueDuePulls } from '../../jobs/inbound/schedule';
import { runIntegration } from '../../jobs/run-integration';
import { insertOAuthConnector } from '../../test/connectors';
import { makeRunTemplate, type RunTemplate, submitRows } from '../../test/integration-runs-fixtures';
import {
  createAccount,
  createTestContext,
  signIn,
  type TestAccount,
  type TestContext,
} from '../../test/test-context';

/**
 * "Connecting never loses work" (spec 03 §4 "Integrations", §5; shared/src/integrations/readiness.ts):
 * a template saves while one of its integration assignments still lacks a connected account; that
 * assignment is answered "Not ready" with what it lacks and no run starts from it — not on submit
 * or approval, not from the 8-hour schedule, and "Sync now" answers 409 naming what is missing —
 * until the admin completes it and saves, after which it runs as before. Genuinely invalid settings
 * still answer 400 naming the field. No job worker runs here: a started run stays Queued.
 */

let ctx: TestContext;
let account: TestAccount;
let admin: Awaited<ReturnType<typeof signIn>>;
let sftpAccount: number;
let folderId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  account = await createAccount(ctx);
  admin = await signIn(ctx, account.admin.email);
  await ctx.deps.db
    .updateTable('accounts')
    // One admin submits and approves: a one-admin account allows self-approval.
    .set({ settings: JSON.stringify({ allow_approval: true, allow_self_approval: true }) })
    .where('id', '=', account.id)
    .execute();
  sftpAccount = await insertOAuthConnector(ctx, { accountId: account.id, type: 'sftp', accessToken: 'x' });
  const folder = await admin.put('/api/v1/account/folder').send({ name: 'Parked', description: '' });
  expect(folder.status).toBe(200);
  folderId = folder.body.folder.id;
});
afterAll(() => ctx.close());

/** A new assignment of `slug` as the editor makes it, with `extra` over its defaults. */
function assignment(slug: string, extra: Record<string, unknown> = {}) {
  return { ...createIntegrationAssignment(slug, { templateName: 'Exports', now: new Date() }), ...extra };
}

const mail = () =>
  assignment('email-output', {
    name: 'Mail',
    metadata: { to: ['ops@example.com'], cc: [], bcc: [], subject: 'Export' },
  });

/** The template as the editor reads it. */
async function read(templateId: number) {
  const res = await admin.get(`/api/v1/account/template/${templateId}`);
  expect(res.status).toBe(200);
  return res.body;
}

/** Saves the template again with the assignment named `name` given the SFTP connected account. */
async function complete(templateId: number, name: string): Promise<void> {
  const got = await read(templateId);
  const saved = await admin.put('/api/v1/account/template/').send({
    ...got,
    integrations: got.integrations.map((a: { name: string }) =>
      a.name === name ? { ...a, connector_id: sftpAccount } : a,
    ),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

/** The slugs of the runs a submission started. */
async function runSlugs(submissionId: number): Promise<string[]> {
  const res = await admin.get(`/api/v1/account/submissions/${submissionId}/integration-runs`);
  expect(res.status).toBe(200);
  return (res.body.data as { slug: string }[]).map((r) => r.slug).sort();
}

/** Reads the last template log until the slow part of the save has ended; answers it. */
async function endedLog(templateId: number): Promise<{ status: string; message: string }> {
  return vi.waitFor(
    async () => {
      const res = await admin.get(`/api/v1/account/template/${templateId}/template-logs?poll=true`);
      expect(['Success', 'Failed']).toContain(res.body.log?.status);
      return res.body.log;
    },
    { timeout: 10_000, interval: 50 },
  );
}

describe('PUT /api/v1/account/template/ with an unfinished integration', () => {
  it('saves it as "Not ready", naming what is missing, and the save itself succeeds', async () => {
    const template = await makeRunTemplate(admin, [
      assignment('sftp-push', { name: 'Drop', folder: '/out' }),
      mail(),
    ]);
    expect(await endedLog(template.id)).toMatchObject({ status: 'Success' });
    const got = await read(template.id);
    const drop = got.integrations.find((a: { name: string }) => a.name === 'Drop');
    expect(drop.connector_id).toBeNull();
    expect(drop.readiness).toEqual({ is_ready: false, missing: ['choose a connected account'] });
    expect(got.integrations.find((a: { name: string }) => a.name === 'Mail').readiness).toEqual({
      is_ready: true,
      missing: [],
    });

    await complete(template.id, 'Drop');
    expect(await endedLog(template.id)).toMatchObject({ status: 'Success' });
    const after = (await read(template.id)).integrations.find((a: { name: string }) => a.name === 'Drop');
    expect(after).toMatchObject({ connector_id: sftpAccount, readiness: { is_ready: true, missing: [] } });
  });

  it('still refuses a genuinely invalid setting with 400 naming the integration and the field', async () => {
    const res = await admin.put('/api/v1/account/template/').send({
      name: `Invalid ${Math.random().toString(36).slice(2, 8)}`,
      folder_id: folderId,
      integrations: [
        assignment('snowflake-push', { name: 'Nightly load', metadata: { tableName: 'select' } }),
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Nightly load: Cannot be a reserved SQL keyword.');
    expect(res.body.issues).toEqual([
      { path: 'body.integrations.0', message: 'Nightly load: Cannot be a reserved SQL keyword.' },
    ]);
  });
});

describe('runs of a "Not ready" integration', () => {
  it('approval starts no run of it, and the completed integration runs on the next approval', async () => {
    const template: RunTemplate = await makeRunTemplate(admin, [
      assignment('sftp-push', { name: 'Drop', folder: '/out' }),
      mail(),
    ]);
    const got = await read(template.id);
    const approval = await admin.put('/api/v1/account/template/').send({
      ...got,
      settings: { ...got.settings, require_approval: 1 },
      approvers: [account.admin.id],
    });
    expect(approval.status, JSON.stringify(approval.body)).toBe(200);

    const approve = async (name: string) => {
      const submissionId = await submitRows(admin, template, [['Spring', 'email']], name);
      expect(await runSlugs(submissionId)).toEqual([]);
      const approved = await admin
        .post(`/api/v1/account/submissions/${submissionId}/approve`)
        .send({ comment: '' });
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      return submissionId;
    };

    expect(await runSlugs(await approve('Week 1'))).toEqual(['email-output']);
    await complete(template.id, 'Drop');
    expect(await runSlugs(await approve('Week 2'))).toEqual(['email-output', 'sftp-push']);
  });

  it('a run queued before the integration became "Not ready" fails naming what is missing, without delivering', async () => {
    const template = await makeRunTemplate(admin, [
      assignment('sftp-push', { name: 'Drop', folder: '/out', connector_id: sftpAccount }),
    ]);
    const submissionId = await submitRows(admin, template, [['Spring', 'email']]);
    const [run] = (await admin.get(`/api/v1/account/submissions/${submissionId}/integration-runs`)).body.data;
    expect(run).toMatchObject({ slug: 'sftp-push', status: 'Queued' });
    const got = await read(template.id);
    const parked = await admin.put('/api/v1/account/template/').send({
      ...got,
      integrations: got.integrations.map((a: object) => ({ ...a, connector_id: null })),
    });
    expect(parked.status, JSON.stringify(parked.body)).toBe(200);

    const outcome = await runIntegration(
      ctx.deps,
      { runId: run.id, accountId: account.id },
      { retryCount: 0, retryLimit: 2 },
    );
    expect(outcome).toBe('done');
    const after = (await admin.get(`/api/v1/account/submissions/${submissionId}/integration-runs`)).body
      .data[0];
    expect(after).toMatchObject({ status: 'Failed', files: [] });
    expect(after.message).toContain('Drop: Not ready: choose a connected account');
  });

  it('the 8-hour schedule skips it and "Sync now" answers 409 naming what is missing, until it is completed', async () => {
    const template = await makeRunTemplate(admin, [
      assignment('sftp-pull', { name: 'Inbox', folder: '/in' }),
    ]);
    const inbox = template.integrations[0]!;
    const runsOf = () =>
      ctx.deps.db.selectFrom('integration_runs').select('id').where('assignment_id', '=', inbox.id).execute();

    await queueDuePulls(ctx.deps.db, new Date(Date.now() + 9 * 3600_000));
    expect(await runsOf()).toHaveLength(0);
    const refused = await admin.post(`/api/v1/integration-assignments/${inbox.id}/sync`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "Inbox cannot run yet. Not ready: choose a connected account. Complete it in the template's connect step and save the template.",
    );
    expect(await runsOf()).toHaveLength(0);

    await complete(template.id, 'Inbox');
    await queueDuePulls(ctx.deps.db, new Date(Date.now() + 9 * 3600_000));
    expect(await runsOf()).toHaveLength(1);
    const synced = await admin.post(`/api/v1/integration-assignments/${inbox.id}/sync`);
    expect(synced.status, JSON.stringify(synced.body)).toBe(201);
    expect(synced.body).toMatchObject({ assignment_id: inbox.id, direction: 'INPUT' });
  });
});
