import { verifyCollabToken } from '@nomen/shared/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
let listId: number;
let listUpdatedAt: string;

beforeAll(async () => {
  ctx = await createTestContext();
  account = await createAccount(ctx, ['live-collaboration']);
  admin = await signIn(ctx, account.admin.email);
  const res = await admin
    .put('/api/v1/account/lists/')
    .send({ id: null, name: 'Channels', type: 'drop-down' });
  listId = res.body.id;
  listUpdatedAt = res.body.updated_at;
});
afterAll(() => ctx.close());

describe('POST /api/v1/account/lists/{id}/collab-token', () => {
  it('signs a short-lived token naming the user, account, list and approver role', async () => {
    const res = await admin.post(`/api/v1/account/lists/${listId}/collab-token`).send();
    expect(res.status).toBe(200);
    expect(res.body.room).toBe(`${account.uuid}:${listId}`);
    const claims = verifyCollabToken(res.body.token, ctx.deps.config.secretKey);
    expect(claims).toMatchObject({
      uid: account.admin.id,
      name: 'Ada Admin',
      acc: account.uuid,
      list: listId,
      approver: true,
    });
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());

    const commenter = await createUser(ctx, account.id, { role: 'MANAGER', permissions: ['manage_lists'] });
    const mine = await (await signIn(ctx, commenter.email))
      .post(`/api/v1/account/lists/${listId}/collab-token`)
      .send();
    expect(verifyCollabToken(mine.body.token, ctx.deps.config.secretKey).approver).toBe(false);
    expect(mine.body.isApprover).toBe(false);
  });

  it("binds the token to the request's session and the user's access version (issue 8 item 4)", async () => {
    const person = await createUser(ctx, account.id, { role: 'MANAGER', permissions: ['manage_lists'] });
    const agent = await signIn(ctx, person.email);
    const first = verifyCollabToken(
      (await agent.post(`/api/v1/account/lists/${listId}/collab-token`).send()).body.token,
      ctx.deps.config.secretKey,
    );
    const session = await ctx.deps.db
      .selectFrom('sessions')
      .select('user_id')
      .where('id', '=', first.sid)
      .executeTakeFirst();
    expect(session?.user_id).toBe(person.id);
    await ctx.deps.db
      .updateTable('users')
      .set({ permissions: ['manage_lists', 'approve_suggestions'] })
      .where('id', '=', person.id)
      .execute();
    const second = verifyCollabToken(
      (await agent.post(`/api/v1/account/lists/${listId}/collab-token`).send()).body.token,
      ctx.deps.config.secretKey,
    );
    expect(second.av).toBeGreaterThan(first.av);
    expect(second.approver).toBe(true);
  });

  it("answers 404 for another account's list and 403 without the live-collaboration flag", async () => {
    const other = await createAccount(ctx, ['live-collaboration']);
    const stranger = await signIn(ctx, other.admin.email);
    expect((await stranger.post(`/api/v1/account/lists/${listId}/collab-token`).send()).status).toBe(404);
    const plain = await createAccount(ctx);
    const plainAdmin = await signIn(ctx, plain.admin.email);
    const own = await plainAdmin
      .put('/api/v1/account/lists/')
      .send({ id: null, name: 'Own', type: 'drop-down' });
    const refused = await plainAdmin.post(`/api/v1/account/lists/${own.body.id}/collab-token`).send();
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('live-collaboration');
  });

  it("answers 404, not 403, for another account's list when the reader's account lacks the flag", async () => {
    const plain = await createAccount(ctx);
    const plainAdmin = await signIn(ctx, plain.admin.email);
    const foreign = await plainAdmin.post(`/api/v1/account/lists/${listId}/collab-token`).send();
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('List not found');
  });
});

describe('the review lock seen from REST', () => {
  it('refuses a save with 423 while another user holds the lock, shows it on the lists page, and allows the holder', async () => {
    const approver = await createUser(ctx, account.id, {
      role: 'ADMIN',
      permissions: ['approve_suggestions'],
      name: 'Priya Approver',
    });
    await ctx.deps.db
      .insertInto('list_collab_state')
      .values({
        list_id: listId,
        account_id: account.id,
        pending_suggestions: 3,
        locked_by: approver.id,
        locked_by_name: 'Priya Approver',
        locked_at: new Date(),
        lock_expires_at: new Date(Date.now() + 60_000),
      })
      .execute();
    const refused = await admin
      .put('/api/v1/account/lists/')
      .send({ id: listId, name: 'Renamed', type: 'drop-down', updated_at: listUpdatedAt });
    expect(refused.status).toBe(423);
    expect(refused.body.message).toBe(
      'Priya Approver is reviewing this list; it cannot be saved until they finish.',
    );
    const delta = await admin
      .post(`/api/v1/account/lists/${listId}/delta`)
      .send({ updated_at: listUpdatedAt, name: 'Renamed' });
    expect(delta.status).toBe(423);

    const states = await admin.get('/api/v1/account/lists/collab-state');
    expect(states.body.data).toContainEqual({
      listId,
      pendingSuggestions: 3,
      lockData: {
        isLocked: true,
        lockedBy: approver.id,
        lockedByName: 'Priya Approver',
        lockedAt: expect.any(String),
      },
    });

    const holder = await signIn(ctx, approver.email);
    const saved = await holder
      .put('/api/v1/account/lists/')
      .send({ id: listId, name: 'Renamed by the reviewer', type: 'drop-down', updated_at: listUpdatedAt });
    expect(saved.status).toBe(200);

    await ctx.deps.db
      .updateTable('list_collab_state')
      .set({ lock_expires_at: new Date(Date.now() - 1000) })
      .where('list_id', '=', listId)
      .execute();
    const afterExpiry = await admin
      .post(`/api/v1/account/lists/${listId}/delta`)
      .send({ updated_at: saved.body.updated_at, name: 'Unlocked again' });
    expect(afterExpiry.status).toBe(200);
    const expired = await admin.get('/api/v1/account/lists/collab-state');
    expect(expired.body.data.find((s: { listId: number }) => s.listId === listId).lockData.isLocked).toBe(
      false,
    );
  });
});

describe('POST /api/v1/account/feedback', () => {
  it('stores feedback, refusing empty messages and lists of other accounts', async () => {
    expect(
      (
        await admin
          .post('/api/v1/account/feedback')
          .send({ list_id: listId, message: 'Bulk approve is great', rating: 5 })
      ).status,
    ).toBe(200);
    const stored = await ctx.deps.db
      .selectFrom('feedback')
      .selectAll()
      .where('account_id', '=', account.id)
      .execute();
    expect(stored).toMatchObject([
      { message: 'Bulk approve is great', rating: 5, list_id: listId, user_id: account.admin.id },
    ]);
    const empty = await admin.post('/api/v1/account/feedback').send({ message: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.issues[0].path).toBe('body.message');
    const other = await createAccount(ctx);
    const foreign = await (await signIn(ctx, other.admin.email))
      .post('/api/v1/account/feedback')
      .send({ list_id: listId, message: 'hi' });
    expect(foreign.status).toBe(404);
  });
});
