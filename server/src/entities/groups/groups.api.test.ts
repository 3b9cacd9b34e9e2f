import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
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
  ({ ctx, account, admin } = await createAdminContext());
});
afterAll(() => ctx?.close());

async function groupNames(agent = admin): Promise<string[]> {
  return ((await agent.get('/api/v1/account/groups')).body.data as { name: string }[]).map((g) => g.name);
}

describe('POST /api/v1/account/groups/merge-or-create', () => {
  it('creates a group with users, folders and templates, and updates it', async () => {
    const user = await createUser(ctx, account.id, { role: 'USER' });
    const folder = await admin.put('/api/v1/account/folder').send({ name: 'Social' });
    const template = await ctx.deps.db
      .insertInto('templates')
      .values({ account_id: account.id, name: 'Paid Social', folder_id: null, created_by: null })
      .returning('id')
      .executeTakeFirstOrThrow();

    const options = await admin.get('/api/v1/account/groups/select-options');
    expect(options.body.folders).toContainEqual({ value: folder.body.folder.id, label: 'Social' });
    expect(options.body.templates).toContainEqual({ value: template.id, label: 'Paid Social' });
    expect(options.body.users).toContainEqual({ value: user.id, label: user.name });

    const created = await admin.post('/api/v1/account/groups/merge-or-create').send({
      name: 'Social team',
      notes: 'Owns social naming',
      user_ids: [user.id, account.admin.id],
      folder_ids: [folder.body.folder.id],
      template_ids: [template.id],
      user_count: 2,
    });
    expect(created.status).toBe(200);
    expect(created.body.group).toMatchObject({
      name: 'Social team',
      notes: 'Owns social naming',
      user_ids: [account.admin.id, user.id].sort((a, b) => a - b),
      folder_ids: [folder.body.folder.id],
      template_ids: [template.id],
      user_count: 2,
    });

    const id = created.body.group.id;
    const updated = await admin
      .post('/api/v1/account/groups/merge-or-create')
      .send({ ...created.body.group, name: 'Social & Influencer', user_ids: [user.id] });
    expect(updated.body.group).toMatchObject({
      id,
      name: 'Social & Influencer',
      user_ids: [user.id],
      user_count: 1,
    });
    expect((await admin.get(`/api/v1/account/groups/${id}`)).body.group.name).toBe('Social & Influencer');
    const member = await admin.get(`/api/v1/account/user/${user.id}`);
    expect(member.body.user.group_ids).toEqual([id]);
  });

  it.each([
    ['a missing name', { notes: 'x' }, 'body.name'],
    ['user ids of the wrong type', { name: 'G', user_ids: 'all' }, 'body.user_ids'],
    ['oversized notes', { name: 'G', notes: 'n'.repeat(2001) }, 'body.notes'],
  ])('answers 400 for %s and stores nothing', async (_label, body, path) => {
    const before = await groupNames();
    const res = await admin.post('/api/v1/account/groups/merge-or-create').send(body);
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(path);
    expect(await groupNames()).toEqual(before);
  });

  it("answers 404 for another account's users, folders or group", async () => {
    const other = await createAccount(ctx);
    const otherAdmin = await signIn(ctx, other.admin.email);
    const theirs = await otherAdmin
      .post('/api/v1/account/groups/merge-or-create')
      .send({ name: 'Their group' });
    const folder = await otherAdmin.put('/api/v1/account/folder').send({ name: 'Their folder' });
    expect(
      (
        await admin
          .post('/api/v1/account/groups/merge-or-create')
          .send({ name: 'X', user_ids: [other.admin.id] })
      ).status,
    ).toBe(404);
    expect(
      (
        await admin
          .post('/api/v1/account/groups/merge-or-create')
          .send({ name: 'X', folder_ids: [folder.body.folder.id] })
      ).status,
    ).toBe(404);
    expect(
      (
        await admin
          .post('/api/v1/account/groups/merge-or-create')
          .send({ id: theirs.body.group.id, name: 'Mine' })
      ).status,
    ).toBe(404);
    expect((await admin.get(`/api/v1/account/groups/${theirs.body.group.id}`)).status).toBe(404);
    expect(await groupNames()).not.toContain('X');
    expect(await groupNames(otherAdmin)).toEqual(['Their group']);
  });
});

describe('POST /api/v1/account/groups/bulk/delete', () => {
  it('deletes groups, all or nothing', async () => {
    const a = await admin.post('/api/v1/account/groups/merge-or-create').send({ name: 'Delete A' });
    const b = await admin.post('/api/v1/account/groups/merge-or-create').send({ name: 'Delete B' });
    const partial = await admin
      .post('/api/v1/account/groups/bulk/delete')
      .send({ group_ids: [a.body.group.id, 424242] });
    expect(partial.status).toBe(404);
    expect(await groupNames()).toEqual(expect.arrayContaining(['Delete A', 'Delete B']));
    const res = await admin
      .post('/api/v1/account/groups/bulk/delete')
      .send({ group_ids: [a.body.group.id, b.body.group.id] });
    expect(res.status).toBe(200);
    expect(await groupNames()).not.toContain('Delete A');
  });
});
