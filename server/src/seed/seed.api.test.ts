import { type Template, templateSchema, validateTemplate } from '@nomen/shared';
import { openDatabase } from '@nomen/shared/db';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { migrateToLatest } from '../db/migrate';
import type { RoomCommandRunner } from '../http/context';
import { type JobRuntime, startJobs } from '../jobs/index';
import { createTestContext, type TestContext } from '../test/test-context';
import { DEMO_PENDING_SUBMISSION, DEMO_REJECTED_SUBMISSION, DEMO_REJECTION_COMMENT } from './demo-history';
import {
  DEMO_DISPLAY_TEMPLATE,
  DEMO_FIELDSET,
  DEMO_PATTERN,
  DEMO_SOCIAL_TEMPLATE,
  DEMO_USERS,
  demoSignInLines,
  seedDemo,
} from './seed';

let ctx: TestContext;
let jobs: JobRuntime;

/**
 * Collab's room-command runner, composed at run time as scripts/embedded.ts composes server and
 * collab (the server's own sources never import collab, so its type project does not include it).
 */
const COLLAB_MODULE: string = '../../../collab/src/index';

beforeAll(async () => {
  ctx = await createTestContext({ SEED_PASSWORD: 'demo-password', JOB_POLL_SECONDS: '0.5' });
  ctx.deps.roomCommands = (
    (await import(COLLAB_MODULE)) as { runRoomCommands: RoomCommandRunner }
  ).runRoomCommands;
  // A job queue working in this process, as `npm start` runs one: it delivers the email output.
  jobs = await startJobs(ctx.deps, ctx.handle, ctx.deps.config.jobs, { work: true });
  ctx.deps.jobs = jobs;
});
afterAll(async () => {
  await jobs.stop();
  await ctx.close();
});

interface Column {
  name: string;
  list_values: { row_number: number; value: string }[];
}

function rowsOf(columns: Column[]): string[][] {
  const rows: string[][] = [];
  columns.forEach((c, i) => {
    for (const v of c.list_values) {
      rows[v.row_number] ??= [];
      rows[v.row_number]![i] = v.value;
    }
  });
  return rows;
}

describe('the demo account', () => {
  it('is seeded once, with its people, their roles and real-world lists', async () => {
    const seeded = await seedDemo(ctx.deps);
    expect(seeded).not.toBeNull();
    expect(await seedDemo(ctx.deps)).toBeNull();

    for (const person of DEMO_USERS) {
      const res = await supertest(ctx.app)
        .post('/api/v1/auth/login')
        .send({ email: person.email, password: 'demo-password' });
      expect(res.status, person.email).toBe(200);
      expect(res.body.user.role).toBe(person.role);
      expect(res.body.account.name).toBe('Acme Marketing');
      expect(res.body.features).toEqual(['live-collaboration', 'user-activity-log']);
    }
    const approver = await supertest(ctx.app)
      .post('/api/v1/auth/login')
      .send({ email: 'approver@acme.test', password: 'demo-password' });
    expect(approver.body.permissions).toContain('approve_suggestions');

    const agent = supertest.agent(ctx.app);
    await agent.post('/api/v1/auth/login').send({ email: 'admin@acme.test', password: 'demo-password' });
    const lists = (await agent.get('/api/v1/account/lists/')).body.data as {
      id: number;
      name: string;
      type: string;
    }[];
    expect(lists.map((l) => `${l.name}:${l.type}`).sort()).toEqual([
      'Countries:drill-down',
      'Currencies:drop-down',
      'Marketing channels:drill-down',
    ]);
    const byName = (name: string) => lists.find((l) => l.name === name)!.id;

    const countries = (await agent.get(`/api/v1/account/lists/${byName('Countries')}`)).body;
    expect(countries.list_columns.map((c: Column) => c.name)).toEqual(['Region', 'Subregion', 'Country']);
    const countryRows = rowsOf(countries.list_columns);
    expect(countryRows.length).toBeGreaterThan(240);
    expect(countryRows).toContainEqual(['Europe', 'Western Europe', 'France']);
    expect(countryRows).toContainEqual(['Americas', 'North America', 'United States']);

    const currencies = (await agent.get(`/api/v1/account/lists/${byName('Currencies')}`)).body;
    expect(currencies.list_columns).toHaveLength(1);
    expect(rowsOf(currencies.list_columns).flat()).toContain('EUR - Euro');

    const channels = rowsOf(
      (await agent.get(`/api/v1/account/lists/${byName('Marketing channels')}`)).body.list_columns,
    );
    expect(channels).toContainEqual(['Social', 'Facebook']);
    expect(channels).toContainEqual(['Organic Search', 'Google']);

    const groups = (await agent.get('/api/v1/account/groups')).body.data as {
      name: string;
      user_count: number;
    }[];
    expect(groups.map((g) => g.name)).toContain('Campaign Managers');
    expect((await agent.get('/api/v1/account/folder')).body.data.length).toBeGreaterThanOrEqual(3);
  });
});

