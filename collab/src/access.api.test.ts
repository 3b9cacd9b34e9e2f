import type { DbHandle } from '@nomen/shared/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CollabInstance,
  type CollabPeers,
  connect,
  createRoomFixture,
  eventually,
  type Person,
  type RoomFixture,
  startCollabPeers,
  tokenFor,
} from './test/collab-harness';

// Issue 8 item 4: taking someone's access away reaches live collaboration. The changes below are
// the statements the REST services run (logout and reset end sessions; disable, delete, role and
// permission changes update or delete the user); database triggers tell the collab server.

let peers: CollabPeers;
let db: DbHandle;
let collab: CollabInstance;
/** A collab server that does not LISTEN (as behind a transaction-mode pooler): only the per-command check. */
let unlistening: CollabInstance;

beforeAll(async () => {
  peers = await startCollabPeers({ debounceMs: 50 }, { debounceMs: 50, listen: null });
  db = peers.db;
  [collab, unlistening] = peers.instances as [CollabInstance, CollabInstance];
});
afterAll(() => peers?.close());

const revocations: Array<[string, (f: RoomFixture, person: Person) => Promise<unknown>]> = [
  ['logout', (_f, p) => db.db.deleteFrom('sessions').where('id', '=', p.sessionId).execute()],
  [
    'password reset',
    (_f, p) =>
      db.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash: 'new-hash' }).where('id', '=', p.id).execute();
        await trx.deleteFrom('sessions').where('user_id', '=', p.id).execute();
      }),
  ],
  ['disable', (_f, p) => db.db.updateTable('users').set({ disabled: true }).where('id', '=', p.id).execute()],
  ['delete', (_f, p) => db.db.deleteFrom('users').where('id', '=', p.id).execute()],
  [
    'role change',
    (_f, p) => db.db.updateTable('users').set({ role: 'USER' }).where('id', '=', p.id).execute(),
  ],
  [
    'permission change',
    (_f, p) =>
      db.db
        .updateTable('users')
        .set({ permissions: ['manage_lists'] })
        .where('id', '=', p.id)
        .execute(),
  ],
];

describe('revoked access ends live collaboration', () => {
  for (const [kind, revoke] of revocations) {
    it(`${kind}: the socket closes within a second and the old token is refused`, async () => {
      const f = await createRoomFixture(db);
      const oldToken = tokenFor(f, f.approver);
      const revoked = await peers.join(collab, f, f.approver);
      const bystander = await peers.join(collab, f, f.approver2);
      expect((await revoked.command({ type: 'comment.add', cell: null, body: 'Before' })).type).toBe('ack');
      const started = Date.now();
      await revoke(f, f.approver);
      await revoked.closed;
      expect(Date.now() - started).toBeLessThan(1000);
      await expect(connect(collab.url, f.room, oldToken)).rejects.toThrow();
      // Others stay: the bystander still comments.
      expect((await bystander.command({ type: 'comment.add', cell: null, body: 'Still here' })).type).toBe(
        'ack',
      );
    });
  }

  it('losing approve_suggestions refuses moderation on a still-open socket', async () => {
    const f = await createRoomFixture(db);
    const commenter = await peers.join(unlistening, f, f.commenter);
    const approver = await peers.join(unlistening, f, f.approver);
    const ack = await commenter.command({
      type: 'suggestion.add',
      cell: { listValueId: null, columnId: f.columnId, rowNumber: 0 },
      prevValue: 'Facebook',
      value: 'Meta',
    });
    const threadId = (ack as { threadId: string }).threadId;
    await db.db
      .updateTable('users')
      .set({ permissions: sql<string[]>`array_remove(permissions, 'approve_suggestions')` })
      .where('id', '=', f.approver.id)
      .execute();
    const answer = await approver.command({
      type: 'thread.moderate',
      decisions: [{ threadId, status: 'approved', prevValue: null, currentValue: null }],
    });
    expect(answer).toMatchObject({ type: 'refused', reason: 'Your access has changed; reconnect' });
    expect(commenter.threads().find((t) => t.id === threadId)?.metadata.status).toBe('pending');
    // The refused sender is disconnected, and the old token does not come back.
    await approver.closed;
    await expect(connect(unlistening.url, f.room, tokenFor(f, f.approver))).rejects.toThrow();
  });

  it('a logged-out session is refused at the next command even without the notification', async () => {
    const f = await createRoomFixture(db);
    const commenter = await peers.join(unlistening, f, f.commenter);
    await db.db.deleteFrom('sessions').where('id', '=', f.commenter.sessionId).execute();
    const answer = await commenter.command({ type: 'comment.add', cell: null, body: 'After logout' });
    expect(answer.type).toBe('refused');
    expect(commenter.threads()).toHaveLength(0);
  });

  it('keeps listening after its database connection was cut, and closes what changed meanwhile', async () => {
    const f = await createRoomFixture(db);
    const revoked = await peers.join(collab, f, f.approver);
    const listeners = () =>
      sql<{ pid: number }>`select pid from pg_stat_activity
        where datname = current_database() and query = 'LISTEN "nomen_collab"'`.execute(db.db);
    const before = (await listeners()).rows.map((r) => r.pid);
    expect(before.length).toBeGreaterThan(0);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query = 'LISTEN "nomen_collab"'`.execute(db.db);
    // Revoked while nobody listened: the check after reconnecting closes the socket.
    await db.db.deleteFrom('sessions').where('id', '=', f.approver.sessionId).execute();
    await revoked.closed;
    await eventually(async () => {
      const after = (await listeners()).rows.map((r) => r.pid);
      expect(after.some((pid) => !before.includes(pid))).toBe(true);
    });
    const other = await createRoomFixture(db);
    const next = await peers.join(collab, other, other.commenter);
    const started = Date.now();
    await db.db.updateTable('users').set({ disabled: true }).where('id', '=', other.commenter.id).execute();
    await next.closed;
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('a new token after a permission change joins again', async () => {
    const f = await createRoomFixture(db);
    const approver = await peers.join(collab, f, f.approver);
    await db.db
      .updateTable('users')
      .set({ permissions: ['manage_lists'] })
      .where('id', '=', f.approver.id)
      .execute();
    await approver.closed;
    const access = await db.db
      .selectFrom('collab_access')
      .select('version')
      .where('user_id', '=', f.approver.id)
      .executeTakeFirstOrThrow();
    const again = await connect(
      collab.url,
      f.room,
      tokenFor(f, f.approver, { approver: false, av: access.version }),
    );
    peers.clients.push(again);
    expect((await again.command({ type: 'comment.add', cell: null, body: 'Back' })).type).toBe('ack');
  });
});
