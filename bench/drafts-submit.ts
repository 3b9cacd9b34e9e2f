/**
 * The submit half of `npm run bench:drafts` (bench/drafts.bench.ts calls {@link benchDraftSubmit}
 * at its end): the submit of a 5,000-row shared draft, whose rows the server reads from its room,
 * beside the same submit without a room (target ≤ 1.2x).
 *
 * On a fresh PostgreSQL database (BENCH_DRAFTS_SUBMIT_DATABASE_URL, default
 * nomen_drafts_submit_bench: recreated, dropped at the end unless BENCH_KEEP=1) the embedded
 * process (scripts/embedded.ts: the REST server with the collab server on /collab of the same
 * port, BENCH_DRAFTS_SUBMIT_PORT) runs as its own process over the seeded demo account, with the
 * live-collaboration flag. Signed in as its admin, the bench builds a template of 10 fields
 * through the API (a code pattern: constant brand, channel from the marketing-channels list,
 * validated campaign text and an autonumber, so every submit issues 5,000 numbers and codes; a
 * field set: country on the countries list, validated placement, creative text, start date; and
 * the hidden cv_id), then, BENCH_DRAFTS_SUBMIT_RUNS times (default 5), alternating:
 *  - without a room: POST /api/v1/account/submissions `draft: true` with 5,000 rows, then the
 *    timed PUT /api/v1/account/submissions/:id `submit: true` with the rows;
 *  - with the room open: the same Draft, shared with everyone (PUT …/:id/sharing, which seeds the
 *    room), one @hocuspocus/provider client joined to the room with a token from POST
 *    …/:id/collab-token (so the collab server holds it open), then the timed PUT `submit: true`,
 *    `rows: []` (the server reads the room's rows); also how long after the submit was sent the
 *    client saw the room closed (its meta; it may see it before the answer arrives);
 *  - with the room stored, nobody in it: the same without the client.
 * Between measurements the dataset-search job is waited for (so it never runs beside one).
 * Figures: median and p95 (ms) of each, the ratios of the room cases' medians and p95s to the
 * submit without a room.
 * BENCH_DRAFTS_SUBMIT_PROFILE=<dir> writes the embedded process's CPU profile (--cpu-prof) there.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { HocuspocusProvider } from '@hocuspocus/provider';
import {
  addFieldsetFields,
  addPatternField,
  type Fieldset,
  fieldKey,
  isEnteredField,
  isFormColumn,
  newTemplate,
  type Pattern,
  type SubmissionForm,
  type SubmissionRow,
  type TemplateDraft,
  type TemplateField,
} from '@nomen/shared';
import pg from 'pg';
import * as Y from 'yjs';
import { median, recreateDatabase } from './support';

const ROWS = 5000;
const RUNS = Number(process.env.BENCH_DRAFTS_SUBMIT_RUNS ?? 5);
const PORT = Number(process.env.BENCH_DRAFTS_SUBMIT_PORT ?? 3403);
const base = `http://localhost:${PORT}`;
const dbUrl = new URL(
  process.env.BENCH_DRAFTS_SUBMIT_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/nomen_drafts_submit_bench',
);
const EMAIL = 'admin@acme.test';
const PASSWORD = process.env.SEED_PASSWORD ?? 'nomen-demo';
const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/** Median and p95 (ms) of one submit's timings. */
export interface SubmitTimings {
  median: number;
  p95: number;
  runs: number[];
}

/** What {@link benchDraftSubmit} measured. */
export interface DraftSubmitFigures {
  rows: number;
  templateFields: number;
  enteredFields: number;
  runs: number;
  withoutRoomMs: SubmitTimings;
  roomOpenMs: SubmitTimings;
  roomStoredMs: SubmitTimings;
  /** From the submit sent to the joined client seeing the room closed. */
  roomClosedSeenMs: SubmitTimings;
  /** The room-open submit against the one without a room (target ≤ 1.2). */
  ratioMedian: number;
  ratioP95: number;
  roomStoredRatioMedian: number;
  targetRatio: number;
  loadAverage: number[];
}

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(0.95 * sorted.length) - 1))]!;
}

function timings(values: number[]): SubmitTimings {
  return { median: round(median(values)), p95: round(p95(values)), runs: values.map((v) => round(v)) };
}

/** A JSON API client with the session cookie. */
export class Api {
  cookie = '';

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', cookie: this.cookie, origin: base },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 800)}`);
    if (path === '/api/v1/auth/login') this.cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    return (text ? JSON.parse(text) : null) as T;
  }
}

