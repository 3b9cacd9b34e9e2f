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

interface Cell {
  id: number;
  row_number: number;
  value: string;
  list_column_id: number;
}
interface Column {
  id: number;
  name: string;
  precedence: number;
  list_values: Cell[];
}
interface List {
  id: number;
  name: string;
  notes: string;
  type: string;
  updated_at: string;
  list_columns: Column[];
}

beforeAll(async () => {
  ctx = await createTestContext();
  account = await createAccount(ctx, ['user-activity-log']);
  admin = await signIn(ctx, account.admin.email);
});
afterAll(() => ctx.close());

async function getList(id: number, agent = admin): Promise<List> {
  const res = await agent.get(`/api/v1/account/lists/${id}`);
  expect(res.status).toBe(200);
  return res.body as List;
}

/** The list's cells as rows of values by column order, for readable assertions. */
function grid(list: List): string[][] {
  const rows: string[][] = [];
  list.list_columns.forEach((column, c) => {
    for (const cell of column.list_values) {
      rows[cell.row_number] ??= list.list_columns.map(() => '');
      rows[cell.row_number]![c] = cell.value;
    }
  });
  return rows;
}

async function createRegions(): Promise<List> {
  const res = await admin.put('/api/v1/account/lists/').send({
    id: null,
    name: 'Regions',
    notes: 'Sales regions',
    type: 'drill-down',
    list_columns: [
      {
        id: 'lc1',
        name: 'Region',
        precedence: 0,
        list_values: [
          { id: 'lv1', row_number: 0, value: ' Europe ' },
          { id: 'lv2', row_number: 1, value: 'Americas' },
          { id: 'lv3', row_number: 2, value: '   ' },
        ],
      },
      {
        id: 'lc2',
        name: 'Country',
        precedence: 1,
        list_values: [
          { id: 'lv4', row_number: 0, value: 'France' },
          { id: 'lv5', row_number: 1, value: 'Canada "CA"\ttab' },
        ],
      },
    ],
  });
  expect(res.status).toBe(200);
  expect(res.body.list_columns.map((c: { temp_id: string }) => c.temp_id)).toEqual(['lc1', 'lc2']);
  expect(Object.keys(res.body.value_ids).sort()).toEqual(['lv1', 'lv2', 'lv4', 'lv5']);
  return getList(res.body.id);
}

