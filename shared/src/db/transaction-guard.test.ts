import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, NestedConnectionError, openDatabase } from './index';

/** The transaction guard on the embedded database, whose single connection made nesting hang. */
// Opening the embedded database takes a few seconds on a loaded machine.
describe('a second connection inside a transaction (embedded database)', { timeout: 30_000 }, () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
  }, 60_000);
  afterAll(() => handle.close());

  it('fails at once with an error naming the call, and the database keeps answering', async () => {
    const nested = handle.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      return sql`select 2`.execute(handle.db);
    });
    await expect(nested).rejects.toThrow(NestedConnectionError);
    await expect(nested).rejects.toThrow(
      /A query asked for a second database connection while a transaction is open \(from .*transaction-guard\.test\.ts/,
    );
    // The transaction was rolled back and its connection released: the next query answers.
    const { rows } = await sql<{ n: number }>`select 3 as n`.execute(handle.db);
    expect(rows[0]?.n).toBe(3);
  });

  it('refuses executeSql and a held connection asking the pool, too', async () => {
    await expect(handle.db.transaction().execute(() => handle.executeSql('select 1'))).rejects.toThrow(
      /executeSql asked for a second database connection/,
    );
    await expect(handle.db.connection().execute(() => sql`select 1`.execute(handle.db))).rejects.toThrow(
      /while a held connection is open/,
    );
  });

  it('lets queries through the transaction itself, and work that outlives it', async () => {
    let later: Promise<unknown> = Promise.resolve();
    const n = await handle.db.transaction().execute(async (trx) => {
      // Detached work started inside the transaction runs after it, with a connection of its own.
      later = new Promise((resolve) => setTimeout(resolve, 0)).then(() => sql`select 1`.execute(handle.db));
      const { rows } = await sql<{ n: number }>`select 5 as n`.execute(trx);
      return rows[0]?.n;
    });
    expect(n).toBe(5);
    await expect(later).resolves.toBeDefined();
  });
});
