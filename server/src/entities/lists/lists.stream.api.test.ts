import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { LIST_STREAM_FIRST_ROWS, type ListStreamHead } from '@nomen/shared';
import { sql } from 'kysely';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createTestContext,
  signIn,
  TEST_PASSWORD,
  type TestContext,
  withEmbeddedAdmin,
} from '../../test/test-context';

/**
 * GET /api/v1/account/lists/{id}/stream (issue 14 item 5): the list the editor reads
 * progressively. It must hold exactly the cells GET lists/{id} answers, with the first rows of
 * every column before the rest, on PostgreSQL (COPY) and on the embedded database.
 */

let ctx: TestContext;
afterAll(() => ctx.close());
beforeAll(async () => {
  ctx = await createTestContext();
});

type Agent = ReturnType<typeof supertest.agent>;
type Cell = { id: number; row_number: number; value: string };

/** Values that need escaping in JSON or in COPY's text format. */
const AWKWARD = [
  'say "hi"',
  'back\\slash',
  'tab\there',
  'two\nlines',
  'Zürich 東京',
  '\u0001a\vb\bc\fd\u001f',
  '\\N',
];

/**
 * Saves a list: column A with 2,600 rows (more than one run and past the first rows) holding the
 * awkward values among plain ones, column B with gaps (rows 0, 1, 2, 150, 151, 9,000), and an empty
 * column C. Answers its id.
 */
async function saveList(agent: Agent): Promise<number> {
  const a = Array.from({ length: 2600 }, (_, r) => ({
    id: `a${r}`,
    row_number: r,
    value: r < AWKWARD.length ? AWKWARD[r]! : `Value ${r}`,
  }));
  const b = [0, 1, 2, 150, 151, 9000].map((r) => ({ id: `b${r}`, row_number: r, value: `B ${r}` }));
  const res = await agent.put('/api/v1/account/lists/').send({
    id: null,
    name: 'Streamed',
    notes: 'Read as a stream',
    type: 'drill-down',
    list_columns: [
      { id: 'lc1', name: 'A', precedence: 0, list_values: a },
      { id: 'lc2', name: 'B', precedence: 1, list_values: b },
      { id: 'lc3', name: 'C', precedence: 2, list_values: [] },
    ],
  });
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  return res.body.id as number;
}

/** Reads the stream: its head, its runs in order, and the cells per column id. */
async function readStream(agent: Agent, id: number) {
  const res = await agent
    .get(`/api/v1/account/lists/${id}/stream`)
    .buffer(true)
    .parse((response, done) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => done(null, text));
    });
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
  const text = res.body as string;
  expect(text.endsWith('\n')).toBe(true);
  const [headLine, ...runLines] = text.slice(0, -1).split('\n');
  const head = JSON.parse(headLine!) as ListStreamHead;
  const runs = runLines.map((line) => JSON.parse(line) as (number | string)[]);
  const cells = new Map<number, Cell[]>(head.list_columns.map((c) => [c.id, []]));
  for (const run of runs) {
    const [columnId, first, ...pairs] = run as [number, number, ...(number | string)[]];
    for (let k = 0; k < pairs.length; k += 2)
      cells
        .get(columnId)!
        .push({ id: pairs[k] as number, row_number: first + k / 2, value: pairs[k + 1] as string });
  }
  for (const list of cells.values()) list.sort((x, y) => x.row_number - y.row_number);
  return { head, runs, cells };
}

