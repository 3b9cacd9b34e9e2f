import type { DbHandle } from '@nomen/shared/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  type CollabInstance,
  connect,
  createRoomFixture,
  eventually,
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

async function join(person: 'approver' | 'approver2' | 'commenter', f = fixture): Promise<TestClient> {
  const client = await connect(collab.url, f.room, tokenFor(f, f[person]));
  clients.push(client);
  return client;
}

beforeAll(async () => {
  db = await openTestDatabase();
  collab = await startCollab(db, { lockTimeoutMs: 1500, debounceMs: 50 });
  fixture = await createRoomFixture(db);
});
afterAll(async () => {
  for (const c of clients) c.destroy();
  await collab.close();
  await db.close();
});

describe('joining a list room', () => {
  it('refuses forged, expired and other-account tokens, and rooms of another account', async () => {
    const other = await createRoomFixture(db);
    await expect(
      connect(collab.url, fixture.room, tokenFor(fixture, fixture.commenter, {}, 'not-the-secret')),
    ).rejects.toThrow();
    await expect(
      connect(
        collab.url,
        fixture.room,
        tokenFor(fixture, fixture.commenter, { exp: Math.floor(Date.now() / 1000) - 5 }),
      ),
    ).rejects.toThrow();
    await expect(connect(collab.url, other.room, tokenFor(fixture, fixture.commenter))).rejects.toThrow();
    await expect(connect(collab.url, fixture.room, tokenFor(other, other.commenter))).rejects.toThrow();
    await expect(
      connect(
        collab.url,
        `${fixture.accountUuid}:999999`,
        tokenFor(fixture, fixture.commenter, { list: 999999 }),
      ),
    ).rejects.toThrow();
    const ok = await join('commenter');
    expect(ok.provider.isSynced).toBe(true);
  });
});

