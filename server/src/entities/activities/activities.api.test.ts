import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createTestContext,
  signIn,
  type TestAccount,
  type TestContext,
} from '../../test/test-context';

let ctx: TestContext;
let account: TestAccount;
let admin: Awaited<ReturnType<typeof signIn>>;

interface Page {
  metadata: {
    limit: number;
    totalItems: number;
    offset: number;
    next: string | null;
    previous: string | null;
    firstCursor: string;
    lastCursor: string;
  };
  data: {
    objectName: string;
    operation: string;
    configuredObject: string;
    timestamp: string;
    changes: unknown[];
  }[];
}

async function page(query: string): Promise<Page> {
  const res = await admin.get(`/api/v1/account/activities${query}`);
  expect(res.status).toBe(200);
  return res.body as Page;
}

beforeAll(async () => {
  ctx = await createTestContext();
  account = await createAccount(ctx, ['user-activity-log']);
  admin = await signIn(ctx, account.admin.email);
  for (let i = 1; i <= 65; i++) {
    await admin.put('/api/v1/account/folder').send({ name: `Folder ${String(i).padStart(2, '0')}` });
  }
});
afterAll(() => ctx.close());

describe('GET /api/v1/account/activities', () => {
  it('writes one entry per change with the new values, newest first', async () => {
    const first = await page('');
    expect(first.data[0]).toMatchObject({
      configuredObject: 'folder',
      objectName: 'Folder 65',
      operation: 'created',
      username: 'Ada Admin',
    });
    expect(first.data[0]!.changes).toEqual([
      { field: 'name', old: null, new: 'Folder 65' },
      { field: 'description', old: null, new: '' },
    ]);
  });

  it('pages 30 at a time across boundaries: first, next, next, previous, last', async () => {
    const p1 = await page('');
    expect(p1.metadata).toMatchObject({ limit: 30, totalItems: 65, offset: 0, previous: null });
    expect(p1.data.map((e) => e.objectName).slice(0, 2)).toEqual(['Folder 65', 'Folder 64']);

    const p2 = await page(`?cursor=${p1.metadata.next}`);
    expect(p2.metadata.offset).toBe(30);
    expect(p2.data[0]!.objectName).toBe('Folder 35');
    expect(p2.data[29]!.objectName).toBe('Folder 06');

    const p3 = await page(`?cursor=${p2.metadata.next}`);
    expect(p3.metadata.offset).toBe(60);
    expect(p3.data.map((e) => e.objectName)).toEqual([
      'Folder 05',
      'Folder 04',
      'Folder 03',
      'Folder 02',
      'Folder 01',
    ]);
    expect(p3.metadata.next).toBeNull();

    const back = await page(`?cursor=${p3.metadata.previous}`);
    expect(back.metadata.offset).toBe(30);
    expect(back.data.map((e) => e.objectName)).toEqual(p2.data.map((e) => e.objectName));

    const last = await page(`?cursor=${p1.metadata.lastCursor}`);
    expect(last.metadata.offset).toBe(60);
    expect(last.data).toHaveLength(5);
    const firstAgain = await page(`?cursor=${last.metadata.firstCursor}`);
    expect(firstAgain.data.map((e) => e.objectName)).toEqual(p1.data.map((e) => e.objectName));
  });

  it('filters by a time window and honours limit', async () => {
    const future = await page(
      `?timeFrom=${encodeURIComponent(new Date(Date.now() + 3600_000).toISOString())}`,
    );
    expect(future.metadata.totalItems).toBe(0);
    expect(future.data).toEqual([]);
    const window = await page(
      `?timeFrom=${encodeURIComponent(new Date(Date.now() - 3600_000).toISOString())}&timeTo=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}&limit=10`,
    );
    expect(window.metadata.totalItems).toBe(65);
    expect(window.data).toHaveLength(10);
  });

  it.each([
    ['an unreadable cursor', '?cursor=garbage', 'query.cursor'],
    ['a timeFrom that is not ISO 8601', '?timeFrom=yesterday', 'query.timeFrom'],
    ['a limit over 200', '?limit=500', 'query.limit'],
    [
      'a window that ends before it starts',
      `?timeFrom=2026-02-01T00:00:00Z&timeTo=2026-01-01T00:00:00Z`,
      'query.timeFrom',
    ],
  ])('answers 400 for %s', async (_label, query, path) => {
    const res = await admin.get(`/api/v1/account/activities${query}`);
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe(path);
  });

  it("shows only the account's own entries and needs the user-activity-log flag", async () => {
    const other = await createAccount(ctx);
    const otherAdmin = await signIn(ctx, other.admin.email);
    const off = await otherAdmin.get('/api/v1/account/activities');
    expect(off.status).toBe(403);
    await ctx.deps.db
      .updateTable('accounts')
      .set({ feature_flags: ['user-activity-log'] })
      .where('id', '=', other.id)
      .execute();
    await otherAdmin.put('/api/v1/account/folder').send({ name: 'Other folder' });
    const theirs = await otherAdmin.get('/api/v1/account/activities');
    expect(theirs.body.metadata.totalItems).toBe(1);
    expect((await page('')).data.map((e) => e.objectName)).not.toContain('Other folder');
  });
});
