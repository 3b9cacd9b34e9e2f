import { generateKeyPairSync } from 'node:crypto';
import { addFieldsetFields, addLinkField, newTemplate, type TemplateField } from '@nomen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BitlyStandin } from '../../../tests/standins/bitly';
import { BoxStandin } from '../../../tests/standins/box';
import { GcsStandin } from '../../../tests/standins/google-cloud-storage';
import { QrCodeMonkeyStandin } from '../../../tests/standins/qr-code-monkey';
import { SnowflakeStandin } from '../../../tests/standins/snowflake';
import { insertOAuthConnector } from '../test/connectors';
import { endedRuns, offsetFieldIds, outbound } from '../test/integration-runs-fixtures';
import { type JobsContext, startJobsContext } from '../test/jobs-context';
import {
  createAccount,
  type SignedIn,
  signIn,
  type TestAccount,
  type TestContext,
} from '../test/test-context';

/**
 * Outbound integrations to providers that cannot run here (issue 12 item 4), each reached by its
 * typed client through its configured base URL and checked against a local stand-in that follows
 * the provider's published reference (tests/standins): Google Cloud Storage (and Google's token
 * endpoint), Box, Snowflake's SQL API, Bitly and QRCode Monkey. Each test submits rows and reads
 * what reached the stand-in; faults show retries are idempotent and bad credentials end Failed
 * at once.
 */

const keys = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
const SERVICE = keys();
const OTHER = keys();
const SNOW = keys();
const SERVICE_EMAIL = 'nomen-push@acme-project.iam.gserviceaccount.com';

const gcs = new GcsStandin({
  accounts: [{ clientEmail: SERVICE_EMAIL, publicKeyPem: SERVICE.publicKey }],
  buckets: ['acme-exports'],
});
const box = new BoxStandin(['box-token-1']);
const snowflake = new SnowflakeStandin({
  account: 'XY12345',
  user: 'NOMEN_LOADER',
  publicKeyPem: SNOW.publicKey,
  accessTokens: ['snow-pat-1'],
  asyncFirst: true,
});
const bitly = new BitlyStandin({
  validTokens: ['bitly-token-1'],
  user: { login: 'acme', name: 'Acme', email: 'links@acme.com', default_group_guid: 'Bg1' },
  organizations: [{ guid: 'Org1', name: 'Acme', tier: 'enterprise' }],
  groups: [{ guid: 'Bg1', name: 'Marketing', organization_guid: 'Org1', bsds: ['acme.link'] }],
});
const qr = new QrCodeMonkeyStandin(['qr-key-1']);

let ctx: TestContext;
let account: TestAccount;
let admin: SignedIn;
let running: JobsContext;

beforeAll(async () => {
  running = await startJobsContext({
    peers: [gcs, box, snowflake, bitly, qr],
    env: () => ({
      GCS_API_URL: gcs.url,
      GOOGLE_OAUTH_TOKEN_URL: gcs.tokenUrl,
      BOX_API_URL: box.apiUrl,
      BOX_UPLOAD_API_URL: box.uploadUrl,
      SNOWFLAKE_API_URL: snowflake.url,
      BITLY_API_URL: bitly.apiUrl,
      QR_CODE_MONKEY_API_URL: qr.url,
    }),
    retryLimit: 2,
    features: ['integration-notifications'],
    beforeJobs: offsetFieldIds,
  });
  ({ ctx, account, admin } = running);
});

afterAll(() => running?.close());

