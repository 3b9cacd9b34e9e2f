import type { DbHandle } from '@nomen/shared/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RefusedError } from './list-room/room-context';
import { runRoomCommands } from './list-room/run-commands';
import {
  type CollabInstance,
  connect,
  createRoomFixture,
  openTestDatabase,
  type RoomFixture,
  startCollab,
  type TestClient,
  tokenFor,
} from './test/collab-harness';

let db: DbHandle;
let collab: CollabInstance;
let fixture: RoomFixture;
const clients: TestClient[] = [];

beforeAll(async () => {
  db = await openTestDatabase();
  collab = await startCollab(db, { debounceMs: 50 });
  fixture = await createRoomFixture(db);
});
afterAll(async () => {
  for (const c of clients) c.destroy();
  await collab.close();
  await db.close();
});

/** The lists page's pending-suggestion count of the fixture's list. */
async function pendingCount(): Promise<number | undefined> {
  const row = await db.db
    .selectFrom('list_collab_state')
    .select('pending_suggestions')
    .where('list_id', '=', fixture.listId)
    .executeTakeFirst();
  return row?.pending_suggestions;
}

describe('room commands run without a connection (the demo seed)', () => {
  it("a commenter's suggestion is stored as theirs, counted on the lists page, and shown to whoever joins the room", async () => {
    const room = { accountId: fixture.accountId, accountUuid: fixture.accountUuid, listId: fixture.listId };
    const commenter = { id: fixture.commenter.id, name: fixture.commenter.name, isApprover: false };
    const [threadId] = await runRoomCommands(db.db, room, commenter, [
      {
        id: 'seed-1',
        type: 'suggestion.add',
        cell: { listValueId: fixture.listValueId, columnId: fixture.columnId, rowNumber: 0 },
        prevValue: 'Facebook',
        value: 'Meta',
        body: 'Renamed in 2021',
      },
    ]);
    expect(threadId).toEqual(expect.any(String));
    expect(await pendingCount()).toBe(1);

    // An approver-only command by the commenter is refused, and nothing of it is stored.
    await expect(
      runRoomCommands(db.db, room, commenter, [
        {
          id: 'seed-2',
          type: 'thread.moderate',
          decisions: [{ threadId: threadId!, status: 'approved', prevValue: null, currentValue: null }],
        },
      ]),
    ).rejects.toThrow(RefusedError);
    expect(await pendingCount()).toBe(1);

    const approver = await connect(collab.url, fixture.room, tokenFor(fixture, fixture.approver));
    clients.push(approver);
    const thread = approver.threads().find((t) => t.id === threadId);
    expect(thread?.metadata).toMatchObject({
      type: 'suggestion',
      status: 'pending',
      userId: fixture.commenter.id,
      userName: fixture.commenter.name,
      prevValue: 'Facebook',
      currentValue: 'Meta',
    });
    expect(thread?.comments.map((c) => c.body)).toEqual(['Renamed in 2021']);
  });
});
