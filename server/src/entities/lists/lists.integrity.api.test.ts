import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createTestContext,
  createUser,
  signIn,
  type TestAccount,
  type TestContext,
} from '../../test/test-context';

/** Issue 8 items 5, 11, 12, 13, 14 and 15 on the list endpoints. */

let ctx: TestContext;
let account: TestAccount;
let admin: Awaited<ReturnType<typeof signIn>>;

interface Column {
  id: number;
  name: string;
  list_values: { id: number; row_number: number; value: string }[];
}
interface List {
  id: number;
  name: string;
  type: string;
  updated_at: string;
  powered_template_id: number | null;
  list_columns: Column[];
}

beforeAll(async () => {
  ctx = await createTestContext();
  account = await createAccount(ctx);
  admin = await signIn(ctx, account.admin.email);
});
afterAll(() => ctx.close());

async function getList(id: number, agent = admin): Promise<List> {
  const res = await agent.get(`/api/v1/account/lists/${id}`);
  expect(res.status).toBe(200);
  return res.body as List;
}

async function createList(name = 'Channels', values = ['Email', 'Search'], agent = admin): Promise<List> {
  const res = await agent.put('/api/v1/account/lists/').send({
    id: null,
    name,
    type: 'drill-down',
    list_columns: [
      {
        id: 'c1',
        name: 'Channel',
        precedence: 0,
        list_values: values.map((value, i) => ({ id: `v${i}`, row_number: i, value })),
      },
    ],
  });
  expect(res.status).toBe(200);
  return getList(res.body.id, agent);
}

