/**
 * `npm run bench:reports` (issue 13 performance): on the local PostgreSQL, an account with
 * 1,000,000 submitted codes (5,000 submissions of 200 rows, 200 users, 50 templates of 20 fields,
 * values in Latin, Cyrillic, Greek, Japanese, Chinese and Arabic scripts) loaded by COPY, then,
 * through the server running as its own process:
 *  - summary, chart, top users and usage (first page): median and p95 of 20 calls each;
 *  - search: p50/p95/p99 over 20 terms of 3-12 characters (3 calls each), beside a plain ILIKE scan
 *    of the same values (every current row's values, no index) in the same run;
 *  - the CSV download of the whole global report: lines per second, and the server's peak RSS
 *    before and after it (flat, not growing with the report).
 * Prints the figures and writes bench/results/reports.json. BENCH_DATABASE_URL to change the
 * database (it is recreated; default nomen_bench_reports), BENCH_PORT the server's port.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { recreateDatabase, startServer } from './support';

const USERS = 200;
const TEMPLATES = 50;
const FIELDS = 20;
const SUBMISSIONS = 5_000;
const ROWS_PER_SUBMISSION = 200;
const VOCABULARY = 300;
const dbUrl = new URL(
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nomen_bench_reports',
);
const port = Number(process.env.BENCH_PORT ?? 3611);
const base = `http://127.0.0.1:${port}`;

const WORDS = [
  'Summer',
  'Launch',
  'Retarget',
  'Évènement',
  'Größe',
  'São Paulo',
  'Kraków',
  'Москва',
  'весна',
  'Распродажа',
  'Αθήνα',
  'καλοκαίρι',
  'Προσφορά',
  '東京',
  'キャンペーン',
  '夏のセール',
  '北京',
  '促销活动',
  'القاهرة',
  'تخفيضات',
  'Dublin',
  'EMEA',
  'Video',
];

/** The search terms: 20 of 3-12 characters across scripts, some frequent, some rare, some absent. */
const TERMS = [
  'sum',
  'launch',
  'retarget',
  'ève',
  'größe',
  'paulo',
  'kraków',
  'Моск',
  'весна',
  'Распрод',
  'Αθήν',
  'καλοκαίρι',
  '東京',
  'キャンペ',
  '夏のセー',
  '促销',
  'القاه',
  'EMEA-0042',
  'zzqxv',
  '00123456',
];

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(status.match(/VmHWM:\s+(\d+)/)?.[1] ?? 0) / 1024);
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The value of field `f` (1-19) of a row: one of VOCABULARY phrases of that field. */
function phrase(f: number, k: number): string {
  return `${WORDS[(k * 7 + f) % WORDS.length]} ${WORDS[(k * 13 + f * 3) % WORDS.length]}-${String(k % 100).padStart(4, '0')}`;
}

/** COPY text rows of submission_rows (text format: backslashes doubled; the JSON has no tabs or newlines). */
function* rowChunks(
  accountId: number,
  templateFieldIds: number[][],
  submissions: { id: number; dataset: number; template: number; commit: number }[],
) {
  let lines: string[] = [];
  let n = 0;
  for (const s of submissions) {
    const fieldIds = templateFieldIds[s.template]!;
    for (let r = 0; r < ROWS_PER_SUBMISSION; r++) {
      const data: Record<string, string> = {};
      data[fieldIds[0]!] =
        `${WORDS[n % WORDS.length]}_EMEA-${String(n % 10_000).padStart(4, '0')}_${String(n).padStart(8, '0')}`;
      for (let f = 1; f < FIELDS; f++) data[fieldIds[f]!] = phrase(f, (n * 31 + f * 17) % VOCABULARY);
      const json = JSON.stringify(data).replace(/\\/g, '\\\\');
      lines.push(`${accountId}\t${s.dataset}\t${s.id}\t${r}\tcv-${n}\t${json}\t${s.commit}\t\\N\n`);
      n++;
      if (lines.length === 5000) {
        yield lines.join('');
        lines = [];
      }
    }
  }
  if (lines.length) yield lines.join('');
}