describe('the demo pattern and field set (issue 8 item 26)', () => {
  it('the seeded pattern issues UTM campaign codes and the field set points at the seeded lists', async () => {
    const agent = supertest.agent(ctx.app);
    await agent.post('/api/v1/auth/login').send({ email: 'admin@acme.test', password: 'demo-password' });
    const patterns = (await agent.get('/api/v1/account/field/patterns')).body.data as {
      id: number;
      name: string;
      segments: { id: number; name: string; segment_type: string }[];
    }[];
    const utm = patterns.find((p) => p.name === DEMO_PATTERN)!;
    expect(utm.segments.map((s) => `${s.name}:${s.segment_type}`)).toEqual([
      'Channel:variable',
      'Region:variable',
      'Campaign:variable',
      'Number:autonumber',
      'Launch month:date',
    ]);
    const segment = (name: string) => String(utm.segments.find((s) => s.name === name)!.id);
    const codes = await agent.post(`/api/v1/account/field/${utm.id}/codes`).send({
      values: {
        [segment('Channel')]: 'paid-social',
        [segment('Region')]: 'emea',
        [segment('Campaign')]: 'spring-sale',
      },
      dates: { [segment('Launch month')]: '2026-03-15' },
      count: 2,
    });
    expect(codes.status).toBe(200);
    // The running number follows the codes the demo history's paid social drew from the pattern.
    const next = (await paidSocialRowsSubmitted()) + 1;
    const number = (n: number) => String(n).padStart(4, '0');
    // The launch month is the launch's, never the month the code is made in.
    expect(codes.body.codes).toEqual([
      `paid-social_emea_spring-sale_${number(next)}_2026-03`,
      `paid-social_emea_spring-sale_${number(next + 1)}_2026-03`,
    ]);

    const sets = (await agent.get('/api/v1/account/fieldsets')).body.data as { id: number; name: string }[];
    const paid = (
      await agent.get(`/api/v1/account/fieldsets/${sets.find((f) => f.name === DEMO_FIELDSET)!.id}`)
    ).body.fieldset as {
      fields: {
        name: string;
        governance_type: string;
        list_governance?: { list_id: number; list_column_id: number };
      }[];
    };
    const listFields = paid.fields.filter((f) => f.governance_type === 'list');
    expect(listFields.map((f) => f.name)).toEqual(['Channel', 'Source', 'Region', 'Country', 'Currency']);
    for (const field of listFields) {
      const list = await agent.get(`/api/v1/account/lists/${field.list_governance!.list_id}`);
      expect(list.status, field.name).toBe(200);
      const column = (list.body.list_columns as { id: number; name: string }[]).find(
        (c) => c.id === field.list_governance!.list_column_id,
      );
      expect(column?.name, field.name).toBe(field.name);
    }
  });

  it('prints how to sign in on every start while the demo account exists, and not in production', async () => {
    const lines = await demoSignInLines(ctx.deps);
    expect(lines.join('\n')).toContain('admin@acme.test');
    expect(lines.join('\n')).toContain('Password:');
    expect(
      await demoSignInLines({ ...ctx.deps, config: { ...ctx.deps.config, isProduction: true } }),
    ).toEqual([]);
  });
});

