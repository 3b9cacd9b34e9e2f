import type { ChildProcess } from 'node:child_process';
import type { DbHandle } from '@nomen/shared/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from './test/collab-harness';
import { freePort, killHard, startCollabProcess } from './test/collab-process';
import {
  connectDraft,
  createDraftFixture,
  type DraftClient,
  draftTokenFor,
  newRowId,
} from './test/draft-harness';

// ARCHITECTURE.md, Security rules: an acknowledgement means stored. A real collab process is
// killed with SIGKILL 20 ms after a stream of cell edits is acknowledged, while more are still in
// flight; after a restart every acknowledged edit is in the draft's room.

let db: DbHandle;
let child: ChildProcess | null = null;
const clients: DraftClient[] = [];

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  for (const c of clients) c.destroy();
  if (child) await killHard(child);
  await db.close();
});

/**
 * Sends `edits` from `client`, 10 at a time (each writes its own cell), until `shouldStop` or the
 * socket closes; pushes each acknowledged edit onto `acked`.
 */
async function streamEdits(
  client: DraftClient,
  edits: { row: string; field: string; value: string }[],
  acked: typeof edits,
  shouldStop: () => boolean,
): Promise<void> {
  for (let i = 0; i < edits.length && !shouldStop(); i += 10) {
    const wave = edits.slice(i, i + 10);
    const answers = await Promise.race([
      Promise.all(wave.map((cell) => client.command({ type: 'cells.set', cells: [cell] }))),
      client.closed.then(() => []),
    ]);
    answers.forEach((answer, j) => {
      if (answer.type === 'ack') acked.push(wave[j]!);
    });
  }
}

describe('a shared draft survives a SIGKILL', () => {
  it('keeps every acknowledged cell edit when the collab process is killed 20 ms after the acks', async () => {
    const rows = Array.from({ length: 400 }, () => ({ id: newRowId(), cells: {} }));
    const f = await createDraftFixture(db, { rows });
    const port = await freePort();
    const url = `ws://127.0.0.1:${port}/collab`;
    child = await startCollabProcess(port);
    const writers = [
      await connectDraft(url, f.room, draftTokenFor(f, f.owner)),
      await connectDraft(url, f.room, draftTokenFor(f, f.invitee)),
    ];
    clients.push(...writers);
    const edits = rows.map((r, i) => ({ row: r.id, field: String(101 + (i % 3)), value: `Edit ${i}` }));
    const acked: typeof edits = [];
    let killed = false;
    const killAfter = new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (acked.length < 150) return;
        clearInterval(check);
        // 20 ms after this many acknowledgements arrived, while the rest are still in flight.
        setTimeout(() => {
          killed = true;
          void killHard(child!).then(resolve);
        }, 20);
      }, 1);
    });
    await Promise.all([
      streamEdits(
        writers[0]!,
        edits.filter((_, i) => i % 2 === 0),
        acked,
        () => killed,
      ),
      streamEdits(
        writers[1]!,
        edits.filter((_, i) => i % 2 === 1),
        acked,
        () => killed,
      ),
      killAfter,
    ]);
    for (const w of writers) w.destroy();
    expect(acked.length).toBeGreaterThanOrEqual(150);

    child = await startCollabProcess(port);
    const reader = await connectDraft(url, f.room, draftTokenFor(f, f.owner));
    clients.push(reader);
    const missing = acked.filter((e) => reader.draft.cell(e.row, e.field) !== e.value);
    expect(missing).toEqual([]);
    expect(reader.draft.rows().map((r) => r.id)).toEqual(rows.map((r) => r.id));
    reader.destroy();
    await killHard(child);
    child = null;
  });
});
