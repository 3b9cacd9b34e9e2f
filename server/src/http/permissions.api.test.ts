import { FEATURE_FLAGS } from '@nomen/shared';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTestContext, createUser, signIn, type TestContext } from '../test/test-context';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A path with each `:param` filled with a plausible id. */
function concretePath(path: string): string {
  return path.replace(/:[A-Za-z_]+/g, '1');
}

describe('route permissions', () => {
  it('every mutating route declares a permission and refuses a user without it (403) and a signed-out caller (401)', async () => {
    const account = await createAccount(ctx, [...FEATURE_FLAGS]);
    const plain = await createUser(ctx, account.id, { role: 'USER', permissions: [] });
    const agent = await signIn(ctx, plain.email);
    const guarded = ctx.api.endpoints.filter((e) => e.permission !== null && e.permission !== 'signed-in');
    const mutating = guarded.filter((e) => e.method !== 'GET');
    expect(mutating.length).toBeGreaterThanOrEqual(9);
    for (const e of mutating) {
      const method = e.method.toLowerCase() as 'post' | 'put' | 'delete';
      const refused = await agent[method](concretePath(e.path)).send({});
      expect(refused.status, `${e.method} ${e.path} as a USER`).toBe(403);
      const anonymous = await supertest(ctx.app)[method](concretePath(e.path)).send({});
      expect(anonymous.status, `${e.method} ${e.path} signed out`).toBe(401);
    }
    const reads = guarded.filter((e) => e.method === 'GET');
    for (const e of reads) {
      const refused = await agent.get(concretePath(e.path));
      expect(refused.status, `${e.method} ${e.path} as a USER`).toBe(403);
    }
  });

  it('only the sign-in family of routes is public', () => {
    const publicPaths = ctx.api.endpoints.filter((e) => e.permission === null).map((e) => e.path);
    expect(publicPaths.every((p) => p.startsWith('/api/v1/auth/'))).toBe(true);
  });
});

describe('GET /api/docs/openapi.json', () => {
  it('lists every path the API serves', async () => {
    const res = await supertest(ctx.app).get('/api/docs/openapi.json');
    expect(res.status).toBe(200);
    const documented = Object.keys(res.body.paths);
    for (const e of ctx.api.endpoints) {
      expect(documented).toContain(e.path.replace(/:([A-Za-z_]+)/g, '{$1}'));
    }
    expect((await supertest(ctx.app).get('/api/docs')).text).toContain('swagger-ui');
  });

  it('answers 404 in the error shape for an unknown API path', async () => {
    const res = await supertest(ctx.app).get('/api/v1/account/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });
});
