/**
 * The "painted" half of `npm run bench:drafts` (bench/drafts.bench.ts calls {@link benchDraftPaint}
 * after the live half): 20 editors in one 5,000-row shared draft, each writing one cell every 2 s;
 * the p95 from an edit sent to its value painted in the grid of another person's browser, beside a
 * raw WebSocket echo painted the same way in the same run (target ≤ 2x the echo).
 *
 * The real app: the client is built into a temp dir (`npm run build -w @nomen/client -- --outDir
 * <dir> --emptyOutDir`; BENCH_DRAFTS_PAINT_CLIENT_DIST names a build to reuse instead) and served
 * by the embedded process (scripts/embedded.ts: REST and collab on /collab of one port,
 * BENCH_DRAFTS_PAINT_PORT) on a fresh PostgreSQL database (BENCH_DRAFTS_PAINT_DATABASE_URL,
 * recreated, dropped at the end unless BENCH_KEEP=1) over the seeded demo account with the
 * live-collaboration flag. Through the API, as its admin: the template of bench/drafts-submit.ts,
 * a Draft of its 5,000 rows, shared with everyone (which seeds the room).
 *
 * The observer: one headless Chromium page (1440 x 900) signed in as the admin on the draft's
 * editor (`/codes/new/:template?draft=:id`), its grid bound to the room. A MutationObserver on the
 * grid notes each edit's id when it appears in a cell's text, and a requestAnimationFrame callback
 * after that DOM change records `performance.timeOrigin + performance.now()`: the value painted.
 * The other 19 editors are protocol clients (bench/drafts-clients.ts, in child processes, one
 * person each: 19 more ADMINs of the account with sessions and signed tokens), each writing
 * `cells.set` of a random cell of the Creative column (free text) among the rows the observer's
 * viewport shows, every 2 s at a random phase, for BENCH_DRAFTS_DURATION_MS.
 *
 * The baseline, over the same window: a second page of the same browser opens a WebSocket to the
 * bare echo (bench/collab-echo.ts, its own process), writes each received edit's value into a div
 * and records its paint the same way; 19 other echo clients send the same frames as the collab
 * editors send to the collab server.
 *
 * Latency = paint (page clock) - send (Node clock); the page's clock is put on Node's through an
 * offset measured at the start (the round trip of `page.evaluate` with the smallest duration).
 * Figures: p50/p95/p99 painted for collab and for the echo, the ratio of p95s, edits never painted
 * (overwritten before a frame, or lost), the visible rows written, the load average.
 * BENCH_DRAFTS_PAINT_PROFILE=<file> writes the observer page's CPU profile over the window.
 */
import { type ChildProcess, execFileSync, fork, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { HocuspocusProvider } from '@hocuspocus/provider';
import { fieldKey, type SubmissionForm } from '@nomen/shared';
import { signCollabToken } from '@nomen/shared/node';
import pg from 'pg';
import { type Browser, chromium, type Page } from 'playwright';
import * as Y from 'yjs';
import type { ClientsReport, ClientsSpec } from './drafts-clients';
import { type Api, buildTemplate, rowsOf } from './drafts-submit';
import { recreateDatabase } from './support';

const ROWS = 5000;
const EDITORS = 19;
const EVERY_MS = 2000;
const DURATION_MS = Number(process.env.BENCH_DRAFTS_DURATION_MS ?? 60_000);
const CLIENT_PROCESSES = Number(process.env.BENCH_DRAFTS_CLIENT_PROCESSES ?? 2);
const PORT = Number(process.env.BENCH_DRAFTS_PAINT_PORT ?? 3404);
const ECHO_PORT = Number(process.env.BENCH_DRAFTS_PAINT_ECHO_PORT ?? 0);
const SECRET = 'bench-paint-secret-0123456789abcdefghij';
const base = `http://localhost:${PORT}`;
const dbUrl = new URL(
  process.env.BENCH_DRAFTS_PAINT_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/nomen_drafts_paint_bench',
);
const EMAIL = 'admin@acme.test';
const PASSWORD = process.env.SEED_PASSWORD ?? 'nomen-demo';
/** The column written: free text (3-60 characters, no transformation), so the value shows as sent. */
const COLUMN = 'Creative';
const nodeNow = () => performance.timeOrigin + performance.now();

/** p50/p95/p99 (ms) of one measure, and how many samples. */
export interface PaintTimings {
  p50: number;
  p95: number;
  p99: number;
  samples: number;
}

/** What {@link benchDraftPaint} measured. */
export interface DraftPaintFigures {
  editors: number;
  everyMs: number;
  durationMs: number;
  /** Rows of the observer's viewport the edits were written to (the first ones). */
  visibleRows: number;
  /** From `cells.set` sent to the value painted in the observer's grid. */
  collabPaintedMs: PaintTimings;
  /** From the frame sent to the echo to its value painted in the echo page. */
  echoPaintedMs: PaintTimings;
  p95RatioToEcho: number;
  targetRatio: number;
  /** Over the same window, from an edit sent to the other protocol editors seeing it (Y.Doc, or echo frame): the part before the browser. */
  seenByEditorsMs: { collab: PaintTimings; echo: PaintTimings };
  /** Edits sent that the page never painted (overwritten before a frame, or lost). */
  collabNotPainted: number;
  echoNotPainted: number;
  /** Page clock minus Node clock (ms) and the round trip it was measured over. */
  clockOffsetMs: { collab: number; echo: number; roundTripMs: number };
  loadAverage: number[];
  chromium: string;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(2));
}

