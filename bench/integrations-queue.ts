/**
 * The queue half of `npm run bench:integrations` (issue 12 "Performance"): a REST server that only
 * queues (JOBS_IN_SERVER=false) and `start:worker` processes, on a fresh PostgreSQL database
 * (BENCH_INTEGRATIONS_DATABASE_URL, recreated), with a real SMTP peer (smtp-server) and the SFTP,
 * S3 and Azure peers the caller started:
 *  - end to end: a 50,000-row submission to a template with sftp-push, then one with s3-push, then
 *    one with azure-blob-push (one peer at a time, as each upload alone is timed), from the submit's
 *    answer (the rows committed) to the file present on its peer (polled every 2 ms); and the
 *    time PostgreSQL takes to hand over the same CSV as one bytea;
 *  - queue throughput: 1,000 one-row submissions to an email-output template queued while no worker
 *    runs, then drained by one worker (JOB_CONCURRENCY jobs at a time), beside nodemailer sending the
 *    same number of mails with the same attachment size at the same concurrency alone;
 *  - pickup latency: one-row submissions one after another with an idle worker in its own process,
 *    from the submit's answer to the run's start (its started_at), p50/p95 (target p95 < 100 ms).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { BlobServiceClient, StorageSharedKeyCredential } from '@azure/storage-blob';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { hashPassword } from '../server/src/auth/crypto';
import { AZURITE_ACCOUNT, AZURITE_KEY, type AzuritePeer } from '../tests/peers/azurite-peer';
import type { S3Peer } from '../tests/peers/s3-peer';
import type { SftpPeer } from '../tests/peers/sftp-peer';
import { median, recreateDatabase, startServer } from './support';

const E2E_ROWS = 50_000;
const QUEUED_JOBS = 1_000;
const PICKUPS = 40;
const CONCURRENCY = 4;
const dbUrl = new URL(
  process.env.BENCH_INTEGRATIONS_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/nomen_bench_integrations',
);
const port = Number(process.env.BENCH_INTEGRATIONS_PORT ?? 3296);
const base = `http://127.0.0.1:${port}`;
const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1] ?? 0;

/** The figures of the queue half. */
export interface QueueFigures {
  endToEnd: {
    rows: number;
    submitMs: number;
    /** From the submit's answer to the file present, per peer (one peer's template at a time). */
    toFileMs: Record<'sftp' | 's3' | 'azure', number>;
    /** Reading the ready CSV from PostgreSQL as one bytea (median of 5): what a worker spends at least. */
    fileReadMs: number;
  };
  throughput: {
    jobs: number;
    concurrency: number;
    drainMs: number;
    jobsPerSecond: number;
    aloneMs: number;
    ratio: number;
  };
  pickup: { runs: number; p50Ms: number; p95Ms: number; pollSeconds: number };
}

