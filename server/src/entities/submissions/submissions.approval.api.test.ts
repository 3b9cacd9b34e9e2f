import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SignedIn as Agent,
  createAccount,
  createTestContext,
  createUser,
  signIn,
  type TestAccount,
  type TestContext,
  withEmbeddedAdmin,
} from '../../test/test-context';
import { type TemplateFieldIds as Fields, submissionFixtures } from './submissions.fixtures';

/**
 * Approval (spec 03 §4; issue 11 item 5) on PostgreSQL and on the embedded database: a rejected
 * submission corrected and sent again keeps the numbers of its unchanged rows and waits for a new
 * decision, and nobody decides on their own submission unless the account allows self-approval.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A fresh account of `on` (PostgreSQL or embedded) with approval on: its admin and the fixtures. */
interface Scene {
  on: TestContext;
  account: TestAccount;
  admin: Agent;
  fixtures: Awaited<ReturnType<typeof submissionFixtures>>;
}

/** Turns the account settings and the approval flag on through the settings API (as the screen does). */
async function setSettings(admin: Agent, settings: Record<string, boolean>): Promise<void> {
  const current = await admin.get('/api/v1/account/settings');
  const saved = await admin.put('/api/v1/account/settings').send({
    settings: { ...current.body.settings, ...settings },
    features: { approval: true },
    updated_at: current.body.updated_at,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

async function sceneOn(on: TestContext, account: TestAccount, admin: Agent): Promise<Scene> {
  await setSettings(admin, { allow_approval: true });
  return { on, account, admin, fixtures: await submissionFixtures(admin) };
}

/** Runs `work` on a fresh account on PostgreSQL, then on a fresh account on the embedded database. */
async function onBothDatabases(work: (scene: Scene) => Promise<void>): Promise<void> {
  const account = await createAccount(ctx);
  await work(await sceneOn(ctx, account, await signIn(ctx, account.admin.email)));
  await withEmbeddedAdmin(ctx, async (admin, embeddedAccount, embedded) => {
    await work(await sceneOn(embedded, embeddedAccount, admin));
  });
}

async function codesOf(agent: Agent, submissionId: number, fields: Fields): Promise<string[]> {
  const res = await agent.get(`/api/v1/account/submissions/${submissionId}`);
  expect(res.status).toBe(200);
  return res.body.rows.map((r: { data: Record<string, string> }) => r.data[fields.code!]);
}

describe('PUT /api/v1/account/submissions/{id} with submit, after a rejection', () => {
  it('keeps the numbers of rows whose pattern inputs did not change and clears the last decision', async () => {
    await onBothDatabases(async ({ on, account, fixtures }) => {
      const approverUser = await createUser(on, account.id, { role: 'ADMIN', name: 'Ann Approver' });
      const submitterUser = await createUser(on, account.id, { role: 'ADMIN', name: 'Sam Submitter' });
      const approver = await signIn(on, approverUser.email);
      const submitter = await signIn(on, submitterUser.email);
      const t = await fixtures.makeTemplate({ approvers: [approverUser.id] });
      const row = (campaign: string, region?: string, country?: string) =>
        fixtures.row(t.fields, campaign, region, country);

      const sent = await submitter
        .post('/api/v1/account/submissions')
        .send({ template_id: t.id, name: 'Autumn', rows: [row('alpha'), row('beta'), row('gamma')] });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      expect(sent.body.status).toBe('Pending');
      expect(await codesOf(submitter, sent.body.id, t.fields)).toEqual([
        'alpha_0001',
        'beta_0002',
        'gamma_0003',
      ]);
      const rejected = await approver
        .post(`/api/v1/account/submissions/${sent.body.id}/reject`)
        .send({ comment: 'Rename beta' });
      expect(rejected.body.status).toBe('Rejected');

      // beta changes its pattern input; gamma only its market (not an input of the code); delta is new.
      const again = await submitter.put(`/api/v1/account/submissions/${sent.body.id}`).send({
        name: 'Autumn',
        rows: [row('alpha'), row('beta2'), row('gamma', 'Americas', 'Brazil'), row('delta')],
        submit: true,
        updated_at: rejected.body.updated_at,
      });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body).toMatchObject({
        status: 'Pending',
        decided_by: null,
        decided_at: null,
        decision_comment: null,
      });
      expect(await codesOf(submitter, sent.body.id, t.fields)).toEqual([
        'alpha_0001',
        'beta2_0004',
        'gamma_0003',
        'delta_0005',
      ]);
      const detail = await submitter.get(`/api/v1/account/submissions/${sent.body.id}`);
      expect(detail.body.history.map((e: { action: string }) => e.action)).toEqual([
        'submitted',
        'rejected',
        'submitted',
      ]);
      expect(detail.body.history[1].comment).toBe('Rename beta');

      const approved = await approver.post(`/api/v1/account/submissions/${sent.body.id}/approve`).send({});
      expect(approved.body.status).toBe('Approved');
      // No number was burned: the next submission draws the next one.
      const next = await submitter
        .post('/api/v1/account/submissions')
        .send({ template_id: t.id, name: 'Winter', rows: [row('epsilon')] });
      expect(await codesOf(submitter, next.body.id, t.fields)).toEqual(['epsilon_0006']);
    });
  });

  it('gives a row repeated in the correction its old number once and a new one to the copy', async () => {
    await onBothDatabases(async ({ on, account, fixtures }) => {
      const approverUser = await createUser(on, account.id, { role: 'ADMIN' });
      const submitterUser = await createUser(on, account.id, { role: 'ADMIN' });
      const approver = await signIn(on, approverUser.email);
      const submitter = await signIn(on, submitterUser.email);
      const t = await fixtures.makeTemplate({ approvers: [approverUser.id] });
      const sent = await submitter.post('/api/v1/account/submissions').send({
        template_id: t.id,
        name: 'Copies',
        rows: [fixtures.row(t.fields, 'one'), fixtures.row(t.fields, 'two')],
      });
      await approver
        .post(`/api/v1/account/submissions/${sent.body.id}/reject`)
        .send({ comment: 'Put two first' });
      const again = await submitter.put(`/api/v1/account/submissions/${sent.body.id}`).send({
        name: 'Copies',
        rows: [fixtures.row(t.fields, 'two'), fixtures.row(t.fields, 'one'), fixtures.row(t.fields, 'one')],
        submit: true,
      });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(await codesOf(submitter, sent.body.id, t.fields)).toEqual(['two_0002', 'one_0001', 'one_0003']);
    });
  });
});

describe('self-approval (account setting allow_self_approval)', () => {
  it('refuses an approver deciding on their own submission until the account allows it', async () => {
    await onBothDatabases(async ({ account, admin, fixtures }) => {
      const me = await admin.get('/api/v1/auth/me');
      expect(me.body.settings).toEqual({ allow_approval: true, allow_self_approval: false });
      const t = await fixtures.makeTemplate({ approvers: [account.admin.id] });
      const sent = await admin
        .post('/api/v1/account/submissions')
        .send({ template_id: t.id, name: 'Mine', rows: [fixtures.row(t.fields, 'own')] });
      expect(sent.body.status).toBe('Pending');

      const detail = await admin.get(`/api/v1/account/submissions/${sent.body.id}`);
      expect(detail.body).toMatchObject({
        can_decide: false,
        approvers: [{ id: account.admin.id, name: account.admin.name }],
      });
      for (const decision of ['approve', 'reject']) {
        const refused = await admin
          .post(`/api/v1/account/submissions/${sent.body.id}/${decision}`)
          .send({ comment: 'Looks fine' });
        expect(refused.status, decision).toBe(403);
        expect(refused.body.message).toMatch(/another approver decides.*Allow self-approval/);
      }
      const inbox = async () =>
        (await admin.get('/api/v1/account/submissions?scope=approvals')).body.data.map(
          (s: { id: number }) => s.id,
        );
      expect(await inbox()).not.toContain(sent.body.id);

      await setSettings(admin, { allow_self_approval: true });
      expect((await admin.get(`/api/v1/account/submissions/${sent.body.id}`)).body.can_decide).toBe(true);
      expect(await inbox()).toContain(sent.body.id);
      const approved = await admin.post(`/api/v1/account/submissions/${sent.body.id}/approve`).send({});
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      expect(approved.body.status).toBe('Approved');
      expect((await admin.get(`/api/v1/account/submissions/${sent.body.id}`)).body.approvers).toEqual([]);
    });
  });
});
