import { assertNoOpenTransaction, type Database, GuardedKysely } from '@nomen/shared/db';
import { type Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import type pg from 'pg';
import type { AppDeps } from '../http/context';

/** A pool that always hands out one already-acquired client and never releases it. */
class SingleClientPool implements PostgresPool {
  constructor(private readonly client: pg.PoolClient) {}
  async connect() {
    const client = this.client;
    return {
      query: client.query.bind(client) as never,
      release() {},
    };
  }
  async end() {}
}

/**
 * Runs `work` on one database connection: on PostgreSQL a Kysely bound to a single pg client
 * plus that client (so COPY streams and Kysely queries share one transaction); on the embedded
 * database the usual Kysely and `null`. The connection is released afterwards; after an error
 * it is closed instead of going back to the pool. Throws NestedConnectionError when called inside
 * an open transaction (shared/src/db/transaction-guard.ts).
 */
export async function withConnection<T>(
  deps: Pick<AppDeps, 'db' | 'pool'>,
  work: (db: Kysely<Database>, client: pg.PoolClient | null) => Promise<T>,
): Promise<T> {
  if (!deps.pool) return work(deps.db, null);
  assertNoOpenTransaction('withConnection');
  const client = await deps.pool.connect();
  const db = new GuardedKysely<Database>({
    dialect: new PostgresDialect({ pool: new SingleClientPool(client) }),
  });
  let failure: Error | undefined;
  try {
    return await work(db, client);
  } catch (error) {
    // A failure mid-COPY (a reader that went away) leaves the connection in an unknown state:
    // it is closed rather than handed to the next request.
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.release(failure);
  }
}
