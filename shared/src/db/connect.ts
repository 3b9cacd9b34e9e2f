import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database';
import { PGlitePool } from './pglite-pool';

// int8 (counts, bigserial ids) as numbers: ids and counts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/** An open database and how to close it. */
export interface DbHandle {
  db: Kysely<Database>;
  kind: 'postgres' | 'pglite';
  /** The pg pool behind `db` on PostgreSQL (for COPY streams); null on PGlite. */
  pool: pg.Pool | null;
  close(): Promise<void>;
}

/** Where to find the database: a PostgreSQL URL, or else an embedded PGlite data folder. */
export interface DbOptions {
  /** postgres://… ; when absent, PGlite in `dataDir`. */
  url?: string | undefined;
  /** Folder of the embedded database; `memory://` keeps it in memory. */
  dataDir?: string;
  /** Pool size for PostgreSQL (default 10). */
  poolSize?: number;
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
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', pool, close: () => db.destroy() };
  }
  const dataDir = options.dataDir ?? '.data/pglite';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir, { parsers: { 20: (v: string) => Number.parseInt(v, 10) } });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new PGlitePool(pglite) }) });
  return { db, kind: 'pglite', pool: null, close: () => db.destroy() };
}
