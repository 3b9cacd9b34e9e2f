import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SubmissionLinkChecks } from '@nomen/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type JobRuntime, startJobs } from '../../jobs/index';
import {
  createAccount,
  createTestContext,
  signIn,
  type TestAccount,
  type TestContext,
} from '../../test/test-context';

/**
 * Link checks (issue 12 item 6): a submission entering the dataset through a template whose link
 * drawer has link validations queues a `link-check` job that fetches each distinct link from a
 * local HTTP server (tag present, tag absent, 404, redirect) and stores the results per row, read
 * through GET /api/v1/account/submissions/{id}/link-checks.
 */

let ctx: TestContext;
let account: TestAccount;
let admin: Awaited<ReturnType<typeof signIn>>;
let jobs: JobRuntime;
let site: Server;
let base: string;
const hits = new Map<string, number>();

const TAGGED = `<html><head>
<script src="https://assets.adobedtm.com/acme/launch-EN12ab.min.js"></script>
<script>var s_account = "acmeprod"; var s = s_gi(s_account);</script>
<script async src="https://www.googletagmanager.com/gtag/js?id=G-TEST1234"></script>
<script>gtag('config', 'G-TEST1234');</script>
</head><body>Spring</body></html>`;

beforeAll(async () => {
  site = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === '/tagged') res.writeHead(200, { 'content-type': 'text/html' }).end(TAGGED);
    else if (path === '/plain')
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>No tags here</p>');
    else if (path === '/moved') res.writeHead(302, { location: '/tagged?from=moved' }).end();
    else res.writeHead(404, { 'content-type': 'text/html' }).end(TAGGED);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  ctx = await createTestContext({ LINK_CHECKS_ALLOW_PRIVATE_NETWORKS: 'true', JOB_POLL_SECONDS: '0.5' });
  account = await createAccount(ctx, ['approval']);
  await ctx.deps.db
    .updateTable('accounts')
    // One admin submits and approves: a one-admin account allows self-approval.
    .set({ settings: JSON.stringify({ allow_approval: true, allow_self_approval: true }) })
    .where('id', '=', account.id)
    .execute();
  admin = await signIn(ctx, account.admin.email);
  jobs = await startJobs(ctx.deps, ctx.handle, ctx.deps.config.jobs, { work: true });
  ctx.deps.jobs = jobs;
});

afterAll(async () => {
  await jobs?.stop();
  await ctx?.close();
  await new Promise((resolve) => site?.close(resolve));
});

type SignedIn = Awaited<ReturnType<typeof signIn>>;

const VALIDATIONS = [
  {
    slug: 'adobe_analytics',
    uuid: 'aa000000-0000-4000-8000-000000000001',
    options: {
      aa_pixel_exists: { enabled: true, metadata: {} },
      aa_correct_report_suite: {
        enabled: true,
        metadata: { report_suite_mode: 'explore', expected_report_suite_id: 'acmeprod' },
      },
    },
  },
  {
    slug: 'google_analytics',
    uuid: 'ga000000-0000-4000-8000-000000000002',
    options: {
      ga_pixel_exists: { enabled: true, metadata: {} },
      ga_correct_property: { enabled: false, metadata: {} },
    },
  },
];