function timings(values: number[]): PaintTimings {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    samples: values.length,
  };
}

/** A JSON API client of the embedded process with the session cookie (as drafts-submit.ts's). */
class PaintApi implements Api {
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

/** Builds the production client into a temp dir (or reuses BENCH_DRAFTS_PAINT_CLIENT_DIST); answers it and a cleanup. */
function buildClient(): { dist: string; remove: () => void } {
  const reuse = process.env.BENCH_DRAFTS_PAINT_CLIENT_DIST;
  if (reuse) return { dist: reuse, remove: () => {} };
  const dist = mkdtempSync(join(tmpdir(), 'nomen-paint-client-'));
  console.log(`bench:drafts painted: building the client into ${dist}`);
  execFileSync('npm', ['run', 'build', '-w', '@nomen/client', '--', '--outDir', dist, '--emptyOutDir'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { dist, remove: () => rmSync(dist, { recursive: true, force: true }) };
}

/** Resolves once `child` prints a line containing `text`; rejects when it exits first. */
function whenPrinted(child: ChildProcess, text: string, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const printed = chunk.toString();
      if (printed.includes(text)) resolve(printed);
    });
    child.once('exit', (code) => reject(new Error(`${what} exited with ${code}`)));
  });
}

/** Starts scripts/embedded.ts serving the built client; resolves once collab serves. */
async function startEmbedded(clientDist: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/embedded.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: dbUrl.toString(),
      PORT: String(PORT),
      CLIENT_DIST: clientDist,
      NOMEN_SECRET_KEY: SECRET,
      LOGIN_RATE_LIMIT: '1000',
      SEED_DEMO_HISTORY: 'false',
      NODE_ENV: 'test',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await whenPrinted(child, 'live collaboration on', 'the embedded server');
  return child;
}

