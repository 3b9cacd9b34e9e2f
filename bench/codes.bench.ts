/**
 * `npm run bench:codes`: how many codes per second the pattern engine (shared/src/patterns/codegen.ts)
 * generates on one core for a 6-segment pattern: constant, variable, autonumber, date, random per
 * row and random per session (spec 02 §9). After a warm-up it generates for a few seconds, prints
 * the figure and writes bench/results/codes.json. The autonumbers come from an in-memory counter
 * here, so this measures the engine alone. A second figure uses a cryptographic random source
 * (Web Crypto through `bufferedRandomInt`), as the server would for unguessable codes. A third
 * measures autonumbers issued per second by PostgreSQL (the server's counter statement) with 50
 * concurrent clients on the local database (BENCH_CODES_DATABASE_URL, recreated).
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@nomen/shared/db';
import { migrateToLatest } from '../server/src/db/migrate';
import { reserveAutonumbers } from '../server/src/entities/patterns/patterns.repository';
import {
  bufferedRandomInt,
  type CodeInput,
  type CodePattern,
  compilePattern,
  createSessionCache,
  describeSegment,
  type RandomIntSource,
  seededRandomInt,
} from '../shared/src/patterns/index';
import { recreateDatabase } from './support';

const WARM_UP_MS = 1_000;
const MEASURE_MS = 3_000;
const BATCH = 10_000;

const pattern: CodePattern = {
  delimiter: '_',
  must_be_unique: false,
  segments: [
    { id: 1, name: 'Country', segment_precedence: 0, segment_type: 'constant', constant_value: 'US' },
    { id: 2, name: 'Campaign', segment_precedence: 1, segment_type: 'variable', data_type: null },
    {
      id: 3,
      name: 'Number',
      segment_precedence: 2,
      segment_type: 'autonumber',
      start_value: 1,
      min_width: 4,
    },
    {
      id: 4,
      name: 'Launch',
      segment_precedence: 3,
      segment_type: 'date',
      order: 'Y|M|D',
      months: '01-12',
      days: '01-31',
      years: '0000-9999',
      delimiter: '-',
      auto_populate: true,
    },
    {
      id: 5,
      name: 'Row key',
      segment_precedence: 4,
      segment_type: 'random',
      max_length: 6,
      include_numeric: true,
      include_uppercase: true,
      include_lowercase: false,
      frequency: 'row',
    },
    {
      id: 6,
      name: 'Session key',
      segment_precedence: 5,
      segment_type: 'random',
      max_length: 10,
      include_numeric: true,
      include_uppercase: true,
      include_lowercase: false,
      frequency: 'session',
    },
  ],
};

/** Inputs that differ in the variable's value and share the sources, as rows of one submission do. */
function inputs(randomInt: RandomIntSource): CodeInput[] {
  let counter = 0;
  const autonumber = () => ++counter;
  const session = createSessionCache();
  const today = { year: 2026, month: 11, day: 21 };
  return ['SUMMER', 'WINTER', 'SPRING', 'AUTUMN'].map((campaign) => ({
    values: { 2: campaign },
    today,
    autonumber,
    randomInt,
    session,
  }));
}

/** Generates codes in batches until `ms` have passed; answers the count, the time and a checksum. */
function run(generate: ReturnType<typeof compilePattern>, rows: CodeInput[], ms: number) {
  let codes = 0;
  let checksum = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    for (let i = 0; i < BATCH; i++) {
      const result = generate(rows[i & 3]!);
      if (!result.ok) throw new Error(JSON.stringify(result.errors));
      checksum = (checksum + result.code.length) | 0;
    }
    codes += BATCH;
    elapsed = performance.now() - start;
  }
  return { codes, elapsed, checksum };
}

function measure(randomInt: RandomIntSource) {
  const generate = compilePattern(pattern);
  const rows = inputs(randomInt);
  run(generate, rows, WARM_UP_MS);
  const { codes, elapsed, checksum } = run(generate, rows, MEASURE_MS);
  const sample = generate(rows[0]!);
  return {
    codesPerSecond: Math.round((codes / elapsed) * 1000),
    codes,
    durationMs: Math.round(elapsed),
    checksum,
    sample: sample.ok ? sample.code : '',
  };
}

const seeded = measure(seededRandomInt(20261121));
const crypto = measure(bufferedRandomInt((buffer) => globalThis.crypto.getRandomValues(buffer)));

/** Autonumbers per second from 50 concurrent connections advancing one counter in PostgreSQL. */
async function autonumbersPerSecond(clients = 50, durationMs = 3000) {
  const url = new URL(
    process.env.BENCH_CODES_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nomen_codes_bench',
  );
  await recreateDatabase(url);
  const handle = await openDatabase({ url: url.toString(), poolSize: clients });
  try {
    await migrateToLatest(handle.db);
    const account = await handle.db
      .insertInto('accounts')
      .values({ name: 'Bench', settings: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const field = await handle.db
      .insertInto('fields')
      .values({ account_id: account.id, name: 'N', segment_type: 'autonumber', settings: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const issued: number[] = [];
    const deadline = performance.now() + durationMs;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < deadline) issued.push(await reserveAutonumbers(handle.db, field.id, 1, 1));
      }),
    );
    const elapsed = performance.now() - started;
    const distinct = new Set(issued).size;
    return {
      perSecond: Math.round((issued.length / elapsed) * 1000),
      issued: issued.length,
      distinct,
      clients,
    };
  } finally {
    await handle.close();
  }
}

const autonumbers = await autonumbersPerSecond();

const results = {
  codesPerSecond: seeded.codesPerSecond,
  segments: pattern.segments.length,
  segmentLabels: pattern.segments.map(describeSegment),
  durationMs: seeded.durationMs,
  codes: seeded.codes,
  randomSource: 'seededRandomInt (mulberry32)',
  cryptoCodesPerSecond: crypto.codesPerSecond,
  autonumbersPerSecond: autonumbers.perSecond,
  autonumberClients: autonumbers.clients,
  autonumbersIssued: autonumbers.issued,
  autonumbersDistinct: autonumbers.distinct,
  sample: seeded.sample,
  nodeVersion: process.version,
  date: new Date().toISOString(),
};

console.log(`Pattern: ${results.segmentLabels.join(' + ')}`);
console.log(`Sample code: ${results.sample}`);
console.log(
  `${results.codesPerSecond.toLocaleString('en-US')} codes/s (seeded random, ${results.codes.toLocaleString('en-US')} codes in ${results.durationMs} ms, ${results.nodeVersion})`,
);
console.log(
  `${results.cryptoCodesPerSecond.toLocaleString('en-US')} codes/s with a Web Crypto random source`,
);
console.log(
  `${results.autonumbersPerSecond.toLocaleString('en-US')} autonumbers/s from PostgreSQL with ${autonumbers.clients} concurrent clients (${autonumbers.distinct} distinct of ${autonumbers.issued})`,
);

const resultsDir = join(dirname(fileURLToPath(import.meta.url)), 'results');
mkdirSync(resultsDir, { recursive: true });
const file = join(resultsDir, 'codes.json');
writeFileSync(`${file}.tmp`, `${JSON.stringify(results, null, 2)}\n`);
renameSync(`${file}.tmp`, file);
console.log(`Wrote ${file}`);
