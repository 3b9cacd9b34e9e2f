import type { ChildProcess } from 'node:child_process';
import type { DbHandle } from '@nomen/shared/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  connect,
  createRoomFixture,
  eventually,
  openTestDatabase,
  type TestClient,
  tokenFor,
} from './test/collab-harness';
import { freePort, killHard, startCollabProcess } from './test/collab-process';

// Issue 8 item 10: an acknowledgement means "stored in PostgreSQL". A real collab process
// (collab/src/main.ts via tsx, as tests/e2e/support/collab-stack.ts starts it) is killed with
// SIGKILL right after the acks, within Hocuspocus's 2 s store debounce; after a restart every
// acknowledged comment is there.

let db: DbHandle;
let child: ChildProcess | null = null;

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
