import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/**
 * A pg-Pool look-alike over one embedded PGlite instance, so Kysely's PostgresDialect runs on
 * PGlite unchanged. PGlite has one session, so the pool hands out one client at a time: a
 * transaction holds it until release, and every other query waits its turn (FIFO).
 */
export class PGlitePool implements PostgresPool {
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly pglite: PGlite) {}

  /** Waits for the single session, then returns a client for it. */
  async connect(): Promise<PostgresPoolClient> {
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

  /** Closes the embedded database. */
  async end(): Promise<void> {
    await this.queue;
    await this.pglite.close();
  }
}
