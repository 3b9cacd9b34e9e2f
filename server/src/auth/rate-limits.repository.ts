import type { Database } from '@nomen/shared/db';
import { type Kysely, sql, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/** A key's count in its current window, and the milliseconds until the window ends. */
export interface RateLimitCount {
  points: number;
  msLeft: number;
}

/**
 * Adds `points` (negative to give some back, never below 0) to `key` in one statement, starting
 * a window of `windowSeconds` when the key has none or its window has ended; answers the count
 * after the change. Atomic across processes (one upsert on the key's row).
 */
export async function addPoints(
  db: Db,
  key: string,
  points: number,
  windowSeconds: number,
): Promise<RateLimitCount> {
  const { rows } = await sql<{ points: number; ms_left: number }>`
    insert into rate_limits as r (key, points, expires_at)
    values (${key}, greatest(${points}::integer, 0), now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      points = case when r.expires_at <= now() then excluded.points else greatest(r.points + ${points}::integer, 0) end,
      expires_at = case when r.expires_at <= now() then excluded.expires_at else r.expires_at end
    returning r.points, (extract(epoch from r.expires_at - now()) * 1000)::float8 as ms_left
  `.execute(db);
  const row = rows[0]!;
  return { points: row.points, msLeft: Math.max(0, row.ms_left) };
}

/** The count of `key` in its current window; null when it has none. */
export async function readPoints(db: Db, key: string): Promise<RateLimitCount | null> {
  const { rows } = await sql<{ points: number; ms_left: number }>`
    select points, (extract(epoch from expires_at - now()) * 1000)::float8 as ms_left
    from rate_limits where key = ${key} and expires_at > now()
  `.execute(db);
  const row = rows[0];
  return row ? { points: row.points, msLeft: Math.max(0, row.ms_left) } : null;
}

/** Forgets `key`'s count. */
export async function deleteKey(db: Db, key: string): Promise<void> {
  await sql`delete from rate_limits where key = ${key}`.execute(db);
}

/** Deletes the counts whose window has ended. */
export async function deleteExpired(db: Db): Promise<void> {
  await sql`delete from rate_limits where expires_at <= now()`.execute(db);
}
