/**
 * `npm run bench:drafts` (shared drafts, ARCHITECTURE.md "Live collaboration": a person's edit
 * reaches the others within 200 ms p95). One collab process (collab/src/main.ts, started here
 * over the local PostgreSQL, database BENCH_DRAFTS_DATABASE_URL, recreated and migrated) serving
 * one shared draft of 5,000 rows x 10 fields of realistic text, seeded as the REST server seeds a
 * room. 20 editor clients (@hocuspocus/provider, one person each, in BENCH_DRAFTS_CLIENT_PROCESSES
 * child processes, default 2: bench/drafts-clients.ts) each write one cell every 2 s at a random phase (`cells.set` of a random cell to a new value) for
 * BENCH_DRAFTS_DURATION_MS (default 60 s). The figure is the latency from a client sending
 * `cells.set` to each other client seeing the new value in its Y.Doc (p50/p95/p99), and the
 * sender's ack (stored in PostgreSQL). The baseline, over the same window and from the same
 * harness: a bare `ws` broadcast server (bench/collab-echo.ts, its own process) relaying the same
 * edits as frames of the same size among 20 other sockets of one room; its p95 and the ratio
 * (target ≤ 2x). The load average is recorded: on a busy machine the collab path (which waits on
 * PostgreSQL for the sender's check before it broadcasts) suffers more than the echo.
 * Prints the figures and writes bench/results/drafts.json, keeping the previous run's figures
 * under `previous` (BENCH_LABEL names a run).
 *
 * Then the painted half (bench/drafts-paint.ts): the same edits' latency to painted in another
 * person's grid in headless Chromium beside a raw WebSocket echo painted the same way, under
 * `painted` in the results.
 *
 * Then the submit half (bench/drafts-submit.ts): the submit of the 5,000-row draft with its room
 * open against the same submit without a room (target ≤ 1.2x), under `submit` in the results.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { draftRoomName } from '@nomen/shared';
import { openDatabase } from '@nomen/shared/db';
import { DraftDoc } from '@nomen/shared/draft-room';
import { signCollabToken } from '@nomen/shared/node';
import pg from 'pg';
import * as Y from 'yjs';
import { migrateToLatest } from '../server/src/db/migrate';
import type { ClientsReport, ClientsSpec } from './drafts-clients';
import { benchDraftPaint, type DraftPaintFigures } from './drafts-paint';
import { benchDraftSubmit, type DraftSubmitFigures } from './drafts-submit';
import { cellText, recreateDatabase } from './support';

const SECRET = 'bench-drafts-secret-0123456789abcdefghij';
const dbUrl = new URL(
  process.env.BENCH_DRAFTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nomen_drafts_bench',
);
const COLLAB_PORT = Number(process.env.BENCH_DRAFTS_PORT ?? 3402);
const ROWS = 5000;
const FIELDS = Array.from({ length: 10 }, (_, i) => String(101 + i));
const EDITORS = 20;
const EVERY_MS = 2000;
const DURATION_MS = Number(process.env.BENCH_DRAFTS_DURATION_MS ?? 60_000);
/** Child processes hosting the editors, per server measured (bench/drafts-clients.ts). */
const CLIENT_PROCESSES = Number(process.env.BENCH_DRAFTS_CLIENT_PROCESSES ?? 2);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(2));
}

/** p50/p95/p99 of `values` (ms) and how many there were. */
function summary(values: number[]) {
  return {
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    samples: values.length,
  };
}

/** Resolves once `child` prints a line containing `serving`; rejects when it exits first. */
function whenServing(child: ChildProcess, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      if (text.includes('serving')) resolve(text);
    });
    child.once('exit', (code) => reject(new Error(`${what} exited with ${code}`)));
  });
}

