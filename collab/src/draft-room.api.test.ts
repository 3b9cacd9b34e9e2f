import { DRAFT_MAX_ROWS, type DraftRoomMessage } from '@nomen/shared';
import type { DbHandle } from '@nomen/shared/db';
import { DraftDoc, type DraftRow } from '@nomen/shared/draft-room';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  type CollabInstance,
  connect,
  createRoomFixture,
  eventually,
  type Person,
  startCollabPeers,
  tokenFor,
} from './test/collab-harness';
import {
  connectDraft,
  createDraftFixture,
  type DraftClient,
  type DraftFixture,
  type DraftFixtureOptions,
  draftTokenFor,
  newRowId,
  storedDraft,
} from './test/draft-harness';

// Shared drafts (ARCHITECTURE.md, Live collaboration): a draft's room admits only the people in
// the draft, applies their commands on the server, stores each before its ack, tells the person
// whose cell was written over, keeps every row exactly once under concurrent inserts and removals,
// shows REST writes to the room live, and refuses edits once the draft is submitted.

let peers: Awaited<ReturnType<typeof startCollabPeers>>;
let db: DbHandle;
let collab: CollabInstance;
const clients: DraftClient[] = [];

beforeAll(async () => {
  peers = await startCollabPeers({ debounceMs: 50 });
  db = peers.db;
  collab = peers.instances[0]!;
});
afterAll(async () => {
  for (const c of clients) c.destroy();
  await peers?.close();
});

async function join(f: DraftFixture, person: Person): Promise<DraftClient> {
  const client = await connectDraft(collab.url, f.room, draftTokenFor(f, person));
  clients.push(client);
  return client;
}

async function fixture(options: DraftFixtureOptions = {}): Promise<DraftFixture> {
  return createDraftFixture(db, options);
}

function acked(message: DraftRoomMessage): void {
  expect(message).toMatchObject({ type: 'ack' });
}

describe('joining a draft room', () => {
  it('refuses a token without the draft, for another draft, and people not in the draft', async () => {
    const f = await fixture();
    const other = await fixture();
    const refused = (token: string, room = f.room) =>
      expect(connectDraft(collab.url, room, token)).rejects.toThrow();
    // A list token (no `sub`), and a token for another submission.
    await refused(draftTokenFor(f, f.owner, { list: 1 }));
    await refused(draftTokenFor(f, f.owner, { sub: other.submissionId }));
    // A user of the account who may use the template but is not invited; one who may not use it.
    await refused(draftTokenFor(f, f.member));
    await refused(draftTokenFor(f, f.stranger));
    // Another account's person, with their own account in the token or this one.
    await refused(draftTokenFor(f, f.outsider, { acc: f.outsider.accountUuid }));
    await refused(draftTokenFor(f, f.outsider));
    // This draft's owner cannot join another account's draft with its own token's claims.
    await refused(draftTokenFor(f, f.owner), other.room);
  });

  it('refuses everyone, owner included, while the draft is not shared', async () => {
    const f = await fixture({ invite: false });
    await expect(connectDraft(collab.url, f.room, draftTokenFor(f, f.owner))).rejects.toThrow();
  });

  it('refuses a draft that is no longer a Draft, and an ended session', async () => {
    const f = await fixture();
    await expect(
      connectDraft(collab.url, f.room, draftTokenFor(f, f.invitee, { sid: 'not-a-session' })),
    ).rejects.toThrow();
    await db.db
      .updateTable('submissions')
      .set({ status: 'Submitted' })
      .where('id', '=', f.submissionId)
      .execute();
    await expect(connectDraft(collab.url, f.room, draftTokenFor(f, f.owner))).rejects.toThrow();
  });

  it('admits the owner and the invitee, read-only, and shows them the seeded rows', async () => {
    const f = await fixture();
    const owner = await join(f, f.owner);
    const invitee = await join(f, f.invitee);
    for (const c of [owner, invitee]) {
      expect(c.draft.rows().map((r) => r.id)).toEqual(f.rowIds);
      expect(c.draft.cell(f.rowIds[0]!, f.fields[0])).toBe('Campaign 0');
    }
    // A client's own document change is not taken: only commands change the room.
    invitee.doc.transact(() =>
      new DraftDoc(invitee.doc).setCells([{ row: f.rowIds[0]!, field: '101', value: 'Hacked' }]),
    );
    acked(await invitee.command({ type: 'comment.add', cell: null, body: 'After the attempt' }));
    expect(owner.draft.cell(f.rowIds[0]!, '101')).toBe('Campaign 0');
    expect((await storedDraft(db, f.room)).cell(f.rowIds[0]!, '101')).toBe('Campaign 0');
  });

  it('admits, when shared with everyone, each person who may use the template, and no one else', async () => {
    const f = await fixture({ everyone: true, invite: false });
    const member = await join(f, f.member);
    const owner = await join(f, f.owner);
    expect(member.draft.rowCount()).toBe(3);
    expect(owner.draft.rowCount()).toBe(3);
    await expect(connectDraft(collab.url, f.room, draftTokenFor(f, f.stranger))).rejects.toThrow();
  });
});

