import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createTestContext,
  createUser,
  lastLinkTo,
  signIn,
  TEST_PASSWORD,
  type TestAccount,
  type TestContext,
  tokenOf,
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

  it('answers 409 on the email field when the email is taken in this account', async () => {
    const res = await admin
      .put('/api/v1/account/user')
      .send({ name: 'Copy', email: account.admin.email, role: 'USER' });
    expect(res.status).toBe(409);
    expect(res.body.issues[0]).toEqual({
      path: 'body.email',
      message: 'A user with this email already exists',
    });
  });

  it('does not reveal that an address is used in another account (issue 8 item 8)', async () => {
    const other = await createAccount(ctx);
    const theirs = await createUser(ctx, other.id, { role: 'USER', name: 'Theo Theirs' });
    const fresh = await admin
      .put('/api/v1/account/user')
      .send({ name: 'Fresh Face', email: uniqueEmail('fresh'), role: 'USER' });
    const taken = await admin
      .put('/api/v1/account/user')
      .send({ name: 'Theo Here', email: theirs.email, role: 'USER' });
    expect(taken.status).toBe(fresh.status);
    expect(Object.keys(taken.body.user).sort()).toEqual(Object.keys(fresh.body.user).sort());
    expect(taken.body.user).toMatchObject({ email: theirs.email, name: 'Theo Here', last_login: null });
    expect(await userEmails()).toContain(theirs.email);

    // The mail tells only the address's owner; each sign-in opens the account whose password matches.
    const invitation = [...ctx.mails].reverse().find((m) => m.to === theirs.email)!;
    expect(invitation.text).toContain('another Nomen account');
    const activated = await supertest(ctx.app)
      .post('/api/v1/auth/activate')
      .send({ token: tokenOf(lastLinkTo(ctx, theirs.email)), password: 'here-password-1' });
    expect(activated.status).toBe(200);
    expect(activated.body.account.id).toBe(account.id);
    const here = await supertest(ctx.app)
      .post('/api/v1/auth/login')
      .send({ email: theirs.email, password: 'here-password-1' });
    expect(here.body.account.id).toBe(account.id);
    const there = await supertest(ctx.app)
      .post('/api/v1/auth/login')
      .send({ email: theirs.email, password: TEST_PASSWORD });
    expect(there.body.account.id).toBe(other.id);
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

describe("the super admin and one's own rights (issue 8 items 2, 3, 21)", () => {
  async function otherAdmin() {
    const user = await createUser(ctx, account.id, { role: 'ADMIN' });
    return { user, agent: await signIn(ctx, user.email) };
  }
  const superAdminAsRead = async () =>
    (await admin.get(`/api/v1/account/user/${account.admin.id}`)).body.user;

  it.each([
    ['demote', { role: 'MANAGER', permissions: ['manage_users'] }],
    ['re-address', { email: 'taken-over@evil.test' }],
    ['rename', { name: 'Not the owner' }],
  ])(
    'refuses a non-super ADMIN who tries to %s the super admin, and changes nothing',
    async (_label, change) => {
      const { agent } = await otherAdmin();
      const before = await superAdminAsRead();
      const res = await agent.put('/api/v1/account/user').send({ ...before, ...change });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Only the super admin can change the super admin');
      expect(await superAdminAsRead()).toEqual(before);
    },
  );

  it('refuses a non-super ADMIN a forced reset that includes the super admin, and resets nobody', async () => {
    const { agent } = await otherAdmin();
    const bystander = await createUser(ctx, account.id, { role: 'USER' });
    const session = await signIn(ctx, account.admin.email);
    const res = await agent
      .post('/api/v1/account/user/bulk/force-password-reset')
      .send({ user_ids: [bystander.id, account.admin.id] });
    expect(res.status).toBe(403);
    expect((await session.get('/api/v1/auth/me')).status).toBe(200);
    // Both still sign in with their passwords (signIn throws otherwise).
    await signIn(ctx, bystander.email);
    await signIn(ctx, account.admin.email);
  });

  it('refuses a non-super ADMIN new activation links for the super admin', async () => {
    const { agent } = await otherAdmin();
    const res = await agent
      .post('/api/v1/account/user/bulk/resend-activation-links')
      .send({ user_ids: [account.admin.id] });
    expect(res.status).toBe(403);
  });

  it('lets the super admin change their own name but not their role or permissions', async () => {
    const me = await superAdminAsRead();
    const renamed = await admin.put('/api/v1/account/user').send({ ...me, title: 'Owner' });
    expect(renamed.status).toBe(200);
    const role = await admin.put('/api/v1/account/user').send({ ...renamed.body.user, role: 'MANAGER' });
    expect(role.status).toBe(400);
    expect(role.body.issues[0].path).toBe('body.role');
    const perms = await admin
      .put('/api/v1/account/user')
      .send({ ...renamed.body.user, permissions: ['approve_suggestions'] });
    expect(perms.status).toBe(400);
    expect(perms.body.issues[0]).toEqual({
      path: 'body.permissions',
      message: 'You cannot change your own permissions',
    });
  });

  it('refuses a manager who grants themself permissions, and leaves theirs as they were', async () => {
    const manager = await createUser(ctx, account.id, { role: 'MANAGER', permissions: ['manage_users'] });
    const agent = await signIn(ctx, manager.email);
    const { body } = await agent.get(`/api/v1/account/user/${manager.id}`);
    const res = await agent
      .put('/api/v1/account/user')
      .send({ ...body.user, permissions: ['manage_users', 'manage_lists', 'manage_connectors'] });
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe('body.permissions');
    expect((await agent.get('/api/v1/auth/me')).body.permissions).toEqual(['manage_users']);
  });

  it('refuses granting a permission one does not hold, to a new or an existing user', async () => {
    const manager = await createUser(ctx, account.id, {
      role: 'MANAGER',
      permissions: ['manage_users', 'manage_lists'],
    });
    const agent = await signIn(ctx, manager.email);
    const email = uniqueEmail('granted');
    const create = await agent.put('/api/v1/account/user').send({
      name: 'Gus Granted',
      email,
      role: 'MANAGER',
      permissions: ['manage_lists', 'manage_templates'],
    });
    expect(create.status).toBe(403);
    expect(create.body.issues[0]).toEqual({
      path: 'body.permissions',
      message: 'You cannot grant a permission you do not hold: manage_templates',
    });
    expect(await userEmails()).not.toContain(email);

    const ok = await agent
      .put('/api/v1/account/user')
      .send({ name: 'Gus Granted', email, role: 'MANAGER', permissions: ['manage_lists'] });
    expect(ok.status).toBe(200);
    const escalate = await agent
      .put('/api/v1/account/user')
      .send({ ...ok.body.user, permissions: ['manage_lists', 'access_reports'] });
    expect(escalate.status).toBe(403);
    // Keeping a permission the target already holds is not granting it.
    const colleague = await createUser(ctx, account.id, {
      role: 'MANAGER',
      permissions: ['manage_templates'],
    });
    const { body } = await agent.get(`/api/v1/account/user/${colleague.id}`);
    const keep = await agent.put('/api/v1/account/user').send({ ...body.user, title: 'Template owner' });
    expect(keep.status).toBe(200);
    expect(keep.body.user.permissions).toEqual(['manage_templates']);
  });

  it('gives the client what it needs to disable delete for oneself and the super admin', async () => {
    const { user, agent } = await otherAdmin();
    const me = (await agent.get('/api/v1/auth/me')).body;
    expect(me.user).toMatchObject({ id: user.id, super_admin: false });
    const listed = (await agent.get('/api/v1/account/user')).body.data as {
      id: number;
      super_admin: boolean;
    }[];
    expect(listed.find((u) => u.id === account.admin.id)?.super_admin).toBe(true);
    const own = await agent.post('/api/v1/account/user/bulk/delete').send({ user_ids: [user.id] });
    expect(own.status).toBe(400);
    const owner = await agent.post('/api/v1/account/user/bulk/delete').send({ user_ids: [account.admin.id] });
    expect(owner.status).toBe(400);
    expect(owner.body.message).toContain('owns the account and cannot be deleted');
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
      operation: 'deleted',
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
    const mailsBefore = ctx.mails.length;
    const res = await admin
      .post('/api/v1/account/user/bulk/resend-activation-links')
      .send({ user_ids: [fresh.body.user.id, account.admin.id] });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Ada Admin');
    expect(ctx.mails.length).toBe(mailsBefore);
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
