import type { DbHandle } from '@nomen/shared/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Awareness, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import {
  type CollabInstance,
  type CollabPeers,
  createRoomFixture,
  eventually,
  type Person,
  type RoomFixture,
  startCollabPeers,
  type TestClient,
} from './test/collab-harness';

let peers: CollabPeers;
let db: DbHandle;
let collab: CollabInstance;
/** A collab server that does not LISTEN, so a deleted list's room stays open for the next command. */
let unlistening: CollabInstance;

function join(f: RoomFixture, person: Person, instance = collab): Promise<TestClient> {
  return peers.join(instance, f, person);
}

async function pendingCount(listId: number): Promise<number | undefined> {
  const row = await db.db
    .selectFrom('list_collab_state')
    .select('pending_suggestions')
    .where('list_id', '=', listId)
    .executeTakeFirst();
  return row?.pending_suggestions;
}

async function suggest(client: TestClient, f: RoomFixture): Promise<string> {
  const ack = await client.command({
    type: 'suggestion.add',
    cell: { listValueId: f.listValueId, columnId: f.columnId, rowNumber: 0 },
    prevValue: 'Facebook',
    value: 'Meta',
  });
  expect(ack.type).toBe('ack');
  return (ack as { threadId: string }).threadId;
}

beforeAll(async () => {
  peers = await startCollabPeers({ debounceMs: 50 }, { debounceMs: 50, listen: null });
  db = peers.db;
  [collab, unlistening] = peers.instances as [CollabInstance, CollabInstance];
});
afterAll(() => peers?.close());

describe('presence cannot be faked (issue 8 item 9)', () => {
  it('shows the name and id of the token, whatever the client claims', async () => {
    const f = await createRoomFixture(db);
    const faker = await join(f, f.commenter);
    const watcher = await join(f, f.approver);
    faker.provider.setAwarenessField('user', { id: f.approver.id, name: 'The CEO', color: '#12ab34' });
    faker.provider.setAwarenessField('cell', { columnId: f.columnId, rowNumber: 2 });
    faker.provider.setAwarenessField('isAdmin', true);
    const fakerId = faker.provider.awareness!.clientID;
    await eventually(() => {
      const seen = watcher.provider.awareness!.getStates().get(fakerId);
      expect(seen).toEqual({
        user: { id: f.commenter.id, name: 'Jordan Commenter', color: '#12ab34' },
        cell: { columnId: f.columnId, rowNumber: 2 },
      });
    });
  });
});

/** lib0's variable-length unsigned integer, as the Hocuspocus protocol frames its messages. */
function varUint(n: number): number[] {
  const bytes: number[] = [];
  while (n > 0x7f) {
    bytes.push((n & 0x7f) | 0x80);
    n >>>= 7;
  }
  bytes.push(n);
  return bytes;
}

describe('presence of another connection', () => {
  it("cannot be overwritten by sending a state under that connection's client id", async () => {
    const f = await createRoomFixture(db);
    const victim = await join(f, f.approver);
    const attacker = await join(f, f.commenter);
    const watcher = await join(f, f.approver2);
    victim.provider.setAwarenessField('cell', { columnId: f.columnId, rowNumber: 1 });
    const victimId = victim.provider.awareness!.clientID;
    await eventually(() =>
      expect(watcher.provider.awareness!.getStates().get(victimId)?.cell?.rowNumber).toBe(1),
    );
    // A hand-made awareness message for the victim's client id, with a far higher clock.
    const forged = new Y.Doc();
    forged.clientID = victimId;
    const awareness = new Awareness(forged);
    for (let i = 0; i < 50; i++) awareness.setLocalState({ cell: { columnId: f.columnId, rowNumber: 7 }, i });
    const update = encodeAwarenessUpdate(awareness, [victimId]);
    const name = new TextEncoder().encode(f.room);
    attacker.provider.configuration.websocketProvider.send(
      new Uint8Array([...varUint(name.length), ...name, 1, ...varUint(update.length), ...update]),
    );
    // A later message of the attacker's own shows the forged one was handled (in order) and dropped.
    attacker.provider.setAwarenessField('cell', { columnId: f.columnId, rowNumber: 3 });
    const attackerId = attacker.provider.awareness!.clientID;
    await eventually(() =>
      expect(watcher.provider.awareness!.getStates().get(attackerId)?.cell?.rowNumber).toBe(3),
    );
    expect(watcher.provider.awareness!.getStates().get(victimId)).toMatchObject({
      user: { id: f.approver.id },
      cell: { rowNumber: 1 },
    });
    awareness.destroy();
  });
});

describe('comments name cells of their list (issue 8 item 9)', () => {
  it('refuses a column or a list value of another list, adding nothing', async () => {
    const f = await createRoomFixture(db);
    const other = await createRoomFixture(db);
    const commenter = await join(f, f.commenter);
    const foreignColumn = await commenter.command({
      type: 'comment.add',
      cell: { listValueId: null, columnId: other.columnId, rowNumber: 0 },
      body: 'Wrong list',
    });
    expect(foreignColumn).toMatchObject({ type: 'refused', reason: 'That cell is not in this list' });
    const foreignValue = await commenter.command({
      type: 'suggestion.add',
      cell: { listValueId: other.listValueId, columnId: f.columnId, rowNumber: 0 },
      prevValue: 'Facebook',
      value: 'Meta',
    });
    expect(foreignValue).toMatchObject({ type: 'refused', reason: 'That cell is not in this list' });
    expect(
      await commenter.command({
        type: 'comment.add',
        cell: { listValueId: f.listValueId, columnId: f.columnId, rowNumber: 0 },
        body: 'Right list',
      }),
    ).toMatchObject({ type: 'ack' });
    expect(commenter.threads().map((t) => t.comments[0]!.body)).toEqual(['Right list']);
  });
});

