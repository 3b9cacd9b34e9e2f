import { createIntegrationAssignment } from '@nomen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../http/context';
import { insertOAuthConnector } from '../../test/connectors';
import {
  createAccount,
  createTestContext,
  createUser,
  signIn,
  type TestAccount,
  type TestContext,
} from '../../test/test-context';
import { checkTemplateIntegrations } from './templates.service';

let ctx: TestContext;
let account: TestAccount;
let admin: Awaited<ReturnType<typeof signIn>>;
let set: { id: number; fields: { id: number; name: string }[] };
let folderId: number;

/** A new folder of the agent's account; templates need one. */
async function newFolder(agent: Awaited<ReturnType<typeof signIn>>): Promise<number> {
  const res = await agent
    .put('/api/v1/account/folder')
    .send({ name: `Folder ${Math.random()}`, description: '' });
  expect(res.status).toBe(200);
  return res.body.folder.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  account = await createAccount(ctx, ['user-activity-log']);
  admin = await signIn(ctx, account.admin.email);
  const res = await admin.put('/api/v1/account/fieldsets').send({
    name: 'Campaign fields',
    description: '',
    fields: [
      { id: 'TEMP_name', name: 'Campaign name', governance_type: 'text' },
      { id: 'TEMP_brand', name: 'Brand', governance_type: 'constant', constant_value: 'ACME' },
    ],
  });
  expect(res.status).toBe(200);
  set = res.body.fieldset;
  folderId = await newFolder(admin);
});
afterAll(() => ctx.close());

/** A template field standing for the field set's field `index`. */
function setField(index: number, id: string | number = `TEMP_f${index}`) {
  const field = set.fields[index]!;
  return {
    id,
    field_id: field.id,
    field: { id: field.id, name: field.name, governance_type: 'text', fieldset_id: set.id },
    precedence: index,
    governance_type: 'text',
  };
}

/** The link field a template owns (its field is created by the save). */
function linkField(id = 'TEMP_link', fieldId: string | number = 'TEMP_linkfield') {
  return {
    id,
    field_id: fieldId,
    field: { id: fieldId, name: 'Link', governance_type: 'link' },
    precedence: 5,
    governance_type: 'link',
  };
}

function assignment(slug: string, connectorId: number | null = null) {
  return {
    ...createIntegrationAssignment(slug, { templateName: 'T', now: new Date() }),
    connector_id: connectorId,
  };
}

function body(overrides: Record<string, unknown> = {}) {
  return {
    name: `Paid social ${Math.random().toString(36).slice(2, 7)}`,
    description: 'Social campaigns',
    folder_id: folderId,
    template_fields: [setField(0)],
    fieldsets: [set.id],
    ...overrides,
  };
}

async function save(payload: Record<string, unknown>, agent = admin) {
  return agent.put('/api/v1/account/template/').send(payload);
}

/** Reads the last template log until `done` holds (the slow part ends on its own; no sleeping). */
async function logWhen(id: number, done: (status: string) => boolean) {
  for (let i = 0; i < 500; i++) {
    const res = await admin.get(`/api/v1/account/template/${id}/template-logs?poll=true`);
    expect(res.status).toBe(200);
    if (res.body.log && done(res.body.log.status)) return res.body.log;
  }
  throw new Error('the template log never reached the expected status');
}

