import { availableParallelism } from 'node:os';
import { openDatabase } from '@nomen/shared/db';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../db/migrate';
import { baseTestDatabaseUrl, workerDatabaseUrl } from './test-database';

/**
 * Recreates the test database and migrates it once per run (vitest globalSetup), so every API
 * test talks to a real PostgreSQL with the real schema; then copies it (CREATE DATABASE …
 * TEMPLATE) once per worker of `project`, `<name>_w1` to `<name>_wN`, which worker-database.ts
 * points each worker at. Tests isolate themselves by creating their own accounts; the copies keep
 * files that run at the same time apart (job queues, NOTIFY, anything not scoped to an account).
 */
export default async function setup(project: TestProject): Promise<void> {
  const url = new URL(baseTestDatabaseUrl());
  const name = url.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
    const handle = await openDatabase({ url: url.toString(), poolSize: 1 });
    try {
      await migrateToLatest(handle.db);
    } finally {
      await handle.close();
    }
    for (let poolId = 1; poolId <= workerCount(project); poolId++) {
      const copy = new URL(workerDatabaseUrl(url.toString(), poolId)).pathname.slice(1);
      await client.query(`drop database if exists "${copy}" with (force)`);
      await client.query(`create database "${copy}" template "${name}"`);
    }
  } finally {
    await client.end();
  }
}

/** How many workers `project` runs its files in, as vitest decides (VITEST_POOL_ID goes up to it). */
function workerCount(project: TestProject): number {
  const configured = Number(project.config.maxWorkers || project.vitest.config.maxWorkers || 0);
  return Math.max(1, Number.isFinite(configured) ? Math.ceil(configured) : 0, availableParallelism());
}