describe('deleted lists (issue 8 item 9)', () => {
  it('a suggestion on a deleted list is refused and adds nothing', async () => {
    const f = await createRoomFixture(db);
    const commenter = await join(f, f.commenter, unlistening);
    await db.db.deleteFrom('lists').where('id', '=', f.listId).execute();
    const answer = await commenter.command({
      type: 'suggestion.add',
      cell: { listValueId: null, columnId: f.columnId, rowNumber: 0 },
      prevValue: 'Facebook',
      value: 'Meta',
    });
    expect(answer).toMatchObject({ type: 'refused', reason: 'This list no longer exists' });
    expect(commenter.threads()).toHaveLength(0);
    const stored = await db.db.selectFrom('collab_updates').select('id').where('name', '=', f.room).execute();
    expect(stored).toHaveLength(0);
  });

  it("deleting a list deletes its room's stored state and closes the room", async () => {
    const f = await createRoomFixture(db);
    const commenter = await join(f, f.commenter);
    for (const body of ['One', 'Two']) {
      expect((await commenter.command({ type: 'comment.add', cell: null, body })).type).toBe('ack');
    }
    await eventually(async () => {
      const document = await db.db
        .selectFrom('collab_documents')
        .select('name')
        .where('name', '=', f.room)
        .executeTakeFirst();
      expect(document).toBeDefined();
    });
    expect((await commenter.command({ type: 'comment.add', cell: null, body: 'Three' })).type).toBe('ack');

    await db.db.deleteFrom('lists').where('id', '=', f.listId).execute();
    await commenter.closed;
    await eventually(() => expect(collab.hocuspocus.documents.has(f.room)).toBe(false));
    const documents = await db.db
      .selectFrom('collab_documents')
      .select('name')
      .where('name', '=', f.room)
      .execute();
    const updates = await db.db
      .selectFrom('collab_updates')
      .select('id')
      .where('name', '=', f.room)
      .execute();
    expect(documents).toHaveLength(0);
    expect(updates).toHaveLength(0);
  });
});

describe('suggestions end by review or withdrawal (issue 8 item 16)', () => {
  it('nobody resolves a pending suggestion', async () => {
    const f = await createRoomFixture(db);
    const commenter = await join(f, f.commenter);
    const approver = await join(f, f.approver);
    const threadId = await suggest(commenter, f);
    for (const client of [commenter, approver]) {
      expect(await client.command({ type: 'thread.resolve', threadId, resolved: true })).toMatchObject({
        type: 'refused',
      });
    }
    expect(commenter.threads()[0]).toMatchObject({ resolved: false, metadata: { status: 'pending' } });
    expect(await pendingCount(f.listId)).toBe(1);
  });

  it('its author withdraws it: the thread goes and the pending count drops; nobody else can', async () => {
    const f = await createRoomFixture(db);
    const commenter = await join(f, f.commenter);
    const approver = await join(f, f.approver);
    const threadId = await suggest(commenter, f);
    await suggest(commenter, f);
    expect(await pendingCount(f.listId)).toBe(2);
    expect(await approver.command({ type: 'thread.withdraw', threadId })).toMatchObject({
      type: 'refused',
      reason: 'Only the author can withdraw this',
    });
    expect(await commenter.command({ type: 'thread.withdraw', threadId })).toMatchObject({ type: 'ack' });
    await eventually(() => expect(approver.threads().some((t) => t.id === threadId)).toBe(false));
    expect(await pendingCount(f.listId)).toBe(1);
  });

  it('an approver reopens a decided suggestion: pending again with Approve and Reject; a commenter cannot', async () => {
    const f = await createRoomFixture(db);
    const commenter = await join(f, f.commenter);
    const approver = await join(f, f.approver);
    const threadId = await suggest(commenter, f);
    expect(
      await approver.command({
        type: 'thread.moderate',
        decisions: [{ threadId, status: 'rejected', prevValue: null, currentValue: null }],
      }),
    ).toMatchObject({ type: 'ack' });
    expect(await pendingCount(f.listId)).toBe(0);
    expect(await commenter.command({ type: 'thread.resolve', threadId, resolved: false })).toMatchObject({
      type: 'refused',
      reason: 'Only approvers can reopen a decided suggestion',
    });
    expect(await commenter.command({ type: 'thread.withdraw', threadId })).toMatchObject({ type: 'refused' });
    expect(await approver.command({ type: 'thread.resolve', threadId, resolved: false })).toMatchObject({
      type: 'ack',
    });
    await eventually(() =>
      expect(commenter.threads().find((t) => t.id === threadId)).toMatchObject({
        resolved: false,
        metadata: { status: 'pending', moderatedById: null, moderatedByName: null, moderatedAt: null },
      }),
    );
    expect(await pendingCount(f.listId)).toBe(1);
    expect(
      await approver.command({
        type: 'thread.moderate',
        decisions: [{ threadId, status: 'approved', prevValue: null, currentValue: null }],
      }),
    ).toMatchObject({ type: 'ack' });
    expect(await pendingCount(f.listId)).toBe(0);
  });
});