describe('editing together', () => {
  it('keeps both writes when two people write different cells of one row at once', async () => {
    const f = await fixture();
    const a = await join(f, f.owner);
    const b = await join(f, f.invitee);
    const row = f.rowIds[1]!;
    const answers = await Promise.all([
      a.command({ type: 'cells.set', cells: [{ row, field: '101', value: 'Spring sale' }] }),
      b.command({ type: 'cells.set', cells: [{ row, field: '103', value: 'Q2' }] }),
    ]);
    answers.forEach(acked);
    for (const c of [a, b]) {
      await eventually(() => {
        expect(c.draft.cell(row, '101')).toBe('Spring sale');
        expect(c.draft.cell(row, '103')).toBe('Q2');
        expect(c.draft.cell(row, '102')).toBe('Email');
      });
    }
    const stored = await storedDraft(db, f.room);
    expect([stored.cell(row, '101'), stored.cell(row, '103')]).toEqual(['Spring sale', 'Q2']);
    expect(a.messages.concat(b.messages).filter((m) => m.type === 'overwritten')).toEqual([]);
  });

  it('lets the last writer of one cell win and tells the other person', async () => {
    const f = await fixture();
    const a = await join(f, f.owner);
    const b = await join(f, f.invitee);
    const cell = { row: f.rowIds[0]!, field: '102' };
    const [ackA, ackB] = await Promise.all([
      a.command({ type: 'cells.set', cells: [{ ...cell, value: 'Social' }] }),
      b.command({ type: 'cells.set', cells: [{ ...cell, value: 'Display' }] }),
    ]);
    acked(ackA!);
    acked(ackB!);
    const final = a.draft.cell(cell.row, cell.field);
    expect(['Social', 'Display']).toContain(final);
    await eventually(() => expect(b.draft.cell(cell.row, cell.field)).toBe(final));
    expect((await storedDraft(db, f.room)).cell(cell.row, cell.field)).toBe(final);
    const [winner, loser] = final === 'Display' ? [f.invitee, a] : [f.owner, b];
    await eventually(() =>
      expect(loser.messages).toContainEqual({ type: 'overwritten', by: winner.name, cells: [cell] }),
    );
    // The winner was not written over.
    const winnerClient = loser === a ? b : a;
    expect(winnerClient.messages.filter((m) => m.type === 'overwritten')).toEqual([]);
  });

  it('keeps every row exactly once under concurrent inserts and removals of the same rows', async () => {
    const f = await fixture();
    const a = await join(f, f.owner);
    const b = await join(f, f.invitee);
    const batch = (n: number): DraftRow[] =>
      Array.from({ length: n }, (_, i) => ({ id: newRowId(), cells: { '101': `Row ${i}` } }));
    const fromA = [batch(20), batch(20), batch(20)];
    const fromB = [batch(20), batch(20), batch(20)];
    const removed = f.rowIds[1]!;
    const answers = await Promise.all([
      ...fromA.map((rows, i) =>
        a.command({ type: 'rows.insert', after: i === 0 ? null : f.rowIds[0]!, rows }),
      ),
      ...fromB.map((rows) => b.command({ type: 'rows.insert', after: f.rowIds[0]!, rows })),
      a.command({ type: 'rows.remove', rows: [removed] }),
      b.command({ type: 'rows.remove', rows: [removed] }),
    ]);
    answers.forEach(acked);
    const expected = new Set([
      ...f.rowIds,
      ...fromA.flat().map((r) => r.id),
      ...fromB.flat().map((r) => r.id),
    ]);
    expected.delete(removed);
    const exactlyOnce = (draft: DraftDoc) => {
      const order = draft.order.toArray();
      expect(order.length).toBe(expected.size);
      expect(new Set(order)).toEqual(expected);
      expect(new Set(draft.rowMap.keys())).toEqual(expected);
    };
    for (const c of [a, b]) await eventually(() => exactlyOnce(c.draft));
    exactlyOnce(await storedDraft(db, f.room));
  });

  it('refuses a row id already in the draft, and a draft past its row limit', async () => {
    const rows = Array.from({ length: DRAFT_MAX_ROWS - 1 }, (_, i) => ({ id: `seeded-row-${i}`, cells: {} }));
    const f = await fixture({ rows });
    const a = await join(f, f.owner);
    const again = await a.command({
      type: 'rows.insert',
      after: null,
      rows: [{ id: 'seeded-row-5', cells: {} }],
    });
    expect(again).toMatchObject({
      type: 'refused',
      reason: expect.stringContaining('already in this draft'),
    });
    const twoMore = [newRowId(), newRowId()].map((id) => ({ id, cells: {} }));
    const past = await a.command({ type: 'rows.insert', after: null, rows: twoMore });
    expect(past).toMatchObject({ type: 'refused', reason: expect.stringContaining('at most') });
    expect(a.draft.rowCount()).toBe(DRAFT_MAX_ROWS - 1);
    acked(await a.command({ type: 'rows.insert', after: null, rows: twoMore.slice(0, 1) }));
    expect(a.draft.rowCount()).toBe(DRAFT_MAX_ROWS);
  });

  it('comments on a cell of the draft and in general; anyone in the draft replies, resolves and reopens', async () => {
    const f = await fixture();
    const a = await join(f, f.owner);
    const b = await join(f, f.invitee);
    const onCell = await a.command({
      type: 'comment.add',
      cell: { row: f.rowIds[2]!, field: '101' },
      body: 'Check the name',
    });
    acked(onCell);
    const threadId = (onCell as { threadId: string }).threadId;
    acked(await b.command({ type: 'comment.reply', threadId, body: 'Fixed' }));
    acked(await b.command({ type: 'thread.resolve', threadId, resolved: true }));
    acked(await a.command({ type: 'comment.add', cell: null, body: 'Ready by Friday?' }));
    await eventually(() => {
      const thread = a.draft.thread(threadId)!;
      expect(thread.resolved).toBe(true);
      expect(thread.metadata).toMatchObject({
        type: 'cell',
        rowId: f.rowIds[2],
        columnId: 101,
        userName: f.owner.name,
      });
      expect(thread.comments.map((c) => [c.userName, c.body])).toEqual([
        [f.owner.name, 'Check the name'],
        [f.invitee.name, 'Fixed'],
      ]);
      expect(a.draft.threads().filter((t) => t.metadata.type === 'general')).toHaveLength(1);
    });
    acked(await a.command({ type: 'thread.resolve', threadId, resolved: false }));
    await eventually(() => expect(b.draft.thread(threadId)!.resolved).toBe(false));
    const gone = await a.command({
      type: 'comment.add',
      cell: { row: newRowId(), field: '101' },
      body: 'Where?',
    });
    expect(gone).toMatchObject({ type: 'refused', reason: 'That cell is not in this draft' });
  });

  it('refuses malformed commands and list-room commands without changing anything', async () => {
    const f = await fixture();
    const a = await join(f, f.owner);
    const lock = await a.command({ type: 'lock.take' } as never);
    expect(lock).toMatchObject({ type: 'refused' });
    const bad = await a.command({ type: 'cells.set', cells: [{ row: 'x', field: '101', value: 'v' }] });
    expect(bad).toMatchObject({ type: 'refused', reason: expect.stringContaining('cells.0.row') });
    expect((await storedDraft(db, f.room)).rows()).toEqual(a.draft.rows());
    expect(a.draft.rows().map((r) => r.id)).toEqual(f.rowIds);
  });
});

