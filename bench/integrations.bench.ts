/**
 * `npm run bench:integrations` (issue 12 "Performance", in part): for a 50,000-row output of two
 * text columns and an id,
 *  - the CSV, XLSX and JSON build time (`buildOutputFiles`), median of RUNS;
 *  - the delivery of the CSV by the run's code (`deliverSftp`, `deliverS3`, `deliverAzureBlob`) to
 *    the local SFTP (ssh2 server), S3 (s3rver) and Azure Blob (Azurite) peers, each beside the time
 *    the same client library takes to upload the same bytes alone, in the same run (target ratio
 *    ≤ 1.5x): medians of RUNS (SFTP) or FAST_RUNS (S3, Azure) turns, each timing both, after one
 *    untimed warm-up turn.
 *  - the queue half (`integrations-queue.ts`): end to end from a 50,000-row submission's answer to
 *    the file on each peer (one peer at a time), beside the upload alone and beside the floor of
 *    any design whose jobs run in another process (pickup + reading the ready file from
 *    PostgreSQL + the upload alone), the throughput of 1,000 email runs drained by one worker beside
 *    nodemailer alone, and the pickup latency of a run by an idle worker in its own process.
 * Prints the figures and writes bench/results/integrations.json. Needs PostgreSQL for the queue half.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { BlobServiceClient, StorageSharedKeyCredential } from '@azure/storage-blob';
import type { OutputFile } from '@nomen/shared';
import ssh2 from 'ssh2';
import type { ReadConnector } from '../server/src/entities/connectors/connectors.read';
import { deliverSftp } from '../server/src/integrations/sftp/deliverer';
import { deliverAzureBlob } from '../server/src/integrations/storage/azure-blob-deliverer';
import { deliverS3 } from '../server/src/integrations/storage/s3-deliverer';
import { buildOutputFiles } from '../server/src/jobs/output-files';
import { createOutboundPolicy } from '../server/src/security/outbound';
import { AZURITE_ACCOUNT, AZURITE_KEY, startAzuritePeer } from '../tests/peers/azurite-peer';
import { startS3Peer } from '../tests/peers/s3-peer';
import { startSftpPeer } from '../tests/peers/sftp-peer';
import { measureQueue } from './integrations-queue';
import { median } from './support';

const ROWS = 50_000;
const RUNS = 5;
/** Runs of each upload to the fast loopback peers (S3, Azure), where one upload takes ~20 ms. */
const FAST_RUNS = 21;
const round = (value: number, digits = 1) => Number(value.toFixed(digits));

async function timeOf(work: () => Promise<unknown> | unknown): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/**
 * The medians of `nomen` and `alone` over `runs` turns, each turn timing one then the other, after
 * one untimed turn that loads the client libraries (so neither side pays the warm-up, and drift of
 * the machine falls on both).
 */
async function pairedMedians(
  nomen: () => Promise<unknown>,
  alone: () => Promise<unknown>,
  runs: number,
): Promise<{ nomen: number; alone: number }> {
  await nomen();
  await alone();
  const times = { nomen: [] as number[], alone: [] as number[] };
  for (let i = 0; i < runs; i++) {
    times.nomen.push(await timeOf(nomen));
    times.alone.push(await timeOf(alone));
  }
  return { nomen: round(median(times.nomen)), alone: round(median(times.alone)) };
}

async function medianOf(work: () => Promise<unknown> | unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await timeOf(work));
  return round(median(times));
}

function connector(credentials: Record<string, unknown>): ReadConnector {
  return {
    id: 1,
    accountId: 1,
    name: 'bench',
    slug: 'bench',
    connectorTypeId: 0,
    credentials: credentials as ReadConnector['credentials'],
    tokens: null,
    sftpHostKey: null,
  };
}