/** Starts scripts/embedded.ts (REST and collab on one port); resolves once collab serves. */
async function startEmbedded(): Promise<ChildProcess> {
  const profile = process.env.BENCH_DRAFTS_SUBMIT_PROFILE;
  const execArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const child = spawn(process.execPath, [...execArgs, '--import', 'tsx', 'scripts/embedded.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: dbUrl.toString(),
      PORT: String(PORT),
      NOMEN_SECRET_KEY: 'bench-secret-key-0123456789abcdefghij',
      LOGIN_RATE_LIMIT: '1000',
      SEED_DEMO_HISTORY: 'false',
      NODE_ENV: 'test',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('live collaboration on')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the embedded server exited with ${code}`)));
  });
  return child;
}

/** Builds and saves the template (a code pattern with an autonumber, a field set); answers its id. */
export async function buildTemplate(api: Api): Promise<number> {
  const folders = await api.call<{ data: { id: number }[] }>('GET', '/api/v1/account/folder');
  const lists = await api.call<{ data: { id: number; name: string }[] }>('GET', '/api/v1/account/lists/');
  const governed = async (name: string, column: string) => {
    const list = lists.data.find((l) => l.name === name);
    if (!list) throw new Error(`the seeded ${name} list is missing`);
    const detail = await api.call<{ list_columns: { id: number; name: string }[] }>(
      'GET',
      `/api/v1/account/lists/${list.id}`,
    );
    return { list_id: list.id, list_column_id: detail.list_columns.find((c) => c.name === column)!.id };
  };
  const { pattern } = await api.call<{ pattern: Pattern }>('PUT', '/api/v1/account/field/', {
    name: 'Draft bench code',
    description: 'draft submit benchmark',
    delimiter: '_',
    segments: [
      { id: 'TEMP_s0', segment_precedence: 0, segment_type: 'constant', name: 'Brand', constant_value: 'AC' },
      { id: 'TEMP_s1', segment_precedence: 1, segment_type: 'variable', name: 'Channel', data_type: 'list' },
      { id: 'TEMP_s2', segment_precedence: 2, segment_type: 'variable', name: 'Campaign', data_type: 'text' },
      {
        id: 'TEMP_s3',
        segment_precedence: 3,
        segment_type: 'autonumber',
        name: 'Number',
        start_value: 1,
        min_width: 6,
      },
    ],
  });
  const { fieldset } = await api.call<{ fieldset: Fieldset }>('PUT', '/api/v1/account/fieldsets', {
    name: 'Draft bench market',
    description: 'draft submit benchmark',
    fields: [
      {
        id: 'TEMP_country',
        name: 'Country',
        required: true,
        governance_type: 'list',
        list_governance: await governed('Countries', 'Country'),
      },
      {
        id: 'TEMP_placement',
        name: 'Placement',
        required: true,
        governance_type: 'text',
        validation: { min_length: 2, max_length: 30, characters: 'alphanumeric_dash_underscore' },
        transformation: { case: 'uppercase', spaces: 'underscore', trim: true },
      },
      {
        id: 'TEMP_creative',
        name: 'Creative',
        governance_type: 'text',
        validation: { min_length: 3, max_length: 60, characters: 'any' },
        transformation: { case: 'none', spaces: 'keep', trim: true },
      },
      {
        id: 'TEMP_start',
        name: 'Start date',
        governance_type: 'date',
        date: { order: 'Y|M|D', years: '0000-9999', months: '01-12', days: '01-31', delimiter: '-' },
      },
    ],
  });
  let draft: TemplateDraft = {
    ...newTemplate({ templateName: 'Draft bench', now: new Date() }),
    name: 'Benchmark: shared draft submit',
    folder_id: folders.data[0]!.id,
    integrations: [],
  };
  draft = addFieldsetFields(addPatternField(draft, pattern), fieldset);
  const channel = await governed('Marketing channels', 'Channel');
  const segmentGovernance: Record<string, Partial<TemplateField>> = {
    Channel: {
      governance_type: 'list',
      required: true,
      list_governance: { ...channel, delimiter: 'none', lists: [] },
    },
    Campaign: {
      governance_type: 'text',
      required: true,
      validation: { min_length: 2, max_length: 40, characters: 'alphanumeric_dash_underscore' },
      transformation: { case: 'lowercase', spaces: 'dash', trim: true },
    },
  } as Record<string, Partial<TemplateField>>;
  draft = {
    ...draft,
    template_fields: draft.template_fields.map((tf) =>
      tf.field.segment_parent_field_id === pattern.id && segmentGovernance[tf.field.name]
        ? ({ ...tf, ...segmentGovernance[tf.field.name] } as TemplateField)
        : tf,
    ),
  };
  const { id } = await api.call<{ id: number }>('PUT', '/api/v1/account/template/', {
    ...draft,
    settings: { require_identifier: 0, require_approval: 0, enable_auto_submit: 0 },
    approvers: [],
  });
  return id;
}

const CAMPAIGNS = [
  'Spring Sale',
  'Été Promo',
  'Größe Launch',
  'Niño Summer',
  'São Paulo Expo',
  'Kraków Days',
];
const PLACEMENTS = ['feed top', 'stories', 'search brand', 'pre roll', 'reels', 'right rail'];
const CREATIVES = ['Hero video 15s', 'Carousel — 5 cards', 'Static banner', 'Product shot', 'UGC clip'];

/** 5,000 valid rows of the form's entered fields, keyed as the API keys them. */
export function rowsOf(form: SubmissionForm): SubmissionRow[] {
  const key = (name: string) =>
    fieldKey(form.fields.find((f) => f.field.name === name && !f.field.is_pattern)!);
  const listRows = (name: string) => form.lists.find((l) => l.name === name)!.rows;
  const countries = listRows('Countries');
  const channels = listRows('Marketing channels');
  const countryColumn = form.lists
    .find((l) => l.name === 'Countries')!
    .columns.findIndex((c) => c.name === 'Country');
  const [channelKey, campaignKey, countryKey, placementKey, creativeKey, startKey] = [
    'Channel',
    'Campaign',
    'Country',
    'Placement',
    'Creative',
    'Start date',
  ].map(key);
  return Array.from({ length: ROWS }, (_, n) => ({
    [channelKey!]: channels[(n * 11) % channels.length]![0]!,
    [campaignKey!]: `${CAMPAIGNS[n % CAMPAIGNS.length]} ${n % 97}`,
    [countryKey!]: countries[(n * 7) % countries.length]![countryColumn]!,
    [placementKey!]: PLACEMENTS[n % PLACEMENTS.length]!,
    [creativeKey!]: `${CREATIVES[n % CREATIVES.length]} v${n % 9}`,
    [startKey!]: `2026-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`,
  }));
}

/** Waits (polling, 10 min at most) until the dataset-search job took every commit's new values. */
async function searchJobDone(db: pg.Client): Promise<void> {
  const deadline = performance.now() + 600_000;
  while ((await db.query('select 1 from dataset_search_backlog limit 1')).rows.length > 0) {
    if (performance.now() > deadline) throw new Error('the dataset-search job did not run');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One client joined to a draft's room; resolves once synced, with a promise of the room closed. */
async function joinRoom(api: Api, id: number): Promise<{ closed: Promise<number>; leave: () => void }> {
  const { token, room } = await api.call<{ token: string; room: string }>(
    'POST',
    `/api/v1/account/submissions/${id}/collab-token`,
  );
  const doc = new Y.Doc();
  const meta = doc.getMap('meta');
  const closed = new Promise<number>((resolve) => {
    meta.observe(() => {
      if (meta.get('status') === 'closed') resolve(performance.now());
    });
  });
  const provider = await new Promise<HocuspocusProvider>((resolve, reject) => {
    const p: HocuspocusProvider = new HocuspocusProvider({
      url: `ws://127.0.0.1:${PORT}/collab`,
      name: room,
      document: doc,
      token,
      onAuthenticationFailed: ({ reason }) => reject(new Error(reason)),
      onSynced: () => resolve(p),
    });
  });
  if (doc.getArray('order').length !== ROWS) throw new Error('the joined room does not hold the rows');
  return { closed, leave: () => provider.destroy() };
}