/** Appends an update to a room's stored updates the way the REST server does, and notifies. */
async function restWrite(f: DraftFixture, change: (draft: DraftDoc) => void): Promise<void> {
  const stored = await storedDraft(db, f.room);
  const updates: Uint8Array[] = [];
  stored.doc.on('updateV2', (u: Uint8Array) => updates.push(u));
  stored.doc.transact(() => change(stored));
  await db.db
    .insertInto('collab_updates')
    .values({ name: f.room, data: Buffer.from(Y.mergeUpdatesV2(updates)) })
    .execute();
  await sql`select pg_notify('nomen_collab', ${JSON.stringify({ room: f.room })})`.execute(db.db);
}

describe('the REST server writing into a room', () => {
  it('reaches every connected client after the room notice, and is not stored twice', async () => {
    const f = await fixture();
    const a = await join(f, f.owner);
    const b = await join(f, f.invitee);
    const row = newRowId();
    await restWrite(f, (draft) => {
      draft.setCells([{ row: f.rowIds[0]!, field: '103', value: 'From a REST save' }]);
      draft.insertRows(null, [{ id: row, cells: { '101': 'Imported' } }]);
    });
    for (const c of [a, b]) {
      await eventually(() => {
        expect(c.draft.cell(f.rowIds[0]!, '103')).toBe('From a REST save');
        expect(c.draft.order.get(0)).toBe(row);
      });
    }
    // The room compacts what it was told about; nothing is appended again.
    await eventually(async () => {
      const left = await db.db.selectFrom('collab_updates').select('id').where('name', '=', f.room).execute();
      expect(left).toHaveLength(0);
    });
    const stored = await storedDraft(db, f.room);
    expect(stored.rowCount()).toBe(4);
    expect(stored.cell(f.rowIds[0]!, '103')).toBe('From a REST save');
  });

  it('after a submit, keeps the room open showing who submitted it and refuses every command', async () => {
    const f = await fixture();
    const a = await join(f, f.owner);
    const b = await join(f, f.invitee);
    const before = a.draft.rows();
    // The submit's transaction: the status change (which notifies {submission}) and the closed meta.
    await db.db
      .updateTable('submissions')
      .set({ status: 'Submitted' })
      .where('id', '=', f.submissionId)
      .execute();
    await restWrite(f, (draft) =>
      draft.setMeta({
        status: 'closed',
        submissionStatus: 'Submitted',
        closedByName: f.invitee.name,
        closedAt: new Date().toISOString(),
      }),
    );
    for (const c of [a, b])
      await eventually(() =>
        expect(c.draft.meta()).toMatchObject({ status: 'closed', closedByName: f.invitee.name }),
      );
    const commands = [
      a.command({ type: 'cells.set', cells: [{ row: f.rowIds[0]!, field: '101', value: 'Too late' }] }),
      a.command({ type: 'rows.insert', after: null, rows: [{ id: newRowId(), cells: {} }] }),
      b.command({ type: 'rows.remove', rows: [f.rowIds[1]!] }),
      b.command({ type: 'comment.add', cell: null, body: 'Too late' }),
    ];
    for (const answer of await Promise.all(commands)) {
      expect(answer).toMatchObject({
        type: 'refused',
        reason: `This draft was submitted by ${f.invitee.name}`,
      });
    }
    expect(a.draft.rows()).toEqual(before);
    expect(a.draft.threads()).toEqual([]);
    expect((await storedDraft(db, f.room)).rows()).toEqual(before);
    // Both stay connected to see it.
    expect(a.provider.isSynced && b.provider.isSynced).toBe(true);
    expect(collab.hocuspocus.documents.get(f.room)?.getConnectionsCount()).toBe(2);
  });
});