/** A local SMTP server that counts what it receives (without parsing it). */
async function startCountingSmtp(): Promise<{
  url: string;
  count: () => number;
  close: () => Promise<void>;
}> {
  let received = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    count: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Starts `npm run start:worker`'s code; resolves once it works. */
async function startWorker(env: Record<string, string>): Promise<ChildProcess> {
  const worker = spawn(process.execPath, ['--import', 'tsx', 'server/src/worker.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    worker.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('working')) resolve();
    });
    worker.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
  return worker;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Polls `check` every `everyMs` until it answers true (at most `timeoutMs`). */
async function until(
  check: () => Promise<boolean> | boolean,
  timeoutMs = 300_000,
  everyMs = 20,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

class Api {
  cookie = '';
  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', cookie: this.cookie, origin: base },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0]!;
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

interface Saved {
  id: number;
  campaign: number;
  channel: number;
}

/** Saves a template of the text fields Campaign and Channel with `integrations`. */
async function template(api: Api, name: string, integrations: Record<string, unknown>[]): Promise<Saved> {
  const { createIntegrationAssignment, newTemplate, addFieldsetFields } = await import('@nomen/shared');
  const set = await api.call<{ fieldset: Parameters<typeof addFieldsetFields>[1] }>(
    'PUT',
    '/api/v1/account/fieldsets',
    {
      name: `${name} fields`,
      fields: [
        { id: 'TEMP_a', name: 'Campaign', governance_type: 'text', validation: { characters: 'any' } },
        { id: 'TEMP_b', name: 'Channel', governance_type: 'text', validation: { characters: 'any' } },
      ],
    },
  );
  const folder = await api.call<{ folder: { id: number } }>('PUT', '/api/v1/account/folder', {
    name: `${name} folder`,
    description: '',
  });
  const draft = addFieldsetFields(newTemplate({ templateName: name, now: new Date() }), set.fieldset);
  const saved = await api.call<{ id: number }>('PUT', '/api/v1/account/template/', {
    ...draft,
    name,
    folder_id: folder.folder.id,
    integrations: integrations.map((extra) => ({
      ...createIntegrationAssignment(String(extra.slug), { templateName: name, now: new Date() }),
      ...extra,
    })),
    settings: { require_identifier: 0, require_approval: 0, enable_auto_submit: 0 },
  });
  const got = await api.call<{ template_fields: { id: number; field: { name: string } }[] }>(
    'GET',
    `/api/v1/account/template/${saved.id}`,
  );
  const idOf = (field: string) => got.template_fields.find((f) => f.field.name === field)!.id;
  return { id: saved.id, campaign: idOf('Campaign'), channel: idOf('Channel') };
}

function rows(t: Saved, count: number, tag: string) {
  return Array.from({ length: count }, (_, i) => ({
    [t.campaign]: `Campaign ${tag} ${i} spring sale`,
    [t.channel]: i % 2 ? 'paid_social' : 'email',
  }));
}

/**
 * Runs the queue half against the given peers; answers its figures. Needs PostgreSQL; recreates
 * its database.
 */
export async function measureQueue(
  peers: {
    sftp: SftpPeer;
    s3: S3Peer;
    azurite: AzuritePeer;
  },
  csv: Uint8Array,
): Promise<QueueFigures> {
  await recreateDatabase(dbUrl);
  const smtp = await startCountingSmtp();
  const env = {
    DATABASE_URL: dbUrl.toString(),
    NOMEN_SECRET_KEY: 'bench-secret-key-0123456789abcdefghij',
    SMTP_URL: smtp.url,
    S3_ENDPOINT: peers.s3.endpoint,
    AZURE_BLOB_ENDPOINT: peers.azurite.endpoint,
    JOB_CONCURRENCY: String(CONCURRENCY),
    JOB_RETRY_DELAY_SECONDS: '1',
  };
  const server = await startServer(dbUrl, port, { ...env, NODE_ENV: 'test', JOBS_IN_SERVER: 'false' });
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();
  let worker: ChildProcess | null = null;
  try {
    const account = await db.query(
      `insert into accounts(name, settings, feature_flags) values ('Bench', '{}', '{}') returning id`,
    );
    await db.query(
      `insert into users(account_id, name, email, role, super_admin, password_hash, activated_at) values ($1, 'Bench', 'bench@nomen.test', 'ADMIN', true, $2, now())`,
      [account.rows[0].id, await hashPassword('bench-password')],
    );
    const api = new Api();
    await api.call('POST', '/api/v1/auth/login', { email: 'bench@nomen.test', password: 'bench-password' });
    const connector = (body: Record<string, unknown>) =>
      api.call<{ id: number }>('POST', '/api/v1/account/connector/', body).then((c) => c.id);
    const sftpId = await connector({
      name: 'Bench SFTP',
      connector_type_slug: 'sftp',
      metadata: {
        host: peers.sftp.host,
        port: peers.sftp.port,
        username: peers.sftp.username,
        auth_type: 'password',
        password: peers.sftp.password,
      },
    });
    const s3Id = await connector({
      name: 'Bench S3',
      connector_type_slug: 's3',
      metadata: { aws_key: peers.s3.accessKeyId, aws_secret: peers.s3.secretAccessKey },
    });
    const azureId = await connector({
      name: 'Bench Azure',
      connector_type_slug: 'azure-blob',
      metadata: { blob_accountname: AZURITE_ACCOUNT, blob_key: AZURITE_KEY },
    });
    // One template per peer, so each end-to-end time is measured alone, like its upload alone.
    const file = { file_type: ['csv'], delimiter: 'comma', filename_pattern: 'e2e-{submission_name}' };
    const sftpTemplate = await template(api, 'Bench SFTP', [
      { slug: 'sftp-push', name: 'SFTP', connector_id: sftpId, folder: '/queue', ...file },
    ]);
    const s3Template = await template(api, 'Bench S3', [
      {
        slug: 's3-push',
        name: 'S3',
        connector_id: s3Id,
        folder: '/bench/queue',
        metadata: { use_sse: 0 },
        ...file,
      },
    ]);
    const azureTemplate = await template(api, 'Bench Azure', [
      { slug: 'azure-blob-push', name: 'Azure', connector_id: azureId, folder: '/bench/queue', ...file },
    ]);
    const mail = await template(api, 'Bench mail', [
      {
        slug: 'email-output',
        name: 'Mail',
        metadata: { to: ['ops@bench.test'], subject: 'Codes' },
        file_type: ['csv'],
        delimiter: 'comma',
        filename_pattern: 'codes',
      },
    ]);

    // Queue throughput: 1,000 runs queued with no worker, then one worker drains them.
    const submitted: number[] = [];
    for (let i = 0; i < QUEUED_JOBS; i += CONCURRENCY * 2) {
      await Promise.all(
        Array.from({ length: Math.min(CONCURRENCY * 2, QUEUED_JOBS - i) }, (_, k) =>
          api
            .call<{ id: number }>('POST', '/api/v1/account/submissions', {
              template_id: mail.id,
              name: `q${i + k}`,
              rows: rows(mail, 1, `q${i + k}`),
            })
            .then((s) => submitted.push(s.id)),
        ),
      );
    }
    await until(async () => {
      const queued = await db.query(
        `select count(*)::int as n from integration_runs where job_id is not null`,
      );
      return queued.rows[0].n >= QUEUED_JOBS;
    });
    const drainStart = performance.now();
    worker = await startWorker(env);
    await until(async () => {
      const done = await db.query(
        `select count(*)::int as n from integration_runs where status in ('Success', 'Failed')`,
      );
      return done.rows[0].n >= QUEUED_JOBS;
    });
    const drainMs = performance.now() - drainStart;
    const failed = await db.query(`select count(*)::int as n from integration_runs where status = 'Failed'`);
    if (failed.rows[0].n > 0) throw new Error(`${failed.rows[0].n} runs failed`);

    // The same mails by nodemailer alone, same attachment size, same concurrency.
    const sample = await db.query(`select files from integration_runs limit 1`);
    const attachment = Buffer.alloc(120, 'x');
    const transport = nodemailer.createTransport(smtp.url);
    const aloneStart = performance.now();
    for (let i = 0; i < QUEUED_JOBS; i += CONCURRENCY) {
      await Promise.all(
        Array.from({ length: Math.min(CONCURRENCY, QUEUED_JOBS - i) }, () =>
          transport.sendMail({
            from: 'nomen@bench.test',
            to: 'ops@bench.test',
            subject: 'Codes',
            text: 'The output is attached.',
            attachments: [
              { filename: String(sample.rows[0]?.files?.[0] ?? 'codes.csv'), content: attachment },
            ],
          }),
        ),
      );
    }
    const aloneMs = performance.now() - aloneStart;
    transport.close();

    // Pickup latency: an idle worker in its own process, one run at a time.
    const pickups: number[] = [];
    for (let i = 0; i < PICKUPS; i++) {
      const s = await api.call<{ id: number }>('POST', '/api/v1/account/submissions', {
        template_id: mail.id,
        name: `p${i}`,
        rows: rows(mail, 1, `p${i}`),
      });
      const answered = Date.now();
      let started = 0;
      await until(async () => {
        const run = await db.query(
          `select extract(epoch from started_at) * 1000 as started from integration_runs where submission_id = $1`,
          [s.id],
        );
        started = Number(run.rows[0]?.started ?? 0);
        return started > 0;
      }, 30_000);
      pickups.push(Math.max(0, started - answered));
      await until(async () => {
        const run = await db.query(`select status from integration_runs where submission_id = $1`, [s.id]);
        return ['Success', 'Failed'].includes(run.rows[0]?.status);
      }, 30_000);
    }

    // End to end: 50,000 rows to SFTP, S3 and Azure, one peer at a time.
    const s3Client = new S3Client({
      region: 'us-east-1',
      endpoint: peers.s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: peers.s3.accessKeyId, secretAccessKey: peers.s3.secretAccessKey },
    });
    const blobs = new BlobServiceClient(
      peers.azurite.endpoint.replace('{account}', AZURITE_ACCOUNT),
      new StorageSharedKeyCredential(AZURITE_ACCOUNT, AZURITE_KEY),
    ).getContainerClient('bench');
    const submitMs: number[] = [];
    /** Submits 50,000 rows to `t`; answers the time from the answer until `present(name)` holds. */
    const endToEnd = async (t: Saved, tag: string, present: (name: string) => Promise<boolean>) => {
      const start = performance.now();
      await api.call('POST', '/api/v1/account/submissions', {
        template_id: t.id,
        name: tag,
        rows: rows(t, E2E_ROWS, tag),
      });
      const answeredAt = performance.now();
      submitMs.push(answeredAt - start);
      await until(() => present(`e2e-${tag}.csv`).catch(() => false), 300_000, 2);
      return round(performance.now() - answeredAt);
    };
    const sftpMs = await endToEnd(sftpTemplate, 'sftp', async (name) =>
      peers.sftp.stored.has(`/queue/${name}`),
    );
    const s3Ms = await endToEnd(s3Template, 's3', async (name) => {
      await s3Client.send(new HeadObjectCommand({ Bucket: 'bench', Key: `queue/${name}` }));
      return true;
    });
    const azureMs = await endToEnd(azureTemplate, 'azure', (name) =>
      blobs.getBlockBlobClient(`queue/${name}`).exists(),
    );
    s3Client.destroy();

    // The least a worker in another process spends getting a ready file: one bytea read of it.
    await db.query('create temp table bench_file (body bytea)');
    await db.query('alter table bench_file alter column body set storage external');
    await db.query('insert into bench_file values ($1)', [Buffer.from(csv)]);
    const reads: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      await db.query('select body from bench_file');
      reads.push(performance.now() - start);
    }

    return {
      endToEnd: {
        rows: E2E_ROWS,
        submitMs: round(median(submitMs)),
        toFileMs: { sftp: sftpMs, s3: s3Ms, azure: azureMs },
        fileReadMs: round(median(reads)),
      },
      throughput: {
        jobs: QUEUED_JOBS,
        concurrency: CONCURRENCY,
        drainMs: round(drainMs),
        jobsPerSecond: round((QUEUED_JOBS / drainMs) * 1000),
        aloneMs: round(aloneMs),
        ratio: round(drainMs / aloneMs, 2),
      },
      pickup: { runs: PICKUPS, p50Ms: round(median(pickups)), p95Ms: round(p95(pickups)), pollSeconds: 1 },
    };
  } finally {
    if (worker) await stop(worker);
    server.kill('SIGTERM');
    await db.end();
    await smtp.close();
  }
}
