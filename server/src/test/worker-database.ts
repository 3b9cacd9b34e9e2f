import pg from 'pg';
import { testDatabaseUrl } from './test-database';

/**
 * The `api` project's setup file: gives each vitest worker a PostgreSQL database of its own, a copy
 * of the test database global-setup.ts migrated (`CREATE DATABASE … TEMPLATE`), and points
 * TEST_DATABASE_URL at it for the worker's files and the processes they start. Files running
 * side by side in different workers thus never see each other's jobs, notifications or rows, as
 * files in one worker never did (they run one after another). Runs once per worker: with
 * `isolate: false` the worker's environment outlives each file, and the template's URL kept in
 * NOMEN_TEST_TEMPLATE_DATABASE_URL marks the copy as made. A copy left by an earlier run is
 * dropped first.
 */
const TEMPLATE_URL = 'NOMEN_TEST_TEMPLATE_DATABASE_URL';

if (!process.env[TEMPLATE_URL]) {
  const template = new URL(testDatabaseUrl());
  const own = new URL(template);
  own.pathname = `${template.pathname}_w${process.env.VITEST_POOL_ID ?? '1'}`;
  const admin = new URL(template);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const name = own.pathname.slice(1);
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}" template "${template.pathname.slice(1)}"`);
  } finally {
    await client.end();
  }
  process.env[TEMPLATE_URL] = template.toString();
  process.env.TEST_DATABASE_URL = own.toString();
}
