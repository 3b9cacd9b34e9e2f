import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { DbHandle } from '@nomen/shared/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  connect,
  createRoomFixture,
  eventually,
  openTestDatabase,
  TEST_SECRET,
  type TestClient,
  tokenFor,
} from './test/collab-harness';

// Issue 8 item 10: an acknowledgement means "stored in PostgreSQL". A real collab process
// (collab/src/main.ts via tsx, as tests/e2e/support/collab-stack.ts starts it) is killed with
// SIGKILL right after the acks, within Hocuspocus's 2 s store debounce; after a restart every
// acknowledged comment is there.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let db: DbHandle;
let child: ChildProcess | null = null;

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts collab/src/main.ts on `port` over the test database; resolves once it serves. */
function startCollabProcess(port: number): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'collab/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      COLLAB_PORT: String(port),
      DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nomen_test',
      NOMEN_SECRET_KEY: TEST_SECRET,
      NODE_ENV: 'test',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    proc.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('serving')) resolve(proc);
    });
    proc.once('exit', (code) => reject(new Error(`collab exited with ${code}`)));
  });
}

function killHard(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    proc.once('exit', () => resolve());
    proc.kill('SIGKILL');
  });
}

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) await killHard(child);
  await db.close();
});

describe('acknowledged means stored', () => {
  it('keeps every acknowledged comment when the collab process is killed with SIGKILL right after the acks', async () => {
    const N = 20;
    const f = await createRoomFixture(db);
    const port = await freePort();
    const url = `ws://127.0.0.1:${port}/collab`;
    child = await startCollabProcess(port);
    const writer: TestClient = await connect(url, f.room, tokenFor(f, f.commenter));
    const bodies = Array.from({ length: N }, (_, i) => `Durable comment ${i}`);
    const answers = await Promise.all(
      bodies.map((body, i) =>
        i % 2 === 0
          ? writer.command({ type: 'comment.add', cell: null, body })
          : writer.command({
              type: 'comment.add',
              cell: { listValueId: f.listValueId, columnId: f.columnId, rowNumber: 0 },
              body,
            }),
      ),
    );
    expect(answers.map((a) => a.type)).toEqual(bodies.map(() => 'ack'));
    await killHard(child);
    writer.destroy();

    child = await startCollabProcess(port);
    const reader = await connect(url, f.room, tokenFor(f, f.approver));
    const found = reader.threads().map((t) => t.comments[0]!.body);
    expect(found.sort()).toEqual([...bodies].sort());
    // Loading folded the appended updates into the stored document.
    await eventually(async () => {
      const left = await db.db.selectFrom('collab_updates').select('id').where('name', '=', f.room).execute();
      expect(left).toHaveLength(0);
    });
    const stored = await db.db
      .selectFrom('collab_documents')
      .select('state')
      .where('name', '=', f.room)
      .executeTakeFirstOrThrow();
    const compacted = new Y.Doc();
    Y.applyUpdateV2(compacted, new Uint8Array(stored.state));
    expect(compacted.getMap('threads').size).toBe(N);
    reader.destroy();
    await killHard(child);
  });
});
