/**
 * `npm run bench:collab` (issue 14 items 1-4 and 6; issue 4 performance). One collab process
 * (started here with --expose-gc over the local PostgreSQL, database BENCH_COLLAB_DATABASE_URL,
 * recreated) and, as the baseline under the same load, a bare `ws` broadcast server in its own
 * process (bench/collab-echo.ts). The clients live in BENCH_COLLAB_CLIENT_PROCESSES child
 * processes (bench/collab-clients.ts, default 4) speaking the provider's wire protocol, so the
 * figure measures the server, not the harness; each client process's CPU is printed.
 * Every client renews its presence like a browser (y-protocols: every 15 s, checked every 3 s)
 * at a random phase. Cases, each against the collab process and the echo server:
 *  - 500 and 1,000 clients in one room;
 *  - 10,000 idle connections in 100 rooms (100 each);
 * for each: the server process's CPU % of one core over a BENCH_COLLAB_WINDOW_MS window of
 * presence alone (default 20 s), its RSS, and the latency of a comment (a `comment.add` command
 * from one client until each other client of the room receives the bytes; echo: the same frame
 * relayed), p50/p95/p99 over 40 comments, with the ratio to echo. Then:
 *  - memory per idle connection (collab RSS and heap after a forced GC, settled, 10,000 connections), in a
 *    fresh collab process;
 *  - churn: 20,000 connect/disconnect cycles into one loaded room (100 idle clients), heap
 *    before and after (forced GC);
 *  - sync of a room holding 5,000 threads (warm, cold from PostgreSQL) and 50 clients across two
 *    instances joined by Redis (REDIS_URL), with @hocuspocus/provider in this process.
 * Prints the figures and writes bench/results/collab.json, keeping the previous run's figures
 * under `previous` (BENCH_LABEL names a run, e.g. "before presence patch"). BENCH_COLLAB_MAIN
 * points at another checkout's collab/src/main.ts to measure it (before/after runs).
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { HocuspocusProvider } from '@hocuspocus/provider';
import { roomName } from '@nomen/shared';
import { openDatabase } from '@nomen/shared/db';
import { signCollabToken } from '@nomen/shared/node';
import pg from 'pg';
import * as Y from 'yjs';
import { migrateToLatest } from '../server/src/db/migrate';
import type { ClientSpec, Command } from './collab-clients';
import { processCpuMs, processRssMb, recreateDatabase } from './support';

const SECRET = 'bench-collab-secret-0123456789abcdefghij';
const dbUrl = new URL(
  process.env.BENCH_COLLAB_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nomen_collab_bench',
);
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PROBES = 40;
const CLIENT_PROCESSES = Number(process.env.BENCH_COLLAB_CLIENT_PROCESSES ?? 4);
const WINDOW_MS = Number(process.env.BENCH_COLLAB_WINDOW_MS ?? 20_000);
/** Only the presence cases, memory and churn (skips the 5,000-thread sync and the Redis pair). */
const PRESENCE_ONLY = Boolean(process.env.BENCH_COLLAB_PRESENCE_ONLY);
const CHURN_CYCLES = Number(process.env.BENCH_COLLAB_CHURN_CYCLES ?? 20_000);
/** The collab server to measure; BENCH_COLLAB_MAIN points at another checkout's main.ts (before/after runs). */
const COLLAB_MAIN = process.env.BENCH_COLLAB_MAIN ?? 'collab/src/main.ts';
const COLLAB_PORT = 3401;
/** Scales every client count (a quick smoke run: 0.05); the figures are for 1. */
const SCALE = Number(process.env.BENCH_COLLAB_SCALE ?? 1);
const scaled = (n: number) => Math.max(2, Math.round(n * SCALE));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

