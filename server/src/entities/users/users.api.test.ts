import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createTestContext,
  createUser,
  signIn,
  type TestAccount,
  type TestContext,
  uniqueEmail,
} from '../../test/test-context';

let ctx: TestContext;
let account: TestAccount;
let admin: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  ctx = await createTestContext();
  account = await createAccount(ctx, ['live-collaboration', 'user-activity-log']);
  admin = await signIn(ctx, account.admin.email);
});
afterAll(() => ctx.close());

async function userEmails(agent = admin): Promise<string[]> {
  const res = await agent.get('/api/v1/account/user');
  return (res.body.data as { email: string }[]).map((u) => u.email);
}

describe('PUT /api/v1/account/user', () => {
  it('creates a user with groups, then updates by id; GET lists and fetches them', async () => {
    const group = await admin.post('/api/v1/account/groups/merge-or-create').send({ name: 'EMEA' });
    const email = uniqueEmail('mia');
    const created = await admin.put('/api/v1/account/user').send({
      name: '  Mia Chen ',
      email: `  ${email.toUpperCase()} `,
      title: 'Analyst',
      role: 'MANAGER',
      permissions: ['manage_lists', 'access_reports'],
      group_ids: [group.body.group.id],
      location: 'Berlin',
    });
    expect(created.status).toBe(200);
    const user = created.body.user;
    expect(user).toMatchObject({
      name: 'Mia Chen',
      email,
      role: 'MANAGER',
      permissions: ['manage_lists', 'access_reports'],
      group_ids: [group.body.group.id],
      last_login: null,
      disabled: false,
      super_admin: false,
    });

    const updated = await admin
      .put('/api/v1/account/user')
      .send({ ...user, title: 'Senior Analyst', permissions: ['manage_lists'], group_ids: [] });
    expect(updated.status).toBe(200);
    expect(updated.body.user).toMatchObject({
      id: user.id,
      title: 'Senior Analyst',
      permissions: ['manage_lists'],
      group_ids: [],
    });

    const fetched = await admin.get(`/api/v1/account/user/${user.id}`);
    expect(fetched.body.user.title).toBe('Senior Analyst');
    expect(await userEmails()).toContain(email);
  });

  it.each([
    ['a missing name', { email: 'a@b.test', role: 'USER' }, 'body.name'],
    ['a blank name', { name: '  ', email: 'a@b.test', role: 'USER' }, 'body.name'],
    ['a missing email', { name: 'A', role: 'USER' }, 'body.email'],
    ['a malformed email', { name: 'A', email: 'nope', role: 'USER' }, 'body.email'],
    ['a missing role', { name: 'A', email: 'a@b.test' }, 'body.role'],
    ['an unknown role', { name: 'A', email: 'a@b.test', role: 'OWNER' }, 'body.role'],
    [
      'permissions of the wrong type',
      { name: 'A', email: 'a@b.test', role: 'USER', permissions: 'all' },
      'body.permissions',
    ],
    [
      'an oversized title',
      { name: 'A', email: 'a@b.test', role: 'USER', title: 't'.repeat(300) },
      'body.title',
    ],
    [
      'a permission the role cannot hold',
      { name: 'A', email: 'a@b.test', role: 'USER', permissions: ['manage_users'] },
      'body.permissions',
    ],
  ])('answers 400 naming the field for %s and stores nothing', async (_label, body, path) => {
    const before = await userEmails();
    const res = await admin.put('/api/v1/account/user').send(body);
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(path);
    expect(await userEmails()).toEqual(before);
  });

  it('answers 409 on the email field when the email is taken', async () => {
    const res = await admin
      .put('/api/v1/account/user')
      .send({ name: 'Copy', email: account.admin.email, role: 'USER' });
    expect(res.status).toBe(409);
    expect(res.body.issues[0]).toEqual({
      path: 'body.email',
      message: 'A user with this email already exists',
    });
  });

  it("answers 404 for another account's user or group, and changes nothing", async () => {
    const other = await createAccount(ctx);
    const otherAdmin = await signIn(ctx, other.admin.email);
    const theirGroup = await otherAdmin
      .post('/api/v1/account/groups/merge-or-create')
      .send({ name: 'Theirs' });
    expect((await admin.get(`/api/v1/account/user/${other.admin.id}`)).status).toBe(404);
    const update = await admin
      .put('/api/v1/account/user')
      .send({ id: other.admin.id, name: 'Hijack', email: uniqueEmail(), role: 'USER' });
    expect(update.status).toBe(404);
    const email = uniqueEmail();
    const withGroup = await admin
      .put('/api/v1/account/user')
      .send({ name: 'G', email, role: 'USER', group_ids: [theirGroup.body.group.id] });
    expect(withGroup.status).toBe(404);
    expect(await userEmails()).not.toContain(email);
    const theirs = await otherAdmin.get(`/api/v1/account/user/${other.admin.id}`);
    expect(theirs.body.user.name).toBe('Ada Admin');
  });

  it('answers 409 when the user changed since it was read', async () => {
    const user = await createUser(ctx, account.id, { role: 'USER' });
    const { body } = await admin.get(`/api/v1/account/user/${user.id}`);
    await new Promise((r) => setTimeout(r, 5));
    await admin.put('/api/v1/account/user').send({ ...body.user, title: 'First' });
    const stale = await admin.put('/api/v1/account/user').send({ ...body.user, title: 'Second' });
    expect(stale.status).toBe(409);
    expect((await admin.get(`/api/v1/account/user/${user.id}`)).body.user.title).toBe('First');
  });

  it('refuses to edit a disabled user', async () => {
    const user = await createUser(ctx, account.id, { role: 'USER', disabled: true });
    const { body } = await admin.get(`/api/v1/account/user/${user.id}`);
    const res = await admin.put('/api/v1/account/user').send({ ...body.user, name: 'Back again' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This user is disabled and cannot be edited');
  });

  it('does not let a manager with manage_users create an ADMIN', async () => {
    const manager = await createUser(ctx, account.id, { role: 'MANAGER', permissions: ['manage_users'] });
    const agent = await signIn(ctx, manager.email);
    const email = uniqueEmail();
    const res = await agent.put('/api/v1/account/user').send({ name: 'Escalate', email, role: 'ADMIN' });
    expect(res.status).toBe(403);
    expect(await userEmails()).not.toContain(email);
  });
});

describe('POST /api/v1/account/user/bulk/delete', () => {
  it('deletes users and logs each deletion', async () => {
    const a = await createUser(ctx, account.id, { role: 'USER' });
    const res = await admin.post('/api/v1/account/user/bulk/delete').send({ user_ids: [a.id] });
    expect(res.status).toBe(200);
    expect(await userEmails()).not.toContain(a.email);
    const log = await admin.get('/api/v1/account/activities');
    expect(log.body.data[0]).toMatchObject({
      configuredObject: 'user',
      operation: 'delete',
      objectId: a.id,
      objectName: a.name,
    });
  });

  it('answers 404 and deletes nothing when any id is unknown or foreign', async () => {
    const a = await createUser(ctx, account.id, { role: 'USER' });
    const other = await createAccount(ctx);
    const res = await admin
      .post('/api/v1/account/user/bulk/delete')
      .send({ user_ids: [a.id, other.admin.id] });
    expect(res.status).toBe(404);
    expect(await userEmails()).toContain(a.email);
  });

  it('refuses to delete yourself', async () => {
    const res = await admin.post('/api/v1/account/user/bulk/delete').send({ user_ids: [account.admin.id] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('You cannot delete yourself');
  });
});

describe('POST /api/v1/account/user/bulk/resend-activation-links', () => {
  it('answers 400 naming users who already signed in, and mails nobody', async () => {
    const fresh = await admin
      .put('/api/v1/account/user')
      .send({ name: 'Fresh', email: uniqueEmail(), role: 'USER' });
    const mailsBefore = ctx.outbox.length;
    const res = await admin
      .post('/api/v1/account/user/bulk/resend-activation-links')
      .send({ user_ids: [fresh.body.user.id, account.admin.id] });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Ada Admin');
    expect(ctx.outbox.length).toBe(mailsBefore);
  });
});

describe('GET /api/v1/account/permissions', () => {
  it('offers permissions by role, approve_suggestions only with live collaboration', async () => {
    const slugs = async (role: string, agent = admin) =>
      ((await agent.get(`/api/v1/account/permissions?role=${role}`)).body.data as { slug: string }[]).map(
        (p) => p.slug,
      );
    expect(await slugs('ADMIN')).toEqual(['approve_suggestions']);
    expect(await slugs('USER')).toEqual(['edit_submissions']);
    expect(await slugs('MANAGER')).toEqual(
      expect.arrayContaining(['manage_lists', 'manage_users', 'approve_suggestions']),
    );
    const plain = await createAccount(ctx);
    expect(await slugs('ADMIN', await signIn(ctx, plain.admin.email))).toEqual([]);
    expect((await admin.get('/api/v1/account/permissions?role=KING')).status).toBe(400);
  });
});