describe('commands', () => {
  it('a commenter comments and suggests; everyone sees it with server-set author and time', async () => {
    const commenter = await join('commenter');
    const approver = await join('approver');
    const before = Date.now();
    const ack = await commenter.command({
      type: 'suggestion.add',
      cell: { listValueId: fixture.listValueId, columnId: fixture.columnId, rowNumber: 0 },
      prevValue: 'Facebook',
      value: 'Meta',
      body: 'Renamed in 2021',
      // A client cannot choose who it is: unknown fields are dropped.
      userName: 'Somebody Else',
    } as never);
    expect(ack).toMatchObject({ type: 'ack' });
    const threadId = (ack as { threadId: string }).threadId;
    await eventually(() => {
      const thread = approver.threads().find((t) => t.id === threadId);
      expect(thread?.metadata).toMatchObject({
        type: 'suggestion',
        status: 'pending',
        userId: fixture.commenter.id,
        userName: 'Jordan Commenter',
        prevValue: 'Facebook',
        currentValue: 'Meta',
        columnId: fixture.columnId,
        rowNumber: 0,
      });
      expect(Date.parse(thread!.createdAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(thread!.comments[0]).toMatchObject({ userName: 'Jordan Commenter', body: 'Renamed in 2021' });
    });
    const projection = await db.db
      .selectFrom('list_collab_state')
      .selectAll()
      .where('list_id', '=', fixture.listId)
      .executeTakeFirst();
    expect(projection?.pending_suggestions).toBeGreaterThanOrEqual(1);
  });

  it('limits comment bodies and keeps markup as text', async () => {
    const commenter = await join('commenter');
    const long = await commenter.command({ type: 'comment.add', cell: null, body: 'x'.repeat(2001) });
    expect(long).toMatchObject({ type: 'refused' });
    expect((long as { reason: string }).reason).toContain('2000');
    const script = await commenter.command({
      type: 'comment.add',
      cell: null,
      body: '<script>alert(1)</script>',
    });
    const thread = commenter.threads().find((t) => t.id === (script as { threadId: string }).threadId);
    expect(thread?.comments[0]?.body).toBe('<script>alert(1)</script>');
    expect(thread?.metadata.type).toBe('general');
  });

  it("refuses a commenter's moderation and lock with a reason", async () => {
    const commenter = await join('commenter');
    const { threadId } = (await commenter.command({
      type: 'suggestion.add',
      cell: { listValueId: null, columnId: fixture.columnId, rowNumber: 9 },
      prevValue: '',
      value: 'TikTok',
    })) as { threadId: string };
    const moderate = await commenter.command({
      type: 'thread.moderate',
      decisions: [{ threadId, status: 'approved', prevValue: '', currentValue: 'TikTok' }],
    });
    expect(moderate).toEqual({
      type: 'refused',
      id: expect.any(String),
      reason: 'Only approvers can approve or reject suggestions',
    });
    const lock = await commenter.command({ type: 'lock.take' });
    expect(lock).toEqual({
      type: 'refused',
      id: expect.any(String),
      reason: 'Only approvers can lock the list',
    });
    expect(commenter.threads().find((t) => t.id === threadId)?.metadata.status).toBe('pending');
  });

  it('refuses unknown and malformed commands without closing the room', async () => {
    const commenter = await join('commenter');
    const watcher = await join('approver');
    commenter.provider.sendStateless('not json at all');
    const unknown = await commenter.command({ type: 'explode' } as never);
    expect(unknown).toMatchObject({ type: 'refused' });
    const missing = await commenter.command({
      type: 'comment.reply',
      threadId: 'no-such-thread',
      body: 'hello',
    });
    expect(missing).toEqual({
      type: 'refused',
      id: expect.any(String),
      reason: 'No such thread in this list',
    });
    await eventually(() =>
      expect(commenter.messages.some((m) => m.type === 'refused' && m.id === null)).toBe(true),
    );
    const fine = await commenter.command({ type: 'comment.add', cell: null, body: 'Still here' });
    expect(fine).toMatchObject({ type: 'ack' });
    await eventually(() =>
      expect(watcher.threads().some((t) => t.comments[0]?.body === 'Still here')).toBe(true),
    );
  });

  it('ignores raw Yjs updates from clients: connections are read-only', async () => {
    const rogue = await join('commenter');
    const watcher = await join('approver');
    rogue.doc.getMap('threads').set('forged', new Y.Map());
    rogue.doc.getMap('lock').set('lockedBy', 424242);
    await new Promise((r) => setTimeout(r, 300));
    expect(watcher.threads().some((t) => t.id === 'forged')).toBe(false);
    expect(watcher.doc.getMap('lock').get('lockedBy')).toBeUndefined();
    const late = await join('approver2');
    expect(late.threads().some((t) => t.id === 'forged')).toBe(false);
  });
});

describe('moderation and the lock', () => {
  it('an approver locks, moderates and saves: others see statuses and a refetch, and the lock is released', async () => {
    const f = await createRoomFixture(db);
    const commenter = await join('commenter', f);
    const approver = await join('approver', f);
    const other = await join('approver2', f);
    const a = (await commenter.command({
      type: 'suggestion.add',
      cell: { listValueId: f.listValueId, columnId: f.columnId, rowNumber: 0 },
      prevValue: 'A',
      value: 'A+',
    })) as { threadId: string };
    const b = (await commenter.command({
      type: 'suggestion.add',
      cell: { listValueId: null, columnId: f.columnId, rowNumber: 1 },
      prevValue: 'B',
      value: 'B+',
    })) as { threadId: string };

    expect(await approver.command({ type: 'lock.take' })).toMatchObject({ type: 'ack' });
    await eventually(() => expect(commenter.doc.getMap('lock').get('lockedByName')).toBe('Priya Approver'));
    expect(await other.command({ type: 'lock.take' })).toEqual({
      type: 'refused',
      id: expect.any(String),
      reason: 'Priya Approver is reviewing this list',
    });
    expect(
      await other.command({
        type: 'thread.moderate',
        decisions: [{ threadId: a.threadId, status: 'approved', prevValue: 'A', currentValue: 'A+' }],
      }),
    ).toMatchObject({ type: 'refused' });

    const moderated = await approver.command({
      type: 'thread.moderate',
      decisions: [
        { threadId: a.threadId, status: 'approved', prevValue: 'A', currentValue: 'A+' },
        { threadId: b.threadId, status: 'rejected', prevValue: null, currentValue: null },
      ],
    });
    expect(moderated).toMatchObject({ type: 'ack' });
    expect(await approver.command({ type: 'list.saved' })).toMatchObject({ type: 'ack' });
    await eventually(() => {
      const threads = commenter.threads();
      expect(threads.find((t) => t.id === a.threadId)?.metadata).toMatchObject({
        status: 'approved',
        moderatedByName: 'Priya Approver',
        currentValue: 'A+',
      });
      expect(threads.find((t) => t.id === b.threadId)?.metadata.status).toBe('rejected');
      expect(threads.find((t) => t.id === a.threadId)?.resolved).toBe(true);
      expect(commenter.messages).toContainEqual({ type: 'refetch', by: 'Priya Approver' });
      expect(commenter.doc.getMap('lock').get('lockedBy')).toBeUndefined();
    });
    const projection = await db.db
      .selectFrom('list_collab_state')
      .selectAll()
      .where('list_id', '=', f.listId)
      .executeTakeFirstOrThrow();
    expect(projection).toMatchObject({ pending_suggestions: 0, locked_by: null });
  });

  it('releases the lock when the holder disconnects, so another approver can take it', async () => {
    const f = await createRoomFixture(db);
    const holder = await join('approver', f);
    const next = await join('approver2', f);
    expect(await holder.command({ type: 'lock.take' })).toMatchObject({ type: 'ack' });
    holder.destroy();
    await eventually(() => expect(next.doc.getMap('lock').get('lockedBy')).toBeUndefined());
    expect(await next.command({ type: 'lock.take' })).toMatchObject({ type: 'ack' });
  });

  it('releases an idle lock after its timeout', async () => {
    const f = await createRoomFixture(db);
    const holder = await join('approver', f);
    const watcher = await join('commenter', f);
    expect(await holder.command({ type: 'lock.take' })).toMatchObject({ type: 'ack' });
    await eventually(() => expect(watcher.doc.getMap('lock').get('lockedBy')).toBe(f.approver.id));
    await eventually(() => expect(watcher.doc.getMap('lock').get('lockedBy')).toBeUndefined(), 6000);
  });
});

describe('persistence', () => {
  it('keeps acknowledged comments after every client left and the room unloaded', async () => {
    const f = await createRoomFixture(db);
    const writer = await join('commenter', f);
    const ack = (await writer.command({ type: 'comment.add', cell: null, body: 'Survives restarts' })) as {
      threadId: string;
    };
    writer.destroy();
    await eventually(async () => {
      const row = await db.db
        .selectFrom('collab_documents')
        .select('name')
        .where('name', '=', f.room)
        .executeTakeFirst();
      expect(row).toBeDefined();
      expect(collab.hocuspocus.documents.has(f.room)).toBe(false);
    });
    const reader = await join('approver', f);
    expect(reader.threads().find((t) => t.id === ack.threadId)?.comments[0]?.body).toBe('Survives restarts');
  });
});

describe('room lifecycle', () => {
  it('unloads rooms again after many connect and disconnect cycles', async () => {
    const f = await createRoomFixture(db);
    for (let i = 0; i < 30; i++) {
      const client = await connect(collab.url, f.room, tokenFor(f, i % 2 ? f.commenter : f.approver));
      if (i % 10 === 0) await client.command({ type: 'comment.add', cell: null, body: `cycle ${i}` });
      client.destroy();
    }
    await eventually(() => expect(collab.hocuspocus.documents.has(f.room)).toBe(false), 8000);
    const reader = await join('approver', f);
    expect(
      reader
        .threads()
        .map((t) => t.comments[0]?.body)
        .sort(),
    ).toEqual(['cycle 0', 'cycle 10', 'cycle 20']);
  });
});
