import { groupsReachingTemplate } from '@nomen/shared';
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

beforeAll(async () => {
  ctx = await createTestContext();
  account = await createAccount(ctx);
  admin = await signIn(ctx, account.admin.email);
});
afterAll(() => ctx.close());

/** A folder and a template in it, of `accountId`. */
async function templateInFolder(accountId: number, createdBy: number, name: string) {
  const folder = await ctx.deps.db
    .insertInto('folders')
    .values({ account_id: accountId, name: `Folder ${Math.random()}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const template = await ctx.deps.db
    .insertInto('templates')
    .values({ account_id: accountId, name, folder_id: folder.id, created_by: createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { folderId: folder.id, templateId: template.id };
}

/** Saves a group through the API. */
async function group(
  name: string,
  links: { user_ids?: number[]; folder_ids?: number[]; template_ids?: number[] },
) {
  const res = await admin.post('/api/v1/account/groups/merge-or-create').send({ name, ...links });
  expect(res.status).toBe(200);
  return res.body.group.id as number;
}

describe('GET /api/v1/account/template/choices/audience', () => {
  it('names the groups reaching a template directly or through its folder, with member counts, and the admins', async () => {
    const { folderId, templateId } = await templateInFolder(account.id, account.admin.id, 'Spring launch');
    const uma = await createUser(ctx, account.id, { role: 'USER', name: 'Uma User' });
    const mia = await createUser(ctx, account.id, {
      role: 'MANAGER',
      name: 'Mia Manager',
      permissions: ['manage_templates'],
    });
    await group('Regional Marketing', { user_ids: [uma.id, mia.id], template_ids: [templateId] });
    await group('Campaign Managers', { user_ids: [uma.id], folder_ids: [folderId] });
    await group('Bystanders', { user_ids: [uma.id] });

    const manager = await signIn(ctx, mia.email);
    const res = await manager.get('/api/v1/account/template/choices/audience');
    expect(res.status).toBe(200);
    expect(groupsReachingTemplate(res.body.groups, templateId, folderId)).toEqual([
      expect.objectContaining({ name: 'Campaign Managers', member_count: 1, through: 'folder' }),
      expect.objectContaining({ name: 'Regional Marketing', member_count: 2, through: 'template' }),
    ]);
    expect(groupsReachingTemplate(res.body.groups, null, folderId).map((g) => g.name)).toEqual([
      'Campaign Managers',
    ]);
    expect(res.body.admins.map((a: { name: string }) => a.name)).toEqual(['Ada Admin', 'Mia Manager']);
    expect(JSON.stringify(res.body)).not.toContain('@');
  });

  it('answers 403 to a user without manage_templates', async () => {
    const uma = await createUser(ctx, account.id, { role: 'USER', name: 'Uma Again' });
    const res = await (await signIn(ctx, uma.email)).get('/api/v1/account/template/choices/audience');
    expect(res.status).toBe(403);
  });
});

describe('POST /api/v1/account/template/share-with-group', () => {
  it('gives the group the template and answers the audience after the change', async () => {
    const { templateId } = await templateInFolder(account.id, account.admin.id, 'Summer sale');
    const groupId = await group('Field Sales', {});
    const res = await admin
      .post('/api/v1/account/template/share-with-group')
      .send({ template_id: templateId, group_id: groupId });
    expect(res.status).toBe(200);
    expect(groupsReachingTemplate(res.body.groups, templateId, null).map((g) => g.name)).toEqual([
      'Field Sales',
    ]);
    const again = await admin
      .post('/api/v1/account/template/share-with-group')
      .send({ template_id: templateId, group_id: groupId });
    expect(again.status).toBe(200);
    const read = await admin.get(`/api/v1/account/groups/${groupId}`);
    expect(read.body.group.template_ids).toEqual([templateId]);
  });

  it("answers 404 for another account's template or group, and 400 for a bad id", async () => {
    const other = await createAccount(ctx);
    const theirs = await templateInFolder(other.id, other.admin.id, 'Theirs');
    const { templateId } = await templateInFolder(account.id, account.admin.id, 'Ours');
    const ourGroup = await group('Ours group', {});
    const otherAdmin = await signIn(ctx, other.admin.email);
    const theirGroup = (
      await otherAdmin.post('/api/v1/account/groups/merge-or-create').send({ name: 'Their group' })
    ).body.group.id;

    const path = '/api/v1/account/template/share-with-group';
    expect((await admin.post(path).send({ template_id: theirs.templateId, group_id: ourGroup })).status).toBe(
      404,
    );
    expect((await admin.post(path).send({ template_id: templateId, group_id: theirGroup })).status).toBe(404);
    expect((await admin.post(path).send({ template_id: 'x', group_id: ourGroup })).status).toBe(400);
  });
});

describe('GET /api/v1/account/who-to-ask', () => {
  it("answers a plain user the account's enabled admins by name, and no other account's", async () => {
    const own = await createAccount(ctx);
    await createUser(ctx, own.id, { role: 'ADMIN', name: 'Bea Boss' });
    await createUser(ctx, own.id, { role: 'ADMIN', name: 'Gil Gone', disabled: true });
    await createUser(ctx, own.id, { role: 'MANAGER', name: 'Mo Manager' });
    await createAccount(ctx);
    const uma = await createUser(ctx, own.id, { role: 'USER', name: 'Uma User' });
    const res = await (await signIn(ctx, uma.email)).get('/api/v1/account/who-to-ask');
    expect(res.status).toBe(200);
    expect(res.body.data.map((a: { name: string }) => a.name)).toEqual(['Ada Admin', 'Bea Boss']);
    expect(JSON.stringify(res.body)).not.toContain('@');
  });
});
