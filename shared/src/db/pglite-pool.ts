import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { assertNoOpenTransaction } from './transaction-guard';

/**
 * A pg-Pool look-alike over one embedded PGlite instance, so Kysely's PostgresDialect runs on
 * PGlite unchanged. PGlite has one session, so the pool hands out one client at a time: a
 * transaction holds it until release, and every other query waits its turn (FIFO).
 */
export class PGlitePool implements PostgresPool {
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly pglite: PGlite) {}

  /**
   * Waits for the single session, then returns a client for it. Throws NestedConnectionError when
   * asked from inside an open transaction, whose session it would otherwise wait for forever.
   */
  async connect(): Promise<PostgresPoolClient> {
    // Asked from inside a transaction, the one session would never come back (transaction-guard.ts).
    assertNoOpenTransaction('A query');
    let release!: () => void;
    const turn = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.queue;
    this.queue = previous.then(() => turn);
    await previous;
    const pglite = this.pglite;
    let released = false;
    const client = {
      async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
        const result = await pglite.query<R>(sql, [...parameters]);
        const command = (sql.trimStart().split(/\s/, 1)[0] ?? '').toUpperCase();
        return {
          command: command as PostgresQueryResult<R>['command'],
          rowCount: result.affectedRows ?? result.rows.length,
          rows: result.rows,
        };
      },
      release() {
        if (released) return;
        released = true;
        release();
      },
    };
    return client as PostgresPoolClient;
  }

  /**
   * Runs one SQL text in the session's turn, outside any transaction a client holds: with values,
   * one parameterised statement; without, the text may hold several statements (as a queue
   * library's schema install does) and the rows of the last one are answered.
   */
  async executeSql(text: string, values?: readonly unknown[]): Promise<{ rows: unknown[] }> {
    assertNoOpenTransaction('executeSql');
    const client = await this.connect();
    try {
      if (values && values.length > 0) return { rows: (await this.pglite.query(text, [...values])).rows };
      const results = await this.pglite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    } finally {
      client.release();
    }
  }

  /** Closes the embedded database. */
  async end(): Promise<void> {
    await this.queue;
    await this.pglite.close();
  }
}