describe('template save and read', () => {
  it('creates a template, mapping TEMP_ ids, and answers it whole', async () => {
    const res = await save(
      body({
        template_fields: [setField(0), linkField()],
        parameters: [
          { id: 'TEMP_p1', name: 'utm_campaign', field_id: set.fields[0]!.id, template_field_id: 'TEMP_f0' },
          { id: 'TEMP_p2', name: '', field_id: null },
        ],
        validations: [
          { slug: 'google_analytics', uuid: 'v-1', options: { ga_pixel_exists: { enabled: true } } },
        ],
        integrations: [assignment('email-output')],
      }),
    );
    expect(res.body).toEqual({ id: expect.any(Number) });
    const { id } = res.body;
    const got = await admin.get(`/api/v1/account/template/${id}`);
    expect(got.status).toBe(200);
    const t = got.body;
    expect(t.template_fields).toHaveLength(2);
    expect(t.template_fields.every((f: { id: unknown }) => typeof f.id === 'number')).toBe(true);
    const link = t.template_fields[1];
    expect(typeof link.field_id).toBe('number');
    expect(link.field).toMatchObject({ name: 'Link', governance_type: 'link' });
    expect(t.fieldsets).toEqual([set.id]);
    // The parameter with neither field nor name is dropped; the other points at the saved template field.
    expect(t.parameters).toHaveLength(1);
    expect(t.parameters[0]).toMatchObject({
      name: 'utm_campaign',
      template_field_id: t.template_fields[0].id,
    });
    expect(t.validations).toEqual([
      {
        slug: 'google_analytics',
        uuid: 'v-1',
        options: { ga_pixel_exists: { enabled: true, metadata: {} } },
      },
    ]);
    expect(t.integrations).toHaveLength(1);
    expect(typeof t.integrations[0].id).toBe('number');
    expect(t.integrations[0].slug).toBe('email-output');

    const params = await admin.get(`/api/v1/account/template/${id}/parameters`);
    expect(params.body.data).toEqual(t.parameters);
    const validations = await admin.get(`/api/v1/account/template/link-validation?templateId=${id}`);
    expect(validations.body.data).toEqual(t.validations);
    const one = await admin.get(`/api/v1/account/template/template-field/${t.template_fields[0].id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(t.template_fields[0]);
    const types = await admin.get('/api/v1/link-validation/types');
    expect(types.body.data.map((d: { slug: string }) => d.slug)).toContain('generic');
  });

  it('updates in place, refuses a stale updated_at with 409 and logs old and new values', async () => {
    const created = await save(body({ name: 'Before rename' }));
    const first = (await admin.get(`/api/v1/account/template/${created.body.id}`)).body;
    const updated = await save({ ...first, name: 'After rename' });
    expect(updated.status).toBe(200);
    expect(updated.body.id).toBe(first.id);
    const after = (await admin.get(`/api/v1/account/template/${first.id}`)).body;
    expect(after.name).toBe('After rename');
    expect(after.template_fields[0].id).toBe(first.template_fields[0].id);

    const stale = await save({ ...first, name: 'Too late' });
    expect(stale.status).toBe(409);
    expect((await admin.get(`/api/v1/account/template/${first.id}`)).body.name).toBe('After rename');

    const entries = await ctx.deps.db
      .selectFrom('activities')
      .selectAll()
      .where('account_id', '=', account.id)
      .where('configured_object', '=', 'template')
      .where('object_id', '=', first.id)
      .orderBy('id')
      .execute();
    expect(entries.map((e) => e.operation)).toEqual(['created', 'updated']);
    expect(entries[1]!.changes).toContainEqual({ field: 'name', old: 'Before rename', new: 'After rename' });
  });

  it('lists templates newest first with creator, patterns and field sets', async () => {
    const a = await save(body({ name: 'Older' }));
    const b = await save(body({ name: 'Newer' }));
    const list = await admin.get('/api/v1/account/template');
    expect(list.status).toBe(200);
    const ids = list.body.data.map((t: { id: number }) => t.id);
    expect(ids.indexOf(b.body.id)).toBeLessThan(ids.indexOf(a.body.id));
    const newer = list.body.data.find((t: { id: number }) => t.id === b.body.id);
    expect(newer).toMatchObject({
      name: 'Newer',
      description: 'Social campaigns',
      created_by: 'Ada Admin',
      fieldsets: ['Campaign fields'],
      patterns: [],
    });
  });

  it('duplicates through the save: the copy gets its own template-owned field rows', async () => {
    const original = await save(body({ template_fields: [setField(0), linkField()] }));
    const t = (await admin.get(`/api/v1/account/template/${original.body.id}`)).body;
    const copy = await save({
      ...t,
      id: null,
      updated_at: null,
      name: `Duplicate of ${t.name}`,
      template_fields: t.template_fields.map((f: { id: number }, i: number) => ({
        ...f,
        id: `TEMP_copy${i}`,
      })),
      parameters: [],
      integrations: [],
    });
    expect(copy.status).toBe(200);
    expect(copy.body.id).not.toBe(t.id);
    const c = (await admin.get(`/api/v1/account/template/${copy.body.id}`)).body;
    expect(c.name).toBe(`Duplicate of ${t.name}`);
    // The field set's field is shared; the link field (owned by the original) is not.
    expect(c.template_fields[0].field_id).toBe(t.template_fields[0].field_id);
    expect(c.template_fields[1].field_id).not.toBe(t.template_fields[1].field_id);
  });

  it('refuses a template with validation errors and stores nothing', async () => {
    const before = (await admin.get('/api/v1/account/template')).body.data.length;
    const res = await save(
      body({ name: 'Broken', template_fields: [{ ...setField(0), governance_type: null }] }),
    );
    expect(res.status).toBe(400);
    expect(res.body.issues.length).toBeGreaterThan(0);
    expect(res.body.issues[0].path).toBe('body.template_fields.0');
    expect((await admin.get('/api/v1/account/template')).body.data.length).toBe(before);
  });

  it('refuses an integration without a slug or with an unknown one', async () => {
    const noSlug = await save(body({ integrations: [{ ...assignment('email-output'), slug: '' }] }));
    expect(noSlug.status).toBe(400);
    const unknown = await save(
      body({ integrations: [{ ...assignment('email-output'), slug: 'no-such-thing' }] }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues[0].path).toBe('body.integrations.0.slug');
  });
});

describe('fields mapped to integrations', () => {
  it('names the template fields an integration maps and only those', async () => {
    const res = await save(body({ template_fields: [setField(0), setField(1)] }));
    const t = (await admin.get(`/api/v1/account/template/${res.body.id}`)).body;
    const output = {
      ...assignment('email-output'),
      mapping_fields: [{ fieldName: 'campaign', cvFieldId: set.fields[0]!.id, required: false }],
    };
    const updated = await save({ ...t, integrations: [output] });
    expect(updated.status).toBe(200);
    const saved = (await admin.get(`/api/v1/account/template/${t.id}`)).body;
    const mapped = await admin.get(`/api/v1/account/template/${t.id}/fieldsMappedToIntegrations`);
    expect(mapped.status).toBe(200);
    expect(mapped.body.data).toEqual([
      {
        template_field_id: saved.template_fields[0].id,
        field_id: set.fields[0]!.id,
        integrations: [
          { id: saved.integrations[0].id, name: saved.integrations[0].name, slug: 'email-output' },
        ],
      },
    ]);
  });
});

describe('template logs', () => {
  it('go from Running to Success when every integration checks out', async () => {
    const res = await save(body({ integrations: [assignment('email-output')] }));
    expect(res.status).toBe(200);
    const first = await admin.get(`/api/v1/account/template/${res.body.id}/template-logs?isSaving=true`);
    expect(['Running', 'Success']).toContain(first.body.log.status);
    const log = await logWhen(res.body.id, (s) => s !== 'Running');
    expect(log).toMatchObject({ status: 'Success', template_id: res.body.id });
    const plain = await admin.get(`/api/v1/account/template/${res.body.id}/template-logs`);
    expect(plain.body.log).toEqual(log);
  });

  it('end Failed when the connected account an integration needs is gone by the time of the check', async () => {
    const connector = await insertOAuthConnector(ctx, {
      accountId: account.id,
      type: 'snowflake',
      accessToken: 'gone',
    });
    const res = await save(body({ integrations: [assignment('snowflake-push', connector)] }));
    expect(res.status).toBe(200);
    expect((await logWhen(res.body.id, (s) => s !== 'Running')).status).toBe('Success');
    // The save refuses a missing account (400); one deleted after the save fails the slow part.
    await ctx.deps.db.deleteFrom('connectors').where('id', '=', connector).execute();
    const running = await ctx.deps.db
      .insertInto('template_logs')
      .values({ account_id: account.id, template_id: res.body.id, status: 'Running' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const actor = { accountId: account.id, features: [] } as unknown as Actor;
    await checkTemplateIntegrations(ctx.deps, actor, res.body.id, running.id);
    const log = await logWhen(res.body.id, (s) => s !== 'Running');
    expect(log.status).toBe('Failed');
    expect(log.message).toContain('connected account');
  });

  it('end a Running log of an ended process Failed at the next read', async () => {
    const res = await save(body());
    await logWhen(res.body.id, (s) => s !== 'Running');
    await ctx.deps.db
      .insertInto('template_logs')
      .values({
        account_id: account.id,
        template_id: res.body.id,
        status: 'Running',
        created_at: new Date(Date.now() - 3_600_000),
      })
      .execute();
    const read = await admin.get(`/api/v1/account/template/${res.body.id}/template-logs?isSaving=true`);
    expect(read.body.log.status).toBe('Failed');
    expect(read.body.log.message).toContain('interrupted');
  });

  it('are null for a template never saved through the editor, and 404 for an unknown one', async () => {
    const row = await ctx.deps.db
      .insertInto('templates')
      .values({ account_id: account.id, name: 'Raw' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await admin.get(`/api/v1/account/template/${row.id}/template-logs`)).body).toEqual({ log: null });
    expect((await admin.get('/api/v1/account/template/99999999/template-logs')).status).toBe(404);
  });
});

describe('bulk delete', () => {
  it('deletes templates but keeps and names those powering a list', async () => {
    const plain = await save(body({ name: 'Goes away' }));
    const powering = await save(body({ name: 'Powers a list' }));
    const t = (await admin.get(`/api/v1/account/template/${powering.body.id}`)).body;
    const list = await admin.put('/api/v1/account/lists/').send({
      id: null,
      name: 'Campaign names',
      type: 'drop-down',
      powered_template_id: t.id,
      list_columns: [
        {
          id: 'c',
          name: 'Campaign',
          precedence: 0,
          powered_template_field_id: t.template_fields[0].id,
          list_values: [],
        },
      ],
    });
    expect(list.status).toBe(200);
    const res = await admin
      .post('/api/v1/account/template/bulk/delete')
      .send({ template_ids: [plain.body.id, powering.body.id] });
    expect(res.status).toBe(200);
    expect(res.body.powered_template_ids).toEqual([powering.body.id]);
    expect(res.body.message).toContain('Powers a list');
    expect(res.body.message).toContain('Campaign names');
    expect((await admin.get(`/api/v1/account/template/${plain.body.id}`)).status).toBe(404);
    expect((await admin.get(`/api/v1/account/template/${powering.body.id}`)).status).toBe(200);
    const deletedEntry = await ctx.deps.db
      .selectFrom('activities')
      .select(['operation', 'object_name'])
      .where('account_id', '=', account.id)
      .where('configured_object', '=', 'template')
      .where('object_id', '=', plain.body.id)
      .where('operation', '=', 'deleted')
      .execute();
    expect(deletedEntry).toEqual([{ operation: 'deleted', object_name: 'Goes away' }]);
    // The powering field shows the list column that uses it and cannot be removed.
    const removing = await save({ ...t, template_fields: [] });
    expect(removing.status).toBe(400);
    expect(removing.body.issues[0].message).toContain('Campaign names');
    const kept = (await admin.get(`/api/v1/account/template/${powering.body.id}`)).body;
    expect(kept.template_fields[0].list_columns[0]).toMatchObject({ list_name: 'Campaign names' });
  });

  it('is all or nothing on unknown ids', async () => {
    const keep = await save(body({ name: 'Stays' }));
    const res = await admin
      .post('/api/v1/account/template/bulk/delete')
      .send({ template_ids: [keep.body.id, 99999999] });
    expect(res.status).toBe(404);
    expect((await admin.get(`/api/v1/account/template/${keep.body.id}`)).status).toBe(200);
  });
});

describe('approvers', () => {
  it('are owners, or managers with manager-approvals; add, read and delete', async () => {
    const t = await save(body());
    const owner = await createUser(ctx, account.id, { role: 'ADMIN', name: 'Olive Owner' });
    const manager = await createUser(ctx, account.id, { role: 'MANAGER', name: 'Max Manager' });
    const ok = await admin
      .post('/api/v1/account/approvers/add')
      .send({ template_id: t.body.id, approvers: [owner.id] });
    expect(ok.status).toBe(200);
    const got = await admin.get(`/api/v1/account/approvers/${t.body.id}`);
    expect(got.body.data).toEqual([{ id: owner.id, name: 'Olive Owner', email: owner.email }]);
    expect((await admin.get(`/api/v1/account/template/${t.body.id}`)).body.approvers).toEqual([owner.id]);

    const refused = await admin
      .post('/api/v1/account/approvers/add')
      .send({ template_id: t.body.id, approvers: [manager.id] });
    expect(refused.status).toBe(400);

    const flagged = await createAccount(ctx, ['manager-approvals']);
    const flaggedAdmin = await signIn(ctx, flagged.admin.email);
    const flaggedManager = await createUser(ctx, flagged.id, { role: 'MANAGER' });
    const ft = await save(
      body({ folder_id: await newFolder(flaggedAdmin), template_fields: [], fieldsets: [] }),
      flaggedAdmin,
    );
    expect(ft.status).toBe(200);
    const allowed = await flaggedAdmin
      .post('/api/v1/account/approvers/add')
      .send({ template_id: ft.body.id, approvers: [flaggedManager.id] });
    expect(allowed.status).toBe(200);

    const removed = await admin.delete(`/api/v1/account/approvers/${t.body.id}`);
    expect(removed.status).toBe(200);
    expect((await admin.get(`/api/v1/account/approvers/${t.body.id}`)).body.data).toEqual([]);
  });
});

describe('accounts and roles', () => {
  it("answers 404 for another account's template, field, field set and user ids", async () => {
    const mine = await save(body());
    const other = await createAccount(ctx);
    const otherAdmin = await signIn(ctx, other.admin.email);
    const otherFolder = await newFolder(otherAdmin);
    expect((await otherAdmin.get(`/api/v1/account/template/${mine.body.id}`)).status).toBe(404);
    expect((await otherAdmin.get(`/api/v1/account/template/${mine.body.id}/template-logs`)).status).toBe(404);
    expect((await otherAdmin.get(`/api/v1/account/approvers/${mine.body.id}`)).status).toBe(404);
    expect(
      (await otherAdmin.post('/api/v1/account/template/bulk/delete').send({ template_ids: [mine.body.id] }))
        .status,
    ).toBe(404);
    const update = await save({ ...body(), id: mine.body.id }, otherAdmin);
    expect(update.status).toBe(404);
    const foreignField = await save(
      { name: 'Foreign', folder_id: otherFolder, template_fields: [setField(0)] },
      otherAdmin,
    );
    expect(foreignField.status).toBe(404);
    expect(foreignField.body.message).toContain(String(set.fields[0]!.id));
    const foreignParameter = await save(
      {
        name: 'Foreign parameter',
        folder_id: otherFolder,
        parameters: [{ id: 'TEMP_p', name: 'utm_source', field_id: set.fields[1]!.id }],
      },
      otherAdmin,
    );
    expect(foreignParameter.status).toBe(404);
    expect(foreignParameter.body.message).toContain(String(set.fields[1]!.id));
    const foreignSet = await save(
      { name: 'Foreign set', folder_id: otherFolder, fieldsets: [set.id] },
      otherAdmin,
    );
    expect(foreignSet.status).toBe(404);
    const foreignApprover = await save(
      { name: 'Foreign approver', folder_id: otherFolder, approvers: [account.admin.id] },
      otherAdmin,
    );
    expect(foreignApprover.status).toBe(404);
    const foreignAdd = await otherAdmin
      .post('/api/v1/account/approvers/add')
      .send({ template_id: mine.body.id, approvers: [other.admin.id] });
    expect(foreignAdd.status).toBe(404);
  });

  it('requires manage_templates', async () => {
    const user = await createUser(ctx, account.id, { role: 'USER' });
    const agent = await signIn(ctx, user.email);
    expect((await agent.get('/api/v1/account/template')).status).toBe(403);
    expect((await save(body(), agent)).status).toBe(403);
    const granted = await createUser(ctx, account.id, { role: 'MANAGER', permissions: ['manage_templates'] });
    const grantedAgent = await signIn(ctx, granted.email);
    expect((await grantedAgent.get('/api/v1/account/template')).status).toBe(200);
  });
});