/** Checks that the stream holds exactly what GET lists/{id} answers, first rows first. */
async function expectStreamMatchesGet(agent: Agent, id: number): Promise<void> {
  const detail = (await agent.get(`/api/v1/account/lists/${id}`)).body as {
    name: string;
    list_columns: { id: number; name: string; list_values: Cell[] }[];
  };
  const { head, runs, cells } = await readStream(agent, id);
  expect(head.name).toBe(detail.name);
  expect(head.list_columns.map((c) => c.name)).toEqual(['A', 'B', 'C']);
  expect(head.list_columns.map((c) => c.row_count)).toEqual([2600, 9001, 0]);
  for (const column of detail.list_columns)
    expect(cells.get(column.id)).toEqual(
      column.list_values.map((v) => ({ id: v.id, row_number: v.row_number, value: v.value })),
    );
  expect(
    cells
      .get(head.list_columns[0]!.id)!
      .slice(0, AWKWARD.length)
      .map((c) => c.value),
  ).toEqual(AWKWARD);
  // Every run of the first rows comes before any later run; B's gaps start new runs.
  const lastFirst = runs.findLastIndex((r) => (r[1] as number) < LIST_STREAM_FIRST_ROWS);
  const firstLater = runs.findIndex((r) => (r[1] as number) >= LIST_STREAM_FIRST_ROWS);
  expect(lastFirst).toBeLessThan(firstLater);
  const bRuns = runs.filter((r) => r[0] === head.list_columns[1]!.id).map((r) => [r[1], (r.length - 2) / 2]);
  expect(bRuns).toEqual([
    [0, 3],
    [150, 2],
    [9000, 1],
  ]);
  // Column A's 2,600 cells: its first rows in one run, the rest in runs of at most 2,000.
  const aRuns = runs.filter((r) => r[0] === head.list_columns[0]!.id).map((r) => (r.length - 2) / 2);
  expect(aRuns).toEqual([LIST_STREAM_FIRST_ROWS, 2000, 2600 - 2000 - LIST_STREAM_FIRST_ROWS]);
}

describe('GET /api/v1/account/lists/{id}/stream', () => {
  it('answers the same cells as the list read, the first rows of every column first', async () => {
    const account = await createAccount(ctx);
    const admin = await signIn(ctx, account.admin.email);
    await expectStreamMatchesGet(admin, await saveList(admin));
  });

  it("answers 404 for another account's list and 400 for an id that is not one", async () => {
    const mine = await createAccount(ctx);
    const theirs = await createAccount(ctx);
    const admin = await signIn(ctx, mine.admin.email);
    const other = await signIn(ctx, theirs.admin.email);
    const id = await saveList(admin);
    const foreign = await other.get(`/api/v1/account/lists/${id}/stream`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toMatch(/List/);
    const bad = await admin.get('/api/v1/account/lists/abc/stream');
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('params.id');
  });

  it('lets go of its database connection when the reader leaves midway', async () => {
    const account = await createAccount(ctx);
    const admin = await signIn(ctx, account.admin.email);
    // 100 x 3,000 cells: more than the sockets buffer, so the server is still writing when the
    // reader leaves.
    const saved = await admin.put('/api/v1/account/lists/').send({
      id: null,
      name: 'Left midway',
      notes: '',
      type: 'drill-down',
      list_columns: Array.from({ length: 100 }, (_, c) => ({
        id: `lc${c}`,
        name: `C${c}`,
        precedence: c,
        list_values: Array.from({ length: 3000 }, (_, r) => ({
          id: null,
          row_number: r,
          value: `Cell ${r}.${c} of a list read by someone who leaves`,
        })),
      })),
    });
    expect(saved.status).toBe(200);
    const server = ctx.app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const login = await fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: account.admin.email, password: TEST_PASSWORD }),
      });
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
      for (const path of [
        `/api/v1/account/lists/${saved.body.id}/stream`,
        `/api/v1/account/lists/${saved.body.id}`,
      ]) {
        const controller = new AbortController();
        const res = await fetch(`${base}${path}`, { headers: { cookie }, signal: controller.signal });
        expect(res.status).toBe(200);
        await res.body!.getReader().read();
        controller.abort();
      }
      // No COPY is left waiting to send to a reader that has gone.
      const stuck = async () =>
        (
          await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event = 'ClientWrite' and query like 'COPY%'`.execute(
            ctx.deps.db,
          )
        ).rows[0]!.n;
      await expect.poll(stuck, { timeout: 20_000, interval: 200 }).toBe(0);
      const again = await admin.get(`/api/v1/account/lists/${saved.body.id}`);
      expect(again.status).toBe(200);
      expect(again.body.list_columns).toHaveLength(100);
    } finally {
      server.close();
    }
  });

  it('reads the same on the embedded database (PGlite)', { timeout: 180_000 }, async () => {
    await withEmbeddedAdmin(ctx, async (agent) => {
      await expectStreamMatchesGet(agent, await saveList(agent));
    });
  });
});
