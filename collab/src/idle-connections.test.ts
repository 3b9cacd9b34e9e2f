import { setFlagsFromString } from 'node:v8';
import { Hocuspocus } from '@hocuspocus/server';
import { afterEach, describe, expect, it } from 'vitest';

/** What Hocuspocus keeps of a connection (private fields of its `ClientConnection`). */
interface ConnectionInternals {
  socketId: string;
  check: unknown;
  handleMessage: unknown;
  handleQueueingMessage: unknown;
  setUpNewConnection: unknown;
  callbacks: { onClose: unknown[] };
  handleClose(event: { code: number; reason: string }): void;
}

/** A WebSocket that stays open and silent (what an idle browser tab is to the server). */
function idleSocket() {
  return {
    readyState: 1,
    send() {},
    close() {
      this.readyState = 3;
    },
  };
}

const hocuspocus = new Hocuspocus({ quiet: true, timeout: 30_000 });
let open: ConnectionInternals[] = [];

/** Opens `count` idle connections to `hocuspocus`, closed after the test. */
function openIdle(count: number): ConnectionInternals[] {
  const request = new Request('http://localhost/collab');
  const connections = Array.from(
    { length: count },
    () => hocuspocus.handleConnection(idleSocket(), request) as unknown as ConnectionInternals,
  );
  open.push(...connections);
  return connections;
}

afterEach(() => {
  for (const connection of open) connection.handleClose({ code: 1000, reason: '' });
  open = [];
});

/**
 * What an idle connection costs the collab process with Nomen's patch of @hocuspocus/server
 * (collab/README.md, Presence): 10,000 idle connections must stay under 8 KB each and 15 % of a core.
 */
describe('idle connections', () => {
  it('are checked for silence by one timer, not a timer each', () => {
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const before = timers();
    openIdle(50);
    expect(timers() - before).toBeLessThan(5);
  });

  it('share their message handlers, silence check and first close callback', () => {
    const [a, b] = openIdle(2) as [ConnectionInternals, ConnectionInternals];
    expect(a.handleMessage).toBe(b.handleMessage);
    expect(a.handleQueueingMessage).toBe(b.handleQueueingMessage);
    expect(a.setUpNewConnection).toBe(b.setUpNewConnection);
    expect(a.check).toBe(b.check);
    expect(a.callbacks.onClose[0]).toBe(b.callbacks.onClose[0]);
  });

  it('keep their socket id as one flat string', () => {
    // V8 gives a string built by `+` (crypto.randomUUID's) the map of a cons string (a tree of
    // its pieces) and a string decoded from bytes the map of a flat one; %HaveSameMap tells them
    // apart.
    setFlagsFromString('--allow-natives-syntax');
    const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (
      a: string,
      b: string,
    ) => boolean;
    const flat = Buffer.from('0'.repeat(36), 'latin1').toString('latin1');
    const [connection] = openIdle(1) as [ConnectionInternals];
    expect(connection.socketId).toMatch(/^[0-9a-f-]{36}$/);
    expect(haveSameMap(connection.socketId, flat)).toBe(true);
  });
});
