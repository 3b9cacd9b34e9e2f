import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTestContext, signIn, type TestContext } from '../../test/test-context';
import { submissionFixtures } from './submissions.fixtures';

/**
 * The machine side of submissions (issue 11 item 10): a script holding a personal API token
 * submits rows as JSON with an Idempotency-Key, reads the submission's status and rows, and looks
 * a code up, all through the documented API and nothing else.
 */

let ctx: TestContext;
let fixtures: Awaited<ReturnType<typeof submissionFixtures>>;
let secret: string;

/** A cookie-less client authenticated by a personal API token, as a script would be. */
function machine(token: string) {
  const app = supertest(ctx.app);
  const auth = { Authorization: `Bearer ${token}` };
  return {
    submit: (templateId: number, rows: unknown[], key?: string) => {
      const req = app.post('/api/v1/account/submissions').set(auth);
      if (key) req.set('Idempotency-Key', key);
      return req.send({ template_id: templateId, name: 'Nightly feed', rows });
    },
    status: (id: number) => app.get(`/api/v1/account/submissions/${id}`).set(auth),
    lookup: (code: string) => app.get('/api/v1/account/submissions/lookup').query({ code }).set(auth),
    query: (datasetId: number, body: object) =>
      app.post(`/api/core/v1/datasets/${datasetId}/query`).set(auth).send(body),
  };
}

async function tokenOf(agent: Awaited<ReturnType<typeof signIn>>): Promise<string> {
  const res = await agent.post('/api/v1/account/api-tokens').send({ name: 'Feed', expires_in_days: 7 });
  expect(res.status).toBe(201);
  return res.body.secret;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const account = await createAccount(ctx);
  const admin = await signIn(ctx, account.admin.email);
  fixtures = await submissionFixtures(admin);
  secret = await tokenOf(admin);
});
afterAll(() => ctx.close());

describe('machine submissions with a personal API token', () => {
  it('submits rows as JSON and reads the submission’s status and rows with their codes', async () => {
    const t = await fixtures.makeTemplate();
    const bot = machine(secret);
    const sent = await bot.submit(t.id, [
      fixtures.row(t.fields, 'spring'),
      fixtures.row(t.fields, 'autumn', 'Americas', 'brazil'),
    ]);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ status: 'Submitted', row_count: 2, dataset_id: t.datasetId });
    const status = await bot.status(sent.body.id);
    expect(status.status).toBe(200);
    expect(status.body.status).toBe('Submitted');
    expect(status.body.rows.map((r: { data: Record<string, string> }) => r.data[t.fields.code!])).toEqual([
      'spring_0001',
      'autumn_0002',
    ]);
    expect(status.body.rows[1].data[t.fields.Country!]).toBe('Brazil');
  });

  it('refuses a bad row naming row and field, storing nothing', async () => {
    const t = await fixtures.makeTemplate();
    const bot = machine(secret);
    const refused = await bot.submit(t.id, [fixtures.row(t.fields, 'x', 'Atlantis')], 'bad-1');
    expect(refused.status).toBe(400);
    expect(refused.body.issues[0].path).toBe(`body.rows.0.${t.fields.Region}`);
    const next = await bot.submit(t.id, [fixtures.row(t.fields, 'y')]);
    const status = await bot.status(next.body.id);
    expect(status.body.rows[0].data[t.fields.code!]).toBe('y_0001');
  });

  it('answers a repeated Idempotency-Key with the first result and issues no new numbers', async () => {
    const t = await fixtures.makeTemplate();
    const bot = machine(secret);
    const rows = [fixtures.row(t.fields, 'a'), fixtures.row(t.fields, 'b')];
    const first = await bot.submit(t.id, rows, 'feed-2026-11-23');
    const again = await bot.submit(t.id, rows, 'feed-2026-11-23');
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect((await bot.submit(t.id, [fixtures.row(t.fields, 'c')], 'feed-2026-11-23')).status).toBe(409);
    const next = await bot.submit(t.id, [fixtures.row(t.fields, 'c')], 'feed-2026-11-24');
    const status = await bot.status(next.body.id);
    expect(status.body.rows[0].data[t.fields.code!]).toBe('c_0003');
  });

  it('looks a code up: which submission and which row made it', async () => {
    const t = await fixtures.makeTemplate();
    const bot = machine(secret);
    const sent = await bot.submit(t.id, [fixtures.row(t.fields, 'lookup'), fixtures.row(t.fields, 'other')]);
    const found = await bot.lookup('other_0002');
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.code).toBe('other_0002');
    expect(found.body.matches).toHaveLength(1);
    expect(found.body.matches[0]).toMatchObject({
      submission: { id: sent.body.id, template_id: t.id, status: 'Submitted' },
      template_field_id: t.fields.code,
      row: { row_number: 1 },
    });
    expect(found.body.matches[0].row.data[t.fields.Campaign!]).toBe('other');
    expect((await bot.lookup('never_issued')).status).toBe(404);
    expect((await bot.lookup('')).status).toBe(400);
  });

  it('answers 404 to another account’s token for the submission, the code, the dataset and the template', async () => {
    const t = await fixtures.makeTemplate();
    const sent = await machine(secret).submit(t.id, [fixtures.row(t.fields, 'private')]);
    const other = await createAccount(ctx);
    const stranger = machine(await tokenOf(await signIn(ctx, other.admin.email)));
    expect((await stranger.status(sent.body.id)).status).toBe(404);
    expect((await stranger.lookup('private_0001')).status).toBe(404);
    expect((await stranger.query(t.datasetId, {})).status).toBe(404);
    expect((await stranger.submit(t.id, [fixtures.row(t.fields, 'x')])).status).toBe(404);
  });

  it('is documented in the API reference: bearer tokens and the Idempotency-Key header', async () => {
    const doc = (await supertest(ctx.app).get('/api/docs/openapi.json')).body;
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const create = doc.paths['/api/v1/account/submissions'].post;
    expect(create.parameters).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }),
    );
    expect(create.security).toContainEqual({ apiToken: [] });
    expect(doc.paths['/api/v1/account/submissions/lookup'].get.parameters).toContainEqual(
      expect.objectContaining({ name: 'code', in: 'query', required: true }),
    );
    expect(doc.paths['/api/v1/account/api-tokens'].post.security).toEqual([{ session: [] }]);
  });
});