describe('PUT /api/v1/account/lists/', () => {
  it('creates a list with trimmed values, no empty cells, and reads it back', async () => {
    const list = await createRegions();
    expect(list).toMatchObject({ name: 'Regions', notes: 'Sales regions', type: 'drill-down' });
    expect(list.list_columns.map((c) => c.name)).toEqual(['Region', 'Country']);
    expect(grid(list)).toEqual([
      ['Europe', 'France'],
      ['Americas', 'Canada "CA"\ttab'],
    ]);
    const summaries = (await admin.get('/api/v1/account/lists/')).body.data as { name: string }[];
    expect(summaries[0]!.name).toBe('Regions');
  });

  it('creates one empty column when a new list comes without columns', async () => {
    const res = await admin
      .put('/api/v1/account/lists/')
      .send({ id: null, name: 'Empty', notes: '', type: 'drop-down' });
    expect(res.status).toBe(200);
    const list = await getList(res.body.id);
    expect(list.list_columns).toHaveLength(1);
    expect(list.list_columns[0]!.list_values).toEqual([]);
  });

  it('replaces the cells keeping the ids of those that stay', async () => {
    const list = await createRegions();
    const [region, country] = list.list_columns as [Column, Column];
    const europe = region.list_values.find((c) => c.value === 'Europe')!;
    const res = await admin.put('/api/v1/account/lists/').send({
      id: list.id,
      name: 'Regions 2026',
      notes: list.notes,
      type: list.type,
      updated_at: list.updated_at,
      list_columns: [
        {
          id: region.id,
          name: 'Region',
          precedence: 0,
          list_values: [
            { id: europe.id, row_number: 0, value: 'Europe' },
            { id: 'new1', row_number: 1, value: 'Asia' },
          ],
        },
        {
          id: country.id,
          name: 'Market',
          precedence: 1,
          list_values: [{ id: country.list_values[0]!.id, row_number: 0, value: 'Germany' }],
        },
      ],
    });
    expect(res.status).toBe(200);
    const after = await getList(list.id);
    expect(after.name).toBe('Regions 2026');
    expect(grid(after)).toEqual([
      ['Europe', 'Germany'],
      ['Asia', ''],
    ]);
    expect(after.list_columns[0]!.list_values[0]!.id).toBe(europe.id);
    expect(after.list_columns[0]!.list_values[1]!.id).toBe(res.body.value_ids.new1);
    expect(after.list_columns[1]!.name).toBe('Market');
  });

  it('keeps only the first column of a drop-down list', async () => {
    const res = await admin.put('/api/v1/account/lists/').send({
      id: null,
      name: 'Channels',
      notes: '',
      type: 'drop-down',
      list_columns: [
        { id: null, name: 'Second', precedence: 1, list_values: [{ row_number: 0, value: 'dropped' }] },
        { id: null, name: 'First', precedence: 0, list_values: [{ row_number: 0, value: 'kept' }] },
      ],
    });
    expect(res.status).toBe(200);
    const list = await getList(res.body.id);
    expect(list.list_columns.map((c) => c.name)).toEqual(['First']);
    expect(grid(list)).toEqual([['kept']]);
  });

  it('answers 409 when the list changed since it was read, and keeps the newer save', async () => {
    const list = await createRegions();
    await new Promise((r) => setTimeout(r, 5));
    const first = await admin
      .put('/api/v1/account/lists/')
      .send({ id: list.id, name: 'First', notes: '', type: list.type, updated_at: list.updated_at });
    expect(first.status).toBe(200);
    const stale = await admin
      .put('/api/v1/account/lists/')
      .send({ id: list.id, name: 'Second', notes: '', type: list.type, updated_at: list.updated_at });
    expect(stale.status).toBe(409);
    expect((await getList(list.id)).name).toBe('First');
  });

  it('answers 413 over 100 columns or 10,000 rows and stores nothing', async () => {
    const before = (await admin.get('/api/v1/account/lists/')).body.data.length;
    const wide = await admin.put('/api/v1/account/lists/').send({
      id: null,
      name: 'Too wide',
      type: 'drill-down',
      list_columns: Array.from({ length: 101 }, (_, i) => ({
        id: null,
        name: `C${i}`,
        precedence: i,
        list_values: [],
      })),
    });
    expect(wide.status).toBe(413);
    expect(wide.body.message).toContain('at most 100 columns');
    const tall = await admin.put('/api/v1/account/lists/').send({
      id: null,
      name: 'Too tall',
      type: 'drop-down',
      list_columns: [
        { id: null, name: 'C', precedence: 0, list_values: [{ row_number: 10_000, value: 'x' }] },
      ],
    });
    expect(tall.status).toBe(413);
    expect(tall.body.message).toContain('10,000 rows');
    expect((await admin.get('/api/v1/account/lists/')).body.data.length).toBe(before);
  });

  it.each([
    ['a missing name', { id: null, type: 'drop-down' }, 'body.name'],
    ['an unknown type', { id: null, name: 'L', type: 'tree' }, 'body.type'],
    [
      'columns of the wrong type',
      { id: null, name: 'L', type: 'drop-down', list_columns: 'all' },
      'body.list_columns',
    ],
    [
      'a value of the wrong type',
      {
        id: null,
        name: 'L',
        type: 'drop-down',
        list_columns: [{ name: 'C', precedence: 0, list_values: [{ row_number: 0, value: 7 }] }],
      },
      'body.list_columns.0.list_values.0.value',
    ],
    [
      'a negative row',
      {
        id: null,
        name: 'L',
        type: 'drop-down',
        list_columns: [{ name: 'C', precedence: 0, list_values: [{ row_number: -1, value: 'x' }] }],
      },
      'body.list_columns.0.list_values.0.row_number',
    ],
  ])('answers 400 naming the field for %s', async (_label, body, path) => {
    const res = await admin.put('/api/v1/account/lists/').send(body);
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(path);
  });

  it('answers 409 for two values in one cell, and 404 for ids of another list, changing nothing', async () => {
    const list = await createRegions();
    const clash = await admin.put('/api/v1/account/lists/').send({
      id: list.id,
      name: list.name,
      type: list.type,
      list_columns: [
        {
          id: list.list_columns[0]!.id,
          name: 'Region',
          precedence: 0,
          list_values: [
            { row_number: 0, value: 'A' },
            { row_number: 0, value: 'B' },
          ],
        },
      ],
    });
    expect(clash.status).toBe(409);
    const other = await createRegions();
    const foreignCell = other.list_columns[0]!.list_values[0]!.id;
    const res = await admin.put('/api/v1/account/lists/').send({
      id: list.id,
      name: list.name,
      type: list.type,
      list_columns: [
        {
          id: list.list_columns[0]!.id,
          name: 'Region',
          precedence: 0,
          list_values: [{ id: foreignCell, row_number: 0, value: 'stolen' }],
        },
      ],
    });
    expect(res.status).toBe(404);
    const foreignColumn = await admin.put('/api/v1/account/lists/').send({
      id: list.id,
      name: list.name,
      type: list.type,
      list_columns: [{ id: other.list_columns[0]!.id, name: 'Region', precedence: 0, list_values: [] }],
    });
    expect(foreignColumn.status).toBe(404);
    expect(grid(await getList(list.id))).toEqual(grid(list));
    expect(grid(await getList(other.id))).toEqual(grid(other));
  });

  it("answers 404 for another account's list", async () => {
    const list = await createRegions();
    const stranger = await createAccount(ctx);
    const agent = await signIn(ctx, stranger.admin.email);
    expect((await agent.get(`/api/v1/account/lists/${list.id}`)).status).toBe(404);
    const res = await agent
      .put('/api/v1/account/lists/')
      .send({ id: list.id, name: 'Mine', type: 'drop-down' });
    expect(res.status).toBe(404);
    expect((await agent.post('/api/v1/account/lists/bulk/delete').send({ list_ids: [list.id] })).status).toBe(
      404,
    );
    expect((await getList(list.id)).name).toBe('Regions');
  });

  it('duplicates a list: a copy read and saved as new gets new ids and the same cells', async () => {
    const list = await createRegions();
    const copy = await admin.put('/api/v1/account/lists/').send({
      id: null,
      name: `${list.name} (copy)`,
      notes: list.notes,
      type: list.type,
      list_columns: list.list_columns.map((c) => ({
        id: `lc${c.id}`,
        name: c.name,
        precedence: c.precedence,
        list_values: c.list_values.map((v) => ({
          id: `lv${v.id}`,
          row_number: v.row_number,
          value: v.value,
        })),
      })),
    });
    expect(copy.status).toBe(200);
    const duplicate = await getList(copy.body.id);
    expect(grid(duplicate)).toEqual(grid(list));
    expect(duplicate.list_columns[0]!.id).not.toBe(list.list_columns[0]!.id);
  });
});

