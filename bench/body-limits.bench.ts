/**
 * `npm run bench:body-limits` (README "Security", body limits): the REST server runs as its own
 * process on the local PostgreSQL; one user sends 20 oversized bodies at once to POST
 * /api/v1/account/submissions (7 declaring 130 MB, 7 of 130 MB sent without a length, 6 of
 * 60 MB of empty rows `[{},{},…]` sent without a length) while another user saves a legal
 * 10,000 x 20 list through PUT /api/v1/account/lists/. Checks that every oversized body is
 * refused (413, or 503 past the queue), that the list save succeeds and that the server still
 * answers, and prints the server's peak RSS beside the stated bound: its RSS after a warm-up
 * save plus LARGE_BODY_CONCURRENCY x 2 x the largest body limit (a body's bytes and its text).
 * Writes bench/results/body-limits.json. BENCH_DATABASE_URL changes the database (recreated),
 * BENCH_PORT the server's port.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { LIST_DELTA_BODY_LIMIT, SUBMISSION_BODY_LIMIT } from '@nomen/shared';
import pg from 'pg';
import { hashPassword } from '../server/src/auth/crypto';
import { cellText, processRssMb, recreateDatabase, startServer } from './support';

const dbUrl = new URL(
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nomen_bench_body_limits',
);
const port = Number(process.env.BENCH_PORT ?? 3297);
const base = `http://127.0.0.1:${port}`;
const CONCURRENCY = 2;
const MB = 1024 * 1024;

/** Peak RSS (VmHWM) of a process so far, in MB. */
function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)![1]) / 1024);
}

interface Answer {
  status: number;
  ms: number;
  message: string;
}

/**
 * Sends a body made of `chunks` (declaring `contentLength` when given, else chunked) and resolves
 * with the answer as soon as it comes; status 0 when the connection ended without one.
 */
function send(
  cookie: string,
  method: string,
  path: string,
  chunks: Iterable<string>,
  contentLength?: number,
): Promise<Answer> {
  const started = performance.now();
  return new Promise<Answer>((resolve) => {
    const headers: Record<string, string | number> = { 'content-type': 'application/json', cookie };
    if (contentLength !== undefined) headers['content-length'] = contentLength;
    let answered = false;
    const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8');
        let message = '';
        try {
          message = (JSON.parse(text) as { message?: string }).message ?? '';
        } catch {
          message = text.slice(0, 200);
        }
        resolve({ status: res.statusCode ?? 0, ms: Math.round(performance.now() - started), message });
      });
    });
    req.on('error', () => {
      if (!answered) resolve({ status: 0, ms: Math.round(performance.now() - started), message: 'reset' });
    });
    void (async () => {
      for (const chunk of chunks) {
        if (answered || req.destroyed) return;
        if (!req.write(chunk)) {
          await new Promise<void>((resolve) => {
            const done = () => {
              req.off('drain', done);
              req.off('close', done);
              resolve();
            };
            req.on('drain', done);
            req.on('close', done);
          });
        }
      }
      if (!answered && !req.destroyed) req.end();
    })();
  });
}

