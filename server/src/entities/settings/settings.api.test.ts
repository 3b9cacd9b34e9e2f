import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdminContext,
  createUser,
  type SignedIn,
  signIn,
  type TestAccount,
  type TestContext,
} from '../../test/test-context';

let ctx: TestContext;
let account: TestAccount;
let admin: SignedIn;

beforeAll(async () => {
  ({ ctx, account, admin } = await createAdminContext(['user-activity-log']));
});
afterAll(() => ctx?.close());

describe('PUT /api/v1/account/settings', () => {
  it("changes settings and flags, effective at once for the account's other users", async () => {
    const user = await createUser(ctx, account.id, { role: 'USER' });
    const userAgent = await signIn(ctx, user.email);
    const current = await admin.get('/api/v1/account/settings');
    expect(current.body.settings).toEqual({ allow_approval: false, allow_self_approval: false });
    expect(current.body.features.find((f: { slug: string }) => f.slug === 'datasets-page').enabled).toBe(
      false,
    );

    const saved = await admin.put('/api/v1/account/settings').send({
      settings: { allow_approval: true },
      features: { 'datasets-page': true, 'live-collaboration': true },
      updated_at: current.body.updated_at,
    });
    expect(saved.status).toBe(200);
    const me = await userAgent.get('/api/v1/auth/me');
    expect(me.body.features).toEqual(['live-collaboration', 'user-activity-log', 'datasets-page']);
    expect(me.body.settings.allow_approval).toBe(true);

    const log = await admin.get('/api/v1/account/activities');
    expect(log.body.data[0]).toMatchObject({ configuredObject: 'settings', operation: 'updated' });
    expect(log.body.data[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'allow_approval', old: false, new: true },
        { field: 'datasets-page', old: false, new: true },
      ]),
    );
  });

  it('answers 400 for an unknown flag and 409 for a stale write, changing nothing', async () => {
    const current = await admin.get('/api/v1/account/settings');
    const unknown = await admin
      .put('/api/v1/account/settings')
      .send({ settings: { allow_approval: false }, features: { 'time-travel': true } });
    expect(unknown.status).toBe(400);
    const wrongType = await admin
      .put('/api/v1/account/settings')
      .send({ settings: { allow_approval: 'yes' }, features: {} });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.issues[0].path).toBe('body.settings.allow_approval');
    await admin.put('/api/v1/account/settings').send({
      settings: current.body.settings,
      features: { 'global-report': true },
      updated_at: current.body.updated_at,
    });
    const stale = await admin.put('/api/v1/account/settings').send({
      settings: current.body.settings,
      features: { 'global-report': false },
      updated_at: current.body.updated_at,
    });
    expect(stale.status).toBe(409);
    const after = await admin.get('/api/v1/account/settings');
    expect(after.body.features.find((f: { slug: string }) => f.slug === 'global-report').enabled).toBe(true);
  });

  it('turns allow_self_approval on, keeps it when a save leaves it out, and answers 400 naming it when it is not a boolean', async () => {
    const current = await admin.get('/api/v1/account/settings');
    const on = await admin.put('/api/v1/account/settings').send({
      settings: { ...current.body.settings, allow_self_approval: true },
      features: {},
      updated_at: current.body.updated_at,
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.settings.allow_self_approval).toBe(true);
    expect((await admin.get('/api/v1/auth/me')).body.settings.allow_self_approval).toBe(true);
    const left = await admin
      .put('/api/v1/account/settings')
      .send({ settings: { allow_approval: false }, features: {}, updated_at: on.body.updated_at });
    expect(left.status).toBe(200);
    expect(left.body.settings).toEqual({ allow_approval: false, allow_self_approval: true });
    const wrong = await admin
      .put('/api/v1/account/settings')
      .send({ settings: { allow_approval: false, allow_self_approval: 'yes' }, features: {} });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues[0].path).toBe('body.settings.allow_self_approval');
    const off = await admin.put('/api/v1/account/settings').send({
      settings: { allow_approval: false, allow_self_approval: false },
      features: {},
      updated_at: left.body.updated_at,
    });
    expect(off.body.settings.allow_self_approval).toBe(false);
  });

  it('lets every signed-in user read settings but only admins change them', async () => {
    const manager = await createUser(ctx, account.id, {
      role: 'MANAGER',
      permissions: ['manage_users', 'manage_lists'],
    });
    const agent = await signIn(ctx, manager.email);
    expect((await agent.get('/api/v1/account/settings')).status).toBe(200);
    const res = await agent
      .put('/api/v1/account/settings')
      .send({ settings: { allow_approval: false }, features: {} });
    expect(res.status).toBe(403);
  });
});