const rows = Array.from({ length: ROWS }, (_, i) => ({
  '1': `4b1c8478-ce3a-4a8e-9d5c-${String(i).padStart(12, '0')}`,
  '2': `Campaign ${i} spring sale`,
  '3': i % 2 ? 'paid_social' : 'email',
}));
const fields = [
  { id: 1, name: 'ID' },
  { id: 2, name: 'Campaign' },
  { id: 3, name: 'Channel' },
];
const submission = {
  template_name: 'Bench',
  submission_name: 'rows',
  submitted_at: '2026-01-01T00:00:00Z',
  submitted_by: 'Bench',
};
const settings = (type: 'csv' | 'xlsx' | 'json') => ({
  report_type: 'default',
  included_output_fields: [],
  file_type: [type],
  delimiter: 'comma' as const,
  filename_pattern: 'bench',
  include_summary_header: 0 as const,
  metadata: {},
});

const build: Record<string, number> = {};
const sizes: Record<string, number> = {};
let csv: OutputFile | undefined;
for (const type of ['csv', 'xlsx', 'json'] as const) {
  build[type] = await medianOf(async () => {
    const [file] = await buildOutputFiles(settings(type), fields, rows, submission);
    sizes[type] = file!.body.length;
    if (type === 'csv') csv = file;
  });
}
const file = csv!;
console.log(
  `build of ${ROWS} rows (ms): csv ${build.csv}, xlsx ${build.xlsx}, json ${build.json}; sizes (bytes): ${JSON.stringify(sizes)}`,
);

const [sftp, s3, azurite] = await Promise.all([startSftpPeer(), startS3Peer(['bench']), startAzuritePeer()]);
const azureUrl = azurite.endpoint.replace('{account}', AZURITE_ACCOUNT);
const azureService = new BlobServiceClient(
  azureUrl,
  new StorageSharedKeyCredential(AZURITE_ACCOUNT, AZURITE_KEY),
);
await azureService.getContainerClient('bench').createIfNotExists();
// The peers run on this machine: the operator's allow-list admits loopback, as in the API tests.
const outbound = createOutboundPolicy('127.0.0.1/32');
const endpoints = { s3: s3.endpoint, azureBlob: azurite.endpoint, outbound };
const destination = (folder: string) => ({ folder, filePrefix: '', metadata: { use_sse: 0 } });

const sftpConnector = connector({
  family: 'sftp',
  host: sftp.host,
  port: sftp.port,
  username: sftp.username,
  auth_type: 'password',
  password: sftp.password,
});
const storage = connector({
  family: 'cloud-storage',
  aws_key: s3.accessKeyId,
  aws_secret: s3.secretAccessKey,
  blob_accountname: AZURITE_ACCOUNT,
  blob_key: AZURITE_KEY,
});

function rawSftp(): Promise<void> {
  const client = new ssh2.Client();
  return new Promise((resolve, reject) => {
    client.on('error', reject);
    client.on('ready', () =>
      client.sftp((error, session) => {
        if (error) return reject(error);
        session.writeFile('/raw/bench.csv', Buffer.from(file.body), (e) => {
          client.end();
          if (e) reject(e);
          else resolve();
        });
      }),
    );
    client.connect({ host: sftp.host, port: sftp.port, username: sftp.username, password: sftp.password });
  });
}

async function rawS3(): Promise<void> {
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  await client.send(
    new PutObjectCommand({
      Bucket: 'bench',
      Key: 'raw/bench.csv',
      Body: file.body,
      ContentType: file.contentType,
    }),
  );
  client.destroy();
}

async function rawAzure(): Promise<void> {
  // A client per upload, like rawS3 and like a run (each run reads its own connected account).
  await new BlobServiceClient(azureUrl, new StorageSharedKeyCredential(AZURITE_ACCOUNT, AZURITE_KEY))
    .getContainerClient('bench')
    .getBlockBlobClient('raw/bench.csv')
    .uploadData(file.body, { blobHTTPHeaders: { blobContentType: file.contentType } });
}

