import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database';
import { PGlitePool } from './pglite-pool';
import { assertNoOpenTransaction, GuardedKysely } from './transaction-guard';

// int8 (counts, bigserial ids) as numbers: ids and counts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/** An open database and how to close it. */
export interface DbHandle {
  db: Kysely<Database>;
  kind: 'postgres' | 'pglite';
  /** The pg pool behind `db` on PostgreSQL (for COPY streams); null on PGlite. */
  pool: pg.Pool | null;
  close(): Promise<void>;
  /**
   * Runs SQL outside Kysely, for a library that brings its own statements (pg-boss's `db` option,
   * issue 12 item 4): with values one parameterised statement, without them possibly several
   * (answering the last one's rows). On PGlite it waits its turn for the one session.
   */
  executeSql(text: string, values?: readonly unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Calls `onPayload` with each NOTIFY payload on `channel` (issue 8 item 4: collab learns of
   * revoked access this way). On PostgreSQL a dedicated connection LISTENs and reconnects after
   * a failure, then calls `onReconnect` (notifications sent meanwhile are lost, so the caller
   * re-checks what it holds); on PGlite, the one embedded session listens. Resolves once
   * listening, with a function that stops.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  /**
   * The embedded database's whole data folder as an uncompressed tar, which `openDatabase`'s
   * `snapshot` opens again in memory without PGlite's initdb (about 0.5 s against 2.5 s for an
   * empty database and the migrations). Absent on PostgreSQL.
   */
  dumpDataDir?: () => Promise<Blob>;
}

/** LISTEN on a dedicated PostgreSQL connection that comes back after a failure (see DbHandle.listen). */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const open = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    const lost = () => {
      void next.end().catch(() => {});
      if (client !== next || stopped) return;
      client = null;
      retry = setTimeout(() => void reopen(), 200);
    };
    next.on('error', lost);
    next.on('end', lost);
    await next.connect();
    await next.query(`LISTEN ${pg.Client.prototype.escapeIdentifier(channel)}`);
    client = next;
  };
  const reopen = async (): Promise<void> => {
    try {
      await open();
      onReconnect?.();
    } catch {
      if (!stopped) retry = setTimeout(() => void reopen(), 1000);
    }
  };
  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

/** Where to find the database: a PostgreSQL URL, or else an embedded PGlite data folder. */
export interface DbOptions {
  /** postgres://… ; when absent, PGlite in `dataDir`. */
  url?: string | undefined;
  /** Folder of the embedded database; `memory://` keeps it in memory. */
  dataDir?: string;
  /** Pool size for PostgreSQL (default 10). */
  poolSize?: number;
  /** An embedded database's data folder from `DbHandle.dumpDataDir`, opened instead of an empty one (PGlite only). */
  snapshot?: Blob;
}

/**
 * Opens the database (ARCHITECTURE.md, Processes and modes): PostgreSQL when `url` is given,
 * otherwise the embedded PGlite in `dataDir` (default `.data/pglite`). Throws when PGlite cannot
 * open its folder or PostgreSQL refuses the first connection.
 */
export async function openDatabase(options: DbOptions): Promise<DbHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    const probe = await pool.connect();
    probe.release();
    // Every connection Kysely takes passes the transaction guard (transaction-guard.ts).
    const guardedPool = {
      connect: () => {
        assertNoOpenTransaction('A query');
        return pool.connect();
      },
      end: () => pool.end(),
    };
    const db = new GuardedKysely<Database>({ dialect: new PostgresDialect({ pool: guardedPool }) });
    const url = options.url;
    return {
      db,
      kind: 'postgres',
      pool,
      close: () => db.destroy(),
      executeSql: async (text, values) => {
        assertNoOpenTransaction('executeSql');
        const result = await pool.query(text, values ? [...values] : undefined);
        // A multi-statement text answers one result per statement; the last one's rows count.
        const last = Array.isArray(result) ? result.at(-1) : result;
        return { rows: (last as pg.QueryResult | undefined)?.rows ?? [] };
      },
      listen: (channel, onPayload, onReconnect) => listenPostgres(url, channel, onPayload, onReconnect),
    };
  }
  const dataDir = options.dataDir ?? '.data/pglite';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // pg_trgm: the trigram index over submitted values (migration 0010).
  const pglite = await PGlite.create(dataDir, {
    parsers: { 20: (v: string) => Number.parseInt(v, 10) },
    extensions: { pg_trgm },
    ...(options.snapshot ? { loadDataDir: options.snapshot } : {}),
  });
  const pglitePool = new PGlitePool(pglite);
  const db = new GuardedKysely<Database>({ dialect: new PostgresDialect({ pool: pglitePool }) });
  return {
    db,
    kind: 'pglite',
    pool: null,
    close: () => db.destroy(),
    executeSql: (text, values) => pglitePool.executeSql(text, values),
    dumpDataDir: () => pglite.dumpDataDir('none'),
    listen: async (channel, onPayload) => {
      const stop = await pglite.listen(channel, onPayload);
      return async () => {
        if (!pglite.closed) await stop();
      };
    },
  };
}
