import { createIntegrationAssignment, type IntegrationNotification } from '@nomen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOAuthConnector } from '../../test/connectors';
import {
  createAccount,
  createTestContext,
  createUser,
  signIn,
  type TestAccount,
  type TestContext,
} from '../../test/test-context';

let ctx: TestContext;
let account: TestAccount;
let admin: Awaited<ReturnType<typeof signIn>>;
let folderId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  account = await createAccount(ctx, ['user-activity-log']);
  admin = await signIn(ctx, account.admin.email);
  const folder = await admin.put('/api/v1/account/folder').send({ name: 'Connect folder', description: '' });
  expect(folder.status).toBe(200);
  folderId = folder.body.folder.id;
});
afterAll(() => ctx.close());

/** A new assignment of `slug` as the editor makes it, with `extra` over its defaults. */
function assignment(slug: string, extra: Record<string, unknown> = {}) {
  return { ...createIntegrationAssignment(slug, { templateName: 'T', now: new Date() }), ...extra };
}

const notification: IntegrationNotification = {
  emailTo: ['ops@example.com', 'lead@example.com'],
  subject: 'Export finished',
  emailOnFailure: true,
  emailOnSuccess: false,
};

/**
 * Saves a template of `agent`'s account with `integrations` and answers the saved template (its
 * assignments now have numeric ids).
 */
async function savedTemplate(
  integrations: unknown[],
  agent = admin,
  folder = folderId,
): Promise<{ id: number; updated_at: string; integrations: { id: number; slug: string; name: string }[] }> {
  const saved = await agent.put('/api/v1/account/template/').send({
    name: `Connect ${Math.random().toString(36).slice(2, 8)}`,
    folder_id: folder,
    integrations,
  });
  expect(saved.status).toBe(200);
  const got = await agent.get(`/api/v1/account/template/${saved.body.id}`);
  expect(got.status).toBe(200);
  return got.body;
}

