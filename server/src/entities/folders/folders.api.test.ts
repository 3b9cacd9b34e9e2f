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
  ({ ctx, account, admin } = await createAdminContext(['user-activity-log']));
});
afterAll(() => ctx?.close());

async function folderNames(agent = admin) {
  const res = await agent.get('/api/v1/account/folder');
  return (res.body.data as { name: string }[]).map((f) => f.name);
}

describe('PUT /api/v1/account/folder', () => {
  it('creates a folder, then updates it by id, and lists it', async () => {
    const created = await admin
      .put('/api/v1/account/folder')
      .send({ name: '  Paid Search ', description: 'Google and Bing' });
    expect(created.status).toBe(200);
    expect(created.body.folder).toMatchObject({ name: 'Paid Search', description: 'Google and Bing' });
    const id = created.body.folder.id;

    const updated = await admin
      .put('/api/v1/account/folder')
      .send({ id, name: 'Paid Search EMEA', description: '', updated_at: created.body.folder.updated_at });
    expect(updated.status).toBe(200);
    expect(updated.body.folder).toMatchObject({ id, name: 'Paid Search EMEA', description: '' });
    expect(await folderNames()).toContain('Paid Search EMEA');
  });

  it.each([
    ['a missing name', { description: 'x' }, 'body.name'],
    ['a blank name', { name: '   ' }, 'body.name'],
    ['a name of the wrong type', { name: 42 }, 'body.name'],
    ['an oversized name', { name: 'x'.repeat(300) }, 'body.name'],
    ['an id of the wrong type', { id: 'seven', name: 'A' }, 'body.id'],
  ])('answers 400 naming the field for %s and stores nothing', async (_label, body, path) => {
    const before = await folderNames();
    const res = await admin.put('/api/v1/account/folder').send(body);
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(path);
    expect(await folderNames()).toEqual(before);
  });

  it('answers 400 for malformed JSON and 413 for a body over 1 MB', async () => {
    const malformed = await admin
      .put('/api/v1/account/folder')
      .set('content-type', 'application/json')
      .send('{"name":');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Malformed JSON');
    const huge = await admin
      .put('/api/v1/account/folder')
      .send({ name: 'Big', description: 'x'.repeat(1_100_000) });
    expect(huge.status).toBe(413);
    expect(await folderNames()).not.toContain('Big');
  });

  it('answers 409 for a stale write and keeps the newer change', async () => {
    const { body } = await admin.put('/api/v1/account/folder').send({ name: 'Brand' });
    const readAt = body.folder.updated_at;
    await new Promise((r) => setTimeout(r, 5));
    const first = await admin
      .put('/api/v1/account/folder')
      .send({ id: body.folder.id, name: 'Brand 2026', updated_at: readAt });
    expect(first.status).toBe(200);
    const stale = await admin
      .put('/api/v1/account/folder')
      .send({ id: body.folder.id, name: 'Brand old', updated_at: readAt });
    expect(stale.status).toBe(409);
    expect(await folderNames()).toContain('Brand 2026');
    expect(await folderNames()).not.toContain('Brand old');
  });

  it("answers 404 for another account's folder and leaves it unchanged", async () => {
    const other = await createAccount(ctx);
    const otherAdmin = await signIn(ctx, other.admin.email);
    const { body } = await otherAdmin.put('/api/v1/account/folder').send({ name: 'Theirs' });
    const res = await admin.put('/api/v1/account/folder').send({ id: body.folder.id, name: 'Mine now' });
    expect(res.status).toBe(404);
    expect(await folderNames(otherAdmin)).toEqual(['Theirs']);
    expect(await folderNames()).not.toContain('Theirs');
  });
});

describe('POST /api/v1/account/folder/bulk/delete', () => {
  it('deletes the selected folders', async () => {
    const a = await admin.put('/api/v1/account/folder').send({ name: 'Delete me A' });
    const b = await admin.put('/api/v1/account/folder').send({ name: 'Delete me B' });
    const res = await admin
      .post('/api/v1/account/folder/bulk/delete')
      .send({ folder_ids: [a.body.folder.id, b.body.folder.id] });
    expect(res.status).toBe(200);
    expect(await folderNames()).not.toContain('Delete me A');
    expect(await folderNames()).not.toContain('Delete me B');
  });

  it('answers 404 and deletes nothing when any id is unknown', async () => {
    const a = await admin.put('/api/v1/account/folder').send({ name: 'Keep me' });
    const res = await admin
      .post('/api/v1/account/folder/bulk/delete')
      .send({ folder_ids: [a.body.folder.id, 999_999] });
    expect(res.status).toBe(404);
    expect(res.body.message).toContain('999999');
    expect(await folderNames()).toContain('Keep me');
  });

  it('answers 400 with the reason when a folder still holds templates', async () => {
    const { body } = await admin.put('/api/v1/account/folder').send({ name: 'Has templates' });
    await ctx.deps.db
      .insertInto('templates')
      .values({
        account_id: account.id,
        name: 'Spring launch',
        folder_id: body.folder.id,
        created_by: account.admin.id,
      })
      .execute();
    const res = await admin.post('/api/v1/account/folder/bulk/delete').send({ folder_ids: [body.folder.id] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'Folder "Has templates" holds 1 template. Move or delete them before deleting the folder.',
    );
    expect(await folderNames()).toContain('Has templates');
  });

  it.each([
    ['an empty list', { folder_ids: [] }],
    ['ids of the wrong type', { folder_ids: ['a'] }],
    ['a missing list', {}],
  ])('answers 400 for %s', async (_label, body) => {
    const res = await admin.post('/api/v1/account/folder/bulk/delete').send(body);
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toMatch(/^body\.folder_ids/);
  });

  it('refuses a user without manage_folders', async () => {
    const user = await createUser(ctx, account.id, { role: 'MANAGER', permissions: ['manage_lists'] });
    const agent = await signIn(ctx, user.email);
    const { body } = await admin.put('/api/v1/account/folder').send({ name: 'Guarded' });
    const res = await agent.post('/api/v1/account/folder/bulk/delete').send({ folder_ids: [body.folder.id] });
    expect(res.status).toBe(403);
    expect(await folderNames()).toContain('Guarded');
  });
});
