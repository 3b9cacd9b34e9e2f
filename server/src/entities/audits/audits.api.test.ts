import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type MetaAdObjectSeed, MetaStandin } from '../../../../tests/standins/meta';
import { queueDueAudits } from '../../jobs/audits/audit-queue';
import { insertOAuthConnector } from '../../test/connectors';
import { type JobsContext, startJobsContext } from '../../test/jobs-context';
import {
  createAccount,
  createUser,
  type SignedIn,
  signIn,
  type TestAccount,
  type TestContext,
} from '../../test/test-context';
import { type AuditTemplate, auditTemplate, CHANNELS, REGIONS } from './audits.fixtures';

/**
 * Audits of what is live (README "Audits") against the Meta Marketing API stand-in: 1,000 ad
 * creatives with a known number of violations of each kind give exactly those counts, reasons and
 * suggestions; an accepted exception counts as compliant in the next run; the digest reaches the
 * SMTP peer; a daily audit runs when its time comes; "Fix" makes a submission whose approval renames
 * the creatives on the platform; the setup refuses what does not fit, naming the field.
 */

/** How many creatives of each kind the stand-in holds (1,000 in all). */
const KINDS = {
  compliant: 700,
  region: 60, // 'Emea': not in Regions, did you mean 'EMEA'
  channel: 40, // 'Socail': not in Channels, did you mean 'Social'
  date: 50, // 20260230
  short: 25, // 'EMEA_Social': the name ends before segment Campaign
  shape: 25, // 'EMEA_Social_Spring_March': the date has the wrong shape
  noCampaign: 50, // url_tags without utm_campaign
  source: 30, // utm_source=facebook
  both: 20, // 'Emea' and no utm_campaign
};

function creatives(): MetaAdObjectSeed[] {
  const out: MetaAdObjectSeed[] = [];
  let n = 0;
  const add = (kind: keyof typeof KINDS, make: (i: number) => { name: string; url_tags: string }) => {
    for (let i = 0; i < KINDS[kind]; i++, n++)
      out.push({ id: String(900_000 + n), status: 'ACTIVE', ...make(n) });
  };
  const good = (i: number) => `${REGIONS[i % 4]}_${CHANNELS[i % 4]}_Spring ${i}_20260301`;
  const tags = (name: string, source = CHANNELS[0]!) =>
    `utm_source=${encodeURIComponent(source)}&utm_campaign=${encodeURIComponent(name)}`;
  add('compliant', (i) => ({ name: good(i), url_tags: tags(good(i), CHANNELS[i % 4]) }));
  add('region', (i) => ({ name: `Emea_Social_Spring ${i}_20260301`, url_tags: tags('x') }));
  add('channel', (i) => ({ name: `EMEA_Socail_Spring ${i}_20260301`, url_tags: tags('x') }));
  add('date', (i) => ({ name: `EMEA_Social_Spring ${i}_20260230`, url_tags: tags('x') }));
  add('short', () => ({ name: 'EMEA_Social', url_tags: tags('x') }));
  add('shape', () => ({ name: 'EMEA_Social_Spring_March', url_tags: tags('x') }));
  add('noCampaign', (i) => ({ name: good(i), url_tags: 'utm_source=Social' }));
  add('source', (i) => ({ name: good(i), url_tags: tags(good(i), 'facebook') }));
  add('both', (i) => ({ name: `Emea_Search_Spring ${i}_20260301`, url_tags: 'utm_source=Search' }));
  return out;
}

const meta = new MetaStandin({
  validTokens: ['fb-audit'],
  me: { id: '1', name: 'Acme bot' },
  adAccounts: [{ account_id: '4242', name: 'Acme Retail', objects: { adcreatives: creatives() } }],
});

let running: JobsContext;
let ctx: TestContext;
let account: TestAccount;
let admin: SignedIn;
let connectorId: number;
let template: AuditTemplate;

beforeAll(async () => {
  running = await startJobsContext({
    peers: [meta],
    env: () => ({ META_GRAPH_API_URL: meta.graphUrl }),
    retryLimit: 1,
  });
  ({ ctx, account, admin } = running);
  connectorId = await insertOAuthConnector(ctx, {
    accountId: account.id,
    type: 'facebook-marketing',
    accessToken: 'fb-audit',
    name: 'Acme Meta',
    scope: 'ads_management',
  });
  template = await auditTemplate(admin, { metaConnectorId: connectorId, adAccount: 'act_4242' });
}, 60_000);