describe('POST /api/v1/integration-assignments/bulk/delete', () => {
  it('deletes saved assignments at once, keeps the others and writes the template activity', async () => {
    const template = await savedTemplate([
      assignment('email-output', { name: 'Weekly export' }),
      assignment('email-output', { name: 'Daily export' }),
    ]);
    const [weekly, daily] = template.integrations;
    const res = await admin.post('/api/v1/integration-assignments/bulk/delete').send({ ids: [weekly!.id] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: '1 integration deleted.', deleted_ids: [weekly!.id] });

    const after = (await admin.get(`/api/v1/account/template/${template.id}`)).body;
    expect(after.integrations.map((a: { id: number }) => a.id)).toEqual([daily!.id]);
    // The template itself is unchanged, so the editor that deleted can still save its draft.
    expect(after.updated_at).toBe(template.updated_at);
    const save = await admin.put('/api/v1/account/template/').send({ ...after });
    expect(save.status).toBe(200);

    const entries = await ctx.deps.db
      .selectFrom('activities')
      .selectAll()
      .where('account_id', '=', account.id)
      .where('configured_object', '=', 'template')
      .where('object_id', '=', template.id)
      .orderBy('id')
      .execute();
    expect(entries.map((e) => e.operation)).toEqual(['created', 'updated']);
    expect(entries[1]!.changes).toEqual([
      {
        field: 'integrations',
        old: ['Weekly export (email-output)', 'Daily export (email-output)'],
        new: ['Daily export (email-output)'],
      },
    ]);
  });

  it('deletes a paired inbound and outbound assignment together, with their notification settings', async () => {
    const tiktok = await insertOAuthConnector(ctx, {
      accountId: account.id,
      type: 'tiktok',
      accessToken: 't',
    });
    const template = await savedTemplate([
      assignment('tiktok-inbound', { connector_id: tiktok, metadata: { data_type: 'campaigns' } }),
      assignment('tiktok-outbound', { connector_id: tiktok, metadata: { data_type: 'campaigns' } }),
      assignment('email-output', { integration_notifications: [notification] }),
    ]);
    const ids = template.integrations.map((a) => a.id);
    const notifications = await admin.get(`/api/v1/integration-email-notifications/${ids[2]}`);
    expect(notifications.status).toBe(200);
    expect(notifications.body.data).toHaveLength(1);

    const res = await admin.post('/api/v1/integration-assignments/bulk/delete').send({ ids });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('3 integrations deleted.');
    expect((await admin.get(`/api/v1/account/template/${template.id}`)).body.integrations).toEqual([]);
    expect((await admin.get(`/api/v1/integration-email-notifications/${ids[2]}`)).status).toBe(404);
    const left = await ctx.deps.db
      .selectFrom('integration_notifications')
      .select('id')
      .where('integration_assignment_id', 'in', ids)
      .execute();
    expect(left).toEqual([]);
  });

  it('answers 404 naming an unknown id and deletes nothing', async () => {
    const template = await savedTemplate([assignment('email-output')]);
    const id = template.integrations[0]!.id;
    const res = await admin
      .post('/api/v1/integration-assignments/bulk/delete')
      .send({ ids: [id, 2_000_000_000] });
    expect(res.status).toBe(404);
    expect(res.body.message).toContain('2000000000');
    expect((await admin.get(`/api/v1/account/template/${template.id}`)).body.integrations).toHaveLength(1);
  });

  it("answers 404 for another account's assignment and leaves it in place", async () => {
    const template = await savedTemplate([assignment('email-output')]);
    const id = template.integrations[0]!.id;
    const other = await createAccount(ctx);
    const otherAdmin = await signIn(ctx, other.admin.email);
    const res = await otherAdmin.post('/api/v1/integration-assignments/bulk/delete').send({ ids: [id] });
    expect(res.status).toBe(404);
    expect((await otherAdmin.get(`/api/v1/integration-email-notifications/${id}`)).status).toBe(404);
    expect((await admin.get(`/api/v1/account/template/${template.id}`)).body.integrations).toHaveLength(1);
  });

  it('answers 400 naming the field for bad input, never 500', async () => {
    const template = await savedTemplate([assignment('email-output')]);
    const cases: unknown[] = [
      {},
      { ids: [] },
      { ids: 'all' },
      { ids: [0] },
      { ids: [-1] },
      { ids: [1.5] },
      { ids: [2 ** 31] },
      { ids: ['TEMP_abc'] },
      { ids: [null] },
    ];
    for (const body of cases) {
      const res = await admin.post('/api/v1/integration-assignments/bulk/delete').send(body as object);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.issues[0].path, JSON.stringify(body)).toMatch(/^body\.ids/);
    }
    expect((await admin.get(`/api/v1/account/template/${template.id}`)).body.integrations).toHaveLength(1);
  });

  it('requires manage_templates', async () => {
    const template = await savedTemplate([assignment('email-output')]);
    const id = template.integrations[0]!.id;
    const user = await createUser(ctx, account.id, { role: 'USER' });
    const agent = await signIn(ctx, user.email);
    expect((await agent.post('/api/v1/integration-assignments/bulk/delete').send({ ids: [id] })).status).toBe(
      403,
    );
    expect((await agent.get(`/api/v1/integration-email-notifications/${id}`)).status).toBe(403);
    expect((await admin.get(`/api/v1/account/template/${template.id}`)).body.integrations).toHaveLength(1);
  });
});

describe('GET /api/v1/integration-email-notifications/{assignmentId}', () => {
  it("answers an assignment's notification settings with email_to as JSON text", async () => {
    const template = await savedTemplate([
      assignment('email-output', { integration_notifications: [notification] }),
    ]);
    const id = template.integrations[0]!.id;
    const res = await admin.get(`/api/v1/integration-email-notifications/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        id: expect.any(Number),
        email_to: JSON.stringify(['ops@example.com', 'lead@example.com']),
        subject: 'Export finished',
        email_on_failure: true,
        email_on_success: false,
      },
    ]);
  });

  it('answers an empty list for an assignment without settings, 400 for a bad id, 404 for an unknown one', async () => {
    const template = await savedTemplate([assignment('email-output')]);
    const id = template.integrations[0]!.id;
    expect((await admin.get(`/api/v1/integration-email-notifications/${id}`)).body).toEqual({ data: [] });
    expect((await admin.get('/api/v1/integration-email-notifications/TEMP_x')).status).toBe(400);
    expect((await admin.get('/api/v1/integration-email-notifications/0')).status).toBe(400);
    expect((await admin.get('/api/v1/integration-email-notifications/2000000000')).status).toBe(404);
  });
});
