import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createTestContext,
  createUser,
  signIn,
  TEST_PASSWORD,
  type TestAccount,
  type TestContext,
} from '../test/test-context';

let ctx: TestContext;
let account: TestAccount;

beforeAll(async () => {
  ctx = await createTestContext();
  account = await createAccount(ctx, []);
});
afterAll(() => ctx.close());

describe('PUT /api/v1/auth/profile', () => {
  it("saves one's own name and title, trimmed, and /auth/me answers them", async () => {
    const user = await createUser(ctx, account.id, { role: 'USER' });
    const agent = await signIn(ctx, user.email);
    const res = await agent.put('/api/v1/auth/profile').send({ name: '  Ada Lovelace ', title: ' Analyst ' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, name: 'Ada Lovelace', title: 'Analyst' });
    const me = await agent.get('/api/v1/auth/me');
    expect(me.body.user).toMatchObject({ name: 'Ada Lovelace', title: 'Analyst' });
  });

  it('answers 400 on the name when it is blank, and 401 when nobody is signed in', async () => {
    const user = await createUser(ctx, account.id, { role: 'USER' });
    const agent = await signIn(ctx, user.email);
    const blank = await agent.put('/api/v1/auth/profile').send({ name: '   ', title: '' });
    expect(blank.status).toBe(400);
    expect(blank.body.issues[0].path).toBe('body.name');
    const anonymous = await supertest(ctx.app).put('/api/v1/auth/profile').send({ name: 'X', title: '' });
    expect(anonymous.status).toBe(401);
  });
});

describe('POST /api/v1/auth/password', () => {
  it('changes the password given the current one: the new one signs in, the old one no longer does', async () => {
    const user = await createUser(ctx, account.id, { role: 'USER' });
    const agent = await signIn(ctx, user.email);
    const res = await agent
      .post('/api/v1/auth/password')
      .send({ current_password: TEST_PASSWORD, new_password: 'a-new-password-1' });
    expect(res.status).toBe(200);
    expect((await agent.get('/api/v1/auth/me')).status).toBe(200);
    await signIn(ctx, user.email, 'a-new-password-1');
    const old = await supertest(ctx.app)
      .post('/api/v1/auth/login')
      .send({ email: user.email, password: TEST_PASSWORD });
    expect(old.status).toBe(401);
  });

  it('answers 400 on current_password when the current password is wrong, and keeps the password', async () => {
    const user = await createUser(ctx, account.id, { role: 'USER' });
    const agent = await signIn(ctx, user.email);
    const res = await agent
      .post('/api/v1/auth/password')
      .send({ current_password: 'not-my-password', new_password: 'a-new-password-1' });
    expect(res.status).toBe(400);
    expect(res.body.issues[0]).toMatchObject({
      path: 'body.current_password',
      message: 'This is not your current password',
    });
    await signIn(ctx, user.email, TEST_PASSWORD);
  });

  it('answers 400 on new_password when it breaks the password rules', async () => {
    const user = await createUser(ctx, account.id, { role: 'USER' });
    const agent = await signIn(ctx, user.email);
    const res = await agent
      .post('/api/v1/auth/password')
      .send({ current_password: TEST_PASSWORD, new_password: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.issues[0]).toMatchObject({
      path: 'body.new_password',
      message: 'Use at least 8 characters',
    });
  });
});

describe('POST /api/v1/auth/sessions/sign-out-others', () => {
  it('ends the other sessions of the user and keeps this one and other users signed in', async () => {
    const user = await createUser(ctx, account.id, { role: 'USER' });
    const here = await signIn(ctx, user.email);
    const laptop = await signIn(ctx, user.email);
    const phone = await signIn(ctx, user.email);
    const colleague = await signIn(ctx, account.admin.email);
    const res = await here.post('/api/v1/auth/sessions/sign-out-others');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ended: 2 });
    expect((await here.get('/api/v1/auth/me')).status).toBe(200);
    expect((await laptop.get('/api/v1/auth/me')).status).toBe(401);
    expect((await phone.get('/api/v1/auth/me')).status).toBe(401);
    expect((await colleague.get('/api/v1/auth/me')).status).toBe(200);
  });
});