async function startEcho(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/collab-echo.ts'], {
    env: { ...process.env, ECHO_PORT: String(ECHO_PORT) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await whenPrinted(child, 'serving', 'echo');
  return { child, port: Number(/serving (\d+)/.exec(line)![1]) };
}

interface Draft {
  api: PaintApi;
  templateId: number;
  submissionId: number;
  /** The Creative column's field key (the room's cell key). */
  field: string;
  /** The room's name and its row ids in order. */
  room: string;
  order: string[];
  tokens: { index: number; token: string }[];
}

/** Flags the account, signs in, builds the template and saves a 5,000-row Draft shared with everyone. */
async function createDraft(db: pg.Client): Promise<Omit<Draft, 'room' | 'order' | 'tokens'>> {
  await db.query(
    `update accounts set feature_flags = array_append(feature_flags, 'live-collaboration')
      where id = (select account_id from users where email = $1) and not ('live-collaboration' = any(feature_flags))`,
    [EMAIL],
  );
  const api = new PaintApi();
  await api.call('POST', '/api/v1/auth/login', { email: EMAIL, password: PASSWORD });
  const templateId = await buildTemplate(api);
  const form = await api.call<SubmissionForm>(
    'GET',
    `/api/v1/account/submissions/templates/${templateId}/form`,
  );
  const created = await api.call<{ id: number }>('POST', '/api/v1/account/submissions', {
    template_id: templateId,
    name: 'Painted bench draft',
    rows: rowsOf(form),
    draft: true,
  });
  await api.call('PUT', `/api/v1/account/submissions/${created.id}/sharing`, {
    everyone: true,
    user_ids: [],
  });
  const field = fieldKey(form.fields.find((f) => f.field.name === COLUMN && !f.field.is_pattern)!);
  return { api, templateId, submissionId: created.id, field };
}

/** The room's name and row order, read by joining it once as the admin. */
async function roomOrder(api: PaintApi, submissionId: number): Promise<{ room: string; order: string[] }> {
  const { token, room } = await api.call<{ token: string; room: string }>(
    'POST',
    `/api/v1/account/submissions/${submissionId}/collab-token`,
  );
  const doc = new Y.Doc();
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
  const order = doc.getArray<string>('order').toArray();
  provider.destroy();
  if (order.length !== ROWS) throw new Error(`the room holds ${order.length} rows, not ${ROWS}`);
  return { room, order };
}

/** 19 more ADMINs of the demo account with sessions; answers their signed draft-room tokens. */
async function editorTokens(db: pg.Client, submissionId: number): Promise<Draft['tokens']> {
  const [account] = (
    await db.query(
      'select a.id, a.uuid from accounts a join users u on u.account_id = a.id where u.email = $1',
      [EMAIL],
    )
  ).rows;
  const { rows: users } = await db.query(
    `insert into users(account_id, name, email, role, permissions)
     select $1, 'Paint editor ' || g, 'paint-editor' || g || '@bench.test', 'ADMIN', '{}'
       from generate_series(1, $2) g returning id, name`,
    [account.id, EDITORS],
  );
  await db.query(
    `insert into sessions(id, user_id, expires_at) select 'paint-' || id, id, now() + interval '1 day'
       from users where email like 'paint-editor%@bench.test'`,
  );
  const { rows: versions } = await db.query(
    'select user_id, version from collab_access where user_id = any($1)',
    [users.map((u) => u.id)],
  );
  const versionOf = new Map(versions.map((v) => [v.user_id, Number(v.version)]));
  return users.map((user, i) => ({
    // Editor indexes from 1: their edit ids are "e1-…" to "e19-…".
    index: i + 1,
    token: signCollabToken(
      {
        uid: user.id,
        name: user.name,
        acc: account.uuid,
        sub: submissionId,
        approver: false,
        exp: Math.floor(Date.now() / 1000) + 3600,
        sid: `paint-${user.id}`,
        av: versionOf.get(user.id) ?? 0,
      },
      SECRET,
    ),
  }));
}

/**
 * The page-side probe (a script string: the bench is typed for Node, not the DOM). Observes
 * `target` (a CSS selector); each edit id (`e<editor>-<n>`) newly seen in the text of a changed
 * node is stamped in the next requestAnimationFrame callback with the page's wall clock.
 * `window.__paint.paints` is a Map id → time.
 */
const PROBE = (target: string) => `(() => {
  const root = document.querySelector(${JSON.stringify(target)});
  if (!root) throw new Error('no ${target} in the page');
  const paints = new Map();
  const pending = new Set();
  let frame = 0;
  const ID = /\\be\\d+-\\d+\\b/g;
  const stamp = () => {
    frame = 0;
    const at = performance.timeOrigin + performance.now();
    for (const id of pending) if (!paints.has(id)) paints.set(id, at);
    pending.clear();
  };
  new MutationObserver((records) => {
    for (const record of records) {
      const node = record.target.nodeType === 1 ? record.target : record.target.parentElement;
      if (!node) continue;
      const text = (node.closest('[role="gridcell"]') ?? node).textContent ?? '';
      for (const match of text.matchAll(ID)) if (!paints.has(match[0])) pending.add(match[0]);
    }
    if (pending.size > 0 && !frame) frame = requestAnimationFrame(stamp);
  }).observe(root, { subtree: true, childList: true, characterData: true });
  window.__paint = { paints };
})()`;

/** The echo page's socket: each frame's value (after the 7-byte header drafts-clients.ts sends) into the div. */
const ECHO_SOCKET = (url: string) => `new Promise((resolve, reject) => {
  const out = document.getElementById('out');
  const ws = new WebSocket(${JSON.stringify(url)});
  ws.binaryType = 'arraybuffer';
  const decoder = new TextDecoder();
  ws.onmessage = (event) => {
    const command = JSON.parse(decoder.decode(new Uint8Array(event.data).subarray(7)));
    out.textContent = command.cells[0].value;
  };
  ws.onopen = () => resolve(true);
  ws.onerror = () => reject(new Error('the echo socket failed'));
  window.__echoSocket = ws;
})`;

/**
 * Row indexes (0-based) wholly inside the grid's viewport, below its header, after bringing the
 * written column into view; throws when the column is not shown.
 */
const VISIBLE_ROWS = `(() => {
  const grid = document.querySelector('[data-testid="submission-grid"]');
  const header = [...grid.querySelectorAll('[role="columnheader"]')]
    .find((h) => (h.textContent ?? '').trim().startsWith(${JSON.stringify(COLUMN)}));
  if (!header) throw new Error('the ${COLUMN} column is not in the grid');
  header.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  const box = grid.getBoundingClientRect();
  const col = header.getBoundingClientRect();
  if (col.left < box.left || col.right > Math.min(box.right, innerWidth)) throw new Error('the ${COLUMN} column is off screen');
  const top = grid.querySelector('[role="row"][aria-rowindex="1"]').getBoundingClientRect().bottom;
  const bottom = Math.min(box.bottom, innerHeight);
  return [...grid.querySelectorAll('[role="row"]')]
    .map((row) => ({ index: Number(row.getAttribute('aria-rowindex')) - 2, rect: row.getBoundingClientRect() }))
    .filter(({ index, rect }) => index >= 0 && rect.top >= top && rect.bottom <= bottom)
    .map(({ index }) => index)
    .sort((a, b) => a - b);
})()`;

/** Page clock minus Node clock (ms), from the page.evaluate round trip with the smallest duration. */
async function clockOffset(page: Page): Promise<{ offset: number; roundTrip: number }> {
  let best = { offset: 0, roundTrip: Number.POSITIVE_INFINITY };
  for (let i = 0; i < 20; i++) {
    const before = nodeNow();
    const pageAt = (await page.evaluate('performance.timeOrigin + performance.now()')) as number;
    const after = nodeNow();
    if (after - before < best.roundTrip)
      best = { offset: pageAt - (before + after) / 2, roundTrip: after - before };
  }
  return best;
}

/** The observer: signed in as the admin on the draft's editor, its grid synced; answers the rows on screen. */
async function openObserver(browser: Browser, draft: Omit<Draft, 'room' | 'order' | 'tokens'>) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: base });
  const login = await context.request.post('/api/v1/auth/login', {
    data: { email: EMAIL, password: PASSWORD },
    headers: { origin: base },
  });
  if (!login.ok()) throw new Error(`the page's sign-in answered ${login.status()}`);
  const page = await context.newPage();
  await page.goto(`/codes/new/${draft.templateId}?draft=${draft.submissionId}`);
  const grid = page.getByTestId('submission-grid');
  await grid.waitFor({ timeout: 60_000 });
  // Synced with the room: its 5,000 rows are in the grid, and the person's own avatar shows.
  const deadline = performance.now() + 60_000;
  while (Number(await grid.getAttribute('aria-rowcount')) < ROWS + 1) {
    if (performance.now() > deadline) throw new Error('the grid did not show the draft’s rows');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await page
    .getByRole('img', { name: /\(you\)$/ })
    .first()
    .waitFor({ timeout: 60_000 });
  const visible = (await page.evaluate(VISIBLE_ROWS)) as number[];
  if (visible.length === 0) throw new Error('no row of the grid is on screen');
  await page.evaluate(PROBE('[data-testid="submission-grid"]'));
  return { page, visible };
}

