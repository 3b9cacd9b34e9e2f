/**
 * `npm run bench:collab` (issue 4 performance). Headless clients (@hocuspocus/provider in Node)
 * on loopback against collab processes started here, on the local PostgreSQL (database
 * BENCH_COLLAB_DATABASE_URL, recreated) and Redis (REDIS_URL). Measures:
 *  - latency from sending a comment command to each other client seeing it, p50/p95/p99, with 2,
 *    50 and 200 clients in one room, beside a bare `ws` echo broadcast to as many clients;
 *  - the same latency with 50 clients split across two instances joined by Redis;
 *  - time for a new client to sync a room holding 5,000 threads (cold from PostgreSQL, warm);
 *  - memory per idle connection and per loaded room (collab process RSS).
 * Prints the figures and writes bench/results/collab.json.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { HocuspocusProvider } from '@hocuspocus/provider';
import { roomName } from '@nomen/shared';
import { openDatabase } from '@nomen/shared/db';
import { signCollabToken } from '@nomen/shared/node';
import pg from 'pg';
import { WebSocketServer, WebSocket as WsClient } from 'ws';
import * as Y from 'yjs';
import { migrateToLatest } from '../server/src/db/migrate';
import { recreateDatabase } from './support';

const SECRET = 'bench-collab-secret-0123456789abcdefghij';
const dbUrl = new URL(
  process.env.BENCH_COLLAB_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nomen_collab_bench',
);
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const MESSAGES = 40;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(2));
}

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

async function startCollabProcess(port: number, withRedis: boolean): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'collab/src/main.ts'], {
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
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('serving')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`collab exited with ${code}`)));
  });
  return child;
}

/** The collab process's memory after a garbage collection, in MB: heap used and RSS. */
async function memoryMb(port: number): Promise<{ heap: number; rss: number }> {
  const health = (await (await fetch(`http://127.0.0.1:${port}/health`)).json()) as {
    memory: { heapUsed: number; rss: number };
  };
  return { heap: health.memory.heapUsed / 2 ** 20, rss: health.memory.rss / 2 ** 20 };
}

interface Fixture {
  accountUuid: string;
  userIds: number[];
  listIds: number[];
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
  await client.end();
  return {
    accountUuid: account.rows[0].uuid,
    userIds: userRows.rows.map((r) => r.id),
    listIds: listRows.rows.map((r) => r.id),
  };
}

function token(f: Fixture, userIndex: number, listId: number, approver = false): string {
  return signCollabToken(
    {
      uid: f.userIds[userIndex % f.userIds.length]!,
      name: `Bench user ${userIndex}`,
      acc: f.accountUuid,
      list: listId,
      approver,
      exp: Math.floor(Date.now() / 1000) + 3600,
    },
    SECRET,
  );
}

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

/** Sends MESSAGES comments from client 0, one at a time, and times each arrival at every other client. */
async function commentLatency(clients: Client[]): Promise<number[]> {
  const latencies: number[] = [];
  const [sender, ...receivers] = clients;
  for (let m = 0; m < MESSAGES; m++) {
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
    sender!.provider.sendStateless(
      JSON.stringify({ id: randomUUID(), type: 'comment.add', cell: null, body }),
    );
    for (const at of await Promise.all(seen)) latencies.push(at - sent);
  }
  return latencies;
}

/** The same measurement through a bare ws server that broadcasts every message to all clients. */
async function echoLatency(n: number): Promise<number[]> {
  const wss = new WebSocketServer({ port: 0 });
  wss.on('connection', (ws) =>
    ws.on('message', (data) => {
      for (const client of wss.clients) client.send(data);
    }),
  );
  await new Promise<void>((r) => wss.once('listening', () => r()));
  const { port } = wss.address() as AddressInfo;
  const sockets = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<WsClient>((resolve) => {
          const ws = new WsClient(`ws://127.0.0.1:${port}`);
          ws.once('open', () => resolve(ws));
        }),
    ),
  );
  const latencies: number[] = [];
  for (let m = 0; m < MESSAGES; m++) {
    const body = JSON.stringify({ type: 'comment.add', body: `echo ${m}` });
    const seen = sockets
      .slice(1)
      .map((s) => new Promise<number>((resolve) => s.once('message', () => resolve(performance.now()))));
    const sent = performance.now();
    sockets[0]!.send(body);
    for (const at of await Promise.all(seen)) latencies.push(at - sent);
  }
  for (const s of sockets) s.close();
  await new Promise<void>((r) => wss.close(() => r()));
  return latencies;
}

