import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@nomen/shared/db';
import { Cli, type Config } from 'kysely-codegen';
import pg from 'pg';
import { migrateToLatest } from '../server/src/db/migrate';

/**
 * `npm run db:types`: the database types from the migrations (shared/src/db/README.md). Creates a
 * scratch PostgreSQL database (DB_TYPES_DATABASE_URL, default `nomen_codegen_<pid>` on
 * TEST_DATABASE_URL's server), runs every migration on it with the server's migrator, has
 * kysely-codegen describe it with the settings of .kysely-codegenrc.json, formats that with Biome,
 * writes it to the config's `outFile`, and drops the database.
 *
 * With `--check` it writes nothing and exits 1 when the committed file differs (printing the diff
 * and "… differs from the migrations: run npm run db:types"); CI runs this (scripts/test.mjs).
 *
 * Besides the config's overrides (the shape of each jsonb column), every text column with a
 * `CHECK (column IN (…))` constraint is typed as the union of its values. Exits 1, naming the
 * column, when an override names no column, disagrees with its column on null or default, or a
 * jsonb column has no override (it would read as untyped JSON).
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const isCheck = process.argv.includes('--check');
const config = JSON.parse(readFileSync(join(root, '.kysely-codegenrc.json'), 'utf8')) as Config & {
  outFile: string;
  overrides: { columns: Record<string, string> };
};
const outFile = join(root, config.outFile);
const shownOutFile = relative(root, outFile);

/** The scratch database: DB_TYPES_DATABASE_URL, or a fresh name on TEST_DATABASE_URL's server. */
function scratchUrl(): URL {
  if (process.env.DB_TYPES_DATABASE_URL) return new URL(process.env.DB_TYPES_DATABASE_URL);
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nomen_test');
  url.pathname = `/nomen_codegen_${process.pid}`;
  return url;
}

/** Runs `statement` on the server's `postgres` database (create and drop the scratch one). */
async function onServer(url: URL, statement: string): Promise<void> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

interface ColumnInfo {
  table: string;
  column: string;
  type: string;
  isNullable: boolean;
  hasDefault: boolean;
}

/** Every column of the public schema, and each text column's values when a CHECK lists them. */
async function readColumns(url: URL): Promise<{ columns: ColumnInfo[]; checked: Map<string, string[]> }> {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const columns = await client.query<{
      table_name: string;
      column_name: string;
      udt_name: string;
      is_nullable: string;
      column_default: string | null;
    }>(
      `select table_name, column_name, udt_name, is_nullable, column_default
         from information_schema.columns where table_schema = 'public'`,
    );
    const checks = await client.query<{ table_name: string; definition: string }>(
      `select c.relname as table_name, pg_get_constraintdef(k.oid) as definition
         from pg_constraint k
         join pg_class c on c.oid = k.conrelid
         join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'c' and n.nspname = 'public' and cardinality(k.conkey) = 1`,
    );
    const checked = new Map<string, string[]>();
    for (const { table_name, definition } of checks.rows) {
      // PostgreSQL prints `column in ('a', 'b')` as CHECK ((column = ANY (ARRAY['a'::text, 'b'::text]))).
      const match = /^CHECK \(\((\w+) = ANY \(ARRAY\[(.*)\]\)\)\)$/.exec(definition);
      const items = match?.[2]?.split(', ') ?? [];
      const values = items.map((item) => /^'((?:[^']|'')*)'::text$/.exec(item)?.[1]?.replaceAll("''", "'"));
      if (match && values.length > 0 && values.every((v) => v !== undefined)) {
        checked.set(`${table_name}.${match[1]}`, values as string[]);
      }
    }
    return {
      columns: columns.rows.map((r) => ({
        table: r.table_name,
        column: r.column_name,
        type: r.udt_name,
        isNullable: r.is_nullable === 'YES',
        hasDefault: r.column_default !== null,
      })),
      checked,
    };
  } finally {
    await client.end();
  }
}

/**
 * The overrides to generate with: the config's, checked against the columns, and a union of
 * string literals for each CHECK-listed text column the config leaves alone. Returns the problems
 * instead when there are any.
 */