async function startCollabProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'collab/src/main.ts'], {
    env: {
      ...process.env,
      COLLAB_PORT: String(COLLAB_PORT),
      DATABASE_URL: dbUrl.toString(),
      NOMEN_SECRET_KEY: SECRET,
      NODE_ENV: 'production',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await whenServing(child, 'collab');
  return child;
}

async function startEchoProcess(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/collab-echo.ts'], {
    env: { ...process.env, ECHO_PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await whenServing(child, 'echo');
  return { child, port: Number(/serving (\d+)/.exec(line)![1]) };
}

interface Fixture {
  accountUuid: string;
  submissionId: number;
  room: string;
  users: { id: number; name: string }[];
  rowIds: string[];
}

/** The seeded room: 5,000 rows of 10 fields, open, as the REST server writes it when a draft is shared. */
function seededState(rowIds: string[]): Buffer {
  const doc = new Y.Doc();
  const draft = new DraftDoc(doc);
  doc.transact(() => {
    draft.setMeta({ status: 'open', submissionStatus: 'Draft', closedByName: null, closedAt: null });
    rowIds.forEach((id, r) => {
      const cells = new Y.Map<string>();
      for (const [c, field] of FIELDS.entries()) cells.set(field, cellText(r, c));
      draft.rowMap.set(id, cells);
    });
    draft.order.push(rowIds);
  });
  return Buffer.from(Y.encodeStateAsUpdateV2(doc));
}

/** An account, a template, 20 ADMINs with sessions, and a Draft shared with everyone, its room seeded. */
async function createFixture(): Promise<Fixture> {
  const client = new pg.Client({ connectionString: dbUrl.toString() });
  await client.connect();
  const q = async (text: string, values: unknown[] = []) => (await client.query(text, values)).rows;
  const [account] = await q(
    `insert into accounts(name, settings, feature_flags) values ('Bench', '{}', '{live-collaboration}') returning id, uuid`,
  );
  const users = await q(
    `insert into users(account_id, name, email, role, permissions)
     select $1, 'Editor ' || g, 'editor' || g || '@bench.test', 'ADMIN', '{}' from generate_series(1, $2) g returning id, name`,
    [account.id, EDITORS],
  );
  await q(
    `insert into sessions(id, user_id, expires_at) select 'bench-' || id, id, now() + interval '1 day' from users where account_id = $1`,
    [account.id],
  );
  const [template] = await q(
    `insert into templates(account_id, name) values ($1, 'Campaigns') returning id`,
    [account.id],
  );
  const [dataset] = await q(`insert into datasets(account_id, template_id) values ($1, $2) returning id`, [
    account.id,
    template.id,
  ]);
  const [submission] = await q(
    `insert into submissions(account_id, dataset_id, name, status, submitter_id, submitter_name, template_id, template_name, shared_with_everyone)
     values ($1, $2, 'Shared draft', 'Draft', $3, $4, $5, 'Campaigns', true) returning id`,
    [account.id, dataset.id, users[0].id, users[0].name, template.id],
  );
  const room = draftRoomName(account.uuid, submission.id);
  const rowIds = Array.from({ length: ROWS }, (_, i) => `bench-row-${String(i).padStart(5, '0')}`);
  await q(`insert into collab_documents(name, state) values ($1, $2)`, [room, seededState(rowIds)]);
  await client.end();
  return { accountUuid: account.uuid, submissionId: submission.id, room, users, rowIds };
}

function tokenOf(f: Fixture, user: { id: number; name: string }): string {
  return signCollabToken(
    {
      uid: user.id,
      name: user.name,
      acc: f.accountUuid,
      sub: f.submissionId,
      approver: false,
      exp: Math.floor(Date.now() / 1000) + 3600,
      sid: `bench-${user.id}`,
      av: 0,
    },
    SECRET,
  );
}

/** Starts the client processes of one mode with the 20 editors split among them; resolves once all are connected. */
async function startClients(mode: ClientsSpec['mode'], url: string, f: Fixture): Promise<ChildProcess[]> {
  const children: ChildProcess[] = [];
  const ready: Promise<unknown>[] = [];
  for (let p = 0; p < CLIENT_PROCESSES; p++) {
    const child = fork(new URL('./drafts-clients.ts', import.meta.url).pathname, [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const editors = f.users
      .map((user, index) => ({ index, token: tokenOf(f, user) }))
      .filter(({ index }) => index % CLIENT_PROCESSES === p);
    const spec: ClientsSpec = {
      mode,
      url,
      room: f.room,
      editors,
      rowIds: f.rowIds,
      fields: FIELDS,
      everyMs: EVERY_MS,
      durationMs: DURATION_MS,
    };
    ready.push(new Promise((resolve) => child.once('message', resolve)));
    child.send({ type: 'start', spec });
    children.push(child);
  }
  await Promise.all(ready);
  return children;
}

/** Tells the client processes to edit and gathers their reports: latencies to the others, and acks. */
async function runClients(
  children: ChildProcess[],
): Promise<{ seen: number[]; ack: number[]; refused: number }> {
  const reports = await Promise.all(
    children.map((child) => {
      const done = new Promise<ClientsReport>((resolve) =>
        child.once('message', (m) => resolve(m as ClientsReport)),
      );
      child.send({ type: 'go' });
      return done;
    }),
  );
  const sentAt = new Map(reports.flatMap((r) => r.sent));
  const seen = reports.flatMap((r) => r.seen.map(([id, at]) => at - (sentAt.get(id) ?? Number.NaN)));
  return {
    seen: seen.filter((ms) => Number.isFinite(ms)),
    ack: reports.flatMap((r) => r.acks),
    refused: reports.reduce((n, r) => n + r.refused, 0),
  };
}

async function main(): Promise<void> {
  console.log(
    `bench:drafts: ${EDITORS} editors, one cell each every ${EVERY_MS} ms, ${DURATION_MS / 1000} s, ${ROWS} rows`,
  );
  await recreateDatabase(dbUrl);
  const handle = await openDatabase({ url: dbUrl.toString(), poolSize: 1 });
  await migrateToLatest(handle.db);
  await handle.close();
  const f = await createFixture();
  const collab = await startCollabProcess();
  const echo = await startEchoProcess();
  let live: { collabRun: Awaited<ReturnType<typeof runClients>>; echoSeen: number[] };
  try {
    const collabClients = await startClients('collab', `ws://127.0.0.1:${COLLAB_PORT}/collab`, f);
    const echoClients = await startClients('echo', `ws://127.0.0.1:${echo.port}/draft`, f);
    // Side by side over the same window, so both see the same machine load.
    const [collabRun, echoRun] = await Promise.all([runClients(collabClients), runClients(echoClients)]);
    live = { collabRun, echoSeen: echoRun.seen };
  } finally {
    collab.kill('SIGTERM');
    echo.child.kill('SIGTERM');
  }
  // The painted and submit halves run after the live half's processes are gone, so they do not share the machine.
  const painted = await benchDraftPaint();
  report(live.collabRun, live.echoSeen, painted, await benchDraftSubmit());
}

function report(
  collabRun: { seen: number[]; ack: number[]; refused: number },
  echoSeen: number[],
  painted: DraftPaintFigures,
  submit: DraftSubmitFigures,
): void {
  const seen = summary(collabRun.seen);
  const ack = summary(collabRun.ack);
  const echo = summary(echoSeen);
  const ratio = Number((seen.p95 / echo.p95).toFixed(2));
  console.log(
    `edit seen by the other editors: p50 ${seen.p50} ms, p95 ${seen.p95} ms, p99 ${seen.p99} ms (${seen.samples} samples)`,
  );
  console.log(
    `ack to the sender (stored): p50 ${ack.p50} ms, p95 ${ack.p95} ms, p99 ${ack.p99} ms; refused ${collabRun.refused}`,
  );
  console.log(
    `ws echo: p50 ${echo.p50} ms, p95 ${echo.p95} ms (${echo.samples} samples); ratio of p95 ${ratio}x (target ≤ 2x)`,
  );
  console.log(
    `painted in another person's grid: p95 ${painted.collabPaintedMs.p95} ms against ${painted.echoPaintedMs.p95} ms for the echo painted; ratio ${painted.p95RatioToEcho}x (target ≤ 2x)`,
  );
  const resultsFile = new URL('./results/drafts.json', import.meta.url);
  const previous = existsSync(resultsFile)
    ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as Record<string, unknown>)
    : null;
  if (previous) delete previous.previous;
  const results: Record<string, unknown> = {
    label: process.env.BENCH_LABEL ?? null,
    at: new Date().toISOString(),
    loadAverage: loadavg().map((l) => Number(l.toFixed(2))),
    setup: {
      rows: ROWS,
      fields: FIELDS.length,
      editors: EDITORS,
      everyMs: EVERY_MS,
      durationMs: DURATION_MS,
    },
    editSeenByOthersMs: seen,
    ackMs: ack,
    refused: collabRun.refused,
    wsEchoMs: echo,
    p95RatioToEcho: ratio,
    painted,
    submit,
    ...(previous ? { previous } : {}),
  };
  writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
