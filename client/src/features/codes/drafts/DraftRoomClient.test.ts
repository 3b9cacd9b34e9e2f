import type { HocuspocusProviderConfiguration } from '@hocuspocus/provider';
import { AppError } from '@nomen/shared';
import { DraftDoc } from '@nomen/shared/draft-room';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import { DROPPED_MESSAGE, DraftRoomClient, type DraftRoomConnection } from './DraftRoomClient';

/** A stand-in for the room's connection: what was sent, and the server's side of the socket. */
class FakeConnection {
  readonly sent: { id: string; type: string }[] = [];
  readonly awareness: Awareness;
  constructor(readonly config: HocuspocusProviderConfiguration) {
    this.awareness = new Awareness(config.document as Y.Doc);
  }
  sendStateless = (payload: string) => {
    this.sent.push(JSON.parse(payload) as { id: string; type: string });
  };
  setAwarenessField = (key: string, value: unknown) => this.awareness.setLocalStateField(key, value);
  destroy = () => {};
  /** The server's writer of the room's document (applied as the server's update would be). */
  get draft(): DraftDoc {
    return new DraftDoc(this.config.document as Y.Doc);
  }
  connect() {
    this.config.onStatus!({ status: 'connected' } as never);
    this.config.onSynced!({ state: true });
  }
  drop() {
    this.config.onSynced!({ state: false });
    this.config.onStatus!({ status: 'disconnected' } as never);
  }
  answer(message: object) {
    this.config.onStateless!({ payload: JSON.stringify(message) } as never);
  }
}

const clients: DraftRoomClient[] = [];

/** A room client on a stand-in connection, once it has connected (or not, with `connected` false). */
async function openRoom(connected = true, onMessage?: (message: unknown) => void) {
  let connection: FakeConnection | null = null;
  const client = new DraftRoomClient({
    submissionId: 1,
    onMessage,
    fetchToken: async () => ({ token: 't', room: 'room', url: 'ws://test' }),
    connect: (config) => {
      connection = new FakeConnection(config);
      return connection as unknown as DraftRoomConnection;
    },
  });
  clients.push(client);
  await until(() => connection !== null);
  const fake = connection as unknown as FakeConnection;
  fake.draft.doc.transact(() => fake.draft.insertRows(null, [{ id: 'row-aaaa', cells: { '1': 'A' } }]));
  if (connected) fake.connect();
  return { client, fake };
}

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 2000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

beforeAll(() => {
  globalThis.requestAnimationFrame ??= ((cb: (t: number) => void) =>
    setTimeout(() => cb(0), 0) as unknown as number) as typeof requestAnimationFrame;
  globalThis.cancelAnimationFrame ??= ((id: number) => clearTimeout(id)) as typeof cancelAnimationFrame;
});

afterEach(() => {
  for (const client of clients.splice(0)) client.destroy();
});

const cellOf = (client: DraftRoomClient) => client.getSnapshot().rows[0]?.cells['1'];

describe('DraftRoomClient', () => {
  it('shows an edit at once and keeps it once the server acknowledges it', async () => {
    const { client, fake } = await openRoom();
    const done = client.send({ type: 'cells.set', cells: [{ row: 'row-aaaa', field: '1', value: 'B' }] });
    expect(cellOf(client)).toBe('B');
    expect(client.getSnapshot().pending).toBe(1);
    fake.draft.doc.transact(() => fake.draft.setCells([{ row: 'row-aaaa', field: '1', value: 'B' }]));
    fake.answer({ type: 'ack', id: fake.sent[0]!.id });
    await expect(done).resolves.toEqual({});
    await until(() => client.getSnapshot().pending === 0);
    expect(cellOf(client)).toBe('B');
  });

  it('takes a refused edit back and rejects with the server’s reason', async () => {
    const { client, fake } = await openRoom();
    const done = client.send({ type: 'cells.set', cells: [{ row: 'row-aaaa', field: '1', value: 'B' }] });
    fake.answer({ type: 'refused', id: fake.sent[0]!.id, reason: 'This draft was submitted by Sam' });
    await expect(done).rejects.toThrow('This draft was submitted by Sam');
    expect(cellOf(client)).toBe('A');
  });

  it('queues edits while offline, shows them, and sends them in order once synced again', async () => {
    const { client, fake } = await openRoom(false);
    void client.send({ type: 'cells.set', cells: [{ row: 'row-aaaa', field: '1', value: 'B' }] });
    void client.send({ type: 'rows.remove', rows: ['row-aaaa'] });
    expect(fake.sent).toHaveLength(0);
    expect(client.getSnapshot().rows).toEqual([]);
    fake.connect();
    expect(fake.sent.map((c) => c.type)).toEqual(['cells.set', 'rows.remove']);
  });

  it('sends an edit again after a dropped connection, counts an insert that arrived as done, and gives up a comment', async () => {
    const { client, fake } = await openRoom();
    const edit = client.send({ type: 'cells.set', cells: [{ row: 'row-aaaa', field: '1', value: 'B' }] });
    const insert = client.send({ type: 'rows.insert', after: null, rows: [{ id: 'row-new1', cells: {} }] });
    const comment = client.send({ type: 'comment.add', cell: null, body: 'Hello' });
    fake.drop();
    await expect(comment).rejects.toThrow(DROPPED_MESSAGE);
    expect(client.getSnapshot().status).toBe('offline');
    // The insert was applied before the connection dropped: the sync brings its row.
    fake.draft.doc.transact(() => fake.draft.insertRows(null, [{ id: 'row-new1', cells: {} }]));
    fake.sent.length = 0;
    fake.connect();
    await expect(insert).resolves.toEqual({});
    expect(fake.sent.map((c) => c.type)).toEqual(['cells.set']);
    fake.answer({ type: 'ack', id: fake.sent[0]!.id });
    await expect(edit).resolves.toEqual({});
  });

  it('shares the selected cell and the typing, and passes an overwritten message on', async () => {
    const messages: unknown[] = [];
    const { client, fake } = await openRoom(true, (message) => messages.push(message));
    client.setPresence({ cell: { row: 'row-aaaa', field: '1' }, typing: 'ty' });
    expect(fake.awareness.getLocalState()).toMatchObject({
      cell: { row: 'row-aaaa', field: '1' },
      typing: 'ty',
    });
    const overwritten = { type: 'overwritten', by: 'Sam', cells: [{ row: 'row-aaaa', field: '1' }] };
    fake.answer(overwritten);
    expect(messages).toEqual([overwritten]);
  });
  it('asks again for a reconnect token while the server cannot be reached, and stops at a refusal', async () => {
    const answers: (() => { token: string; room: string; url: string })[] = [
      () => ({ token: 'first', room: 'room', url: 'ws://test' }),
      () => {
        throw new AppError('INTERNAL', 'Could not reach the server');
      },
      () => ({ token: 'second', room: 'room', url: 'ws://test' }),
      () => {
        throw new AppError('NOT_FOUND', 'Submission not found');
      },
    ];
    let asked = 0;
    let connection: FakeConnection | null = null;
    clients.push(
      new DraftRoomClient({
        submissionId: 1,
        fetchToken: async () => answers[asked++]!(),
        connect: (config) => {
          connection = new FakeConnection(config);
          return connection as unknown as DraftRoomConnection;
        },
      }),
    );
    await until(() => connection !== null);
    const token = (connection as unknown as FakeConnection).config.token as () => Promise<string>;
    expect(await token()).toBe('first');
    expect(await token()).toBe('second');
    expect(asked).toBe(3);
    await expect(token()).rejects.toThrow('Submission not found');
  });
});
