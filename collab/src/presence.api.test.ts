import type { DbHandle } from '@nomen/shared/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Awareness, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import {
  type CollabInstance,
  type CollabPeers,
  connect,
  createRoomFixture,
  eventually,
  type Person,
  type RoomFixture,
  startCollab,
  startCollabPeers,
  type TestClient,
  tokenFor,
} from './test/collab-harness';

let peers: CollabPeers;
let db: DbHandle;
/** Relays presence renewals every 300 ms (so a test sees a window close). */
let quick: CollabInstance;
/** Relays presence renewals once a minute (so anything seen sooner was not held back). */
let slow: CollabInstance;

async function join(f: RoomFixture, person: Person, instance: CollabInstance): Promise<TestClient> {
  const client = await peers.join(instance, f, person);
  // What the list editor does on joining (ListRoomClient): its presence, in a colour of its own
  // (not one of the palette's, so the server sees a change, not a renewal, of its first state).
  client.provider.setAwarenessField('user', { id: person.id, name: person.name, color: '#123456' });
  return client;
}

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

beforeAll(async () => {
  peers = await startCollabPeers(
    { debounceMs: 50, presenceRenewalMs: 300 },
    { debounceMs: 50, presenceRenewalMs: 60_000 },
  );
  db = peers.db;
  [quick, slow] = peers.instances as [CollabInstance, CollabInstance];
});
afterAll(() => peers?.close());

describe('presence renewals (issue 14 item 2)', () => {
  /** Renews `client`'s unchanged presence as y-protocols does every 15 s; resolves once `instance` took it. */
  async function renew(client: TestClient, f: RoomFixture, instance: CollabInstance): Promise<number> {
    const awareness = client.provider.awareness!;
    awareness.setLocalState(awareness.getLocalState());
    const clock = awareness.meta.get(awareness.clientID)!.clock;
    const room = instance.hocuspocus.documents.get(f.room)!;
    await eventually(() => expect(room.awareness.meta.get(awareness.clientID)?.clock).toBe(clock));
    return clock;
  }

  it('does not relay a renewal of an unchanged presence the moment it arrives', async () => {
    const f = await createRoomFixture(db);
    const renewer = await join(f, f.commenter, slow);
    const mover = await join(f, f.approver2, slow);
    const watcher = await join(f, f.approver, slow);
    const renewerId = renewer.provider.awareness!.clientID;
    const joined = renewer.provider.awareness!.meta.get(renewerId)!.clock;
    await eventually(() => expect(watcher.provider.awareness!.meta.get(renewerId)?.clock).toBe(joined));
    for (let i = 0; i < 3; i++) await renew(renewer, f, slow);
    // A change sent after the renewals were taken reaches the watcher after anything relayed for them.
    mover.provider.setAwarenessField('cell', { columnId: f.columnId, rowNumber: 2 });
    const moverId = mover.provider.awareness!.clientID;
    await eventually(() =>
      expect(watcher.provider.awareness!.getStates().get(moverId)?.cell?.rowNumber).toBe(2),
    );
    expect(watcher.provider.awareness!.meta.get(renewerId)?.clock).toBe(joined);
  });

  it('relays the renewals of a window as one message, with the latest clock', async () => {
    const f = await createRoomFixture(db);
    const renewer = await join(f, f.commenter, quick);
    const watcher = await join(f, f.approver, quick);
    const renewerId = renewer.provider.awareness!.clientID;
    const joined = renewer.provider.awareness!.meta.get(renewerId)!.clock;
    await eventually(() => expect(watcher.provider.awareness!.meta.get(renewerId)?.clock).toBe(joined));
    let relayed = 0;
    watcher.provider.awareness!.on('update', ({ updated }: { updated: number[] }) => {
      if (updated.includes(renewerId)) relayed += 1;
    });
    // Six renewals, each taken by the server in a turn of its own, within about one 300 ms window.
    let latest = joined;
    for (let i = 0; i < 6; i++) latest = await renew(renewer, f, quick);
    await eventually(() => expect(watcher.provider.awareness!.meta.get(renewerId)?.clock).toBe(latest));
    expect(relayed).toBeLessThanOrEqual(2);
    expect(watcher.provider.awareness!.getStates().get(renewerId)).toMatchObject({
      user: { id: f.commenter.id, name: 'Jordan Commenter' },
    });
  });

  it('relays a changed presence (a newly selected cell) at once, without waiting for the window', async () => {
    const f = await createRoomFixture(db);
    const mover = await join(f, f.commenter, slow);
    const watcher = await join(f, f.approver, slow);
    mover.provider.setAwarenessField('cell', { columnId: f.columnId, rowNumber: 4 });
    const moverId = mover.provider.awareness!.clientID;
    await eventually(() =>
      expect(watcher.provider.awareness!.getStates().get(moverId)?.cell).toEqual({
        columnId: f.columnId,
        rowNumber: 4,
      }),
    );
  });
});

