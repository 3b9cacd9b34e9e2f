import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `node scripts/check-sql-placement.mjs` (part of `npm run lint` and `npm test`): SQL lives in
 * repositories (STYLE.md "Repositories own SQL"; ARCHITECTURE.md, Data). Fails, naming file and
 * line, when a product file under server/src or collab/src that is not a `*.repository.ts` runs
 * SQL: a Kysely `.selectFrom(`, `.insertInto(`, `.updateTable(` or `.deleteFrom(`, a raw `sql`
 * template (`` sql` `` or `sql<`), `sql.raw` (also as `sql` ending a line, chained on the next),
 * `.executeQuery(`, or a pg-copy-streams `copyTo(`/`copyFrom(`. Comment lines are not read.
 * Exits 0 when every such file is clean, 1 otherwise.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ROOTS = ['server/src', 'collab/src'];
const SOURCE = /\.(ts|tsx|mts|cts)$/;
const SQL =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|executeQuery)\(|\bsql`|\bsql<|\bsql\.raw\b|\bsql\s*$|\bcopy(To|From)\(/;

/**
 * Infrastructure that legitimately runs SQL outside a repository, as path patterns relative to
 * the repository root (forward slashes). Keep it short: product code calls its repository.
 */
const ALLOWED = [
  // Migrations: frozen-in-time schema changes over Kysely<any>.
  /^server\/src\/db\/migrations\//,
  // The database layer itself: the opener (connection.ts), the migrator, COPY helpers (copy.ts).
  /^server\/src\/db\/[^/]+\.ts$/,
  // Test helpers and tests, which set up and inspect rows directly.
  /\/test\//,
  /\.test\.ts$/,
];

/** Every source file under `dir`, as paths relative to the repository root. */
function sourceFiles(dir) {
  const files = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') files.push(...sourceFiles(path));
    } else if (SOURCE.test(entry.name)) files.push(path);
  }
  return files;
}

/** Whether a line is (part of) a comment: `//`, or a line of a block comment. */
function isComment(line) {
  const trimmed = line.trimStart();
  return trimmed.startsWith('//') || trimmed.startsWith('/*') || trimmed.startsWith('*');
}

const offences = [];
for (const file of ROOTS.flatMap(sourceFiles)) {
  const path = file.split(sep).join('/');
  if (path.endsWith('.repository.ts') || ALLOWED.some((pattern) => pattern.test(path))) continue;
  readFileSync(join(root, file), 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (!isComment(line) && SQL.test(line)) offences.push(`${path}:${i + 1}: ${line.trim()}`);
    });
}

if (offences.length > 0) {
  console.error(
    `SQL outside a repository (${offences.length}): move each query into the *.repository.ts of the table it reads or writes (STYLE.md "Repositories own SQL").`,
  );
  for (const offence of offences) console.error(`  ${offence}`);
  process.exit(1);
}
console.log(`SQL placement: every query under ${ROOTS.join(' and ')} is in a repository.`);