async function recreateMigratedDatabase(): Promise<void> {
  await recreateDatabase(dbUrl);
  const handle = await openDatabase({ url: dbUrl.toString(), poolSize: 1 });
  await migrateToLatest(handle.db);
  await handle.close();
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

async function startCollabProcess(port: number, withRedis: boolean): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', COLLAB_MAIN], {
    env: {
      ...process.env,
      COLLAB_PORT: String(port),
      DATABASE_URL: dbUrl.toString(),
      NOMEN_SECRET_KEY: SECRET,
      NODE_ENV: 'production',
      ...(withRedis ? { REDIS_URL: redisUrl } : { REDIS_URL: '' }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await whenServing(child, 'collab');
  return child;
}

/** Stops a collab process (SIGTERM, waits for its exit) and starts a fresh one on COLLAB_PORT. */
async function restartCollabProcess(old: ChildProcess): Promise<ChildProcess> {
  if (old.exitCode === null) {
    const exited = new Promise((resolve) => old.once('exit', resolve));
    old.kill('SIGTERM');
    await exited;
  }
  return startCollabProcess(COLLAB_PORT, false);
}

async function startEchoProcess(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/collab-echo.ts'], {
    env: { ...process.env, ECHO_PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await whenServing(child, 'echo');
  return { child, port: Number(/serving (\d+)/.exec(line)![1]) };
}

/** The collab process's memory after a garbage collection, in MB: heap used and RSS. */
async function memoryMb(port: number): Promise<{ heap: number; rss: number }> {
  const health = (await (await fetch(`http://127.0.0.1:${port}/health`)).json()) as {
    memory: { heapUsed: number; rss: number };
  };
  return { heap: health.memory.heapUsed / 2 ** 20, rss: health.memory.rss / 2 ** 20 };
}

/**
 * The collab process's memory once it has settled: read every 2 s (each read collects garbage)
 * until two reads in a row differ by less than 1 MB of RSS, at most 30 s. V8 hands freed pages
 * back to the system some seconds after the work that made them (connecting 10,000 clients), so
 * an early read counts that slack as the connections' cost.
 */
async function settledMemoryMb(port: number): Promise<{ heap: number; rss: number }> {
  let previous = await memoryMb(port);
  const deadline = Date.now() + 30_000;
  for (;;) {
    await sleep(2000);
    const current = await memoryMb(port);
    if (Math.abs(current.rss - previous.rss) < 1 || Date.now() > deadline) return current;
    previous = current;
  }
}

interface Fixture {
  accountUuid: string;
  userIds: number[];
  listIds: number[];
  /** A column of each list (comments and suggestions name cells of their list). */
  columnIds: Map<number, number>;
}

async function createFixture(lists: number, users: number): Promise<Fixture> {
  const client = new pg.Client({ connectionString: dbUrl.toString() });
  await client.connect();
  const account = await client.query(
    `insert into accounts(name, settings, feature_flags) values ('Bench', '{}', '{live-collaboration}') returning id, uuid`,
  );
  const accountId = account.rows[0].id;
  const userRows = await client.query(
    `insert into users(account_id, name, email, role, permissions) select $1, 'Bench user ' || g, 'bench' || g || '-' || $2 || '@bench.test', 'MANAGER', '{manage_lists}' from generate_series(1, $3) g returning id`,
    [accountId, randomUUID().slice(0, 6), users],
  );
  const listRows = await client.query(
    `insert into lists(account_id, name, type) select $1, 'Bench list ' || g, 'drop-down' from generate_series(1, $2) g returning id`,
    [accountId, lists],
  );
  const columnRows = await client.query(
    `insert into list_columns(list_id, name, precedence) select id, 'Channel', 0 from lists where account_id = $1 returning id, list_id`,
    [accountId],
  );
  // Collaboration tokens are bound to a REST session of their user (issue 8 item 4).
  await client.query(
    `insert into sessions(id, user_id, expires_at) select 'bench-' || id, id, now() + interval '1 day' from users where account_id = $1`,
    [accountId],
  );
  await client.end();
  return {
    accountUuid: account.rows[0].uuid,
    userIds: userRows.rows.map((r) => r.id),
    listIds: listRows.rows.map((r) => r.id),
    columnIds: new Map(columnRows.rows.map((r) => [r.list_id, r.id])),
  };
}

function token(f: Fixture, userIndex: number, listId: number, approver = false): string {
  const uid = f.userIds[userIndex % f.userIds.length]!;
  return signCollabToken(
    {
      uid,
      sid: `bench-${uid}`,
      av: 0,
      name: `Bench user ${userIndex}`,
      acc: f.accountUuid,
      list: listId,
      approver,
      exp: Math.floor(Date.now() / 1000) + 3600,
    },
    SECRET,
  );
}

/** The client processes and a request/answer channel to each (answers matched by `seq`). */
class ClientPool {
  readonly processes: ChildProcess[];
  private seq = 0;
  private readonly pending = new Map<number, (answer: Record<string, unknown>) => void>();
  private readonly probes = new Map<string, { left: number; arrivals: number[]; done: () => void }>();

  constructor(count: number) {
    this.processes = Array.from({ length: count }, () => {
      const child = fork('bench/collab-clients.ts', [], {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      child.on('message', (raw) => {
        const answer = raw as Record<string, unknown>;
        if (typeof answer.probe === 'string') {
          const probe = this.probes.get(answer.probe);
          if (probe) {
            probe.arrivals.push(...(answer.arrivals as number[]));
            if (--probe.left === 0) probe.done();
          }
          return;
        }
        const resolve = this.pending.get(answer.seq as number);
        this.pending.delete(answer.seq as number);
        resolve?.(answer);
      });
      return child;
    });
  }

  /** Sends `command` to process `i` and resolves with its answer; rejects on an `error` answer. */
  request(i: number, command: Record<string, unknown>): Promise<Record<string, unknown>> {
    const seq = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(seq, (answer) =>
        answer.error ? reject(new Error(String(answer.error))) : resolve(answer),
      );
      this.processes[i]!.send({ ...command, seq } as Command);
    });
  }

  all(command: Record<string, unknown>): Promise<Record<string, unknown>[]> {
    return Promise.all(this.processes.map((_, i) => this.request(i, command)));
  }

  /** Opens `specs` spread round-robin over the processes (the room's sender goes to process 0). */
  async connect(url: string, mode: 'hocuspocus' | 'echo', specs: ClientSpec[]): Promise<void> {
    const shares: ClientSpec[][] = this.processes.map(() => []);
    let next = 0;
    for (const spec of specs) {
      if (spec.isSender) shares[0]!.push(spec);
      else shares[next++ % shares.length]!.push(spec);
    }
    await Promise.all(
      shares.map((clients, i) =>
        this.request(i, { cmd: 'connect', url, mode, clients, localAddress: `127.0.0.${10 + i}` }),
      ),
    );
  }

  /**
   * One comment: arms every process for `marker` in `room`, has the sender (process 0) send
   * it, and resolves with each receiver's latency and the sender's acknowledgement (ms).
   */
  async probe(room: string): Promise<{ latencies: number[]; ackMs: number | null; missing: boolean }> {
    const marker = `probe-${randomUUID()}`;
    let done!: () => void;
    const arrived = new Promise<void>((resolve) => {
      done = resolve;
    });
    const probe = { left: this.processes.length, arrivals: [] as number[], done };
    this.probes.set(marker, probe);
    await this.all({ cmd: 'arm', room, marker });
    const sent = await this.request(0, { cmd: 'send', room, marker, id: randomUUID(), body: marker });
    const timedOut = await Promise.race([arrived.then(() => false), sleep(30_000).then(() => true)]);
    this.probes.delete(marker);
    const sentAt = sent.sentAt as number;
    return {
      latencies: probe.arrivals.map((at) => at - sentAt),
      ackMs: typeof sent.ackAt === 'number' ? (sent.ackAt as number) - sentAt : null,
      missing: timedOut,
    };
  }

  async close(): Promise<void> {
    await this.all({ cmd: 'close' });
  }

  /** Frames received so far by all clients of all processes together. */
  async framesReceived(): Promise<number> {
    const usage = await this.all({ cmd: 'usage' });
    return usage.reduce((sum, u) => sum + (u.received as number), 0);
  }

  /** CPU time (ms) used so far by each client process. */
  cpuMs(): number[] {
    return this.processes.map((p) => processCpuMs(p.pid!));
  }

  stop(): void {
    for (const p of this.processes) p.kill('SIGTERM');
  }
}

/** The server under test: its process (for CPU and RSS), URL and protocol. */
interface Target {
  kind: 'collab' | 'echo';
  pid: number;
  url: string;
}

interface CaseFigures {
  serverCpuPct: number;
  serverRssMb: number;
  /** Frames the server sent to all clients together per second during the window (its fan-out). */
  framesToClientsPerSecond: number;
  /** The machine's 1-minute load average at the end of the window (2 cores here). */
  loadAverage: number;
  clientProcessCpuPct: number[];
  commentMs: ReturnType<typeof summary>;
  ackMs?: ReturnType<typeof summary>;
  probesTimedOut: number;
}

/**
 * One case against one server: connects `rooms` (room name and client count; the first room
 * holds the sender of the comments), lets presence settle, measures the server's and each client
 * process's CPU over WINDOW_MS, then times PROBES comments in the first room.
 */
async function runCase(
  pool: ClientPool,
  target: Target,
  f: Fixture,
  rooms: { listId: number; clients: number }[],
): Promise<CaseFigures> {
  const specs: ClientSpec[] = [];
  let userIndex = 0;
  for (const [r, room] of rooms.entries()) {
    for (let k = 0; k < room.clients; k++) {
      specs.push({
        room: roomName(f.accountUuid, room.listId),
        token: target.kind === 'collab' ? token(f, userIndex, room.listId) : '',
        userId: userIndex,
        isSender: r === 0 && k === 0,
      });
      userIndex += 1;
    }
  }
  await pool.connect(target.url, target.kind === 'collab' ? 'hocuspocus' : 'echo', specs);
  // Joins fan out once; let them pass and the renewals reach their steady random phase.
  await sleep(5000);
  const framesBefore = await pool.framesReceived();
  const serverBefore = processCpuMs(target.pid);
  const clientsBefore = pool.cpuMs();
  const started = performance.now();
  await sleep(WINDOW_MS);
  const elapsed = performance.now() - started;
  const framesPerSecond = ((await pool.framesReceived()) - framesBefore) / (elapsed / 1000);
  const serverCpuPct = ((processCpuMs(target.pid) - serverBefore) / elapsed) * 100;
  const clientProcessCpuPct = pool.cpuMs().map((ms, i) => ((ms - clientsBefore[i]!) / elapsed) * 100);
  const serverRssMb = processRssMb(target.pid);
  const latencies: number[] = [];
  const acks: number[] = [];
  let probesTimedOut = 0;
  const room = specs[0]!.room;
  for (let m = 0; m < PROBES; m++) {
    const probe = await pool.probe(room);
    latencies.push(...probe.latencies);
    if (probe.ackMs !== null) acks.push(probe.ackMs);
    if (probe.missing) probesTimedOut += 1;
    // Comments at random times, not in step with the renewals.
    await sleep(100 + Math.random() * 300);
  }
  await pool.close();
  return {
    serverCpuPct: Number(serverCpuPct.toFixed(1)),
    serverRssMb: Math.round(serverRssMb),
    framesToClientsPerSecond: Math.round(framesPerSecond),
    loadAverage: Number(loadavg()[0]!.toFixed(1)),
    clientProcessCpuPct: clientProcessCpuPct.map((p) => Number(p.toFixed(1))),
    commentMs: summary(latencies),
    ...(acks.length > 0 ? { ackMs: summary(acks) } : {}),
    probesTimedOut,
  };
}

const ratio = (a: number, b: number) => Number((a / Math.max(b, 0.01)).toFixed(2));

interface Client {
  provider: HocuspocusProvider;
  doc: Y.Doc;
}

function connect(url: string, room: string, authToken: string): Promise<Client> {
  const doc = new Y.Doc();
  return new Promise((resolve, reject) => {
    const provider = new HocuspocusProvider({
      url,
      name: room,
      document: doc,
      token: authToken,
      onSynced: () => resolve({ provider, doc }),
      onAuthenticationFailed: ({ reason }) => reject(new Error(reason)),
    });
  });
}

async function connectMany(urls: string[], f: Fixture, listId: number, n: number): Promise<Client[]> {
  const clients: Client[] = [];
  for (let i = 0; i < n; i += 25) {
    const batch = Array.from({ length: Math.min(25, n - i) }, (_, k) =>
      connect(urls[(i + k) % urls.length]!, roomName(f.accountUuid, listId), token(f, i + k, listId)),
    );
    clients.push(...(await Promise.all(batch)));
  }
  return clients;
}

/** Sends comments from client 0 and times each arrival at every other provider and the ack (ms). */
async function providerCommentLatency(clients: Client[]): Promise<{ seen: number[]; ack: number[] }> {
  const latencies: number[] = [];
  const acks: number[] = [];
  const [sender, ...receivers] = clients;
  for (let m = 0; m < PROBES; m++) {
    const id = randomUUID();
    const acked = new Promise<number>((resolve) => {
      const onMessage = ({ payload }: { payload: string }) => {
        if (JSON.parse(payload).id === id) {
          sender!.provider.off('stateless', onMessage);
          resolve(performance.now());
        }
      };
      sender!.provider.on('stateless', onMessage);
    });
    const body = `latency probe ${m} ${randomUUID()}`;
    const seen = receivers.map(
      (r) =>
        new Promise<number>((resolve) => {
          const threads = r.doc.getMap<{ comments: { body: string }[] }>('threads');
          const check = () => {
            for (const t of threads.values()) {
              if (t.comments[0]?.body === body) {
                threads.unobserve(check);
                resolve(performance.now());
                return;
              }
            }
          };
          threads.observe(check);
        }),
    );
    const sent = performance.now();
    sender!.provider.sendStateless(JSON.stringify({ id, type: 'comment.add', cell: null, body }));
    for (const at of await Promise.all(seen)) latencies.push(at - sent);
    acks.push((await acked) - sent);
  }
  return { seen: latencies, ack: acks };
}

function destroy(clients: Client[]): void {
  for (const c of clients) c.provider.destroy();
}

/** A room holding 5,000 threads written through commands, then synced by a new client (warm, cold). */
async function syncOf5000Threads(url: string, f: Fixture, bigList: number) {
  const writer = await connect(url, roomName(f.accountUuid, bigList), token(f, 0, bigList));
  for (let i = 0; i < 5000; i += 250) {
    await Promise.all(
      Array.from(
        { length: 250 },
        (_, k) =>
          new Promise<void>((resolve) => {
            const id = randomUUID();
            const onMessage = ({ payload }: { payload: string }) => {
              if (JSON.parse(payload).id === id) {
                writer.provider.off('stateless', onMessage);
                resolve();
              }
            };
            writer.provider.on('stateless', onMessage);
            writer.provider.sendStateless(
              JSON.stringify({
                id,
                type: 'suggestion.add',
                cell: { listValueId: null, columnId: f.columnIds.get(bigList)!, rowNumber: (i + k) % 10000 },
                prevValue: `Old ${i + k}`,
                value: `New ${i + k}`,
                body: `Thread ${i + k}: please check this value`,
              }),
            );
          }),
      ),
    );
  }
  let started = performance.now();
  const warm = await connect(url, roomName(f.accountUuid, bigList), token(f, 1, bigList));
  const warmMs = performance.now() - started;
  const threads = warm.doc.getMap('threads').size;
  destroy([writer, warm]);
  await sleep(4000);
  started = performance.now();
  const cold = await connect(url, roomName(f.accountUuid, bigList), token(f, 2, bigList));
  const coldMs = performance.now() - started;
  destroy([cold]);
  return { threads, warmMs: Math.round(warmMs), coldFromPostgresMs: Math.round(coldMs) };
}

async function main(): Promise<void> {
  await recreateMigratedDatabase();
  const f = await createFixture(260, 1000);
  const resultsFile = new URL('./results/collab.json', import.meta.url);
  const previous = existsSync(resultsFile)
    ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as Record<string, unknown>)
    : null;
  if (previous) delete previous.previous;
  const results: Record<string, unknown> = {
    ...(process.env.BENCH_LABEL ? { label: process.env.BENCH_LABEL } : {}),
    date: new Date().toISOString(),
    node: process.version,
    collabMain: COLLAB_MAIN,
    clientProcesses: CLIENT_PROCESSES,
    cpuWindowMs: WINDOW_MS,
    commentsPerCase: PROBES,
    presence: 'each client renews every 15-18 s (y-protocols), at a random phase',
    loadAverageAtStart: loadavg().map((l) => Number(l.toFixed(2))),
  };
  const pool = new ClientPool(CLIENT_PROCESSES);
  let collab = await startCollabProcess(COLLAB_PORT, false);
  const echo = await startEchoProcess();
  const targets: Target[] = [
    { kind: 'collab', pid: collab.pid!, url: `ws://127.0.0.1:${COLLAB_PORT}/collab` },
    { kind: 'echo', pid: echo.child.pid!, url: `ws://127.0.0.1:${echo.port}` },
  ];
  try {
    const cases: Record<string, unknown> = {};
    const layouts: [string, { listId: number; clients: number }[]][] = [
      ['500 clients in one room', [{ listId: f.listIds[0]!, clients: scaled(500) }]],
      ['1,000 clients in one room', [{ listId: f.listIds[1]!, clients: scaled(1000) }]],
      [
        '10,000 idle connections in 100 rooms',
        Array.from({ length: 100 }, (_, r) => ({ listId: f.listIds[100 + r]!, clients: scaled(100) })),
      ],
    ];
    // BENCH_COLLAB_SKIP_CASES: only memory and churn (e.g. a quick before/after of the churn leak).
    for (const [name, rooms] of process.env.BENCH_COLLAB_SKIP_CASES ? [] : layouts) {
      const byTarget: Record<string, CaseFigures> = {};
      const failed: Record<string, string> = {};
      for (const target of targets) {
        try {
          byTarget[target.kind] = await runCase(pool, target, f, rooms);
        } catch (error) {
          // An overloaded server refuses connections (e.g. 408); that is a figure too.
          failed[target.kind] = String(error);
          await pool.close();
        }
      }
      if (failed.collab || failed.echo) {
        cases[name] = { ...byTarget, failed };
        console.log(`${name}: did not complete: ${JSON.stringify(failed)}`);
        continue;
      }
      const c = byTarget.collab!;
      const e = byTarget.echo!;
      cases[name] = {
        collab: c,
        wsEcho: e,
        ratioToEcho: {
          cpu: ratio(c.serverCpuPct, e.serverCpuPct),
          commentP95: ratio(c.commentMs.p95, e.commentMs.p95),
          rss: ratio(c.serverRssMb, e.serverRssMb),
        },
      };
      console.log(
        `${name}: collab CPU ${c.serverCpuPct} % of a core, RSS ${c.serverRssMb} MB, comment p50 ${c.commentMs.p50} ms p95 ${c.commentMs.p95} ms p99 ${c.commentMs.p99} ms${c.ackMs ? ` (ack p95 ${c.ackMs.p95} ms)` : ''}` +
          ` | ws echo CPU ${e.serverCpuPct} %, RSS ${e.serverRssMb} MB, p50 ${e.commentMs.p50} ms p95 ${e.commentMs.p95} ms p99 ${e.commentMs.p99} ms` +
          ` | ratio to echo: CPU ${ratio(c.serverCpuPct, e.serverCpuPct)}x, comment p95 ${ratio(c.commentMs.p95, e.commentMs.p95)}x` +
          `\n    frames to clients per second: collab ${c.framesToClientsPerSecond}, echo ${e.framesToClientsPerSecond}; load average ${c.loadAverage} / ${e.loadAverage} (2 cores)` +
          `\n    client processes CPU %: collab run [${c.clientProcessCpuPct.join(', ')}], echo run [${e.clientProcessCpuPct.join(', ')}]` +
          (c.probesTimedOut + e.probesTimedOut > 0
            ? `\n    comments not seen by every client within 30 s: collab ${c.probesTimedOut}, echo ${e.probesTimedOut}`
            : ''),
      );
    }
    results.cases = cases;

    // Memory per idle connection: 10,000 connections in 100 rooms, RSS and heap after a GC, in a
    // fresh collab process (the cases above leave the RSS grown by memory the allocator keeps,
    // which would hide what the connections cost).
    try {
      collab = await restartCollabProcess(collab);
      const base = await settledMemoryMb(COLLAB_PORT);
      const idleSpecs: ClientSpec[] = [];
      const idleCount = scaled(10_000);
      for (let i = 0; i < idleCount; i++) {
        const listId = f.listIds[100 + (i % 100)]!;
        idleSpecs.push({ room: roomName(f.accountUuid, listId), token: token(f, i, listId), userId: i });
      }
      await pool.connect(targets[0]!.url, 'hocuspocus', idleSpecs);
      const withIdle = await settledMemoryMb(COLLAB_PORT);
      await pool.close();
      results.memory = {
        baselineHeapMb: Math.round(base.heap),
        baselineRssMb: Math.round(base.rss),
        idleConnections: idleCount,
        perIdleConnectionRssKb: Number((((withIdle.rss - base.rss) * 1024) / idleCount).toFixed(1)),
        perIdleConnectionHeapKb: Number((((withIdle.heap - base.heap) * 1024) / idleCount).toFixed(1)),
      };
      console.log(
        `memory: ${idleCount} idle connections in 100 rooms add ${Math.round(withIdle.rss - base.rss)} MB RSS (${(results.memory as { perIdleConnectionRssKb: number }).perIdleConnectionRssKb} KB each), heap ${(results.memory as { perIdleConnectionHeapKb: number }).perIdleConnectionHeapKb} KB each`,
      );

      // Churn: connect/disconnect cycles into one room loaded with 100 idle clients.
      const churnList = f.listIds[2]!;
      const churnRoom = roomName(f.accountUuid, churnList);
      await pool.connect(
        targets[0]!.url,
        'hocuspocus',
        Array.from({ length: 100 }, (_, i) => ({
          room: churnRoom,
          token: token(f, i, churnList),
          userId: i,
        })),
      );
      const churnClients = Array.from({ length: 50 }, (_, i) => ({
        room: churnRoom,
        token: token(f, 100 + i, churnList),
        userId: 100 + i,
      }));
      const churn = (cycles: number) =>
        pool.all({
          cmd: 'churn',
          url: targets[0]!.url,
          clients: churnClients,
          cycles: Math.ceil(cycles / CLIENT_PROCESSES),
          concurrency: 8,
          localAddresses: Array.from(
            { length: 30 },
            (_, k) => `127.0.${1 + Math.floor(Math.random() * 200)}.${1 + k}`,
          ),
        });
      await churn(1000); // warm-up: code paths compiled, pools filled
      await sleep(3000);
      const heapBefore = await memoryMb(COLLAB_PORT);
      const churnStarted = performance.now();
      await churn(CHURN_CYCLES);
      const churnSeconds = (performance.now() - churnStarted) / 1000;
      await sleep(3000);
      const heapAfter = await memoryMb(COLLAB_PORT);
      await pool.close();
      results.churn = {
        cycles: CHURN_CYCLES,
        loadedRoomClients: 100,
        seconds: Number(churnSeconds.toFixed(1)),
        heapBeforeMb: Number(heapBefore.heap.toFixed(2)),
        heapAfterMb: Number(heapAfter.heap.toFixed(2)),
        heapGrowthMb: Number((heapAfter.heap - heapBefore.heap).toFixed(2)),
        bytesPerCycle: Math.round(((heapAfter.heap - heapBefore.heap) * 2 ** 20) / CHURN_CYCLES),
      };
      console.log(
        `churn: ${CHURN_CYCLES} connect/disconnect cycles into a room of 100 in ${churnSeconds.toFixed(1)} s: heap ${heapBefore.heap.toFixed(2)} MB -> ${heapAfter.heap.toFixed(2)} MB (${(heapAfter.heap - heapBefore.heap).toFixed(2)} MB)`,
      );
    } catch (error) {
      // An overloaded server refuses connections (e.g. 408); record it and go on.
      results.memoryOrChurnFailed = String(error);
      console.log(`memory or churn did not complete: ${String(error)}`);
      await pool.close();
    }
    if (!PRESENCE_ONLY) {
      results.sync5000Threads = await syncOf5000Threads(targets[0]!.url, f, f.listIds[10]!);
      const s = results.sync5000Threads as { threads: number; warmMs: number; coldFromPostgresMs: number };
      console.log(
        `sync of a room with ${s.threads} threads: warm ${s.warmMs} ms, cold from PostgreSQL ${s.coldFromPostgresMs} ms`,
      );
    }
  } finally {
    pool.stop();
    collab.kill('SIGTERM');
    echo.child.kill('SIGTERM');
  }

  if (!PRESENCE_ONLY) {
    // Two instances joined by Redis: 50 clients alternating between them.
    const a = await startCollabProcess(3402, true);
    const b = await startCollabProcess(3403, true);
    try {
      const clients = await connectMany(
        ['ws://127.0.0.1:3402/collab', 'ws://127.0.0.1:3403/collab'],
        f,
        f.listIds[30]!,
        50,
      );
      const measured = await providerCommentLatency(clients);
      const redis = summary(measured.seen);
      destroy(clients);
      results.latencyTwoInstancesRedis50Ms = { ...redis, ack: summary(measured.ack) };
      console.log(
        `50 clients across two instances with Redis: p50 ${redis.p50} ms, p95 ${redis.p95} ms, p99 ${redis.p99} ms`,
      );
    } finally {
      a.kill('SIGTERM');
      b.kill('SIGTERM');
    }
  }
  if (previous) results.previous = previous;
  writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  process.exit(0);
}

await main();