describe('silent connections', () => {
  it('closes a socket that never authenticates once the timeout has passed', async () => {
    const strict = await startCollab(db, { connectionTimeoutMs: 300 });
    try {
      const socket = new WebSocket(strict.url);
      const opened = Date.now();
      const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
      await new Promise((resolve) => socket.once('open', resolve));
      // The timer that checks every connection runs each timeout: closed after 300-600 ms.
      const closedAt = await closed;
      expect(closedAt - opened).toBeGreaterThanOrEqual(300);
      expect(closedAt - opened).toBeLessThan(3000);
    } finally {
      await strict.close();
    }
  });
});

describe('departed presence (issue 14 item 3)', () => {
  it('leaves no awareness entry of a closed connection in the room', async () => {
    const f = await createRoomFixture(db);
    const leaver = await join(f, f.commenter, slow);
    const watcher = await join(f, f.approver, slow);
    const leaverId = leaver.provider.awareness!.clientID;
    await eventually(() => expect(watcher.provider.awareness!.getStates().has(leaverId)).toBe(true));
    const room = slow.hocuspocus.documents.get(f.room)!;
    expect(room.awareness.meta.has(leaverId)).toBe(true);
    leaver.destroy();
    await eventually(() => expect(watcher.provider.awareness!.getStates().has(leaverId)).toBe(false));
    await eventually(() => expect(room.awareness.meta.has(leaverId)).toBe(false));
    expect(room.awareness.meta.has(watcher.provider.awareness!.clientID)).toBe(true);
  });

  it('leaves no ghost of a client whose socket closes right after its first presence', async () => {
    const f = await createRoomFixture(db);
    const watcher = await join(f, f.approver, slow);
    const room = slow.hocuspocus.documents.get(f.room)!;
    const leavers: number[] = [];
    for (let i = 0; i < 5; i++) {
      const leaver = await connect(slow.url, f.room, tokenFor(f, f.commenter));
      peers.clients.push(leaver);
      leavers.push(leaver.provider.awareness!.clientID);
      // Its presence goes out, and the socket closes in the same tick (a tab closed as it opened):
      // the server handles the message after the close.
      leaver.provider.setAwarenessField('user', { id: f.commenter.id, name: 'x', color: '#1c7ed6' });
      leaver.provider.configuration.websocketProvider.disconnect();
    }
    // Long before the 30 s timeout that would drop a ghost at last.
    await eventually(() => {
      for (const id of leavers) {
        expect(room.awareness.states.has(id)).toBe(false);
        expect(watcher.provider.awareness!.getStates().has(id)).toBe(false);
      }
      expect(room.getConnectionsCount()).toBe(1);
    });
  });

  it('removes a presence its client clears at once, while the connection stays open', async () => {
    const f = await createRoomFixture(db);
    const leaver = await join(f, f.commenter, slow);
    const watcher = await join(f, f.approver, slow);
    const leaverId = leaver.provider.awareness!.clientID;
    await eventually(() => expect(watcher.provider.awareness!.getStates().has(leaverId)).toBe(true));
    leaver.provider.awareness!.setLocalState(null);
    await eventually(() => expect(watcher.provider.awareness!.getStates().has(leaverId)).toBe(false));
  });

  it("does not let a connection clear another connection's presence", async () => {
    const f = await createRoomFixture(db);
    const victim = await join(f, f.approver, slow);
    const attacker = await join(f, f.commenter, slow);
    const watcher = await join(f, f.approver2, slow);
    const victimId = victim.provider.awareness!.clientID;
    await eventually(() => expect(watcher.provider.awareness!.getStates().has(victimId)).toBe(true));
    // A hand-made removal of the victim's client id, with a far higher clock.
    const forged = new Y.Doc();
    forged.clientID = victimId;
    const awareness = new Awareness(forged);
    for (let i = 0; i < 50; i++) awareness.setLocalState({ i });
    awareness.setLocalState(null);
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
    });
    awareness.destroy();
  });
});