/** `count` copies of `item` as a JSON array between `head` and `tail`, in chunks of about 1 MB. */
function* arrayBody(head: string, item: string, count: number, tail: string): Generator<string> {
  let chunk = head;
  for (let i = 0; i < count; i++) {
    chunk += i === 0 ? item : `,${item}`;
    if (chunk.length >= MB) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk + tail;
}

/** Chunks of a legal-looking submission body of about `bytes` bytes. */
function submissionBody(bytes: number): Generator<string> {
  const row = JSON.stringify({ '1': 'x'.repeat(1990), '2': 'y'.repeat(1990) });
  return arrayBody('{"template_id":1,"name":"Oversized","rows":[', row, Math.ceil(bytes / row.length), ']}');
}

/** A legal list of 10,000 rows x 20 columns of the lists benchmark's cells, as JSON. */
function listBody(name: string): string {
  return JSON.stringify({
    id: null,
    name,
    notes: '',
    type: 'drill-down',
    list_columns: Array.from({ length: 20 }, (_, c) => ({
      id: null,
      name: `Column ${c + 1}`,
      precedence: c,
      list_values: Array.from({ length: 10_000 }, (_, r) => ({ row_number: r, value: cellText(r, c) })),
    })),
  });
}

async function signIn(email: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-password' }),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${email} answered ${res.status}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

async function main(): Promise<void> {
  await recreateDatabase(dbUrl);
  const server = await startServer(dbUrl, port, {
    NODE_ENV: 'production',
    LARGE_BODY_CONCURRENCY: String(CONCURRENCY),
  });
  const pid = server.pid!;
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();
  try {
    const account = await db.query(
      `insert into accounts(name, settings, feature_flags) values ('Bench', '{}', '{}') returning id`,
    );
    const hash = await hashPassword('bench-password');
    for (const email of ['sender@nomen.test', 'editor@nomen.test']) {
      await db.query(
        `insert into users(account_id, name, email, role, super_admin, password_hash, activated_at) values ($1, $2, $2, 'ADMIN', $3, $4, now())`,
        [account.rows[0].id, email, email === 'editor@nomen.test', hash],
      );
    }
    const sender = await signIn('sender@nomen.test');
    const editor = await signIn('editor@nomen.test');

    // Warm-up: the editor's legal save once, so the baseline includes the work a legal body costs.
    const list = listBody('Channels');
    const listBytes = Buffer.byteLength(list);
    const warm = await send(editor, 'PUT', '/api/v1/account/lists/', [list], listBytes);
    if (warm.status !== 200) throw new Error(`warm-up list save answered ${warm.status}: ${warm.message}`);
    const baselineRssMb = Math.round(processRssMb(pid));
    const baselinePeakMb = peakRssMb(pid);

    let sampledPeakMb = baselineRssMb;
    const sampler = setInterval(() => {
      sampledPeakMb = Math.max(sampledPeakMb, Math.round(processRssMb(pid)));
    }, 20);

    const started = performance.now();
    const oversized: Promise<Answer>[] = [];
    const path = '/api/v1/account/submissions';
    for (let i = 0; i < 7; i++)
      oversized.push(send(sender, 'POST', path, submissionBody(130 * MB), 130 * MB));
    for (let i = 0; i < 7; i++) oversized.push(send(sender, 'POST', path, submissionBody(130 * MB)));
    for (let i = 0; i < 6; i++)
      oversized.push(
        send(
          sender,
          'POST',
          path,
          arrayBody('{"template_id":1,"name":"Empty","rows":[', '{}', 20 * MB, ']}'),
        ),
      );
    const during = listBody('Channels during the flood');
    const saved = send(editor, 'PUT', '/api/v1/account/lists/', [during], Buffer.byteLength(during));
    const [answers, listSave] = await Promise.all([Promise.all(oversized), saved]);
    const floodMs = Math.round(performance.now() - started);
    clearInterval(sampler);

    const me = await fetch(`${base}/api/v1/auth/me`, { headers: { cookie: editor } });
    const peakMb = Math.max(peakRssMb(pid), sampledPeakMb);
    const boundMb =
      baselineRssMb +
      Math.round((CONCURRENCY * 2 * Math.max(SUBMISSION_BODY_LIMIT, LIST_DELTA_BODY_LIMIT)) / MB);
    const statuses: Record<string, number> = {};
    const kinds = ['130 MB declared', '130 MB unannounced', '60 MB of empty rows'];
    answers.forEach((a, i) => {
      const key = `${kinds[i < 7 ? 0 : i < 14 ? 1 : 2]}: ${a.status === 0 ? 'connection closed before the answer was read' : a.status}`;
      statuses[key] = (statuses[key] ?? 0) + 1;
    });
    const result = {
      date: new Date().toISOString(),
      node: process.version,
      largeBodyConcurrency: CONCURRENCY,
      oversizedBodies: answers.length,
      oversizedStatuses: statuses,
      oversizedMessages: [...new Set(answers.map((a) => a.message))],
      oversizedSlowestMs: Math.max(...answers.map((a) => a.ms)),
      listSaveBytes: listBytes,
      listSaveStatus: listSave.status,
      listSaveMs: listSave.ms,
      warmListSaveMs: warm.ms,
      floodMs,
      serverAnswersAfter: me.status,
      serverRssAfterWarmUpMb: baselineRssMb,
      serverPeakRssBeforeFloodMb: baselinePeakMb,
      serverPeakRssMb: peakMb,
      statedBoundMb: boundMb,
      withinBound: peakMb <= boundMb,
    };
    console.log(
      `oversized bodies: ${answers.length}, answers ${JSON.stringify(statuses)} (slowest ${result.oversizedSlowestMs} ms)`,
    );
    for (const message of result.oversizedMessages) console.log(`  "${message}"`);
    console.log(
      `list save during the flood (${(listBytes / MB).toFixed(1)} MB): ${listSave.status} in ${listSave.ms} ms (warm-up alone ${warm.ms} ms)${listSave.status === 200 ? '' : `: ${listSave.message}`}`,
    );
    console.log(`server answers afterwards: ${me.status}`);
    console.log(
      `server RSS after warm-up ${baselineRssMb} MB; peak RSS ${peakMb} MB; stated bound ${boundMb} MB (${result.withinBound ? 'within' : 'OVER'})`,
    );
    writeFileSync('bench/results/body-limits.json', `${JSON.stringify(result, null, 2)}\n`);
    // A connection the server closed on a refused body also stored nothing.
    const refusedAll = answers.every((a) => a.status === 413 || a.status === 503 || a.status === 0);
    if (!refusedAll || listSave.status !== 200 || me.status !== 200 || !result.withinBound)
      process.exitCode = 1;
  } finally {
    await db.end();
    server.kill('SIGTERM');
  }
}

await main();