function destroy(clients: Client[]): void {
  for (const c of clients) c.provider.destroy();
}

async function main(): Promise<void> {
  await recreateMigratedDatabase();
  const f = await createFixture(260, 200);
  const one = await startCollabProcess(3401, false);
  const url = 'ws://127.0.0.1:3401/collab';
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    node: process.version,
    messagesPerRun: MESSAGES,
  };
  try {
    const latency: Record<string, unknown> = {};
    for (const [i, n] of [2, 50, 200].entries()) {
      const clients = await connectMany([url], f, f.listIds[i]!, n);
      const collab = summary(await commentLatency(clients));
      destroy(clients);
      const echo = summary(await echoLatency(n));
      latency[`${n} clients`] = {
        collab,
        wsEcho: echo,
        p95Ratio: Number((collab.p95 / Math.max(echo.p95, 0.01)).toFixed(1)),
      };
      console.log(
        `${n} clients: collab p50 ${collab.p50} ms, p95 ${collab.p95} ms, p99 ${collab.p99} ms | ws echo p95 ${echo.p95} ms`,
      );
    }
    results.latencyOneInstanceMs = latency;

    // A room holding 5,000 threads: written through commands by one client, then synced by a new one.
    const bigList = f.listIds[10]!;
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
                  cell: { listValueId: i + k + 1, columnId: 1, rowNumber: (i + k) % 10000 },
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
    await new Promise((r) => setTimeout(r, 4000));
    started = performance.now();
    const cold = await connect(url, roomName(f.accountUuid, bigList), token(f, 2, bigList));
    const coldMs = performance.now() - started;
    destroy([cold]);
    results.sync5000Threads = { threads, warmMs: Math.round(warmMs), coldFromPostgresMs: Math.round(coldMs) };
    console.log(
      `sync of a room with ${threads} threads: warm ${Math.round(warmMs)} ms, cold from PostgreSQL ${Math.round(coldMs)} ms`,
    );

    // Memory: idle connections to one room, then rooms with one client each.
    await new Promise((r) => setTimeout(r, 1500));
    const base = await memoryMb(3401);
    const idle = await connectMany([url], f, f.listIds[20]!, 200);
    await new Promise((r) => setTimeout(r, 1500));
    const withConnections = await memoryMb(3401);
    const rooms: Client[] = [];
    for (let r = 0; r < 200; r += 25) {
      rooms.push(
        ...(await Promise.all(
          Array.from({ length: 25 }, (_, k) =>
            connect(
              url,
              roomName(f.accountUuid, f.listIds[40 + r + k]!),
              token(f, r + k, f.listIds[40 + r + k]!),
            ),
          ),
        )),
      );
    }
    await new Promise((r) => setTimeout(r, 1500));
    const withRooms = await memoryMb(3401);
    destroy(idle);
    destroy(rooms);
    // Heap is what the collab layer holds; RSS adds socket buffers and allocator slack. Each
    // loaded room also has its one connection, subtracted out.
    const perConnection = (withConnections.heap - base.heap) / 200;
    const perConnectionRss = (withConnections.rss - base.rss) / 200;
    results.memory = {
      baselineHeapMb: Math.round(base.heap),
      baselineRssMb: Math.round(base.rss),
      perIdleConnectionKb: Math.round(((withConnections.heap - base.heap) * 1024) / 200),
      perIdleConnectionRssKb: Math.round(((withConnections.rss - base.rss) * 1024) / 200),
      perLoadedRoomKb: Math.round(((withRooms.heap - withConnections.heap) / 200 - perConnection) * 1024),
      perLoadedRoomRssKb: Math.round(((withRooms.rss - withConnections.rss) / 200 - perConnectionRss) * 1024),
    };
    console.log(
      `memory: ${(results.memory as { perIdleConnectionKb: number }).perIdleConnectionKb} KB per idle connection, ${(results.memory as { perLoadedRoomKb: number }).perLoadedRoomKb} KB per loaded room`,
    );
  } finally {
    one.kill('SIGTERM');
  }

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
    const redis = summary(await commentLatency(clients));
    destroy(clients);
    results.latencyTwoInstancesRedis50Ms = redis;
    console.log(
      `50 clients across two instances with Redis: p50 ${redis.p50} ms, p95 ${redis.p95} ms, p99 ${redis.p99} ms`,
    );
  } finally {
    a.kill('SIGTERM');
    b.kill('SIGTERM');
  }
  writeFileSync(new URL('./results/collab.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
  process.exit(0);
}

await main();