async function createTemplate(accountId: number, name: string): Promise<number> {
  const row = await ctx.deps.db
    .insertInto('templates')
    .values({ account_id: accountId, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function listCount(accountId = account.id): Promise<number> {
  const row = await ctx.deps.db
    .selectFrom('lists')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Sends a body as raw JSON text, so lone surrogates arrive as `\ud800` escapes. */
function putRaw(body: unknown) {
  return admin
    .put('/api/v1/account/lists/')
    .set('Content-Type', 'application/json')
    .send(JSON.stringify(body));
}

describe('PUT /api/v1/account/lists/ references (item 5)', () => {
  it("answers 404 naming powered_template_id for another account's or an unknown template, and links nothing", async () => {
    const other = await createAccount(ctx);
    const foreign = await createTemplate(other.id, 'Acme Paid Social');
    const before = await listCount();
    for (const id of [foreign, 2_147_483_647]) {
      const res = await admin
        .put('/api/v1/account/lists/')
        .send({ id: null, name: 'Linked', type: 'drop-down', powered_template_id: id });
      expect(res.status).toBe(404);
      expect(res.body.issues[0].path).toBe('body.powered_template_id');
    }
    expect(await listCount()).toBe(before);

    const list = await createList('Powered later');
    const res = await admin.put('/api/v1/account/lists/').send({
      id: list.id,
      name: list.name,
      type: list.type,
      updated_at: list.updated_at,
      powered_template_id: foreign,
    });
    expect(res.status).toBe(404);
    expect((await getList(list.id)).powered_template_id).toBeNull();

    const own = await createTemplate(account.id, 'Our template');
    const linked = await admin
      .put('/api/v1/account/lists/')
      .send({ id: null, name: 'Linked', type: 'drop-down', powered_template_id: own });
    expect(linked.status).toBe(200);
    expect((await getList(linked.body.id)).powered_template_id).toBe(own);
  });

  it("answers 404 naming the column for another account's template field", async () => {
    const other = await createAccount(ctx);
    const template = await createTemplate(other.id, 'Theirs');
    const field = await ctx.deps.db
      .insertInto('fields')
      .values({ account_id: other.id, name: 'Their field', settings: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tf = await ctx.deps.db
      .insertInto('template_fields')
      .values({ account_id: other.id, template_id: template, field_id: field.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await admin.put('/api/v1/account/lists/').send({
      id: null,
      name: 'Borrowing',
      type: 'drop-down',
      list_columns: [
        { id: 'c', name: 'A', precedence: 0, powered_template_field_id: tf.id, list_values: [] },
      ],
    });
    expect(res.status).toBe(404);
    expect(res.body.issues[0].path).toBe('body.list_columns.0.powered_template_field_id');
  });
});

describe('list saves keep every value and every limit (item 11)', () => {
  it('answers 400 naming a cell id sent at two rows of a full save, and keeps both cells', async () => {
    const list = await createList('Twice', ['Email', 'Search']);
    const [email, search] = list.list_columns[0]!.list_values;
    const res = await admin.put('/api/v1/account/lists/').send({
      id: list.id,
      name: list.name,
      type: list.type,
      updated_at: list.updated_at,
      list_columns: [
        {
          id: list.list_columns[0]!.id,
          name: 'Channel',
          precedence: 0,
          list_values: [
            { id: email!.id, row_number: 0, value: 'Email' },
            { id: email!.id, row_number: 1, value: 'Social' },
          ],
        },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe('body.list_columns.0.list_values.1.id');
    expect(res.body.issues[0].message).toContain(String(email!.id));
    expect((await getList(list.id)).list_columns[0]!.list_values.map((v) => v.value)).toEqual([
      email!.value,
      search!.value,
    ]);
  });

  it('answers 400 for a delta that changes and deletes the same cell, and keeps the cell', async () => {
    const list = await createList('Contradiction', ['Email']);
    const cell = list.list_columns[0]!.list_values[0]!;
    const res = await admin.post(`/api/v1/account/lists/${list.id}/delta`).send({
      updated_at: list.updated_at,
      values: {
        upsert: [
          { id: cell.id, list_column_id: list.list_columns[0]!.id, row_number: 0, value: 'Newsletter' },
        ],
        deleted_ids: [cell.id],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe('body.values.deleted_ids.0');
    expect((await getList(list.id)).list_columns[0]!.list_values.map((v) => v.value)).toEqual(['Email']);
  });

  it('answers 400 for a delta repeating a deleted column id, so a list never passes 100 columns', async () => {
    const res = await admin.put('/api/v1/account/lists/').send({
      id: null,
      name: 'Wide',
      type: 'drill-down',
      list_columns: Array.from({ length: 100 }, (_, i) => ({ id: `c${i}`, name: `C${i}`, precedence: i })),
    });
    expect(res.status).toBe(200);
    const list = await getList(res.body.id);
    const first = list.list_columns[0]!.id;
    const delta = await admin.post(`/api/v1/account/lists/${list.id}/delta`).send({
      updated_at: list.updated_at,
      columns: {
        deleted_ids: Array.from({ length: 20 }, () => first),
        upsert: Array.from({ length: 19 }, (_, i) => ({ id: `n${i}`, name: `N${i}`, precedence: 100 + i })),
      },
    });
    expect(delta.status).toBe(400);
    expect(delta.body.issues[0].path).toBe('body.columns.deleted_ids.1');
    expect((await getList(list.id)).list_columns).toHaveLength(100);
  });
});

describe('ids past their column (item 12)', () => {
  it('answers 400 for path ids, bulk ids and body numbers past their columns, and changes nothing', async () => {
    const list = await createList('Bounds');
    for (const id of ['2147483648', '9007199254740991', '1e308']) {
      const res = await admin.get(`/api/v1/account/lists/${id}`);
      expect(res.status, id).toBe(400);
      expect(res.body.issues[0].path).toBe('params.id');
    }
    const bulk = await admin.post('/api/v1/account/lists/bulk/delete').send({ list_ids: [2 ** 31] });
    expect(bulk.status).toBe(400);
    expect(bulk.body.issues[0].path).toBe('body.list_ids.0');

    const column = list.list_columns[0]!;
    const base = { id: list.id, name: list.name, type: list.type, updated_at: list.updated_at };
    const precedence = await admin.put('/api/v1/account/lists/').send({
      ...base,
      list_columns: [{ id: column.id, name: 'Channel', precedence: 2 ** 31, list_values: [] }],
    });
    expect(precedence.status).toBe(400);
    expect(precedence.body.issues[0].path).toBe('body.list_columns.0.precedence');
    const cellId = await admin.put('/api/v1/account/lists/').send({
      ...base,
      list_columns: [
        {
          id: column.id,
          name: 'Channel',
          precedence: 0,
          list_values: [{ id: 1e308, row_number: 0, value: 'x' }],
        },
      ],
    });
    expect(cellId.status).toBe(400);
    expect(cellId.body.issues[0].path).toBe('body.list_columns.0.list_values.0.id');
    expect(await getList(list.id)).toEqual(list);
  });
});

describe('text with U+0000 or a lone surrogate (item 13)', () => {
  it('answers 400 naming the field, stores nothing, and keeps a surrogate pair intact', async () => {
    const before = await listCount();
    const name = await putRaw({ id: null, name: 'Bad\u0000name', type: 'drop-down' });
    expect(name.status).toBe(400);
    expect(name.body.issues[0].path).toBe('body.name');
    const cell = await putRaw({
      id: null,
      name: 'Surrogates',
      type: 'drop-down',
      list_columns: [
        { id: 'c', name: 'A', precedence: 0, list_values: [{ row_number: 0, value: 'x\ud800' }] },
      ],
    });
    expect(cell.status).toBe(400);
    expect(cell.body.issues[0].path).toBe('body.list_columns.0.list_values.0.value');
    expect(await listCount()).toBe(before);

    const emoji = await createList('Emoji 🎯', ['Rocket 🚀']);
    expect(emoji.name).toBe('Emoji 🎯');
    expect(emoji.list_columns[0]!.list_values[0]!.value).toBe('Rocket 🚀');
  });
});

describe('POST /api/v1/account/lists/bulk/delete of a list in use (item 14)', () => {
  it('answers 400 naming the fields and templates that use the list, and deletes nothing', async () => {
    const list = await createList('Used channels');
    const spare = await createList('Spare');
    const set = await admin.put('/api/v1/account/fieldsets').send({
      name: 'Campaign fields',
      fields: [
        {
          id: 'TEMP_1',
          name: 'Channel',
          governance_type: 'list',
          list_governance: { list_id: list.id, list_column_id: list.list_columns[0]!.id },
        },
      ],
    });
    expect(set.status).toBe(200);
    const template = await createTemplate(account.id, 'Paid Social Campaigns');
    await ctx.deps.db
      .insertInto('template_fields')
      .values({ account_id: account.id, template_id: template, field_id: set.body.fieldset.fields[0].id })
      .execute();

    const res = await admin.post('/api/v1/account/lists/bulk/delete').send({ list_ids: [spare.id, list.id] });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('"Used channels"');
    expect(res.body.message).toContain('the field "Channel"');
    expect(res.body.message).toContain('the template "Paid Social Campaigns"');
    await getList(list.id);
    await getList(spare.id);

    expect(
      (await admin.post('/api/v1/account/lists/bulk/delete').send({ list_ids: [spare.id] })).status,
    ).toBe(200);
  });
});

describe('saving and deleting saved lists with live collaboration on (item 15)', () => {
  it('needs approve_suggestions: a manager with manage_lists creates lists but cannot save or delete saved ones', async () => {
    const live = await createAccount(ctx, ['live-collaboration']);
    const manager = await signIn(
      ctx,
      (await createUser(ctx, live.id, { role: 'MANAGER', permissions: ['manage_lists'] })).email,
    );
    const approver = await signIn(
      ctx,
      (
        await createUser(ctx, live.id, {
          role: 'MANAGER',
          permissions: ['manage_lists', 'approve_suggestions'],
        })
      ).email,
    );
    const own = await createList('Mine', ['Email'], manager);
    const full = await manager.put('/api/v1/account/lists/').send({
      id: own.id,
      name: 'Mine, renamed',
      type: own.type,
      updated_at: own.updated_at,
    });
    expect(full.status).toBe(403);
    expect(full.body.message).toContain('Only approvers');
    const delta = await manager
      .post(`/api/v1/account/lists/${own.id}/delta`)
      .send({ updated_at: own.updated_at, name: 'Mine, renamed' });
    expect(delta.status).toBe(403);
    const remove = await manager.post('/api/v1/account/lists/bulk/delete').send({ list_ids: [own.id] });
    expect(remove.status).toBe(403);
    expect((await getList(own.id, manager)).name).toBe('Mine');

    const approved = await approver
      .post(`/api/v1/account/lists/${own.id}/delta`)
      .send({ updated_at: own.updated_at, name: 'Mine, approved' });
    expect(approved.status).toBe(200);
    expect(
      (await approver.post('/api/v1/account/lists/bulk/delete').send({ list_ids: [own.id] })).status,
    ).toBe(200);
  });

  it('leaves managers with manage_lists free to save and delete when live collaboration is off', async () => {
    const plain = await createAccount(ctx);
    const manager = await signIn(
      ctx,
      (await createUser(ctx, plain.id, { role: 'MANAGER', permissions: ['manage_lists'] })).email,
    );
    const list = await createList('Free', ['Email'], manager);
    const delta = await manager
      .post(`/api/v1/account/lists/${list.id}/delta`)
      .send({ updated_at: list.updated_at, name: 'Free, renamed' });
    expect(delta.status).toBe(200);
    expect(
      (await manager.post('/api/v1/account/lists/bulk/delete').send({ list_ids: [list.id] })).status,
    ).toBe(200);
  });
});
