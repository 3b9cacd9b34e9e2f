import { openDatabase } from '@nomen/shared/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../db/migrate';
import { runIntegration } from '../../jobs/run-integration';
import { makeRunTemplate, outbound, submitRows } from '../../test/integration-runs-fixtures';
import {
  createAccount,
  createTestContext,
  createUser,
  type SignedIn,
  signIn,
  type TestAccount,
  type TestContext,
} from '../../test/test-context';
import { submissionFixtures } from '../submissions/submissions.fixtures';

/**
 * The activity log names what happened (spec 01 §2.10 "operation"): a submission submitted,
 * approved or rejected by the person who did it, an integration run delivered or failed, and the
 * log's filters by user, configured object and operation.
 */

let ctx: TestContext;
let account: TestAccount;
let admin: SignedIn;
let approverId: number;
let submitterId: number;
let approver: SignedIn;
let submitter: SignedIn;
let fixtures: Awaited<ReturnType<typeof submissionFixtures>>;

interface Entry {
  username: string;
  configuredObject: string;
  objectName: string;
  operation: string;
  objectId: number | null;
  changes: { field: string; old: unknown; new: unknown }[];
}

async function log(query: string): Promise<{ total: number; data: Entry[] }> {
  const res = await admin.get(`/api/v1/account/activities${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { total: res.body.metadata.totalItems, data: res.body.data };
}

/** The log entries of one object, oldest first. */
async function entriesOf(configuredObject: string, objectId: number): Promise<Entry[]> {
  const { data } = await log(`?configuredObject=${encodeURIComponent(configuredObject)}&limit=200`);
  return data.filter((e) => e.objectId === objectId).reverse();
}

beforeAll(async () => {
  ctx = await createTestContext();
  account = await createAccount(ctx, ['user-activity-log', 'approval']);
  await ctx.deps.db
    .updateTable('accounts')
    .set({ settings: JSON.stringify({ allow_approval: true }) })
    .where('id', '=', account.id)
    .execute();
  admin = await signIn(ctx, account.admin.email);
  fixtures = await submissionFixtures(admin);
  const approverUser = await createUser(ctx, account.id, { role: 'ADMIN', name: 'Ann Approver' });
  const submitterUser = await createUser(ctx, account.id, { role: 'USER', name: 'Sam Submitter' });
  approverId = approverUser.id;
  submitterId = submitterUser.id;
  approver = await signIn(ctx, approverUser.email);
  submitter = await signIn(ctx, submitterUser.email);
});
afterAll(() => ctx.close());

/** A template needing the approver's approval that the submitter may use. */
async function approvalTemplate() {
  const t = await fixtures.makeTemplate({ approvers: [approverId] });
  const group = await ctx.deps.db
    .insertInto('groups')
    .values({ account_id: account.id, name: `G ${Math.random()}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.deps.db.insertInto('group_users').values({ group_id: group.id, user_id: submitterId }).execute();
  await ctx.deps.db.insertInto('group_templates').values({ group_id: group.id, template_id: t.id }).execute();
  return t;
}

describe('submissions in the activity log', () => {
  it('records submitted by the submitter, then rejected and approved by the approver', async () => {
    const t = await approvalTemplate();
    const sent = await submitter
      .post('/api/v1/account/submissions')
      .send({ template_id: t.id, name: 'Autumn launch', rows: [fixtures.row(t.fields, 'autumn')] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const id = sent.body.id as number;
    const rejected = await approver
      .post(`/api/v1/account/submissions/${id}/reject`)
      .send({ comment: 'Name it for the season' });
    expect(rejected.status).toBe(200);
    const again = await submitter
      .put(`/api/v1/account/submissions/${id}`)
      .send({ name: 'Autumn launch', rows: [fixtures.row(t.fields, 'autumn-2')], submit: true });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const approved = await approver.post(`/api/v1/account/submissions/${id}/approve`).send({});
    expect(approved.status).toBe(200);

    const entries = await entriesOf('submission', id);
    expect(entries.map((e) => [e.operation, e.username])).toEqual([
      ['submitted', 'Sam Submitter'],
      ['rejected', 'Ann Approver'],
      ['submitted', 'Sam Submitter'],
      ['approved', 'Ann Approver'],
    ]);
    expect(entries[1]!.changes).toContainEqual({
      field: 'decision_comment',
      old: null,
      new: 'Name it for the season',
    });
    expect(entries[3]!.changes).toContainEqual({ field: 'status', old: 'Pending', new: 'Approved' });
    expect(entries.every((e) => e.objectName === 'Autumn launch')).toBe(true);
  });

  it('records a draft as created and its submission as submitted', async () => {
    const t = await fixtures.makeTemplate();
    const draft = await admin
      .post('/api/v1/account/submissions')
      .send({ template_id: t.id, name: 'Draft first', rows: [fixtures.row(t.fields, 'd')], draft: true });
    await admin
      .put(`/api/v1/account/submissions/${draft.body.id}`)
      .send({ name: 'Draft first', rows: [fixtures.row(t.fields, 'd')], submit: true });
    expect((await entriesOf('submission', draft.body.id)).map((e) => e.operation)).toEqual([
      'created',
      'submitted',
    ]);
  });
});

describe('integration runs in the activity log', () => {
  it('records a run that delivered as delivered and one that failed as failed, under its integration', async () => {
    const template = await makeRunTemplate(admin, [
      outbound('email-output', {
        name: 'Weekly mail',
        metadata: { to: ['media@example.com'], subject: 'Wk' },
      }),
      outbound('email-output', { name: 'Broken mail', metadata: { to: ['ops@example.com'], subject: 'Br' } }),
    ]);
    const [weekly, broken] = template.integrations;
    // The second integration loses its recipients after the run was queued: its delivery fails.
    const submissionId = await submitRows(admin, template, [['Spring Sale', 'email']]);
    await ctx.deps.db
      .updateTable('integration_assignments')
      .set({ metadata: JSON.stringify({ to: [], cc: [], bcc: [] }) })
      .where('id', '=', broken!.id)
      .execute();
    const runs = await ctx.deps.db
      .selectFrom('integration_runs')
      .select(['id', 'assignment_id'])
      .where('submission_id', '=', submissionId)
      .execute();
    expect(runs).toHaveLength(2);
    // Worked here as the worker does (no queue runs in this file).
    for (const run of runs)
      await runIntegration(
        ctx.deps,
        { runId: run.id, accountId: account.id },
        { retryCount: 0, retryLimit: 0 },
      );

    const delivered = await entriesOf('integration assignment', weekly!.id);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({
      operation: 'delivered',
      objectName: 'Weekly mail',
      username: 'system',
    });
    expect(delivered[0]!.changes).toContainEqual({ field: 'status', old: null, new: 'Success' });
    const failed = await entriesOf('integration assignment', broken!.id);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ operation: 'failed', objectName: 'Broken mail' });
    expect(failed[0]!.changes).toContainEqual({ field: 'status', old: null, new: 'Failed' });

    const onlyFailed = await log('?operation=failed');
    expect(onlyFailed.data.map((e) => e.objectName)).toEqual(['Broken mail']);
  });
});

describe('GET /api/v1/account/activities filters', () => {
  it('filters by user, configured object and operation, together and alone', async () => {
    const byApprover = await log(`?userId=${approverId}`);
    expect(byApprover.total).toBeGreaterThan(0);
    expect(new Set(byApprover.data.map((e) => e.username))).toEqual(new Set(['Ann Approver']));
    const approvals = await log(`?userId=${approverId}&operation=approved&configuredObject=submission`);
    expect(approvals.data.map((e) => [e.operation, e.objectName])).toEqual([['approved', 'Autumn launch']]);
    const folders = await log('?configuredObject=folder');
    expect(folders.data.length).toBeGreaterThan(0);
    expect(folders.data.every((e) => e.configuredObject === 'folder')).toBe(true);
    expect((await log(`?userId=${submitterId}&operation=approved`)).total).toBe(0);
  });

  it("finds nothing for another account's user", async () => {
    const other = await createAccount(ctx, ['user-activity-log']);
    const otherAdmin = await signIn(ctx, other.admin.email);
    await otherAdmin.put('/api/v1/account/folder').send({ name: 'Their folder' });
    const theirs = await sql<{ user_id: number }>`
      select user_id from activities where account_id = ${other.id} and user_id is not null`.execute(
      ctx.deps.db,
    );
    expect(theirs.rows.length).toBeGreaterThan(0);
    const seen = await log(`?userId=${theirs.rows[0]!.user_id}`);
    expect(seen).toEqual({ total: 0, data: [] });
  });

  it.each([
    ['a userId that is not a number', '?userId=ann', 'query.userId', 'userId must be a user id'],
    ['a userId of 0', '?userId=0', 'query.userId', 'userId must be a user id'],
    ['an unknown operation', '?operation=approve', 'query.operation', 'operation must be one of'],
    [
      'an unknown configured object',
      '?configuredObject=planet',
      'query.configuredObject',
      'configuredObject must be one of',
    ],
  ])('answers 400 naming the parameter for %s', async (_label, query, path, message) => {
    const res = await admin.get(`/api/v1/account/activities${query}`);
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe(path);
    expect(res.body.issues[0].message).toContain(message);
  });
});

describe('migration 0025', () => {
  it('renames the operations stored before it (create, update, delete) and refuses unknown ones', async () => {
    const handle = await openDatabase({ dataDir: 'memory://' });
    try {
      const { db } = handle;
      await migrateToLatest(db);
      const made = await createAccount({ ...ctx, deps: { ...ctx.deps, db, pool: handle.pool } });
      // The database as it was before migration 0025, holding one entry of each old operation.
      await migrateTo(db, '0024_pattern_colours');
      await sql`delete from activities`.execute(db);
      for (const operation of ['create', 'update', 'delete'])
        await sql`insert into activities (account_id, username, configured_object, object_name, operation)
          values (${made.id}, 'Ada', 'folder', ${`Folder ${operation}`}, ${operation})`.execute(db);
      await migrateToLatest(db);
      const rows = await sql<{ object_name: string; operation: string }>`
        select object_name, operation from activities order by id`.execute(db);
      expect(rows.rows).toEqual([
        { object_name: 'Folder create', operation: 'created' },
        { object_name: 'Folder update', operation: 'updated' },
        { object_name: 'Folder delete', operation: 'deleted' },
      ]);
      await expect(
        sql`insert into activities (account_id, username, configured_object, object_name, operation)
          values (${made.id}, 'Ada', 'folder', 'x', 'update')`.execute(db),
      ).rejects.toThrow(/activities_operation_check/);
    } finally {
      await handle.close();
    }
  });
});
