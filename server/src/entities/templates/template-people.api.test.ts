import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createTestContext,
  createUser,
  signIn,
  type TestContext,
} from '../../test/test-context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const PATH = '/api/v1/account/template/choices/people';

describe('GET /api/v1/account/template/choices/people', () => {
  it("answers the account's enabled users; only owners may approve without manager-approvals", async () => {
    const account = await createAccount(ctx);
    const owner = await createUser(ctx, account.id, { role: 'ADMIN', name: 'Olive Owner' });
    const manager = await createUser(ctx, account.id, {
      role: 'MANAGER',
      name: 'Mia Manager',
      permissions: ['manage_templates'],
    });
    const user = await createUser(ctx, account.id, { role: 'USER', name: 'Uma User' });
    const gone = await createUser(ctx, account.id, { role: 'ADMIN', name: 'Gil Gone', disabled: true });
    const other = await createAccount(ctx);

    const res = await (await signIn(ctx, account.admin.email)).get(PATH);
    expect(res.status).toBe(200);
    const byId = new Map((res.body.data as { id: number; can_approve: boolean }[]).map((p) => [p.id, p]));
    expect(byId.get(owner.id)).toEqual({
      id: owner.id,
      name: 'Olive Owner',
      email: owner.email,
      role: 'ADMIN',
      can_approve: true,
    });
    expect(byId.get(manager.id)?.can_approve).toBe(false);
    expect(byId.get(user.id)?.can_approve).toBe(false);
    expect(byId.has(gone.id)).toBe(false);
    expect(byId.has(other.admin.id)).toBe(false);
    // Nothing secret rides along.
    expect(JSON.stringify(res.body)).not.toMatch(/password|hash/i);

    // A manager allowed to manage templates reads it without manage_users.
    const asManager = await (await signIn(ctx, manager.email)).get(PATH);
    expect(asManager.status).toBe(200);
  });

  it('lets managers approve with manager-approvals', async () => {
    const account = await createAccount(ctx, ['manager-approvals']);
    const manager = await createUser(ctx, account.id, { role: 'MANAGER' });
    const res = await (await signIn(ctx, account.admin.email)).get(PATH);
    const mine = (res.body.data as { id: number; can_approve: boolean }[]).find((p) => p.id === manager.id);
    expect(mine?.can_approve).toBe(true);
  });

  it('refuses users without manage_templates and anonymous callers', async () => {
    const account = await createAccount(ctx);
    const user = await createUser(ctx, account.id, { role: 'USER' });
    expect((await (await signIn(ctx, user.email)).get(PATH)).status).toBe(403);
    const anonymous = await (await import('supertest')).default(ctx.app).get(PATH);
    expect(anonymous.status).toBe(401);
  });
});