describe('POST /api/v1/account/lists/{id}/delta', () => {
  it('saves only what changed: cells, a new column with its cells, a deleted cell; and logs each cell', async () => {
    const list = await createRegions();
    const [region, country] = list.list_columns as [Column, Column];
    const res = await admin.post(`/api/v1/account/lists/${list.id}/delta`).send({
      updated_at: list.updated_at,
      columns: { upsert: [{ id: 'lc9', name: 'City', precedence: 2 }] },
      values: {
        upsert: [
          {
            id: region.list_values[0]!.id,
            list_column_id: region.id,
            row_number: 0,
            value: ' Western Europe ',
          },
          { id: 'lv9', list_column_id: 'lc9', row_number: 0, value: 'Paris' },
        ],
        deleted_ids: [country.list_values[1]!.id],
      },
    });
    expect(res.status).toBe(200);
    const after = await getList(list.id);
    expect(grid(after)).toEqual([
      ['Western Europe', 'France', 'Paris'],
      ['Americas', '', ''],
    ]);
    expect(after.list_columns[2]!.list_values[0]!.id).toBe(res.body.value_ids.lv9);
    expect(after.updated_at).toBe(res.body.updated_at);

    const log = await admin.get('/api/v1/account/activities');
    const entry = log.body.data[0];
    expect(entry).toMatchObject({ configuredObject: 'list', operation: 'updated', objectId: list.id });
    expect(entry.changes).toContainEqual({ field: 'Region row 1', old: 'Europe', new: 'Western Europe' });
    expect(entry.changes).toContainEqual({
      field: 'columns',
      old: ['Region', 'Country'],
      new: ['Region', 'Country', 'City'],
    });
  });

  it('answers 409 on a stale base and 404 for a cell of another list, changing nothing', async () => {
    const list = await createRegions();
    const other = await createRegions();
    const region = list.list_columns[0]!;
    const ok = await admin.post(`/api/v1/account/lists/${list.id}/delta`).send({
      updated_at: list.updated_at,
      values: {
        upsert: [{ id: region.list_values[0]!.id, list_column_id: region.id, row_number: 0, value: 'EU' }],
      },
    });
    expect(ok.status).toBe(200);
    const stale = await admin.post(`/api/v1/account/lists/${list.id}/delta`).send({
      updated_at: list.updated_at,
      values: {
        upsert: [{ id: region.list_values[0]!.id, list_column_id: region.id, row_number: 0, value: 'Lost' }],
      },
    });
    expect(stale.status).toBe(409);
    const foreign = await admin.post(`/api/v1/account/lists/${list.id}/delta`).send({
      updated_at: ok.body.updated_at,
      values: {
        upsert: [
          {
            id: other.list_columns[0]!.list_values[0]!.id,
            list_column_id: region.id,
            row_number: 5,
            value: 'x',
          },
        ],
      },
    });
    expect(foreign.status).toBe(404);
    expect(grid(await getList(list.id))[0]![0]).toBe('EU');
    expect(grid(await getList(other.id))).toEqual(grid(other));
    const missingBase = await admin
      .post(`/api/v1/account/lists/${list.id}/delta`)
      .send({ values: { upsert: [] } });
    expect(missingBase.status).toBe(400);
    expect(missingBase.body.issues[0].path).toBe('body.updated_at');
  });
});

describe('POST /api/v1/account/lists/bulk/delete', () => {
  it('deletes lists with their cells, all or nothing', async () => {
    const a = await createRegions();
    const b = await createRegions();
    const partial = await admin.post('/api/v1/account/lists/bulk/delete').send({ list_ids: [a.id, 987654] });
    expect(partial.status).toBe(404);
    expect((await admin.get(`/api/v1/account/lists/${a.id}`)).status).toBe(200);
    const res = await admin.post('/api/v1/account/lists/bulk/delete').send({ list_ids: [a.id, b.id] });
    expect(res.status).toBe(200);
    expect((await admin.get(`/api/v1/account/lists/${a.id}`)).status).toBe(404);
    const orphans = await ctx.deps.db
      .selectFrom('list_values')
      .select('id')
      .where(
        'id',
        'in',
        a.list_columns.flatMap((c) => c.list_values.map((v) => v.id)),
      )
      .execute();
    expect(orphans).toEqual([]);
  });
});