afterAll(() => running?.close());

/** Saves an audit of the stand-in's creatives with `extra` over the defaults; answers it. */
async function saveAudit(extra: Record<string, unknown> = {}) {
  const res = await admin.put('/api/v1/account/audits').send({
    name: `Creatives ${Math.random().toString(36).slice(2, 6)}`,
    connector_id: connectorId,
    slug: 'facebook-marketing-inbound',
    data_type: 'ad_creatives',
    settings: { adAccountsLinked: 'act_4242' },
    template_id: template.id,
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.audit as { id: number; updated_at: string };
}

/** Runs an audit now and waits until the run has ended; answers the run with its breakdowns. */
async function runAndWait(auditId: number) {
  const started = await admin.post(`/api/v1/account/audits/${auditId}/run`);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return endedRun(started.body.run.id);
}

async function endedRun(runId: number) {
  return vi.waitFor(
    async () => {
      const res = await admin.get(`/api/v1/account/audit-runs/${runId}`);
      expect(res.status).toBe(200);
      expect(['Success', 'Failed'], JSON.stringify(res.body.run)).toContain(res.body.run.status);
      return res.body.run;
    },
    { timeout: 60_000, interval: 200 },
  );
}

async function findings(runId: number, query = '') {
  const res = await admin.get(`/api/v1/account/audit-runs/${runId}/findings?limit=500${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    data: {
      object_id: string;
      name: string;
      verdict: string;
      reasons: { kind: string; message: string }[];
      suggested_name: string | null;
      suggested_url: string | null;
    }[];
    total: number;
  };
}

describe('an audit of 1,000 live ad creatives', () => {
  it('counts exactly the violations of each kind, with their reasons and suggested names', async () => {
    const audit = await saveAudit({ recipients: ['ops@acme.test'] });
    const run = await runAndWait(audit.id);
    expect(run).toMatchObject({
      status: 'Success',
      objects: 1000,
      compliant: 700,
      violations: 300,
      exceptions: 0,
    });
    expect(run.score).toBeCloseTo(0.7, 10);
    expect(run.reason_counts).toEqual({
      not_in_list: KINDS.region + KINDS.channel + KINDS.both,
      invalid_date: KINDS.date,
      too_short: KINDS.short,
      no_match: KINDS.shape,
      missing_parameter: KINDS.noCampaign + KINDS.both,
      disallowed_value: KINDS.source,
    });
    expect(run.breakdown.platform).toEqual([{ key: 'Meta', objects: 1000, compliant: 700 }]);
    expect(run.breakdown.account).toEqual([{ key: 'act_4242', objects: 1000, compliant: 700 }]);

    const all = await findings(run.id);
    expect(all.total).toBe(300);
    const byName = (name: string) => all.data.find((f) => f.name === name)!;
    expect(byName('Emea_Social_Spring 700_20260301')).toMatchObject({
      verdict: 'violation',
      suggested_name: 'EMEA_Social_Spring 700_20260301',
    });
    expect(byName('Emea_Social_Spring 700_20260301').reasons[0]!.message).toMatch(
      /^Segment Region: 'Emea' is not in Regions \w+; did you mean 'EMEA'\?$/,
    );
    expect(byName('EMEA_Socail_Spring 760_20260301').suggested_name).toBe('EMEA_Social_Spring 760_20260301');
    expect(byName('EMEA_Social_Spring 800_20260230').reasons[0]!.message).toBe(
      "Segment Launch: '20260230' is not a valid date",
    );
    const noCampaign = all.data.find((f) => f.object_id === String(900_000 + 900))!;
    expect(noCampaign.reasons).toEqual([{ kind: 'missing_parameter', message: 'missing utm_campaign' }]);
    expect(noCampaign.suggested_url).toBe(
      `utm_source=Social&utm_campaign=${encodeURIComponent(noCampaign.name).replace(/%20/g, '+')}`,
    );
    const source = all.data.find((f) => f.object_id === String(900_000 + 950))!;
    expect(source.reasons.map((r) => r.message)).toEqual([
      expect.stringMatching(/^utm_source: 'facebook' is not in Channels/),
    ]);
    const filtered = await findings(run.id, '&reason=disallowed_value');
    expect(filtered.total).toBe(KINDS.source);

    // The digest reached the SMTP peer: score, change, top ten, link.
    const mail = await vi.waitFor(() => {
      const found = ctx.mails.find((m) => m.to === 'ops@acme.test' && m.subject.includes('70.0%'));
      expect(found).toBeDefined();
      return found!;
    });
    expect(mail.text).toContain('70.0% compliant (first run)');
    expect(mail.text).toContain('Top 10 violations:');
    expect(mail.text.split('\n').filter((l) => /^\d+\. /.test(l))).toHaveLength(10);
    expect(mail.text).toContain(`/admin/audits/${audit.id}?run=${run.id}`);

    // An accepted exception counts as compliant from the next run on; the digest tells the change.
    const accepted = await admin
      .put(`/api/v1/account/audits/${audit.id}/exceptions`)
      .send({ object_id: String(900_000 + 820), comment: 'Launch date kept on purpose' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const again = await runAndWait(audit.id);
    expect(again).toMatchObject({ objects: 1000, compliant: 700, violations: 299, exceptions: 1 });
    const exceptions = await findings(again.id, '&verdict=exception');
    expect(exceptions.data).toEqual([
      expect.objectContaining({
        object_id: String(900_820),
        verdict: 'exception',
        exception_comment: 'Launch date kept on purpose',
      }),
    ]);
    await vi.waitFor(() =>
      expect(
        ctx.mails.some((m) => m.to === 'ops@acme.test' && m.text.includes('+0.1 points since the last run')),
      ).toBe(true),
    );

    // Trend and list.
    const page = await admin.get(`/api/v1/account/audits/${audit.id}`);
    expect(page.body.runs.map((r: { score: number }) => r.score)).toEqual([0.7, 0.701]);
    const list = await admin.get('/api/v1/account/audits');
    expect(list.body.data.find((a: { id: number }) => a.id === audit.id)).toMatchObject({
      last_run: { id: again.id },
      previous_score: 0.7,
    });
  }, 120_000);

  it('downloads the findings as CSV and XLSX', async () => {
    const audit = await saveAudit({ filters: { name_contains: 'Socail' } });
    const run = await runAndWait(audit.id);
    expect(run).toMatchObject({ objects: KINDS.channel, violations: KINDS.channel });
    const csv = await admin.get(`/api/v1/account/audit-runs/${run.id}/download?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(KINDS.channel + 1);
    expect(lines[0]).toBe(
      'Object ID,Name,URL,Platform,Account,Campaign,Owner,Verdict,Reasons,Suggested name,Suggested URL,Exception comment',
    );
    expect(lines[1]).toContain('EMEA_Social_Spring 760_20260301');
    const xlsx = await admin
      .get(`/api/v1/account/audit-runs/${run.id}/download?format=xlsx`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(xlsx.status).toBe(200);
    expect((xlsx.body as Buffer).subarray(0, 2).toString()).toBe('PK');
  }, 60_000);
});

describe('a run that cannot read the platform', () => {
  it('ends Failed at once naming the account to reconnect when Graph refuses its token', async () => {
    const revoked = await insertOAuthConnector(ctx, {
      accountId: account.id,
      type: 'facebook-marketing',
      accessToken: 'fb-revoked',
      name: 'Revoked Meta',
      scope: 'ads_management',
    });
    const audit = await saveAudit({ connector_id: revoked });
    const run = await runAndWait(audit.id);
    expect(run).toMatchObject({ status: 'Failed', objects: 0, score: null });
    expect(run.message).toContain('"Revoked Meta"');
    expect(run.message).toContain('reconnect it in Connected accounts');
  });
});

describe('scheduled audits', () => {
  it('a daily audit runs when its day has come, not before', async () => {
    const audit = await saveAudit({ schedule: 'daily', filters: { name_contains: 'Spring_March' } });
    const before = await admin.get(`/api/v1/account/audits/${audit.id}`);
    expect(before.body.audit.next_run_at).not.toBeNull();
    const due = Date.parse(before.body.audit.next_run_at);
    expect(due - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    await queueDueAudits(ctx.deps.db, new Date(due - 60_000));
    expect((await admin.get(`/api/v1/account/audits/${audit.id}`)).body.runs).toEqual([]);
    await queueDueAudits(ctx.deps.db, new Date(due + 1000));
    running.jobs.nudge();
    const queued = (await admin.get(`/api/v1/account/audits/${audit.id}`)).body.runs;
    expect(queued).toHaveLength(1);
    expect(queued[0].trigger).toBe('schedule');
    const run = await endedRun(queued[0].id);
    expect(run).toMatchObject({ status: 'Success', objects: KINDS.shape, violations: KINDS.shape });
    const after = await admin.get(`/api/v1/account/audits/${audit.id}`);
    expect(Date.parse(after.body.audit.next_run_at)).toBe(due + 24 * 3600_000);
    // The same sweep again queues nothing more.
    expect(await queueDueAudits(ctx.deps.db, new Date(due + 2000))).toBe(0);
  }, 60_000);
});

describe('fix', () => {
  it('sends violations into a pending submission whose approval renames the creatives on the platform', async () => {
    const settings = await admin.get('/api/v1/account/settings');
    const on = await admin.put('/api/v1/account/settings').send({
      settings: { ...settings.body.settings, allow_approval: true },
      features: { approval: true },
      updated_at: settings.body.updated_at,
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const approverUser = await createUser(ctx, account.id, { role: 'ADMIN', name: 'Ann Approver' });
    const approver = await signIn(ctx, approverUser.email);
    const approved = await auditTemplate(admin, {
      metaConnectorId: connectorId,
      adAccount: 'act_4242',
      approvers: [approverUser.id],
    });
    const audit = await saveAudit({
      template_id: approved.id,
      filters: { name_contains: 'Socail_Spring 761_' },
    });
    const run = await runAndWait(audit.id);
    expect(run).toMatchObject({ objects: 1, violations: 1 });
    const fixed = await admin.post(`/api/v1/account/audit-runs/${run.id}/fix`).send({});
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body.rows).toBe(1);
    const submission = await admin.get(`/api/v1/account/submissions/${fixed.body.submission_id}`);
    expect(submission.body).toMatchObject({ status: 'Pending', row_count: 1 });
    expect(submission.body.rows[0].data[approved.fields.code!]).toBe('EMEA_Social_Spring 761_20260301');
    expect(meta.find('900761')!.item.name).toBe('EMEA_Socail_Spring 761_20260301');
    const decision = await approver
      .post(`/api/v1/account/submissions/${fixed.body.submission_id}/approve`)
      .send({});
    expect(decision.status, JSON.stringify(decision.body)).toBe(200);
    await vi.waitFor(() => expect(meta.find('900761')!.item.name).toBe('EMEA_Social_Spring 761_20260301'), {
      timeout: 30_000,
      interval: 200,
    });
    const after = await admin.get(`/api/v1/account/audits/${audit.id}`);
    expect(after.body.audit.last_run.submission_id).toBe(fixed.body.submission_id);
    // Running the audit again finds the creative fixed.
    expect(await runAndWait(audit.id)).toMatchObject({ objects: 0 });
  }, 60_000);
});

describe('setup', () => {
  it('refuses what does not fit, naming the field; other accounts and readers get 404 and 403', async () => {
    const bad = (body: Record<string, unknown>) =>
      admin.put('/api/v1/account/audits').send({
        name: 'Bad',
        connector_id: connectorId,
        slug: 'facebook-marketing-inbound',
        data_type: 'ad_creatives',
        template_id: template.id,
        ...body,
      });
    const dataType = await bad({ data_type: 'keywords' });
    expect(dataType.status).toBe(400);
    expect(JSON.stringify(dataType.body)).toContain('data_type');
    const wrongType = await bad({ slug: 'tiktok-inbound', data_type: 'ads' });
    expect(wrongType.status).toBe(400);
    expect(JSON.stringify(wrongType.body)).toContain('connector_id');
    const noTemplate = await bad({ template_id: 999_999 });
    expect(noTemplate.status).toBe(400);
    expect(JSON.stringify(noTemplate.body)).toContain('template_id');
    const badSchedule = await bad({ schedule: 'hourly' });
    expect(badSchedule.status).toBe(400);
    expect(JSON.stringify(badSchedule.body)).toContain('schedule');

    const audit = await saveAudit();
    const stale = await admin.put('/api/v1/account/audits').send({
      ...(await admin.get(`/api/v1/account/audits/${audit.id}`)).body.audit,
      updated_at: '2020-01-01T00:00:00.000Z',
    });
    expect(stale.status).toBe(409);

    // Another account sees none of it: its ids answer 404, its connected accounts are not offered.
    const other = await createAccount(ctx);
    const stranger = await signIn(ctx, other.admin.email);
    const run = await runAndWait(audit.id);
    expect((await stranger.get(`/api/v1/account/audits/${audit.id}`)).status).toBe(404);
    expect((await stranger.post(`/api/v1/account/audits/${audit.id}/run`)).status).toBe(404);
    expect((await stranger.get(`/api/v1/account/audit-runs/${run.id}/findings`)).status).toBe(404);
    expect((await stranger.get(`/api/v1/account/audit-runs/${run.id}/download`)).status).toBe(404);
    expect((await stranger.post(`/api/v1/account/audit-runs/${run.id}/fix`).send({})).status).toBe(404);
    expect(
      (
        await stranger
          .put(`/api/v1/account/audits/${audit.id}/exceptions`)
          .send({ object_id: '1', comment: 'x' })
      ).status,
    ).toBe(404);
    const borrowed = await stranger.put('/api/v1/account/audits').send({
      name: 'Borrowed',
      connector_id: connectorId,
      slug: 'facebook-marketing-inbound',
      data_type: 'ad_creatives',
      template_id: template.id,
    });
    expect(borrowed.status).toBe(400);
    expect(JSON.stringify(borrowed.body)).toContain('connector_id');
    expect((await stranger.get('/api/v1/account/audits')).body.data).toEqual([]);

    const reader = await createUser(ctx, account.id, { role: 'MANAGER', permissions: ['access_reports'] });
    const readerAgent = await signIn(ctx, reader.email);
    expect((await readerAgent.get(`/api/v1/account/audits/${audit.id}`)).status).toBe(200);
    expect((await readerAgent.post(`/api/v1/account/audits/${audit.id}/run`)).status).toBe(403);
    expect((await admin.get('/api/v1/account/audits/999999')).status).toBe(404);
    const deleted = await admin.post('/api/v1/account/audits/bulk/delete').send({ audit_ids: [audit.id] });
    expect(deleted.status).toBe(200);
    expect((await admin.get(`/api/v1/account/audits/${audit.id}`)).status).toBe(404);
  });
});

describe('setup with manage_audits alone', () => {
  it("offers the account's templates with their pattern fields and its ad platform accounts, never another account's", async () => {
    const other = await createAccount(ctx);
    const stranger = await signIn(ctx, other.admin.email);
    const foreignConnector = await insertOAuthConnector(ctx, {
      accountId: other.id,
      type: 'facebook-marketing',
      accessToken: 'fb-foreign',
      name: 'Foreign Meta',
      scope: 'ads_management',
    });
    const foreignTemplate = await auditTemplate(stranger);

    const auditor = await createUser(ctx, account.id, { role: 'MANAGER', permissions: ['manage_audits'] });
    const agent = await signIn(ctx, auditor.email);
    // The lists the form used to read are not theirs to read.
    expect((await agent.get('/api/v1/account/template')).status).toBe(403);

    const choices = await agent.get('/api/v1/account/audits/choices');
    expect(choices.status, JSON.stringify(choices.body)).toBe(200);
    expect(choices.body.connectors).toContainEqual({
      id: connectorId,
      name: 'Acme Meta',
      type_slug: 'facebook-marketing',
      type: expect.any(String),
    });
    const offered = choices.body.templates.find((t: { id: number }) => t.id === template.id);
    expect(offered.pattern_fields).toEqual([{ id: template.patternFieldId, name: expect.any(String) }]);
    expect(JSON.stringify(choices.body)).not.toContain('fb-audit');
    const ids = (list: { id: number }[]) => list.map((c) => c.id);
    expect(ids(choices.body.connectors)).not.toContain(foreignConnector);
    expect(ids(choices.body.templates)).not.toContain(foreignTemplate.id);
    const theirs = await stranger.get('/api/v1/account/audits/choices');
    expect(ids(theirs.body.connectors)).toEqual([foreignConnector]);
    expect(ids(theirs.body.templates)).toEqual([foreignTemplate.id]);

    const created = await agent.put('/api/v1/account/audits').send({
      name: 'Set up by the auditor',
      connector_id: connectorId,
      slug: 'facebook-marketing-inbound',
      data_type: 'ad_creatives',
      template_id: template.id,
      pattern_field_id: offered.pattern_fields[0].id,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.audit).toMatchObject({
      connector_name: 'Acme Meta',
      pattern_field_id: template.patternFieldId,
    });

    const reader = await createUser(ctx, account.id, { role: 'MANAGER', permissions: ['access_reports'] });
    expect((await (await signIn(ctx, reader.email)).get('/api/v1/account/audits/choices')).status).toBe(403);
  });
});