interface Setup {
  api: Api;
  db: pg.Client;
  templateId: number;
  rows: SubmissionRow[];
  /** The code pattern's key in a stored row. */
  codeKey: string;
}

type Mode = 'withoutRoom' | 'roomOpen' | 'roomStored';

/** One measured submit of a fresh 5,000-row Draft in `mode`: answers ms, and for roomOpen when it was seen closed. */
async function submitOnce(s: Setup, mode: Mode, run: number): Promise<{ ms: number; seenMs: number | null }> {
  const created = await s.api.call<{ id: number; updated_at: string }>(
    'POST',
    '/api/v1/account/submissions',
    {
      template_id: s.templateId,
      name: `${mode} ${run}`,
      rows: s.rows,
      draft: true,
    },
  );
  if (mode !== 'withoutRoom')
    await s.api.call('PUT', `/api/v1/account/submissions/${created.id}/sharing`, {
      everyone: true,
      user_ids: [],
    });
  const joined = mode === 'roomOpen' ? await joinRoom(s.api, created.id) : null;
  await searchJobDone(s.db);
  const body = JSON.stringify({
    name: `${mode} ${run}`,
    rows: mode === 'withoutRoom' ? s.rows : [],
    submit: true,
    updated_at: created.updated_at,
  });
  const started = performance.now();
  const answer = await s.api.call<{ status: string; row_count: number }>(
    'PUT',
    `/api/v1/account/submissions/${created.id}`,
    body,
  );
  const answeredAt = performance.now();
  if (answer.status !== 'Submitted' || answer.row_count !== ROWS)
    throw new Error(`the submit answered ${JSON.stringify(answer)}`);
  await assertCodesIssued(s, created.id);
  let seenMs: number | null = null;
  if (joined) {
    seenMs = (await joined.closed) - started;
    joined.leave();
  }
  return { ms: answeredAt - started, seenMs };
}