/** When a room's stored state was last written. */
async function storedAtOf(room: string): Promise<string | undefined> {
  const row = await db.db
    .selectFrom('collab_documents')
    .select(sql<string>`updated_at::text`.as('at'))
    .where('name', '=', room)
    .executeTakeFirst();
  return row?.at;
}

describe('a submit racing a command', () => {
  it('refuses a command whose update the submit kept from being stored, takes it back out of the room, and never stores it', async () => {
    const f = await fixture();
    const a = await join(f, f.owner);
    const b = await join(f, f.invitee);
    const cell = { row: f.rowIds[0]!, field: '101' };
    const seededAt = await storedAtOf(f.room);
    // The submit, on a connection of its own.
    const submit = new pg.Client({
      connectionString: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nomen_test',
    });
    await submit.connect();
    let answer: Promise<DraftRoomMessage>;
    try {
      await submit.query('begin');
      // Appends wait (the command is checked and applied, its store waits); reads and the room's
      // compaction go on.
      await submit.query('lock table collab_updates in exclusive mode');
      answer = a.command({ type: 'cells.set', cells: [{ ...cell, value: 'Racing the submit' }] });
      await eventually(() => expect(b.draft.cell(cell.row, cell.field)).toBe('Racing the submit'));
      // The room is compacted while the edit is applied but not stored: the edit is not in it.
      await eventually(async () => expect(await storedAtOf(f.room)).not.toBe(seededAt));
      expect((await storedDraft(db, f.room)).cell(cell.row, cell.field)).toBe('Campaign 0');
      // The submit commits before the append can run.
      await submit.query(`update submissions set status = 'Submitted' where id = $1`, [f.submissionId]);
      await submit.query('commit');
    } finally {
      await submit.end();
    }
    expect(await answer).toMatchObject({
      type: 'refused',
      reason: `This draft was submitted by ${f.owner.name}`,
    });
    for (const c of [a, b])
      await eventually(() => expect(c.draft.cell(cell.row, cell.field)).toBe('Campaign 0'));
    expect((await storedDraft(db, f.room)).cell(cell.row, cell.field)).toBe('Campaign 0');
  });
});