/** Saves a template with a text field and a link field carrying `validations`; answers its id and the field ids. */
async function linkTemplate(agent: SignedIn, validations: unknown[], approvers?: number[]) {
  const tag = Math.random().toString(36).slice(2, 8);
  const set = await agent.put('/api/v1/account/fieldsets').send({
    name: `Link check fields ${tag}`,
    fields: [{ id: 'TEMP_c', name: 'Campaign', governance_type: 'text', validation: { characters: 'any' } }],
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const campaign = set.body.fieldset.fields[0];
  const folder = await agent.put('/api/v1/account/folder').send({ name: `Links ${tag}`, description: '' });
  expect(folder.status).toBe(200);
  const saved = await agent.put('/api/v1/account/template/').send({
    name: `Link checks ${tag}`,
    folder_id: folder.body.folder.id,
    fieldsets: [set.body.fieldset.id],
    template_fields: [
      {
        id: 'TEMP_f0',
        field_id: campaign.id,
        field: {
          id: campaign.id,
          name: 'Campaign',
          governance_type: 'text',
          fieldset_id: set.body.fieldset.id,
        },
        precedence: 0,
        governance_type: 'text',
      },
      {
        id: 'TEMP_link',
        field_id: 'TEMP_linkfield',
        field: { id: 'TEMP_linkfield', name: 'Landing page', governance_type: 'link' },
        precedence: 1,
        governance_type: 'link',
      },
      {
        id: 'TEMP_id',
        field_id: 'TEMP_idfield',
        field: { id: 'TEMP_idfield', name: 'ID', governance_type: 'cv_id' },
        precedence: 2,
        governance_type: 'cv_id',
        visible_on_form: false,
      },
    ],
    validations,
    settings: { require_identifier: 0, require_approval: approvers ? 1 : 0, enable_auto_submit: 0 },
    approvers: approvers ?? [],
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const got = await agent.get(`/api/v1/account/template/${saved.body.id}`);
  const fields = got.body.template_fields as { id: number; governance_type: string }[];
  return {
    id: saved.body.id as number,
    campaign: fields.find((f) => f.governance_type === 'text')!.id,
    link: fields.find((f) => f.governance_type === 'link')!.id,
    cvId: fields.find((f) => f.governance_type === 'cv_id')!.id,
  };
}

async function submitLinks(
  agent: SignedIn,
  template: Awaited<ReturnType<typeof linkTemplate>>,
  links: string[],
) {
  const res = await agent.post('/api/v1/account/submissions').send({
    template_id: template.id,
    name: `Links ${Math.random().toString(36).slice(2, 6)}`,
    rows: links.map((link, i) => ({ [template.campaign]: `Campaign ${i}`, [template.link]: link })),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

/** Waits until every link of the submission is checked; answers the endpoint's body. */
function checkedLinks(agent: SignedIn, submissionId: number): Promise<SubmissionLinkChecks> {
  return vi.waitFor(
    async () => {
      const res = await agent.get(`/api/v1/account/submissions/${submissionId}/link-checks`);
      expect(res.status).toBe(200);
      const body = res.body as SubmissionLinkChecks;
      expect(body.data.length).toBeGreaterThan(0);
      for (const link of body.data) expect(link.status, link.url).toBe('Checked');
      return body;
    },
    { timeout: 30_000, interval: 200 },
  );
}

describe('link checks of a submission', () => {
  it('fetches each distinct link once and stores its results per row: tag present, absent, 404, redirect', async () => {
    const template = await linkTemplate(admin, VALIDATIONS);
    const links = [`${base}/tagged`, `${base}/plain`, `${base}/missing`, `${base}/moved`, `${base}/tagged`];
    const id = await submitLinks(admin, template, links);
    const body = await checkedLinks(admin, id);
    expect(body.validations_configured).toBe(true);
    expect(body.data.map((l) => [l.url, l.row_numbers])).toEqual([
      [`${base}/tagged`, [0, 4]],
      [`${base}/plain`, [1]],
      [`${base}/missing`, [2]],
      [`${base}/moved`, [3]],
    ]);
    const byUrl = (path: string) => body.data.find((l) => l.url === `${base}${path}`)!;
    const summary = (path: string) => byUrl(path).results.map((r) => [r.option, r.ok]);

    expect(summary('/tagged')).toEqual([
      ['page_reachable', true],
      ['aa_pixel_exists', true],
      ['aa_correct_report_suite', true],
      ['ga_pixel_exists', true],
    ]);
    expect(byUrl('/tagged').checked_at).not.toBeNull();
    expect(
      byUrl('/plain')
        .results.filter((r) => !r.ok)
        .map((r) => r.message),
    ).toEqual([
      'No Adobe Analytics tag found on the page',
      'No report suite found on the page; expected acmeprod',
      'No Google Analytics tag found on the page',
    ]);
    expect(byUrl('/missing').results[0]).toEqual({
      validation: 'page',
      option: 'page_reachable',
      ok: false,
      message: `The page answered 404 at ${base}/missing`,
    });
    expect(
      byUrl('/missing')
        .results.slice(1)
        .every((r) => !r.ok),
    ).toBe(true);
    expect(summary('/moved')).toEqual(summary('/tagged'));
    // /tagged once for its two rows, once more through the redirect.
    expect(hits.get('/tagged')).toBe(2);
    expect(hits.get('/moved')).toBe(1);

    // Stored per submission row.
    const stored = await ctx.deps.db
      .selectFrom('link_checks')
      .select(['row_number', 'url', 'checked_at'])
      .where('submission_id', '=', id)
      .orderBy('row_number')
      .execute();
    expect(stored.map((r) => [r.row_number, r.url])).toEqual(links.map((l, i) => [i, l]));
    expect(stored.every((r) => r.checked_at !== null)).toBe(true);
  });

  it('checks a Pending submission’s links only once it is approved', async () => {
    const template = await linkTemplate(admin, VALIDATIONS, [account.admin.id]);
    const res = await admin.post('/api/v1/account/submissions').send({
      template_id: template.id,
      name: 'Needs approval',
      rows: [{ [template.campaign]: 'Spring', [template.link]: `${base}/plain?approval=1` }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.status).toBe('Pending');
    const before = await admin.get(`/api/v1/account/submissions/${res.body.id}/link-checks`);
    expect(before.body).toEqual({ validations_configured: true, data: [] });
    const approved = await admin.post(`/api/v1/account/submissions/${res.body.id}/approve`).send({});
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const body = await checkedLinks(admin, res.body.id);
    expect(body.data.map((l) => [l.url, l.results.filter((r) => !r.ok).length])).toEqual([
      [`${base}/plain?approval=1`, 3],
    ]);
  });

  it('checks an edited link again and answers only the current rows', async () => {
    const template = await linkTemplate(admin, VALIDATIONS);
    const id = await submitLinks(admin, template, [`${base}/missing?edit=1`, `${base}/plain?edit=1`]);
    await checkedLinks(admin, id);
    const detail = await admin.get(`/api/v1/account/submissions/${id}`);
    expect(detail.status).toBe(200);
    const first = (detail.body.rows as { row_number: number; cv_id: string }[]).find(
      (r) => r.row_number === 0,
    )!;
    const edited = await admin.post(`/api/v1/account/submissions/${id}/edit`).send({
      rows: [{ [template.cvId]: first.cv_id, [template.link]: `${base}/tagged?edit=1` }],
      updated_at: detail.body.updated_at,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const body = await checkedLinks(admin, id);
    expect(body.data.map((l) => [l.url, l.row_numbers, l.results.every((r) => r.ok)])).toEqual([
      [`${base}/tagged?edit=1`, [0], true],
      [`${base}/plain?edit=1`, [1], false],
    ]);
  });

  it('a template without link validations stores no checks and says so', async () => {
    const template = await linkTemplate(admin, []);
    const id = await submitLinks(admin, template, [`${base}/tagged`]);
    const res = await admin.get(`/api/v1/account/submissions/${id}/link-checks`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ validations_configured: false, data: [] });
  });

  it("answers 404 for another account's submission and 400 for a bad id", async () => {
    const template = await linkTemplate(admin, VALIDATIONS);
    const id = await submitLinks(admin, template, [`${base}/plain`]);
    const other = await createAccount(ctx);
    const stranger = await signIn(ctx, other.admin.email);
    expect((await stranger.get(`/api/v1/account/submissions/${id}/link-checks`)).status).toBe(404);
    const bad = await admin.get('/api/v1/account/submissions/abc/link-checks');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('id');
  });
});