/** Throws unless every row of the submission got its own code (its autonumber issued at submit). */
async function assertCodesIssued(s: Setup, id: number): Promise<void> {
  const { rows } = await s.db.query(
    `select count(distinct data ->> $2) as codes from submission_rows where submission_id = $1 and left(data ->> $2, 3) = 'AC_'`,
    [id, s.codeKey],
  );
  if (Number(rows[0].codes) !== ROWS)
    throw new Error(`submission ${id} has ${rows[0].codes} codes, not ${ROWS}`);
}

/** Signs in, flags the account for live collaboration and builds the template and the rows. */
async function setUp(db: pg.Client): Promise<Setup & { form: SubmissionForm }> {
  await db.query(
    `update accounts set feature_flags = array_append(feature_flags, 'live-collaboration')
      where id = (select account_id from users where email = $1) and not ('live-collaboration' = any(feature_flags))`,
    [EMAIL],
  );
  const api = new Api();
  await api.call('POST', '/api/v1/auth/login', { email: EMAIL, password: PASSWORD });
  const templateId = await buildTemplate(api);
  const form = await api.call<SubmissionForm>(
    'GET',
    `/api/v1/account/submissions/templates/${templateId}/form`,
  );
  const codeKey = fieldKey(form.fields.find((f) => f.field.is_pattern)!);
  return { api, db, templateId, rows: rowsOf(form), form, codeKey };
}

/** Drops the bench database unless BENCH_KEEP=1. */
async function dropDatabase(): Promise<void> {
  if (process.env.BENCH_KEEP === '1') return;
  const admin = new URL(dbUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`drop database if exists "${dbUrl.pathname.slice(1)}" with (force)`);
  await client.end();
}

/**
 * Measures the submit of a 5,000-row shared draft with its room open (and stored, nobody in it)
 * beside the same submit without a room, RUNS times each, alternating (see the file's header).
 * Prints the figures and answers them for bench/results/drafts.json (`submit`).
 */
export async function benchDraftSubmit(): Promise<DraftSubmitFigures> {
  console.log(`bench:drafts submit: ${ROWS} rows, ${RUNS} runs of each, alternating`);
  await recreateDatabase(dbUrl);
  const server = await startEmbedded();
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();
  try {
    const s = await setUp(db);
    // One unmeasured submit of each warms the server (compiled form, JIT, pools).
    await submitOnce(s, 'withoutRoom', 0);
    await submitOnce(s, 'roomOpen', 0);
    const ms: Record<Mode, number[]> = { withoutRoom: [], roomOpen: [], roomStored: [] };
    const seen: number[] = [];
    for (let run = 1; run <= RUNS; run++)
      for (const mode of ['withoutRoom', 'roomOpen', 'roomStored'] as const) {
        const one = await submitOnce(s, mode, run);
        ms[mode].push(one.ms);
        if (one.seenMs !== null) seen.push(one.seenMs);
      }
    const figures: DraftSubmitFigures = {
      rows: ROWS,
      templateFields: s.form.fields.length,
      enteredFields: s.form.fields.filter((f) => isFormColumn(f) && isEnteredField(f)).length,
      runs: RUNS,
      withoutRoomMs: timings(ms.withoutRoom),
      roomOpenMs: timings(ms.roomOpen),
      roomStoredMs: timings(ms.roomStored),
      roomClosedSeenMs: timings(seen),
      ratioMedian: round(median(ms.roomOpen) / median(ms.withoutRoom), 2),
      ratioP95: round(p95(ms.roomOpen) / p95(ms.withoutRoom), 2),
      roomStoredRatioMedian: round(median(ms.roomStored) / median(ms.withoutRoom), 2),
      targetRatio: 1.2,
      loadAverage: loadavg().map((l) => round(l, 2)),
    };
    printFigures(figures);
    return figures;
  } finally {
    await db.end();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await dropDatabase();
  }
}

function printFigures(f: DraftSubmitFigures): void {
  const line = (t: SubmitTimings) => `median ${t.median} ms, p95 ${t.p95} ms`;
  console.log(`submit of ${f.rows} rows without a room: ${line(f.withoutRoomMs)}`);
  console.log(
    `submit with the room open (one client joined): ${line(f.roomOpenMs)}; ratio ${f.ratioMedian}x median, ${f.ratioP95}x p95 (target ≤ ${f.targetRatio}x); the client saw the room closed ${f.roomClosedSeenMs.median} ms after the submit was sent`,
  );
  console.log(
    `submit with the room stored, nobody in it: ${line(f.roomStoredMs)}; ratio ${f.roomStoredRatioMedian}x median`,
  );
}
