/**
 * `npm run bench:lists` (issue 3 performance): on the local PostgreSQL, a generated list of
 * 10,000 rows x 100 columns (1,000,000 cells of 10-40 characters, some non-ASCII) is
 *  - saved whole through PUT /api/v1/account/lists/ and compared with COPY FROM STDIN of the
 *    same rows into list_values,
 *  - read through GET /api/v1/account/lists/{id}, and through the editor's stream
 *    (GET …/{id}/stream, issue 14 item 5), each compared with COPY TO STDOUT of the rows,
 *  - changed in 10 cells through the delta save, end to end,
 * while the server runs as its own process, whose peak RSS (VmHWM) is reported.
 * Prints the figures and writes bench/results/lists.json. BENCH_DATABASE_URL to change the
 * database (it is recreated), BENCH_PORT the server's port.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { cellText, median, recreateDatabase, startServer } from './support';

const ROWS = 10_000;
const COLUMNS = 100;
const RUNS = 3;
const dbUrl = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nomen_bench');
const port = Number(process.env.BENCH_PORT ?? 3299);
const base = `http://127.0.0.1:${port}`;

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmHWM:\s+(\d+)/)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function main(): Promise<void> {
  await recreateDatabase(dbUrl);
  const server = await startServer(dbUrl, port, { NODE_ENV: 'production' });
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();
  try {
    // An account and admin to call the API as (created with the operator command's service).
    const email = 'bench@nomen.test';
    const { hashPassword } = await import('../server/src/auth/crypto');
    const account = await db.query(
      `insert into accounts(name, settings, feature_flags) values ('Bench', '{}', '{}') returning id`,
    );
    await db.query(
      `insert into users(account_id, name, email, role, super_admin, password_hash, activated_at) values ($1, 'Bench', $2, 'ADMIN', true, $3, now())`,
      [account.rows[0].id, email, await hashPassword('bench-password')],
    );
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench-password' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const headers = { 'content-type': 'application/json', cookie };

    const columns = Array.from({ length: COLUMNS }, (_, c) => ({
      id: `lc${c}`,
      name: `Column ${c + 1}`,
      precedence: c,
      list_values: Array.from({ length: ROWS }, (_, r) => ({
        id: null as string | null,
        row_number: r,
        value: cellText(r, c),
      })),
    }));
    // API users save new cells without ids; the editor's first save names them with temporary
    // ids and gets a temporary → saved id map back, timed separately below.
    const body = JSON.stringify({
      id: null,
      name: 'Benchmark list',
      notes: '',
      type: 'drill-down',
      list_columns: columns,
    });

    // Baseline: COPY FROM STDIN of the same rows into list_values (columns of a scratch list).
    const copyInMs: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const scratch = await db.query(
        `insert into lists(account_id, name, type) values ($1, 'scratch', 'drill-down') returning id`,
        [account.rows[0].id],
      );
      const cols = await db.query(
        `insert into list_columns(list_id, name, precedence) select $1, 'c' || g, g from generate_series(0, ${COLUMNS - 1}) g returning id`,
        [scratch.rows[0].id],
      );
      const colIds = cols.rows.map((r) => r.id as number);
      const lines: string[] = [];
      for (let c = 0; c < COLUMNS; c++)
        for (let r = 0; r < ROWS; r++) lines.push(`${colIds[c]}\t${r}\t${cellText(r, c)}\n`);
      const payload = lines.join('');
      const started = performance.now();
      await db.query('begin');
      await pipeline(
        Readable.from([payload]),
        db.query(copyFrom('COPY list_values (list_column_id, row_number, value) FROM STDIN')),
      );
      await db.query('commit');
      copyInMs.push(performance.now() - started);
      await db.query(`delete from list_values where list_column_id = any($1)`, [colIds]);
      await db.query(`delete from lists where id = $1`, [scratch.rows[0].id]);
    }

    // Full save through the API.
    const saveMs: number[] = [];
    let listId = 0;
    let saved: {
      id: number;
      updated_at: string;
      list_columns: { id: number }[];
      value_ids: Record<string, number>;
    } | null = null;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const res = await fetch(`${base}/api/v1/account/lists/`, { method: 'PUT', headers, body });
      saved = (await res.json()) as typeof saved;
      if (res.status !== 200) throw new Error(`save answered ${res.status}: ${JSON.stringify(saved)}`);
      saveMs.push(performance.now() - started);
      if (run < RUNS - 1) {
        await fetch(`${base}/api/v1/account/lists/bulk/delete`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ list_ids: [saved!.id] }),
        });
      }
    }
    listId = saved!.id;
    const columnIds = saved!.list_columns.map((c) => c.id);

    // Baseline: COPY TO STDOUT of the same rows; then GET through the API.
    const copyOutMs: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      await pipeline(
        db.query(
          copyTo(
            `COPY (SELECT id, list_column_id, row_number, value FROM list_values WHERE list_column_id = ANY('{${columnIds.join(',')}}'::int[]) ORDER BY list_column_id, row_number) TO STDOUT`,
          ),
        ),
        new Writable({
          write(_chunk, _encoding, done) {
            done();
          },
        }),
      );
      copyOutMs.push(performance.now() - started);
    }
    // GET: one warm-up read checks the content; timed reads discard the body as the COPY baseline does.
    const first = await fetch(`${base}/api/v1/account/lists/${listId}`, { headers });
    const list = (await first.json()) as {
      list_columns: { list_values: { id: number; row_number: number }[] }[];
    };
    const cells = list.list_columns.reduce((n, c) => n + c.list_values.length, 0);
    if (cells !== ROWS * COLUMNS) throw new Error(`GET returned ${cells} cells`);
    const idAt = (column: number, row: number) =>
      list.list_columns[column]!.list_values.find((v) => v.row_number === row)!.id;
    const getMs: number[] = [];
    let getBytes = 0;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const res = await fetch(`${base}/api/v1/account/lists/${listId}`, { headers });
      getBytes = 0;
      for await (const chunk of res.body as AsyncIterable<Uint8Array>) getBytes += chunk.byteLength;
      getMs.push(performance.now() - started);
    }

    // The editor's read (issue 14 item 5): the same list as a stream, to the last byte. The
    // warm-up read counts its cells.
    const streamUrl = `${base}/api/v1/account/lists/${listId}/stream`;
    const streamed = await (await fetch(streamUrl, { headers })).text();
    const streamedCells = streamed
      .trimEnd()
      .split('\n')
      .slice(1)
      .reduce((n, line) => n + ((JSON.parse(line) as unknown[]).length - 2) / 2, 0);
    if (streamedCells !== ROWS * COLUMNS) throw new Error(`the stream held ${streamedCells} cells`);
    const streamMs: number[] = [];
    let streamBytes = 0;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const res = await fetch(streamUrl, { headers });
      streamBytes = 0;
      for await (const chunk of res.body as AsyncIterable<Uint8Array>) streamBytes += chunk.byteLength;
      streamMs.push(performance.now() - started);
    }

    // Ten changed cells through the delta save, end to end.
    const deltaMs: number[] = [];
    let updatedAt = saved!.updated_at;
    for (let run = 0; run < 10; run++) {
      const upsert = Array.from({ length: 10 }, (_, i) => ({
        id: idAt(i * 7, run * 100 + i),
        list_column_id: columnIds[i * 7]!,
        row_number: run * 100 + i,
        value: `Changed ${run}-${i}`,
      }));
      const started = performance.now();
      const res = await fetch(`${base}/api/v1/account/lists/${listId}/delta`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ updated_at: updatedAt, values: { upsert } }),
      });
      const answer = (await res.json()) as { updated_at: string };
      deltaMs.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`delta answered ${res.status}: ${JSON.stringify(answer)}`);
      updatedAt = answer.updated_at;
    }

    // The editor's first save of a pasted list: the same cells with temporary ids.
    for (const column of columns)
      for (const cell of column.list_values) cell.id = `lv${column.precedence}_${cell.row_number}`;
    const withTempIds = JSON.stringify({
      id: null,
      name: 'Benchmark list (temporary ids)',
      notes: '',
      type: 'drill-down',
      list_columns: columns,
    });
    const tempStarted = performance.now();
    const tempSave = await fetch(`${base}/api/v1/account/lists/`, {
      method: 'PUT',
      headers,
      body: withTempIds,
    });
    const tempAnswer = (await tempSave.json()) as { value_ids: Record<string, number> };
    const fullSaveWithTempIdsMs = Math.round(performance.now() - tempStarted);
    if (Object.keys(tempAnswer.value_ids).length !== ROWS * COLUMNS)
      throw new Error('the temporary-id save lost ids');

    const results = {
      date: new Date().toISOString(),
      node: process.version,
      cells: ROWS * COLUMNS,
      runs: RUNS,
      copyFromStdinMs: Math.round(median(copyInMs)),
      fullSaveMs: Math.round(median(saveMs)),
      fullSaveRatio: Number((median(saveMs) / median(copyInMs)).toFixed(2)),
      fullSaveWithTempIdsMs,
      copyToStdoutMs: Math.round(median(copyOutMs)),
      getMs: Math.round(median(getMs)),
      getRatio: Number((median(getMs) / median(copyOutMs)).toFixed(2)),
      getBytes,
      streamMs: Math.round(median(streamMs)),
      streamRatio: Number((median(streamMs) / median(copyOutMs)).toFixed(2)),
      streamBytes,
      tenCellSaveMsMedian: Math.round(median(deltaMs)),
      tenCellSaveMsMax: Math.round(Math.max(...deltaMs)),
      serverPeakRssMb: peakRssMb(server.pid!),
    };
    console.log(
      `full save through PUT: ${results.fullSaveMs} ms; COPY FROM STDIN: ${results.copyFromStdinMs} ms; ratio ${results.fullSaveRatio} (target <= 2)`,
    );
    console.log(
      `full save with temporary ids (the editor's first save of a pasted list, answering 1,000,000 saved ids): ${fullSaveWithTempIdsMs} ms`,
    );
    console.log(
      `GET: ${results.getMs} ms (${(getBytes / 1e6).toFixed(1)} MB); COPY TO STDOUT: ${results.copyToStdoutMs} ms; ratio ${results.getRatio} (target <= 2)`,
    );
    console.log(
      `the editor's stream read: ${results.streamMs} ms (${(streamBytes / 1e6).toFixed(1)} MB); ratio to COPY TO STDOUT ${results.streamRatio} (target <= 1.3)`,
    );
    console.log(
      `10-cell delta save: median ${results.tenCellSaveMsMedian} ms, max ${results.tenCellSaveMsMax} ms (target < 150)`,
    );
    console.log(`server peak RSS: ${results.serverPeakRssMb} MB`);
    writeFileSync(new URL('./results/lists.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
  } finally {
    await db.end();
    server.kill('SIGTERM');
  }
}

await main();