function overridesFor(
  columns: ColumnInfo[],
  checked: Map<string, string[]>,
): { overrides: Record<string, string>; problems: string[] } {
  const byName = new Map(columns.map((c) => [`${c.table}.${c.column}`, c]));
  const overrides = { ...config.overrides.columns };
  const problems: string[] = [];
  for (const [name, type] of Object.entries(overrides)) {
    const column = byName.get(name);
    if (!column) {
      problems.push(`${name}: overridden in .kysely-codegenrc.json but no such column`);
      continue;
    }
    const saysDefault = /^(Generated|JsonColumnWithDefault)</.test(type);
    const saysNull = /\|\s*null\s*>?$/.test(type);
    if (saysDefault !== column.hasDefault) {
      const expected = column.hasDefault ? 'JsonColumnWithDefault<…> or Generated<…>' : 'JsonColumn<…>';
      problems.push(
        `${name}: the column has ${column.hasDefault ? 'a' : 'no'} default, so its override is ${expected}`,
      );
    }
    if (saysNull !== column.isNullable) {
      problems.push(
        `${name}: the column is ${column.isNullable ? 'nullable, so its override ends in' : 'not nullable, so its override has no'} | null`,
      );
    }
  }
  for (const column of columns) {
    const name = `${column.table}.${column.column}`;
    if (column.type === 'jsonb' && !(name in overrides)) {
      problems.push(`${name}: a jsonb column needs its shape in the overrides of .kysely-codegenrc.json`);
    }
  }
  for (const [name, values] of checked) {
    const column = byName.get(name);
    if (!column || name in overrides || column.type !== 'text') continue;
    const union = values.map((v) => `'${v.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`).join(' | ');
    const type = column.isNullable ? `${union} | null` : union;
    overrides[name] = column.hasDefault ? `Generated<${type}>` : type;
  }
  return { overrides, problems };
}

/** The generated file as Biome formats it (imports sorted too), so that it passes `npm run lint`. */
function formatted(source: string): string {
  const biome = join(root, 'node_modules', '.bin', 'biome');
  const result = spawnSync(biome, ['check', '--write', `--stdin-file-path=${outFile}`], {
    cwd: root,
    input: source,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`biome check failed:\n${result.stderr}`);
  return result.stdout;
}

/** Prints how `actual` differs from `expected` (git diff of two files; CI has git). */
function printDiff(actual: string, expected: string): void {
  const dir = mkdtempSync(join(tmpdir(), 'db-types-'));
  try {
    writeFileSync(join(dir, 'committed.ts'), actual);
    writeFileSync(join(dir, 'from-migrations.ts'), expected);
    spawnSync('git', ['diff', '--no-index', '--no-color', 'committed.ts', 'from-migrations.ts'], {
      cwd: dir,
      stdio: 'inherit',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const url = scratchUrl();
  const name = url.pathname.slice(1);
  try {
    await onServer(url, `drop database if exists "${name}" with (force)`);
  } catch (error) {
    const server = `${url.protocol}//${url.host}`;
    console.error(
      `db:types needs a PostgreSQL server to migrate a scratch database on (${server}, from ` +
        `DB_TYPES_DATABASE_URL or TEST_DATABASE_URL): ${error instanceof Error ? error.message : error}`,
    );
    return 1;
  }
  await onServer(url, `create database "${name}"`);
  let source: string;
  try {
    const handle = await openDatabase({ url: url.toString(), poolSize: 1 });
    try {
      await migrateToLatest(handle.db);
    } finally {
      await handle.close();
    }
    const { columns, checked } = await readColumns(url);
    const { overrides, problems } = overridesFor(columns, checked);
    if (problems.length > 0) {
      console.error(`db:types: ${problems.length} column(s) to fix:\n  ${problems.join('\n  ')}`);
      return 1;
    }
    source = await new Cli().generate({
      ...config,
      overrides: { columns: overrides },
      url: url.toString(),
      outFile: null,
      logLevel: 'error',
    });
  } finally {
    // Without `force` PostgreSQL waits for the closed pools' sessions to end, which `force` would kill
    // while their clients still listen (an unhandled error); `force` only when some session lingers.
    await onServer(url, `drop database if exists "${name}"`).catch(() =>
      onServer(url, `drop database if exists "${name}" with (force)`),
    );
  }
  const expected = formatted(source);
  let committed: string | null = null;
  try {
    committed = readFileSync(outFile, 'utf8');
  } catch {
    committed = null;
  }
  if (!isCheck) {
    writeFileSync(outFile, expected);
    console.log(`db:types: ${committed === expected ? 'unchanged' : 'wrote'} ${shownOutFile}`);
    return 0;
  }
  if (committed === expected) {
    console.log(`db:types: ${shownOutFile} matches the migrations`);
    return 0;
  }
  if (committed !== null) printDiff(committed, expected);
  console.error(`\n${shownOutFile} differs from the migrations: run npm run db:types`);
  return 1;
}

process.exitCode = await main();
