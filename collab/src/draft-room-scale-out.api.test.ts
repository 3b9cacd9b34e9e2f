import type { DbHandle } from '@nomen/shared/db';
import type { DraftDoc, DraftRow } from '@nomen/shared/draft-room';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CollabInstance, eventually, openTestDatabase, startCollab } from './test/collab-harness';
import {
  connectDraft,
  createDraftFixture,
  type DraftClient,
  draftTokenFor,
  newRowId,
  storedDraft,
} from './test/draft-harness';

// ARCHITECTURE.md, Live collaboration: several collab processes behind Redis converge on one
// shared draft, each applying its own clients' commands.

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let db: DbHandle;
let first: CollabInstance;
let second: CollabInstance;
const clients: DraftClient[] = [];

beforeAll(async () => {
  db = await openTestDatabase();
  first = await startCollab(db, { redisUrl, debounceMs: 50 });
  second = await startCollab(db, { redisUrl, debounceMs: 50 });
});
afterAll(async () => {
  for (const c of clients) c.destroy();
  await first.close();
  await second.close();
  await db.close();
});

describe('a shared draft on two collab instances joined by Redis', () => {
  it('converges: rows inserted and removed on both are there exactly once, and both cells of a row are kept', async () => {
    const f = await createDraftFixture(db);
    const a = await connectDraft(first.url, f.room, draftTokenFor(f, f.owner));
    const b = await connectDraft(second.url, f.room, draftTokenFor(f, f.invitee));
    clients.push(a, b);
    const batch = (): DraftRow[] =>
      Array.from({ length: 10 }, () => ({ id: newRowId(), cells: { '101': 'x' } }));
    const [fromA, fromB] = [batch(), batch()];
    const answers = await Promise.all([
      a.command({ type: 'rows.insert', after: f.rowIds[0]!, rows: fromA }),
      b.command({ type: 'rows.insert', after: f.rowIds[0]!, rows: fromB }),
      a.command({ type: 'rows.remove', rows: [f.rowIds[2]!] }),
      b.command({ type: 'rows.remove', rows: [f.rowIds[2]!] }),
      a.command({ type: 'cells.set', cells: [{ row: f.rowIds[1]!, field: '101', value: 'From the first' }] }),
      b.command({
        type: 'cells.set',
        cells: [{ row: f.rowIds[1]!, field: '103', value: 'From the second' }],
      }),
    ]);
    for (const answer of answers) expect(answer).toMatchObject({ type: 'ack' });
    const expected = new Set([
      f.rowIds[0]!,
      f.rowIds[1]!,
      ...fromA.map((r) => r.id),
      ...fromB.map((r) => r.id),
    ]);
    const converged = (draft: DraftDoc) => {
      const order = draft.order.toArray();
      expect(order).toHaveLength(expected.size);
      expect(new Set(order)).toEqual(expected);
      expect(draft.cell(f.rowIds[1]!, '101')).toBe('From the first');
      expect(draft.cell(f.rowIds[1]!, '103')).toBe('From the second');
    };
    for (const c of [a, b]) await eventually(() => converged(c.draft));
    expect(a.draft.order.toArray()).toEqual(b.draft.order.toArray());
    converged(await storedDraft(db, f.room));
  });
});