describe('the demo templates (issue 9 item 10)', () => {
  /** Signs in as the demo admin and reads every template of the account through the API. */
  async function demoTemplates() {
    const agent = supertest.agent(ctx.app);
    await agent.post('/api/v1/auth/login').send({ email: 'admin@acme.test', password: 'demo-password' });
    const list = await agent.get('/api/v1/account/template');
    expect(list.status).toBe(200);
    const summaries = list.body.data as { id: number; name: string }[];
    const templates: Template[] = [];
    for (const summary of summaries) {
      const got = await agent.get(`/api/v1/account/template/${summary.id}`);
      expect(got.status, summary.name).toBe(200);
      templates.push(templateSchema.parse(got.body));
    }
    const folders = (await agent.get('/api/v1/account/folder')).body.data as { id: number; name: string }[];
    return { templates, folders, agent };
  }

  it('seeds exactly the two real templates, in their folders, with no ERROR from validateTemplate', async () => {
    const { templates, folders, agent } = await demoTemplates();
    expect(templates.map((t) => t.name).sort()).toEqual([DEMO_DISPLAY_TEMPLATE, DEMO_SOCIAL_TEMPLATE]);
    const folderOf = (t: Template) => folders.find((f) => f.id === t.folder_id)?.name;
    for (const t of templates) {
      expect(t.template_fields.length, t.name).toBeGreaterThan(3);
      expect(
        validateTemplate(t, { featureFlags: ['live-collaboration', 'user-activity-log'] }).filter(
          (i) => i.type === 'ERROR',
        ),
        t.name,
      ).toEqual([]);
      expect(
        t.integrations.map((a) => a.slug),
        t.name,
      ).toEqual(['email-output']);
    }
    const social = templates.find((t) => t.name === DEMO_SOCIAL_TEMPLATE)!;
    const display = templates.find((t) => t.name === DEMO_DISPLAY_TEMPLATE)!;
    expect(folderOf(social)).toBe('Social');
    expect(folderOf(display)).toBe('Paid Media');
    // The seed ran the save's slow part too: each template's log is finished, not left Running.
    for (const t of templates) {
      const log = await agent.get(`/api/v1/account/template/${t.id}/template-logs`);
      expect(log.status, t.name).toBe(200);
      expect(log.body.log?.status, t.name).toBe('Success');
    }

    // The failing case: the pattern's channel segment as added, before the seed gives it a list, is
    // the error an editor's save refuses (a variable segment needs a governance).
    const ungoverned = {
      ...social,
      template_fields: social.template_fields.map((tf) =>
        tf.field.segment_parent_field_id !== null && tf.field.name === 'Channel'
          ? { ...tf, governance_type: 'variable' as const, list_governance: null }
          : tf,
      ),
    };
    expect(
      validateTemplate(ungoverned, { featureFlags: [] })
        .filter((i) => i.type === 'ERROR')
        .map((i) => i.messageId),
    ).toContain('governanceRequired');
  });

  it('"Paid social campaigns" has the UTM pattern, list fields and a link with bound utm parameters', async () => {
    const { templates, agent } = await demoTemplates();
    const social = templates.find((t) => t.name === DEMO_SOCIAL_TEMPLATE)!;
    const byName = (name: string) => social.template_fields.find((tf) => tf.field.name === name);
    const pattern = social.template_fields.find((tf) => tf.field.is_pattern)!;
    expect(pattern.field.name).toBe(DEMO_PATTERN);
    expect(byName('Channel')?.governance_type).toBe('list');
    expect(byName('Region')?.governance_type).toBe('list');
    expect(byName('Country')?.governance_type).toBe('list');
    expect(byName('Source')?.governance_type).toBe('list');
    expect(social.template_fields.filter((tf) => tf.governance_type === 'link')).toHaveLength(1);
    expect(social.template_fields.some((tf) => tf.governance_type === 'variable')).toBe(false);

    // The channel field's list is the seeded marketing channels list, on its Channel column.
    const lists = (await agent.get('/api/v1/account/lists/')).body.data as { id: number; name: string }[];
    const channels = lists.find((l) => l.name === 'Marketing channels')!;
    expect(byName('Channel')!.list_governance?.list_id).toBe(channels.id);

    const parameters = Object.fromEntries(
      social.parameters.map((p) => [
        p.name,
        social.template_fields.find((tf) => tf.id === p.template_field_id)?.field.name,
      ]),
    );
    expect(parameters).toEqual({
      utm_source: 'Source',
      utm_medium: 'Channel',
      utm_campaign: DEMO_PATTERN,
    });
    for (const p of social.parameters) {
      const tf = social.template_fields.find((f) => f.id === p.template_field_id)!;
      expect(p.field_id, p.name).toBe(tf.field_id);
    }
  });

  it('a "Paid social campaigns" code carries the month of its launch date', async () => {
    const { templates, agent } = await demoTemplates();
    const social = templates.find((t) => t.name === DEMO_SOCIAL_TEMPLATE)!;
    const id = (name: string) => String(social.template_fields.find((tf) => tf.field.name === name)!.id);
    const sent = await agent.post('/api/v1/account/submissions').send({
      template_id: social.id,
      name: 'Spring launch',
      rows: [
        {
          [id('Channel')]: 'Social',
          [id('Region')]: 'Europe',
          [id('Campaign')]: 'Spring Sale',
          [id('Source')]: 'Facebook',
          [id('Country')]: 'France',
          [id('Launch date')]: '2026-03-15',
          [id('Link')]: 'https://www.acme.com/spring',
        },
      ],
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const detail = await agent.get(`/api/v1/account/submissions/${sent.body.id}`);
    const code = detail.body.rows[0].data[id(DEMO_PATTERN)];
    expect(code).toMatch(/^Social_Europe_spring-sale_\d{4}_2026-03$/);
  });

  it('"Display campaigns" uses the field set\'s list fields and its launch date', async () => {
    const { templates } = await demoTemplates();
    const display = templates.find((t) => t.name === DEMO_DISPLAY_TEMPLATE)!;
    const kinds = (type: string) =>
      display.template_fields.filter((tf) => tf.governance_type === type).map((tf) => tf.field.name);
    expect(kinds('list')).toEqual(['Channel', 'Source', 'Region', 'Country', 'Currency']);
    expect(kinds('date')).toEqual(['Launch date']);
    expect(display.fieldsets).toHaveLength(1);
    expect(display.parameters).toEqual([]);
  });

  it('the groups are given the seeded templates', async () => {
    const rows = await ctx.deps.db
      .selectFrom('group_templates')
      .innerJoin('groups', 'groups.id', 'group_templates.group_id')
      .innerJoin('templates', 'templates.id', 'group_templates.template_id')
      .innerJoin('accounts', 'accounts.id', 'groups.account_id')
      .where('accounts.name', '=', 'Acme Marketing')
      .select(['groups.name as group', 'templates.name as template'])
      .execute();
    expect(
      rows
        .filter((r) => r.group === 'Campaign Managers')
        .map((r) => r.template)
        .sort(),
    ).toEqual([DEMO_DISPLAY_TEMPLATE, DEMO_SOCIAL_TEMPLATE]);
    expect(rows.filter((r) => r.group === 'Regional Marketing').map((r) => r.template)).toEqual([
      DEMO_DISPLAY_TEMPLATE,
    ]);
  });
});

describe('the embedded database (PGlite)', () => {
  it('migrates, seeds and serves lists without PostgreSQL', async () => {
    const handle = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrateToLatest(handle.db);
      const deps = { ...ctx.deps, db: handle.db, pool: handle.pool, jobs: null };
      await seedDemo(deps, { onlyIfEmpty: true });
      const { app } = createApp(deps);
      const agent = supertest.agent(app);
      expect(
        (await agent.post('/api/v1/auth/login').send({ email: 'admin@acme.test', password: 'demo-password' }))
          .status,
      ).toBe(200);
      // The demo history is seeded on the embedded database too (npm start's first run).
      await expectHistoryReports(agent);
      const waiting = (await agent.get('/api/v1/account/submissions?scope=approvals')).body.data;
      expect(waiting.map((s: { name: string }) => s.name)).toEqual([DEMO_PENDING_SUBMISSION]);
      expect(await pendingSuggestionsOf(agent, 'Marketing channels')).toBe(2);
      const lists = (await agent.get('/api/v1/account/lists/')).body.data as { id: number; name: string }[];
      const currencies = await agent.get(
        `/api/v1/account/lists/${lists.find((l) => l.name === 'Currencies')!.id}`,
      );
      expect(rowsOf(currencies.body.list_columns).flat()).toContain('USD - US Dollar');
      const created = await agent.put('/api/v1/account/lists/').send({
        id: null,
        name: 'Embedded',
        type: 'drill-down',
        list_columns: [
          { id: 'lc1', name: 'A', precedence: 0, list_values: [{ id: 'lv1', row_number: 0, value: 'one' }] },
        ],
      });
      expect(created.status).toBe(200);
      const delta = await agent.post(`/api/v1/account/lists/${created.body.id}/delta`).send({
        updated_at: created.body.updated_at,
        values: {
          upsert: [
            {
              id: created.body.value_ids.lv1,
              list_column_id: created.body.list_columns[0].id,
              row_number: 0,
              value: 'uno',
            },
          ],
        },
      });
      expect(delta.status).toBe(200);
      const list = await agent.get(`/api/v1/account/lists/${created.body.id}`);
      expect(rowsOf(list.body.list_columns)).toEqual([['uno']]);
    } finally {
      await handle.close();
    }
    // PGlite migrates and seeds in WebAssembly: slow on a busy machine, so more than the default 30 s.
  }, 120_000);
});

/** The reports of a seeded demo account: codes submitted in each of the six months of the chart. */
async function expectHistoryReports(agent: ReturnType<typeof supertest.agent>): Promise<void> {
  const charts = await agent.get('/api/v1/account/reports/charts?tz=UTC');
  expect(charts.status).toBe(200);
  const months = charts.body.data as { month: string; codes_submitted: number }[];
  expect(months).toHaveLength(6);
  for (const m of months) expect(m.codes_submitted, m.month).toBeGreaterThan(0);
  const summary = (await agent.get('/api/v1/account/reports/summary')).body;
  expect(summary.submissions).toBeGreaterThanOrEqual(15);
  expect(summary.numCodesSubmitted).toBe(months.reduce((n, m) => n + m.codes_submitted, 0));
}

/** The lists page's pending-suggestion count of the list named `name` (spec 02 §2). */
async function pendingSuggestionsOf(agent: ReturnType<typeof supertest.agent>, name: string) {
  const lists = (await agent.get('/api/v1/account/lists/')).body.data as { id: number; name: string }[];
  const id = lists.find((l) => l.name === name)!.id;
  const states = (await agent.get('/api/v1/account/lists/collab-state')).body.data as {
    listId: number;
    pendingSuggestions: number;
  }[];
  return states.find((s) => s.listId === id)?.pendingSuggestions ?? 0;
}

/** Signs in as a demo person. */
async function demoAgent(email: string) {
  const agent = supertest.agent(ctx.app);
  const res = await agent.post('/api/v1/auth/login').send({ email, password: 'demo-password' });
  expect(res.status, email).toBe(200);
  return agent;
}

interface Summary {
  id: number;
  name: string;
  status: string;
  row_count: number;
  template_name: string;
  submitter: { name: string };
  decided_by: { name: string } | null;
  decision_comment: string | null;
  submitted_at: string | null;
}

describe('the demo history (SEED_DEMO_HISTORY)', () => {
  it('the reports show codes submitted in each of the last six months, through both templates by several people', async () => {
    const admin = await demoAgent('admin@acme.test');
    await expectHistoryReports(admin);
    const templates = (await admin.get('/api/v1/account/reports/templates')).body.data as {
      identifier: string;
      codes: number;
    }[];
    for (const name of [DEMO_SOCIAL_TEMPLATE, DEMO_DISPLAY_TEMPLATE])
      expect(templates.find((t) => t.identifier === name)?.codes, name).toBeGreaterThan(10);
    const top = (await admin.get('/api/v1/account/reports/topusers')).body.data as { name: string }[];
    expect(top.length).toBeGreaterThanOrEqual(4);
    // Dated over six months, not all today: the oldest submission of the usage report is months ago.
    const from = new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date().toISOString().slice(0, 10);
    const usage = await admin.get(`/api/v1/account/reports/usage?from=${from}&to=${to}&tz=UTC&limit=100`);
    expect(usage.status, JSON.stringify(usage.body)).toBe(200);
    const times = (usage.body.data as { created_at: string }[]).map((u) => Date.parse(u.created_at));
    expect(Date.now() - Math.min(...times)).toBeGreaterThan(120 * 86_400_000);
  });

  it("one submission waits for the admin's approval and one was rejected with a comment", async () => {
    const admin = await demoAgent('admin@acme.test');
    const waiting = (await admin.get('/api/v1/account/submissions?scope=approvals')).body.data as Summary[];
    expect(waiting.map((s) => `${s.name}: ${s.status} (${s.template_name})`)).toEqual([
      `${DEMO_PENDING_SUBMISSION}: Pending (${DEMO_SOCIAL_TEMPLATE})`,
    ]);
    // Every demo person's own submissions, together: exactly one Pending and one Rejected.
    const all: Summary[] = [];
    for (const person of DEMO_USERS) {
      const agent = await demoAgent(person.email);
      all.push(...((await agent.get('/api/v1/account/submissions?limit=500')).body.data as Summary[]));
    }
    const history = all.filter((s) => s.name !== 'Spring launch');
    expect(new Set(history.map((s) => s.submitter.name)).size).toBeGreaterThanOrEqual(4);
    expect(history.filter((s) => s.status === 'Pending').map((s) => s.name)).toEqual([
      DEMO_PENDING_SUBMISSION,
    ]);
    const rejected = history.filter((s) => s.status === 'Rejected');
    expect(rejected.map((s) => [s.name, s.decided_by?.name, s.decision_comment])).toEqual([
      [DEMO_REJECTED_SUBMISSION, 'Priya Shah', DEMO_REJECTION_COMMENT],
    ]);
    expect(history.filter((s) => s.status === 'Approved').length).toBeGreaterThan(3);
    expect(history.filter((s) => s.status === 'Submitted').length).toBeGreaterThan(3);
  });

  it('the email output ran for every submission that entered a dataset, mailing its submitter', async () => {
    const admin = await demoAgent('admin@acme.test');
    const list = (await admin.get('/api/v1/account/template')).body.data as { id: number; name: string }[];
    for (const summary of list) {
      const template = templateSchema.parse((await admin.get(`/api/v1/account/template/${summary.id}`)).body);
      const email = template.integrations.find((a) => a.slug === 'email-output')!;
      // The job queue works the runs the history's commits queued.
      await expect
        .poll(
          async () => {
            const runs = (await admin.get(`/api/v1/integration-assignments/${email.id}/runs?limit=50`)).body
              .data as { status: string }[];
            return runs.length > 3 && runs.every((r) => r.status === 'Success');
          },
          { timeout: 60_000, interval: 500 },
        )
        .toBe(true);
    }
    expect(
      ctx.mails.some(
        (m) => String(m.to).includes('user@acme.test') && m.subject.startsWith(`${DEMO_DISPLAY_TEMPLATE}: `),
      ),
    ).toBe(true);
  }, 90_000);

  it("the marketing channels list has the campaign managers' suggestions open for review", async () => {
    const approver = await demoAgent('approver@acme.test');
    expect(await pendingSuggestionsOf(approver, 'Marketing channels')).toBe(2);
  });

  it('is never seeded in production, nor with SEED_DEMO_HISTORY=false', async () => {
    const env = {
      NOMEN_SECRET_KEY: 'a-production-secret-key-of-enough-length-0123456789',
      SEED_DEMO_HISTORY: 'true',
    };
    expect(loadConfig({ ...env, NODE_ENV: 'production' }).seedDemoHistory).toBe(false);
    expect(loadConfig({ ...env, NODE_ENV: 'development' }).seedDemoHistory).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO_HISTORY: 'false' }).seedDemoHistory).toBe(false);
    const handle = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrateToLatest(handle.db);
      const deps = {
        ...ctx.deps,
        db: handle.db,
        pool: handle.pool,
        jobs: null,
        config: { ...ctx.deps.config, seedDemoHistory: false },
      };
      await seedDemo(deps, { onlyIfEmpty: true });
      const agent = supertest.agent(createApp(deps).app);
      await agent.post('/api/v1/auth/login').send({ email: 'admin@acme.test', password: 'demo-password' });
      const summary = (await agent.get('/api/v1/account/reports/summary')).body;
      expect([summary.submissions, summary.numCodesSubmitted]).toEqual([0, 0]);
      expect((await agent.get('/api/v1/account/submissions?scope=approvals')).body.data).toEqual([]);
      expect(await pendingSuggestionsOf(agent, 'Marketing channels')).toBe(0);
      const runs = await handle.db.selectFrom('integration_runs').select('id').execute();
      expect(runs).toEqual([]);
    } finally {
      await handle.close();
    }
  }, 120_000);
});

/** Rows submitted (any status) through the paid-social template by every demo person, so far. */
async function paidSocialRowsSubmitted(): Promise<number> {
  let rows = 0;
  for (const person of DEMO_USERS) {
    const agent = await demoAgent(person.email);
    const mine = (await agent.get('/api/v1/account/submissions?limit=500')).body.data as Summary[];
    for (const s of mine) if (s.template_name === DEMO_SOCIAL_TEMPLATE) rows += s.row_count;
  }
  return rows;
}