async function timeCalls(
  label: string,
  runs: number,
  call: () => Promise<Response>,
): Promise<{ p50: number; p95: number }> {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const res = await call();
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${label} answered ${res.status}`);
    ms.push(performance.now() - started);
  }
  return { p50: round(percentile(ms, 50)), p95: round(percentile(ms, 95)) };
}

/** Loads the account and its million codes (see the file's note); answers its id and the seconds taken. */
async function load(db: pg.Client): Promise<{ accountId: number; loadSeconds: number }> {
  const loadStarted = performance.now();
  const email = 'bench@nomen.test';
  const { hashPassword } = await import('../server/src/auth/crypto');
  const accountId: number = (
    await db.query(
      `insert into accounts(name, settings, feature_flags) values ('Bench', '{}', '{global-report}') returning id`,
    )
  ).rows[0].id;
  await db.query(
    `insert into users(account_id, name, email, role, super_admin, password_hash, activated_at, last_login)
     values ($1, 'Bench Admin', $2, 'ADMIN', true, $3, now(), now())`,
    [accountId, email, await hashPassword('bench-password')],
  );
  const users = (
    await db.query(
      `insert into users(account_id, name, email, role, activated_at, last_login)
       select $1, 'User ' || i, 'user' || i || '@bench.test', 'USER', now(), now() - (i || ' hours')::interval
       from generate_series(1, ${USERS}) i returning id, name`,
      [accountId],
    )
  ).rows as { id: number; name: string }[];
  const templates = (
    await db.query(
      `insert into templates(account_id, name) select $1, 'Template ' || i from generate_series(1, ${TEMPLATES}) i returning id, name`,
      [accountId],
    )
  ).rows as { id: number; name: string }[];
  const templateFieldIds: number[][] = [];
  const datasets: number[] = [];
  for (const t of templates) {
    const fields = (
      await db.query(
        `insert into fields(account_id, name, settings) select $1, 'Field ' || i, '{}' from generate_series(1, ${FIELDS}) i returning id`,
        [accountId],
      )
    ).rows as { id: number }[];
    const tfs = (
      await db.query(
        `insert into template_fields(account_id, template_id, field_id, precedence)
         select $1, $2, f, ord from unnest($3::int[]) with ordinality as u(f, ord) returning id`,
        [accountId, t.id, fields.map((f) => f.id)],
      )
    ).rows as { id: number }[];
    templateFieldIds.push(tfs.map((x) => x.id));
    const ds = await db.query(`insert into datasets(account_id, template_id) values ($1, $2) returning id`, [
      accountId,
      t.id,
    ]);
    datasets.push(ds.rows[0].id);
    await db.query('update templates set rollup_dataset_id = $1 where id = $2', [ds.rows[0].id, t.id]);
  }
  // 5,000 submissions over the last 8 months, each with its commit.
  const submissions: { id: number; dataset: number; template: number; commit: number }[] = [];
  for (let i = 0; i < SUBMISSIONS; i++) {
    const t = i % TEMPLATES;
    const user = users[(i * 7) % USERS]!;
    const s = await db.query(
      `insert into submissions(account_id, template_id, dataset_id, template_name, name, status, submitter_id, submitter_name, row_count, submitted_at, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, now() - ($10 || ' minutes')::interval, now() - ($10 || ' minutes')::interval) returning id`,
      [
        accountId,
        templates[t]!.id,
        datasets[t],
        templates[t]!.name,
        `Submission ${i}`,
        i % 20 === 0 ? 'Approved' : 'Submitted',
        user.id,
        user.name,
        ROWS_PER_SUBMISSION,
        String((i * 997) % (240 * 24 * 60)),
      ],
    );
    const c = await db.query(
      `insert into dataset_commits(account_id, dataset_id, submission_id, kind, author_id, author_name, row_count) values ($1, $2, $3, 'submit', $4, $5, $6) returning id`,
      [accountId, datasets[t], s.rows[0].id, user.id, user.name, ROWS_PER_SUBMISSION],
    );
    await db.query('update submissions set commit_id = $1 where id = $2', [c.rows[0].id, s.rows[0].id]);
    submissions.push({ id: s.rows[0].id, dataset: datasets[t]!, template: t, commit: c.rows[0].id });
  }
  await db.query(
    `update datasets d set head_commit_id = (select max(id) from dataset_commits c where c.dataset_id = d.id) where account_id = $1`,
    [accountId],
  );
  // Bulk load without the search indexes, then build them once (same definitions, read back).
  const bulkIndexes = (
    await db.query(
      `select indexname, indexdef from pg_indexes
       where indexname in ('submission_rows_data_idx', 'dataset_values_trgm_idx', 'submission_rows_current_idx')`,
    )
  ).rows as { indexname: string; indexdef: string }[];
  for (const index of bulkIndexes) await db.query(`drop index ${index.indexname}`);
  await pipeline(
    Readable.from(rowChunks(accountId, templateFieldIds, submissions)),
    db.query(
      copyFrom(
        'COPY submission_rows (account_id, dataset_id, submission_id, row_number, cv_id, data, from_commit, to_commit) FROM STDIN',
      ),
    ),
  );
  await db.query(
    `insert into dataset_values (dataset_id, template_field_id, value, row_count)
     select r.dataset_id, e.key::int, e.value, count(*) from submission_rows r, jsonb_each_text(r.data) e
     where r.account_id = $1 group by 1, 2, 3`,
    [accountId],
  );
  await db.query("set maintenance_work_mem = '256MB'");
  for (const index of bulkIndexes) await db.query(index.indexdef);
  await db.query('analyze');
  const loadSeconds = round((performance.now() - loadStarted) / 1000);
  return { accountId, loadSeconds };
}

async function main(): Promise<void> {
  // BENCH_REUSE=1 measures again over the data a previous run loaded (no new load).
  const reuse = process.env.BENCH_REUSE === '1';
  if (!reuse) await recreateDatabase(dbUrl);
  const server = await startServer(dbUrl, port, { NODE_ENV: 'production' });
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();
  try {
    const email = 'bench@nomen.test';
    const { accountId, loadSeconds } = reuse
      ? {
          accountId: (await db.query(`select id from accounts where name = 'Bench'`)).rows[0].id as number,
          loadSeconds: null,
        }
      : await load(db);
    const codes = (await db.query('select count(*)::int as n from submission_rows')).rows[0].n as number;
    const values = (await db.query('select count(*)::int as n from dataset_values')).rows[0].n as number;
    console.log(`loaded ${codes} codes (${values} distinct values) in ${loadSeconds} s`);

    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench-password' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const headers = { 'content-type': 'application/json', cookie };
    const get = (path: string) => () => fetch(`${base}${path}`, { headers });

    const summary = (await (await fetch(`${base}/api/v1/account/reports/summary`, { headers })).json()) as {
      numCodesSubmitted: number;
    };
    if (summary.numCodesSubmitted !== SUBMISSIONS * ROWS_PER_SUBMISSION)
      throw new Error(`summary says ${summary.numCodesSubmitted}`);
    const timings = {
      summary: await timeCalls('summary', 20, get('/api/v1/account/reports/summary')),
      charts: await timeCalls('charts', 20, get('/api/v1/account/reports/charts?tz=Europe/Paris')),
      topUsers: await timeCalls('top users', 20, get('/api/v1/account/reports/topusers')),
      usageFirstPage: await timeCalls(
        'usage',
        20,
        get('/api/v1/account/reports/usage?tz=Europe/Paris&limit=50'),
      ),
      templates: await timeCalls('templates', 20, get('/api/v1/account/reports/templates')),
    };
    for (const [name, t] of Object.entries(timings)) console.log(`${name}: p50 ${t.p50} ms, p95 ${t.p95} ms`);

    // Search through the API (trigram index) beside a plain ILIKE scan of the same values.
    const searchMs: number[] = [];
    const found: Record<string, number> = {};
    for (let run = 0; run < 3; run++) {
      for (const term of TERMS) {
        const started = performance.now();
        const res = await fetch(`${base}/api/core/v1/search/template-data/legacy`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ term }),
        });
        const body = (await res.json()) as { data: unknown[] };
        searchMs.push(performance.now() - started);
        found[term] = body.data.length;
      }
    }
    const scanMs: number[] = [];
    const { likePattern } = await import('../shared/src/reports/reports.format');
    for (const term of TERMS) {
      const started = performance.now();
      await db.query(
        `select r.submission_id from submission_rows r, jsonb_each_text(r.data) e
         where r.account_id = $1 and r.from_commit is not null and r.to_commit is null and e.value ilike $2 limit 201`,
        [accountId, likePattern(term)],
      );
      scanMs.push(performance.now() - started);
    }
    const search = {
      index: {
        p50: round(percentile(searchMs, 50)),
        p95: round(percentile(searchMs, 95)),
        p99: round(percentile(searchMs, 99)),
      },
      ilikeScan: {
        p50: round(percentile(scanMs, 50)),
        p95: round(percentile(scanMs, 95)),
        p99: round(percentile(scanMs, 99)),
      },
      resultsPerTerm: found,
    };
    console.log(
      `search (trigram index, API): p50 ${search.index.p50} ms, p95 ${search.index.p95} ms, p99 ${search.index.p99} ms`,
    );
    console.log(
      `search (plain ILIKE scan, SQL): p50 ${search.ilikeScan.p50} ms, p95 ${search.ilikeScan.p95} ms, p99 ${search.ilikeScan.p99} ms`,
    );

    // The whole global report as CSV.
    const rssBefore = rssMb(server.pid!);
    const peakBefore = peakRssMb(server.pid!);
    const started = performance.now();
    const res = await fetch(`${base}/api/v1/account/reports/download/global?from=2000-01-01&to=2100-01-01`, {
      headers,
    });
    if (res.status !== 200) throw new Error(`download answered ${res.status}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
    }
    const seconds = (performance.now() - started) / 1000;
    const download = {
      lines: lines - 1,
      megabytes: round(bytes / 1024 / 1024),
      seconds: round(seconds),
      linesPerSecond: Math.round((lines - 1) / seconds),
      serverRssMbBefore: rssBefore,
      serverPeakRssMbBefore: peakBefore,
      serverPeakRssMbAfter: peakRssMb(server.pid!),
    };
    console.log(
      `global CSV: ${download.lines} lines (${download.megabytes} MB) in ${download.seconds} s = ${download.linesPerSecond} lines/s; server peak RSS ${download.serverPeakRssMbBefore} MB before, ${download.serverPeakRssMbAfter} MB after`,
    );

    const results = {
      measuredAt: new Date().toISOString(),
      data: {
        codes,
        distinctValues: values,
        users: USERS,
        templates: TEMPLATES,
        fieldsPerTemplate: FIELDS,
        submissions: SUBMISSIONS,
        loadSeconds,
      },
      timingsMs: timings,
      searchMs: search,
      globalCsvDownload: download,
    };
    writeFileSync('bench/results/reports.json', `${JSON.stringify(results, null, 2)}\n`);
    console.log('wrote bench/results/reports.json');
  } finally {
    await db.end();
    server.kill();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
