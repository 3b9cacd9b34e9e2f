import { previewDependencyIds, type Template } from '@nomen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createTestContext,
  createUser,
  signIn,
  type TestContext,
} from '../../test/test-context';
import { submissionFixtures } from './submissions.fixtures';

/**
 * POST /api/v1/account/template/preview-dependencies (spec 03 §2 "Dataset preview", §7; issue 11
 * item 7): the template editor sends the list ids of the template under edit and gets the lists
 * with their rows, so the preview governs its cells as the submission table does.
 */

type Agent = Awaited<ReturnType<typeof signIn>>;

let ctx: TestContext;
let accountId: number;
let admin: Agent;
let fixtures: Awaited<ReturnType<typeof submissionFixtures>>;

const PATH = '/api/v1/account/template/preview-dependencies';

beforeAll(async () => {
  ctx = await createTestContext();
  const account = await createAccount(ctx);
  accountId = account.id;
  admin = await signIn(ctx, account.admin.email);
  fixtures = await submissionFixtures(admin);
});
afterAll(() => ctx.close());

describe('POST /api/v1/account/template/preview-dependencies', () => {
  it('answers the lists of a template’s list fields with columns and rows, as the submission form does', async () => {
    const t = await fixtures.makeTemplate();
    const template: Template = (await admin.get(`/api/v1/account/template/${t.id}`)).body;
    const ids = previewDependencyIds(template.template_fields);
    expect(ids).toEqual([fixtures.listId]);
    const res = await admin.post(PATH).send({ list_ids: ids });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.lists).toEqual([
      {
        id: fixtures.listId,
        name: 'Countries',
        type: 'drill-down',
        columns: [
          { id: fixtures.columns.region, name: 'Region' },
          { id: fixtures.columns.country, name: 'Country' },
        ],
        rows: [
          ['Europe', 'France'],
          ['Europe', 'Germany'],
          ['Americas', 'Brazil'],
        ],
      },
    ]);
    const form = await admin.get(`/api/v1/account/submissions/templates/${t.id}/form`);
    expect(res.body.lists).toEqual(form.body.lists);
  });

  it('answers lists in the order asked, each once, and nothing for no ids; stores nothing', async () => {
    const second = await admin.put('/api/v1/account/lists/').send({
      id: null,
      name: 'Channels',
      type: 'drop-down',
      list_columns: [
        {
          id: 'c',
          name: 'Channel',
          precedence: 0,
          list_values: [{ id: 'v', row_number: 0, value: 'Email' }],
        },
      ],
    });
    const before = await ctx.deps.db
      .selectFrom('datasets')
      .select('id')
      .where('account_id', '=', accountId)
      .execute();
    const res = await admin.post(PATH).send({ list_ids: [second.body.id, fixtures.listId, second.body.id] });
    expect(res.body.lists.map((l: { name: string }) => l.name)).toEqual(['Channels', 'Countries']);
    expect(res.body.lists[0].rows).toEqual([['Email']]);
    expect((await admin.post(PATH).send({ list_ids: [] })).body).toEqual({ lists: [] });
    const after = await ctx.deps.db
      .selectFrom('datasets')
      .select('id')
      .where('account_id', '=', accountId)
      .execute();
    expect(after).toEqual(before);
  });

  it('answers 404 naming ids that are not lists of the account, and 400 naming bad ids', async () => {
    const other = await createAccount(ctx);
    const stranger = await signIn(ctx, other.admin.email);
    const foreign = await stranger.post(PATH).send({ list_ids: [fixtures.listId] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toContain(String(fixtures.listId));
    const unknown = await admin.post(PATH).send({ list_ids: [fixtures.listId, 2147483647] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('2147483647');
    const bad = await admin.post(PATH).send({ list_ids: ['x'] });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('body.list_ids.0');
    expect((await admin.post(PATH).send({})).status).toBe(400);
  });

  it('needs manage_templates, like the template editor', async () => {
    const user = await createUser(ctx, accountId, { role: 'USER' });
    const agent = await signIn(ctx, user.email);
    expect((await agent.post(PATH).send({ list_ids: [fixtures.listId] })).status).toBe(403);
  });
});
