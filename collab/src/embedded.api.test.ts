import { type DbHandle, openDatabase } from '@nomen/shared/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CollabInstance,
  connect,
  createRoomFixture,
  type RoomFixture,
  startCollab,
  type TestClient,
  tokenFor,
} from './test/collab-harness';

// Issue 8 item 4 in the embedded mode: REST and collab share one process and one PGlite
// database handle; the triggers' NOTIFY reaches collab's LISTEN on that same session.

/**
 * The server's migrator, composed at run time as scripts/embedded.ts composes server and collab
 * (collab's own sources never import the server, so its type project does not include it).
 */
const MIGRATE_MODULE: string = '../../server/src/db/migrate';

let db: DbHandle;
let collab: CollabInstance;
let fixture: RoomFixture;
const clients: TestClient[] = [];

beforeAll(async () => {
  db = await openDatabase({ dataDir: 'memory://' });
  const { migrateToLatest } = (await import(MIGRATE_MODULE)) as {
    migrateToLatest(database: DbHandle['db']): Promise<string[]>;
  };
  await migrateToLatest(db.db);
  collab = await startCollab(db, { debounceMs: 50 });
  fixture = await createRoomFixture(db);
});
afterAll(async () => {
  for (const c of clients) c.destroy();
  await collab.close();
  await db.close();
});

describe('revocation on the embedded PGlite database', () => {
  it('a logout closes the socket within a second and the old token is refused', async () => {
    const token = tokenFor(fixture, fixture.commenter);
    const client = await connect(collab.url, fixture.room, token);
    clients.push(client);
    expect((await client.command({ type: 'comment.add', cell: null, body: 'Embedded' })).type).toBe('ack');
    const started = Date.now();
    await db.db.deleteFrom('sessions').where('id', '=', fixture.commenter.sessionId).execute();
    await client.closed;
    expect(Date.now() - started).toBeLessThan(1000);
    await expect(connect(collab.url, fixture.room, token)).rejects.toThrow();
  });

  it('a permission change closes the socket of that user', async () => {
    const client = await connect(collab.url, fixture.room, tokenFor(fixture, fixture.approver));
    clients.push(client);
    await db.db.updateTable('users').set({ permissions: [] }).where('id', '=', fixture.approver.id).execute();
    await client.closed;
    await expect(connect(collab.url, fixture.room, tokenFor(fixture, fixture.approver))).rejects.toThrow();
  });
});
