import { openDatabase } from '@nomen/shared/db';
import pg from 'pg';
import { migrateToLatest } from '../db/migrate';
import { testDatabaseUrl } from './test-database';

/**
 * Recreates the test database and migrates it once per run (vitest globalSetup), so every API
 * test talks to a real PostgreSQL with the real schema. Tests isolate themselves by creating
 * their own accounts.
 */
export default async function setup(): Promise<void> {
  const url = new URL(testDatabaseUrl());
  const name = url.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  const handle = await openDatabase({ url: url.toString(), poolSize: 1 });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
}
