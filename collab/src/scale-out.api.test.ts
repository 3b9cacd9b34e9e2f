import type { DbHandle } from '@nomen/shared/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CollabInstance,
  connect,
  createRoomFixture,
  eventually,
  openTestDatabase,
  startCollab,
  type TestClient,
  tokenFor,
} from './test/collab-harness';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let db: DbHandle;
let first: CollabInstance;
let second: CollabInstance;
const clients: TestClient[] = [];

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

describe('two collab instances joined by Redis', () => {
  it('clients on different instances of one room see each other’s comments, locks and refetches', async () => {
    const f = await createRoomFixture(db);
    const onFirst = await connect(first.url, f.room, tokenFor(f, f.commenter));
    const onSecond = await connect(second.url, f.room, tokenFor(f, f.approver));
    clients.push(onFirst, onSecond);

    const ack = (await onFirst.command({
      type: 'comment.add',
      cell: { listValueId: null, columnId: f.columnId, rowNumber: 4 },
      body: 'Is this the EMEA spelling?',
    })) as {
      threadId: string;
    };
    await eventually(() =>
      expect(onSecond.threads().find((t) => t.id === ack.threadId)?.comments[0]?.body).toBe(
        'Is this the EMEA spelling?',
      ),
    );

    const reply = await onSecond.command({
      type: 'comment.reply',
      threadId: ack.threadId,
      body: 'Yes, keep it',
    });
    expect(reply).toMatchObject({ type: 'ack' });
    await eventually(() =>
      expect(onFirst.threads().find((t) => t.id === ack.threadId)?.comments).toHaveLength(2),
    );

    expect(await onSecond.command({ type: 'lock.take' })).toMatchObject({ type: 'ack' });
    await eventually(() => expect(onFirst.doc.getMap('lock').get('lockedByName')).toBe('Priya Approver'));
    expect(await onSecond.command({ type: 'list.saved' })).toMatchObject({ type: 'ack' });
    await eventually(() => {
      expect(onFirst.messages).toContainEqual({ type: 'refetch', by: 'Priya Approver' });
      expect(onFirst.doc.getMap('lock').get('lockedBy')).toBeUndefined();
    });
  });
});