const delivery = {
  sftp: await pairedMedians(
    () =>
      deliverSftp(sftpConnector, [file], destination('/nomen'), undefined, { outbound, pinnedHostKey: null }),
    rawSftp,
    RUNS,
  ),
  s3: await pairedMedians(
    () => deliverS3(storage, [file], destination('/bench/nomen'), endpoints),
    rawS3,
    FAST_RUNS,
  ),
  azure: await pairedMedians(
    () => deliverAzureBlob(storage, [file], destination('/bench/nomen'), endpoints),
    rawAzure,
    FAST_RUNS,
  ),
};
const ratios = Object.fromEntries(
  Object.entries(delivery).map(([peer, t]) => [peer, round(t.nomen / t.alone, 2)]),
);
for (const [peer, t] of Object.entries(delivery))
  console.log(
    `${peer}: delivery ${t.nomen} ms, client alone ${t.alone} ms, ratio ${ratios[peer]}x (target ≤ 1.5x)`,
  );

const queue = await measureQueue({ sftp, s3, azurite }, file.body);
const e2e = queue.endToEnd;
/**
 * The least any end to end can take while jobs run in another process than the submit (issue 12
 * item 7): the job's pickup, getting the ready file from PostgreSQL, and the upload alone.
 */
const floor = Object.fromEntries(
  (['sftp', 's3', 'azure'] as const).map((peer) => {
    const ms = round(queue.pickup.p50Ms + e2e.fileReadMs + delivery[peer].alone);
    return [peer, { ms, ratio: round(ms / delivery[peer].alone, 2) }];
  }),
) as Record<'sftp' | 's3' | 'azure', { ms: number; ratio: number }>;
const endToEndRatios = Object.fromEntries(
  (['sftp', 's3', 'azure'] as const).map((peer) => [
    peer,
    round(e2e.toFileMs[peer] / delivery[peer].alone, 2),
  ]),
) as Record<'sftp' | 's3' | 'azure', number>;
console.log(
  `end to end, ${e2e.rows} rows, one peer at a time: submit answered in ${e2e.submitMs} ms (median); from the answer to the file on the peer:`,
);
for (const peer of ['sftp', 's3', 'azure'] as const)
  console.log(
    `  ${peer}: ${e2e.toFileMs[peer]} ms, upload alone ${delivery[peer].alone} ms, ratio ${endToEndRatios[peer]}x (target ≤ 1.5x); floor (pickup p50 ${queue.pickup.p50Ms} + file read ${e2e.fileReadMs} + upload alone) ${floor[peer].ms} ms = ${floor[peer].ratio}x`,
  );
console.log(`  the csv build alone ${build.csv} ms`);
console.log(
  `queue throughput: ${queue.throughput.jobs} email runs drained by one worker (${queue.throughput.concurrency} at a time) in ${queue.throughput.drainMs} ms = ${queue.throughput.jobsPerSecond} runs/s; nodemailer alone, same mails and concurrency: ${queue.throughput.aloneMs} ms (ratio ${queue.throughput.ratio}x)`,
);
console.log(
  `pickup latency (idle worker in its own process, from the submit's answer to the run's start): p50 ${queue.pickup.p50Ms} ms, p95 ${queue.pickup.p95Ms} ms over ${queue.pickup.runs} runs (target p95 < 100 ms)`,
);

await Promise.all([sftp.close(), s3.close(), azurite.close()]);
writeFileSync(
  new URL('./results/integrations.json', import.meta.url),
  `${JSON.stringify(
    {
      when: new Date().toISOString(),
      machine: { cpus: cpus().length, loadavg: loadavg().map((l) => round(l, 2)) },
      rows: ROWS,
      runs: RUNS,
      fastRuns: FAST_RUNS,
      buildMs: build,
      sizes,
      deliveryMs: delivery,
      ratios,
      queue,
      endToEndRatios,
      floor,
    },
    null,
    2,
  )}\n`,
);