describe('sharing changes reach the room', () => {
  it('drops a person whose invitation is removed, and everyone when the draft is shared with nobody', async () => {
    const f = await fixture();
    await db.db
      .insertInto('submission_shares')
      .values({ submission_id: f.submissionId, user_id: f.member.id, account_id: f.accountId })
      .execute();
    const owner = await join(f, f.owner);
    const invitee = await join(f, f.invitee);
    const member = await join(f, f.member);
    await db.db.deleteFrom('submission_shares').where('user_id', '=', f.invitee.id).execute();
    expect((await invitee.closed).reason).toBe('You are no longer in this draft');
    invitee.destroy(); // it would try again with its old token
    acked(await owner.command({ type: 'comment.add', cell: null, body: 'Still here' }));
    await db.db.deleteFrom('submission_shares').where('submission_id', '=', f.submissionId).execute();
    expect((await owner.closed).reason).toBe('You are no longer in this draft');
    owner.destroy(); // it would try again with its old token
    expect((await member.closed).reason).toBe('You are no longer in this draft');
    member.destroy(); // it would try again with its old token
    await eventually(() => expect(collab.hocuspocus.documents.has(f.room)).toBe(false));
    // Nobody gets back in with the tokens they had.
    await expect(connectDraft(collab.url, f.room, draftTokenFor(f, f.owner))).rejects.toThrow();
  });

  it('checks the draft rooms again after its database listener was cut: drops who left, shows what was written', async () => {
    const f = await fixture();
    await db.db
      .insertInto('submission_shares')
      .values({ submission_id: f.submissionId, user_id: f.member.id, account_id: f.accountId })
      .execute();
    const owner = await join(f, f.owner);
    const invitee = await join(f, f.invitee);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query = 'LISTEN "nomen_collab"'`.execute(db.db);
    // Changed while nobody listened (or just as the listener came back).
    await db.db.deleteFrom('submission_shares').where('user_id', '=', f.invitee.id).execute();
    await restWrite(f, (draft) => draft.setCells([{ row: f.rowIds[2]!, field: '103', value: 'Meanwhile' }]));
    expect((await invitee.closed).reason).toBe('You are no longer in this draft');
    invitee.destroy(); // it would try again with its old token
    await eventually(() => expect(owner.draft.cell(f.rowIds[2]!, '103')).toBe('Meanwhile'));
  });

  it('drops everyone when the draft is deleted', async () => {
    const f = await fixture();
    const owner = await join(f, f.owner);
    await db.db.deleteFrom('submissions').where('id', '=', f.submissionId).execute();
    expect((await owner.closed).reason).toBe('This draft has been deleted');
    owner.destroy(); // it would try again with its old token
    await eventually(() => expect(collab.hocuspocus.documents.has(f.room)).toBe(false));
    const state = await db.db
      .selectFrom('collab_documents')
      .select('name')
      .where('name', '=', f.room)
      .execute();
    expect(state).toEqual([]);
  });
});

describe('a room nobody is in', () => {
  it('unloads when the last person leaves and reopens with the same rows', async () => {
    const f = await fixture();
    const a = await connectDraft(collab.url, f.room, draftTokenFor(f, f.owner));
    const row = newRowId();
    acked(
      await a.command({
        type: 'rows.insert',
        after: f.rowIds[2]!,
        rows: [{ id: row, cells: { '101': 'Late addition' } }],
      }),
    );
    acked(
      await a.command({ type: 'cells.set', cells: [{ row: f.rowIds[0]!, field: '103', value: 'Kept' }] }),
    );
    const rows = a.draft.rows();
    a.destroy();
    await eventually(() => expect(collab.hocuspocus.documents.has(f.room)).toBe(false));
    const left = await db.db.selectFrom('collab_updates').select('id').where('name', '=', f.room).execute();
    expect(left).toHaveLength(0);
    const again = await join(f, f.invitee);
    expect(again.draft.rows()).toEqual(rows);
    expect(again.draft.order.get(3)).toBe(row);
  });

  it('unloads again after many join, edit and leave cycles, keeping every edit', async () => {
    const f = await fixture();
    for (let i = 0; i < 15; i++) {
      const c = await connectDraft(collab.url, f.room, draftTokenFor(f, i % 2 ? f.owner : f.invitee));
      acked(
        await c.command({
          type: 'cells.set',
          cells: [{ row: f.rowIds[i % 3]!, field: '102', value: `Cycle ${i}` }],
        }),
      );
      c.destroy();
      await eventually(() => expect(collab.hocuspocus.documents.has(f.room)).toBe(false));
    }
    const last = await join(f, f.owner);
    expect([0, 1, 2].map((i) => last.draft.cell(f.rowIds[i]!, '102'))).toEqual([
      'Cycle 12',
      'Cycle 13',
      'Cycle 14',
    ]);
  });

  it('is never written for a draft whose room state was removed', async () => {
    const f = await fixture({ noRoom: true });
    const a = await join(f, f.owner);
    expect(a.draft.isEmpty()).toBe(true);
    acked(await a.command({ type: 'comment.add', cell: null, body: 'In an empty room' }));
    a.destroy();
    await eventually(() => expect(collab.hocuspocus.documents.has(f.room)).toBe(false));
    const state = await db.db
      .selectFrom('collab_documents')
      .select('name')
      .where('name', '=', f.room)
      .execute();
    expect(state).toEqual([]);
  });
});

describe('presence in a draft room', () => {
  it('shows the token’s person with their selected cell and live typing, and drops anything else', async () => {
    const f = await fixture();
    const typist = await join(f, f.invitee);
    const watcher = await join(f, f.owner);
    const typistId = typist.provider.awareness!.clientID;
    typist.provider.setAwarenessField('user', { id: f.owner.id, name: 'The CEO', color: '#12ab34' });
    typist.provider.setAwarenessField('cell', { row: f.rowIds[1], field: '102' });
    typist.provider.setAwarenessField('typing', 'Newsl');
    typist.provider.setAwarenessField('isAdmin', true);
    await eventually(() =>
      expect(watcher.provider.awareness!.getStates().get(typistId)).toEqual({
        user: { id: f.invitee.id, name: f.invitee.name, color: '#12ab34' },
        cell: { row: f.rowIds[1], field: '102' },
        typing: 'Newsl',
      }),
    );
    // A malformed cell is no cell, and typing without a cell is dropped.
    typist.provider.setAwarenessField('cell', { row: 'bad', field: '102' });
    await eventually(() =>
      expect(watcher.provider.awareness!.getStates().get(typistId)).toMatchObject({
        cell: null,
        typing: null,
      }),
    );
  });
});

describe('list rooms and draft rooms side by side', () => {
  it('leaves a draft command in a list room to the list room, which refuses it', async () => {
    const list = await createRoomFixture(db);
    const client = await connect(collab.url, list.room, tokenFor(list, list.commenter));
    const refusal = await client.command({ type: 'cells.set', cells: [] } as never);
    client.destroy();
    expect(refusal).toMatchObject({ type: 'refused' });
    expect(client.messages).toHaveLength(1);
  });
});