/** The echo page: a div the echo's values are written into, its socket open. */
async function openEchoPage(browser: Browser, port: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.setContent('<!doctype html><html><body><div id="out">waiting</div></body></html>');
  await page.evaluate(PROBE('#out'));
  await page.evaluate(ECHO_SOCKET(`ws://127.0.0.1:${port}/draft`));
  return page;
}

/** Starts the client processes of one mode with the 19 editors split among them; resolves once all are connected. */
async function startClients(
  spec: Omit<ClientsSpec, 'editors'>,
  tokens: Draft['tokens'],
): Promise<ChildProcess[]> {
  const children: ChildProcess[] = [];
  const ready: Promise<unknown>[] = [];
  for (let p = 0; p < CLIENT_PROCESSES; p++) {
    const child = fork(new URL('./drafts-clients.ts', import.meta.url).pathname, [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const editors = tokens.filter((_, i) => i % CLIENT_PROCESSES === p);
    ready.push(new Promise((resolve) => child.once('message', resolve)));
    child.send({ type: 'start', spec: { ...spec, editors } });
    children.push(child);
  }
  await Promise.all(ready);
  return children;
}

/** Tells the client processes to edit; answers every edit sent (id → Node time) and the latencies (ms) of the editors seeing the others' edits. */
async function runClients(children: ChildProcess[]): Promise<{ sent: Map<string, number>; seen: number[] }> {
  const reports = await Promise.all(
    children.map((child) => {
      const done = new Promise<ClientsReport>((resolve) =>
        child.once('message', (m) => resolve(m as ClientsReport)),
      );
      child.send({ type: 'go' });
      return done;
    }),
  );
  const sent = new Map(reports.flatMap((r) => r.sent));
  const seen = reports.flatMap((r) => r.seen.map(([id, at]) => at - (sent.get(id) ?? Number.NaN)));
  return { sent, seen: seen.filter((ms) => Number.isFinite(ms)) };
}

/** Latencies (ms) of the edits `page` painted, and how many sent it never painted. */
async function paintedOf(page: Page, offset: number, sent: Map<string, number>) {
  const paints = new Map((await page.evaluate('[...window.__paint.paints.entries()]')) as [string, number][]);
  const latencies: number[] = [];
  let notPainted = 0;
  for (const [id, at] of sent) {
    const paintedAt = paints.get(id);
    if (paintedAt === undefined) notPainted++;
    else latencies.push(paintedAt - offset - at);
  }
  return { latencies, notPainted };
}

interface Running {
  browser: Browser;
  collab: { page: Page; visible: number[]; children: ChildProcess[] };
  echo: { page: Page; children: ChildProcess[] };
}

/** Opens both pages and starts both sets of editors, on the visible rows of the Creative column. */
async function prepare(browser: Browser, draft: Draft, echoPort: number): Promise<Running> {
  const observer = await openObserver(browser, draft);
  const echoPage = await openEchoPage(browser, echoPort);
  const common = {
    rowIds: observer.visible.map((i) => draft.order[i]!),
    fields: [draft.field],
    everyMs: EVERY_MS,
    durationMs: DURATION_MS,
  };
  const collabChildren = await startClients(
    { ...common, mode: 'collab', url: `ws://127.0.0.1:${PORT}/collab`, room: draft.room },
    draft.tokens,
  );
  const echoChildren = await startClients(
    { ...common, mode: 'echo', url: `ws://127.0.0.1:${echoPort}/draft`, room: 'draft' },
    draft.tokens,
  );
  return {
    browser,
    collab: { page: observer.page, visible: observer.visible, children: collabChildren },
    echo: { page: echoPage, children: echoChildren },
  };
}

/**
 * With BENCH_DRAFTS_PAINT_PROFILE=<file.cpuprofile>, a CPU profile of the observer page over the
 * window (DevTools' format); the profiler's cost then shows in the figures. Answers its stop.
 */
async function startPageProfile(page: Page): Promise<() => Promise<void>> {
  const file = process.env.BENCH_DRAFTS_PAINT_PROFILE;
  if (!file) return async () => {};
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
  };
}

/** Runs both sides over the same window and computes the figures. */
async function measure(r: Running): Promise<DraftPaintFigures> {
  const collabClock = await clockOffset(r.collab.page);
  const echoClock = await clockOffset(r.echo.page);
  const stopProfile = await startPageProfile(r.collab.page);
  const [collabSent, echoSent] = await Promise.all([
    runClients(r.collab.children),
    runClients(r.echo.children),
  ]);
  await stopProfile();
  const collab = await paintedOf(r.collab.page, collabClock.offset, collabSent.sent);
  const echo = await paintedOf(r.echo.page, echoClock.offset, echoSent.sent);
  const collabPaintedMs = timings(collab.latencies);
  const echoPaintedMs = timings(echo.latencies);
  return {
    editors: EDITORS,
    everyMs: EVERY_MS,
    durationMs: DURATION_MS,
    visibleRows: r.collab.visible.length,
    collabPaintedMs,
    echoPaintedMs,
    p95RatioToEcho: Number((collabPaintedMs.p95 / echoPaintedMs.p95).toFixed(2)),
    targetRatio: 2,
    seenByEditorsMs: { collab: timings(collabSent.seen), echo: timings(echoSent.seen) },
    collabNotPainted: collab.notPainted,
    echoNotPainted: echo.notPainted,
    clockOffsetMs: {
      collab: Number(collabClock.offset.toFixed(2)),
      echo: Number(echoClock.offset.toFixed(2)),
      roundTripMs: Number(Math.max(collabClock.roundTrip, echoClock.roundTrip).toFixed(2)),
    },
    loadAverage: loadavg().map((l) => Number(l.toFixed(2))),
    chromium: r.browser.version(),
  };
}

function printFigures(f: DraftPaintFigures): void {
  const line = (t: PaintTimings) =>
    `p50 ${t.p50} ms, p95 ${t.p95} ms, p99 ${t.p99} ms (${t.samples} samples)`;
  console.log(
    `edit painted in another person's grid: ${line(f.collabPaintedMs)}; not painted ${f.collabNotPainted}`,
  );
  console.log(
    `  the same edits seen by the other protocol editors: p50 ${f.seenByEditorsMs.collab.p50} ms, p95 ${f.seenByEditorsMs.collab.p95} ms (by the echo's: p95 ${f.seenByEditorsMs.echo.p95} ms)`,
  );
  console.log(
    `ws echo painted: ${line(f.echoPaintedMs)}; not painted ${f.echoNotPainted}; ratio of p95 ${f.p95RatioToEcho}x (target ≤ ${f.targetRatio}x); load average ${f.loadAverage.join(' ')}`,
  );
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

/** Waits (polling, 10 min at most) until the dataset-search job took the saved rows, so it never runs beside the measure. */
async function searchJobDone(db: pg.Client): Promise<void> {
  const deadline = performance.now() + 600_000;
  while ((await db.query('select 1 from dataset_search_backlog limit 1')).rows.length > 0) {
    if (performance.now() > deadline) throw new Error('the dataset-search job did not run');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Sets up the draft, its room's order and the editors' tokens on the running server. */
async function setUpDraft(db: pg.Client): Promise<Draft> {
  const created = await createDraft(db);
  const { room, order } = await roomOrder(created.api, created.submissionId);
  const tokens = await editorTokens(db, created.submissionId);
  await searchJobDone(db);
  return { ...created, room, order, tokens };
}

/**
 * Measures an edit painted in another person's grid beside a raw WebSocket echo painted the same
 * way (see the file's header). Prints the figures and answers them for bench/results/drafts.json
 * (`painted`).
 */
export async function benchDraftPaint(): Promise<DraftPaintFigures> {
  console.log(
    `bench:drafts painted: 1 page + ${EDITORS} editors, one cell each every ${EVERY_MS} ms, ${DURATION_MS / 1000} s, ${ROWS} rows`,
  );
  const client = buildClient();
  await recreateDatabase(dbUrl);
  const server = await startEmbedded(client.dist);
  const echo = await startEcho();
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const draft = await setUpDraft(db);
    const figures = await measure(await prepare(browser, draft, echo.port));
    printFigures(figures);
    return figures;
  } finally {
    await browser.close();
    await db.end();
    echo.child.kill('SIGTERM');
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await dropDatabase();
    client.remove();
  }
}
