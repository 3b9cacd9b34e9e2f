import { openDatabase } from '@nomen/shared/db';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { migrateToLatest } from '../db/migrate';
import { createTestContext, type TestContext } from '../test/test-context';
import { DEMO_FIELDSET, DEMO_PATTERN, DEMO_USERS, demoSignInLines, seedDemo } from './seed';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ SEED_PASSWORD: 'demo-password' });
});
afterAll(() => ctx.close());

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
      count: 2,
    });
    expect(codes.status).toBe(200);
    const month = new Date().toISOString().slice(0, 7);
    expect(JSON.stringify(codes.body)).toContain(`paid-social_emea_spring-sale_0001_${month}`);
    expect(JSON.stringify(codes.body)).toContain(`paid-social_emea_spring-sale_0002_${month}`);

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

describe('the embedded database (PGlite)', () => {
  it('migrates, seeds and serves lists without PostgreSQL', async () => {
    const handle = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrateToLatest(handle.db);
      const deps = { ...ctx.deps, db: handle.db, pool: handle.pool };
      await seedDemo(deps, { onlyIfEmpty: true });
      const { app } = createApp(deps);
      const agent = supertest.agent(app);
      expect(
        (await agent.post('/api/v1/auth/login').send({ email: 'admin@acme.test', password: 'demo-password' }))
          .status,
      ).toBe(200);
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