async function connector(body: Record<string, unknown>): Promise<number> {
  const res = await admin.post('/api/v1/account/connector/').send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

/** An OAuth account (box, bitly) holding `accessToken`, as the authorisation flow leaves it. */
async function oauthConnector(slug: string, accessToken: string): Promise<number> {
  return insertOAuthConnector(ctx, { accountId: account.id, type: slug, accessToken });
}

interface LinkTemplate {
  id: number;
  fields: { campaign: number; link: number };
  integrations: { id: number; slug: string }[];
}

/** A template with a text field Campaign and the link field, carrying `integrations`. */
async function linkTemplate(
  integrations: unknown[] | ((f: LinkTemplate['fields']) => unknown[]),
): Promise<LinkTemplate> {
  const tag = Math.random().toString(36).slice(2, 8);
  const set = await admin.put('/api/v1/account/fieldsets').send({
    name: `Push fields ${tag}`,
    fields: [{ id: 'TEMP_a', name: 'Campaign', governance_type: 'text', validation: { characters: 'any' } }],
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const folder = await admin.put('/api/v1/account/folder').send({ name: `Pushes ${tag}`, description: '' });
  const draft = addLinkField(
    addFieldsetFields(newTemplate({ templateName: 'Pushes', now: new Date() }), set.body.fieldset),
  );
  const saved = await admin.put('/api/v1/account/template/').send({
    ...draft,
    name: `Pushes ${tag}`,
    folder_id: folder.body.folder.id,
    integrations: [],
    settings: { require_identifier: 0, require_approval: 0, enable_auto_submit: 0 },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  let got = await admin.get(`/api/v1/account/template/${saved.body.id}`);
  const tfs = got.body.template_fields as TemplateField[];
  const fields = {
    campaign: tfs.find((f) => f.field.name === 'Campaign')!.id as number,
    link: tfs.find((f) => f.governance_type === 'link')!.id as number,
  };
  // Integrations name saved fields (mapping cvFieldId); rows are keyed by template field.
  const savedOf = (id: number) => tfs.find((f) => f.id === id)!.field_id as number;
  const list =
    typeof integrations === 'function'
      ? integrations({ campaign: savedOf(fields.campaign), link: savedOf(fields.link) })
      : integrations;
  const again = await admin.put('/api/v1/account/template/').send({ ...got.body, integrations: list });
  expect(again.status, JSON.stringify(again.body)).toBe(200);
  got = await admin.get(`/api/v1/account/template/${saved.body.id}`);
  return { id: saved.body.id, fields, integrations: got.body.integrations };
}

/** Submits rows `[campaign, link][]`; answers the submission id. */
async function submit(template: LinkTemplate, rows: [string, string][], name = 'Week 9'): Promise<number> {
  const res = await admin.post('/api/v1/account/submissions').send({
    template_id: template.id,
    name,
    rows: rows.map(([campaign, link]) => ({
      [template.fields.campaign]: campaign,
      [template.fields.link]: link,
    })),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

const ROWS: [string, string][] = [
  ['Spring Sale', 'https://acme.com/spring'],
  ['Summer Deals', 'https://acme.com/summer'],
];

async function storedLinks(submissionId: number, kind: 'bitly' | 'qr') {
  return ctx.deps.db
    .selectFrom('integration_links')
    .selectAll()
    .where('submission_id', '=', submissionId)
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();
}

describe('google-cloud (Cloud Storage JSON API stand-in)', () => {
  const keyFile = (privateKey: string) =>
    JSON.stringify({
      type: 'service_account',
      project_id: 'acme-project',
      private_key_id: 'k1',
      private_key: privateKey,
      client_email: SERVICE_EMAIL,
      token_uri: 'https://oauth2.googleapis.com/token',
    });

  it('uploads each file into the bucket under the folder, and a retry after a fault leaves each object once', async () => {
    const id = await connector({
      name: 'GCS exports',
      connector_type_slug: 'google-cloud-storage',
      metadata: { account_key_file: keyFile(SERVICE.privateKey) },
    });
    const template = await linkTemplate([
      outbound('google-cloud', {
        name: 'Bucket drop',
        connector_id: id,
        folder: '/acme-exports/weekly',
        file_type: ['csv', 'json'],
        filename_pattern: 'gcs-{submission_name}',
      }),
    ]);
    // The first attempt stores the CSV, then Google fails on the JSON (a fault that is retried).
    gcs.failUploadOnce('acme-exports/weekly/gcs-gcs1.json', {
      status: 503,
      body: { error: { code: 503, message: 'Backend Error', errors: [{ reason: 'backendError' }] } },
    });
    const submissionId = await submit(template, ROWS, 'gcs1');
    const [run] = await endedRuns(admin, submissionId);
    expect(run).toMatchObject({
      status: 'Success',
      attempts: 2,
      files: ['acme-exports/weekly/gcs-gcs1.csv', 'acme-exports/weekly/gcs-gcs1.json'],
    });
    expect(run!.log.some((l) => l.message.includes('Backend Error'))).toBe(true);
    const keysStored = [...gcs.objects.keys()].filter((k) => k.includes('gcs-gcs1'));
    expect(keysStored.sort()).toEqual([
      'acme-exports/weekly/gcs-gcs1.csv',
      'acme-exports/weekly/gcs-gcs1.json',
    ]);
    const csv = gcs.objects.get('acme-exports/weekly/gcs-gcs1.csv')!;
    // Uploaded by both attempts under the same name: one object, in its second generation.
    expect(csv.generation).toBe(2);
    expect(gcs.objects.get('acme-exports/weekly/gcs-gcs1.json')!.generation).toBe(1);
    expect(csv.contentType).toBe('text/csv; charset=utf-8');
    expect(csv.data.toString('utf8')).toContain('Spring Sale');
  });

  it('a key Google refuses: Failed at once with a clear message', async () => {
    const id = await connector({
      name: 'GCS wrong key',
      connector_type_slug: 'google-cloud-storage',
      metadata: { account_key_file: keyFile(OTHER.privateKey) },
    });
    const template = await linkTemplate([
      outbound('google-cloud', { name: 'Bad key drop', connector_id: id, folder: '/acme-exports' }),
    ]);
    const submissionId = await submit(template, ROWS);
    const [run] = await endedRuns(admin, submissionId);
    expect(run).toMatchObject({ status: 'Failed', attempts: 1 });
    expect(run!.message).toContain(
      "Google sign-in refused the connected account's credentials: Invalid JWT Signature.",
    );
  });
});

describe('box-push, box-push-general, box-push-v2 (Box API stand-in)', () => {
  it('each uploads into the folder path (made when missing), and a retry adds a version instead of a second file', async () => {
    const id = await oauthConnector('box', 'box-token-1');
    const template = await linkTemplate([
      outbound('box-push', {
        name: 'Box',
        connector_id: id,
        folder: '/Exports/Weekly',
        file_type: ['csv', 'json'],
        filename_pattern: 'box-{submission_name}',
      }),
      outbound('box-push-general', {
        name: 'Box general',
        connector_id: id,
        folder: '/Exports/General',
        filename_pattern: 'general',
      }),
      outbound('box-push-v2', {
        name: 'Box v2',
        connector_id: id,
        folder: '/Exports/V2',
        filename_pattern: 'v2',
      }),
    ]);
    // The first attempt of box-push stores its CSV, then Box fails on the JSON (retried).
    box.failUploadOnce('box-boxed.json', {
      status: 503,
      body: { type: 'error', status: 503, code: 'unavailable', message: 'Unavailable' },
    });
    const submissionId = await submit(template, ROWS, 'boxed');
    const runs = await endedRuns(admin, submissionId);
    expect(runs.map((r) => r.status)).toEqual(['Success', 'Success', 'Success']);
    const weekly = box.itemAt('/Exports/Weekly')!;
    expect(
      box
        .childrenOf(weekly.id)
        .map((i) => i.name)
        .sort(),
    ).toEqual(['box-boxed.csv', 'box-boxed.json']);
    expect(box.itemAt('/Exports/General/general.csv')?.versions).toHaveLength(1);
    expect(box.itemAt('/Exports/V2/v2.csv')?.versions).toHaveLength(1);
    expect(
      box
        .childrenOf(box.itemAt('/Exports')!.id)
        .map((i) => i.name)
        .sort(),
    ).toEqual(['General', 'V2', 'Weekly']);
    const retried = runs.find((r) => r.attempts === 2);
    expect(retried, JSON.stringify(runs)).toBeDefined();
    expect(retried!.files).toEqual(['/Exports/Weekly/box-boxed.csv', '/Exports/Weekly/box-boxed.json']);
    // The retry met its first attempt's file (409 item_name_in_use) and added a version to it.
    expect(box.itemAt('/Exports/Weekly/box-boxed.csv')!.versions).toHaveLength(2);
    expect(box.itemAt('/Exports/Weekly/box-boxed.csv')!.versions[1]!.toString('utf8')).toContain(
      'Summer Deals',
    );
  });

  it('a token Box refuses: Failed at once with a clear message, no retry', async () => {
    const id = await oauthConnector('box', 'box-revoked');
    const template = await linkTemplate([
      outbound('box-push', { name: 'Box revoked', connector_id: id, folder: '/Drop' }),
    ]);
    const submissionId = await submit(template, ROWS);
    const [run] = await endedRuns(admin, submissionId);
    expect(run).toMatchObject({ status: 'Failed', attempts: 1 });
    expect(run!.message).toContain("Box refused the connected account's credentials");
  });
});

describe('snowflake-push (Snowflake SQL API stand-in)', () => {
  it('loads the rows into the table with a key-pair JWT; a retry after a fault loads each row once', async () => {
    const id = await connector({
      name: 'Warehouse',
      connector_type_slug: 'snowflake',
      metadata: {
        url: 'https://xy12345.us-east-1.snowflakecomputing.com',
        username: 'nomen_loader',
        auth_type: 'key_pair',
        private_key: SNOW.privateKey,
        role: 'LOADER',
        warehouse: 'LOAD_WH',
        database: 'MARKETING',
        schema: 'CODES',
      },
    });
    const template = await linkTemplate([
      outbound('snowflake-push', {
        name: 'Warehouse load',
        connector_id: id,
        metadata: { tableName: 'CAMPAIGN_CODES' },
      }),
    ]);
    // The MERGE runs but its answer is lost (503): the retry resends it with the same requestId.
    snowflake.loseAnswerOnce(/^MERGE INTO "CAMPAIGN_CODES"/);
    const submissionId = await submit(template, ROWS, 'snow');
    const [run] = await endedRuns(admin, submissionId);
    expect(run, JSON.stringify(run)).toMatchObject({
      status: 'Success',
      attempts: 2,
      files: ['MARKETING.CODES.CAMPAIGN_CODES (2 rows)'],
    });
    const table = snowflake.tables.get('CAMPAIGN_CODES')!;
    expect(table.columns).toEqual(['CV_ID', 'ID', 'Campaign', 'Link']);
    const rows = [...table.rows.values()];
    expect(rows.map((r) => [r[2], r[3]])).toEqual([
      ['Spring Sale', 'https://acme.com/spring'],
      ['Summer Deals', 'https://acme.com/summer'],
    ]);
    const got = await admin.get(`/api/v1/account/submissions/${submissionId}`);
    const cvIds = (got.body.rows as { cv_id: string }[]).map((r) => r.cv_id).sort();
    expect([...table.rows.keys()].sort()).toEqual(cvIds);
    // Snowflake ran the MERGE once: the resend (retry=true) was answered with the first result.
    expect(
      snowflake.executed.filter((e) => e.statement.startsWith('MERGE INTO "CAMPAIGN_CODES"')),
    ).toHaveLength(1);
    expect(snowflake.executed.at(-1)!.context).toMatchObject({
      warehouse: 'LOAD_WH',
      database: 'MARKETING',
      schema: 'CODES',
      role: 'LOADER',
    });
  });

  it('a programmatic access token Snowflake refuses: Failed at once with a clear message', async () => {
    const id = await connector({
      name: 'Warehouse PAT',
      connector_type_slug: 'snowflake',
      metadata: {
        url: 'https://xy12345.us-east-1.snowflakecomputing.com',
        username: 'nomen_loader',
        auth_type: 'password',
        password: 'not-the-token',
        role: 'LOADER',
        warehouse: 'LOAD_WH',
        database: 'MARKETING',
        schema: 'CODES',
      },
    });
    const template = await linkTemplate([
      outbound('snowflake-push', {
        name: 'Warehouse PAT load',
        connector_id: id,
        metadata: { tableName: 'PAT_CODES' },
      }),
    ]);
    const submissionId = await submit(template, ROWS);
    const [run] = await endedRuns(admin, submissionId);
    expect(run).toMatchObject({ status: 'Failed', attempts: 1 });
    expect(run!.message).toContain(
      "Snowflake refused the connected account's credentials: Invalid OAuth access token.",
    );
    expect(snowflake.tables.has('PAT_CODES')).toBe(false);
  });
});

describe('bitly (Bitly API stand-in)', () => {
  it('shortens each link in the group on its domain and keeps the bitlink beside its row; a retry reuses links already made', async () => {
    const id = await oauthConnector('bitly', 'bitly-token-1');
    const template = await linkTemplate([
      outbound('bitly', {
        name: 'Short links',
        connector_id: id,
        metadata: {
          bitly_org_id: 'Org1',
          bitly_group_id: 'Bg1',
          shortened_url: 'acme.link',
          custom_bitlink_enabled: 0,
        },
      }),
    ]);
    const before = bitly.requestsTo('/v4/shorten').length;
    bitly.injectOnce({
      path: '/v4/shorten',
      answer: {
        status: 201,
        body: { id: 'acme.link/zzz', link: 'https://acme.link/zzz', long_url: 'https://acme.com/spring' },
      },
    });
    bitly.injectOnce({
      path: '/v4/shorten',
      answer: {
        status: 503,
        body: { message: 'TEMPORARILY_UNAVAILABLE', resource: 'bitlinks', description: 'Try again' },
      },
    });
    const submissionId = await submit(template, ROWS, 'bitly1');
    const [run] = await endedRuns(admin, submissionId);
    expect(run).toMatchObject({
      status: 'Success',
      attempts: 2,
      files: ['https://acme.link/zzz', 'https://acme.link/aaaaa1'],
    });
    expect(run!.message).toBe(
      'Shortened 2 links (1 reused): https://acme.link/zzz, https://acme.link/aaaaa1',
    );
    // First attempt: one made, one failed; the retry asked only for the missing one.
    expect(bitly.requestsTo('/v4/shorten').length - before).toBe(3);
    const stored = await storedLinks(submissionId, 'bitly');
    expect(stored.map((l) => [l.long_url, l.short_url])).toEqual([
      ['https://acme.com/spring', 'https://acme.link/zzz'],
      ['https://acme.com/summer', 'https://acme.link/aaaaa1'],
    ]);
    const listed = await admin.get(`/api/v1/account/submissions/${submissionId}/integration-links`);
    expect(
      listed.body.data.map((l: { short_url: string; image_url: null }) => [l.short_url, l.image_url]),
    ).toEqual([
      ['https://acme.link/zzz', null],
      ['https://acme.link/aaaaa1', null],
    ]);
  });

  it('with custom bitlinks on, the mapped field is the back-half', async () => {
    const id = await oauthConnector('bitly', 'bitly-token-1');
    const template = await linkTemplate((f) => [
      outbound('bitly', {
        name: 'Custom links',
        connector_id: id,
        metadata: {
          bitly_org_id: 'Org1',
          bitly_group_id: 'Bg1',
          shortened_url: 'acme.link',
          custom_bitlink_enabled: 1,
        },
        mapping_fields: [
          { fieldName: 'custom_bitlink', cvFieldId: f.campaign, required: true, type: 'integration_field' },
        ],
      }),
    ]);
    const submissionId = await submit(template, [['spring-24', 'https://acme.com/custom-spring']], 'bitly2');
    const [run] = await endedRuns(admin, submissionId);
    expect(run, JSON.stringify(run)).toMatchObject({
      status: 'Success',
      files: ['https://acme.link/spring-24'],
    });
  });

  it('a token Bitly refuses: Failed at once with a clear message', async () => {
    const id = await oauthConnector('bitly', 'bitly-revoked');
    const template = await linkTemplate([
      outbound('bitly', {
        name: 'Revoked links',
        connector_id: id,
        metadata: { bitly_org_id: 'Org1', bitly_group_id: 'Bg1', shortened_url: 'acme.link' },
      }),
    ]);
    const submissionId = await submit(template, ROWS);
    const [run] = await endedRuns(admin, submissionId);
    expect(run).toMatchObject({ status: 'Failed', attempts: 1 });
    expect(run!.message).toContain(
      "Bitly refused the connected account's credentials: The access token is invalid or has been revoked.",
    );
  });
});

describe('qr-code-monkey (QRCode Monkey stand-in)', () => {
  it('makes one QR image per link in the chosen type, size and config, kept beside its row', async () => {
    const id = await connector({
      name: 'QR',
      connector_type_slug: 'qr-code-monkey',
      metadata: { api_key: 'qr-key-1' },
    });
    const template = await linkTemplate([
      outbound('qr-code-monkey', {
        name: 'QR codes',
        connector_id: id,
        metadata: {
          qr_code_monkey_type: 'classic',
          qr_code_monkey_use_shortened: 0,
          qr_code_monkey_dont_regenerate: 0,
          qr_code_monkey_size: 400,
          qr_code_monkey_file_type: 'svg',
          qr_code_monkey_config: '{"body":"circle","bodyColor":"#0277BD"}',
          qr_code_monkey_config_validated: 1,
        },
      }),
    ]);
    const submissionId = await submit(template, ROWS, 'qr1');
    const [run] = await endedRuns(admin, submissionId);
    expect(run, JSON.stringify(run)).toMatchObject({ status: 'Success', attempts: 1 });
    expect(run!.files).toHaveLength(2);
    expect(run!.files[0]).toMatch(/-Link\.svg$/);
    const renders = qr.renders.filter((r) => r.data.startsWith('https://acme.com/s'));
    expect(renders.map((r) => [r.path, r.data, r.size, r.file, r.config])).toEqual([
      ['/qr/custom', 'https://acme.com/spring', 400, 'svg', { body: 'circle', bodyColor: '#0277BD' }],
      ['/qr/custom', 'https://acme.com/summer', 400, 'svg', { body: 'circle', bodyColor: '#0277BD' }],
    ]);
    const stored = await storedLinks(submissionId, 'qr');
    expect(stored.map((s) => s.content_type)).toEqual(['image/svg+xml', 'image/svg+xml']);
    expect(Buffer.from(stored[0]!.content!).toString('utf8')).toContain(
      'data-content="https://acme.com/spring"',
    );

    // The submission's readers list the images and download each one; other accounts get 404.
    const listed = await admin.get(`/api/v1/account/submissions/${submissionId}/integration-links`);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(2);
    const first = listed.body.data[0];
    expect(first).toMatchObject({
      kind: 'qr',
      long_url: 'https://acme.com/spring',
      file_type: 'svg',
      short_url: null,
    });
    const image = await admin.get(first.image_url).buffer(true);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(Buffer.from(image.body).toString('utf8')).toContain('width="400"');
    const other = await createAccount(ctx);
    const stranger = await signIn(ctx, other.admin.email);
    const theirs = await stranger.get(`/api/v1/account/submissions/${submissionId}/integration-links`);
    expect(theirs.status).toBe(404);
    expect((await stranger.get(first.image_url)).status).toBe(404);
  });

  it('with "use shortened", each code holds the bitlink the Bitly integration made for the row', async () => {
    const bitlyId = await oauthConnector('bitly', 'bitly-token-1');
    const qrId = await connector({
      name: 'QR short',
      connector_type_slug: 'qr-code-monkey',
      metadata: { api_key: 'qr-key-1' },
    });
    const template = await linkTemplate([
      outbound('bitly', {
        name: 'Links first',
        connector_id: bitlyId,
        metadata: { bitly_org_id: 'Org1', bitly_group_id: 'Bg1', shortened_url: 'acme.link' },
      }),
      outbound('qr-code-monkey', {
        name: 'QR of short links',
        connector_id: qrId,
        metadata: {
          qr_code_monkey_type: 'classic',
          qr_code_monkey_use_shortened: 1,
          qr_code_monkey_dont_regenerate: 0,
          qr_code_monkey_size: 300,
          qr_code_monkey_file_type: 'png',
        },
      }),
    ]);
    const submissionId = await submit(template, [['Autumn', 'https://acme.com/autumn-short']], 'qr2');
    const runs = await endedRuns(admin, submissionId);
    expect(runs.map((r) => r.status)).toEqual(['Success', 'Success']);
    const [short] = await storedLinks(submissionId, 'bitly');
    const [image] = await storedLinks(submissionId, 'qr');
    expect(image!.long_url).toBe(short!.short_url);
    expect(qr.renders.at(-1)).toMatchObject({ data: short!.short_url, size: 300, file: 'png' });
    // A PNG of the asked size: width and height in the IHDR chunk.
    const png = Buffer.from(image!.content!);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([300, 300]);
  });

  it('a key QRCode Monkey refuses: Failed at once with a clear message', async () => {
    const id = await connector({
      name: 'QR bad key',
      connector_type_slug: 'qr-code-monkey',
      metadata: { api_key: 'wrong-key' },
    });
    const template = await linkTemplate([
      outbound('qr-code-monkey', { name: 'QR refused', connector_id: id }),
    ]);
    const submissionId = await submit(template, ROWS);
    const [run] = await endedRuns(admin, submissionId);
    expect(run).toMatchObject({ status: 'Failed', attempts: 1 });
    expect(run!.message).toContain(
      "QRCode Monkey refused the connected account's credentials: You are not subscribed to this API.",
    );
  });
});
