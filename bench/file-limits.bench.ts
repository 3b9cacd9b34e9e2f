/**
 * `npm run bench:file-limits` (README "Jobs", file limits): what refusing a hostile file costs.
 * Each case runs in a child process of its own, which reports its peak RSS (VmHWM):
 *  - idle: the parser modules loaded, no file (the floor);
 *  - a zip-bomb XLSX (about 1 MB that inflates to about 490 MB, 30.7 M cells), refused from its
 *    zip directory against the 256 MB limit;
 *  - a 1,000,000-row CSV, refused at row 50,001 while parsing;
 *  - a 50,000-row CSV of the same shape, read whole (what a legal file of the limit costs).
 * Prints the figures and writes bench/results/file-limits.json.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IMPORT_MAX_ROWS, IMPORT_MAX_UNZIPPED_BYTES } from '@nomen/shared';
import { fileLimits, parseInboundFile } from '../server/src/jobs/inbound/parse-file';
import { xlsxBomb } from '../server/src/test/xlsx-bomb';

const ME = fileURLToPath(import.meta.url);

function peakRssMb(): number {
  const status = readFileSync('/proc/self/status', 'utf8');
  return Math.round(Number(status.match(/VmHWM:\s+(\d+)/)?.[1] ?? 0) / 1024);
}

/** In the child: reads `path` as `type` and prints what happened and the peak RSS as JSON. */
async function child(path: string, type: 'csv' | 'xlsx' | 'none'): Promise<void> {
  const started = performance.now();
  let outcome = 'none';
  if (type !== 'none') {
    const bytes = readFileSync(path);
    try {
      const table = await parseInboundFile(path.split('/').pop()!, type, bytes, fileLimits());
      outcome = `read ${table.rows.length} rows`;
    } catch (error) {
      outcome = (error as Error).message;
    }
  }
  const ms = Math.round(performance.now() - started);
  process.stdout.write(JSON.stringify({ outcome, ms, peakRssMb: peakRssMb() }));
}

function runChild(path: string, type: string): { outcome: string; ms: number; peakRssMb: number } {
  const res = spawnSync(process.execPath, ['--import', 'tsx', ME, '--child', path, type], {
    encoding: 'utf8',
    maxBuffer: 1024 * 1024,
  });
  if (res.status !== 0) throw new Error(`child failed: ${res.stderr}`);
  return JSON.parse(res.stdout);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'nomen-file-limits-'));
  try {
    const bombPath = join(dir, 'bomb.xlsx');
    const bomb = xlsxBomb(102_400, 300);
    writeFileSync(bombPath, bomb);
    const longPath = join(dir, 'long.csv');
    writeFileSync(longPath, `Campaign,Channel\r\n${'Spring Sale,paid_social\r\n'.repeat(1_000_000)}`);
    const okPath = join(dir, 'ok.csv');
    writeFileSync(okPath, `Campaign,Channel\r\n${'Spring Sale,paid_social\r\n'.repeat(IMPORT_MAX_ROWS)}`);

    const idle = runChild('', 'none');
    const bombRun = runChild(bombPath, 'xlsx');
    const longRun = runChild(longPath, 'csv');
    const okRun = runChild(okPath, 'csv');
    const results = {
      limits: { maxUnzippedMb: IMPORT_MAX_UNZIPPED_BYTES / 1024 / 1024, maxRows: IMPORT_MAX_ROWS },
      idle: { peakRssMb: idle.peakRssMb },
      zipBomb: { fileMb: +(bomb.length / 1024 / 1024).toFixed(2), cells: 102_400 * 300, ...bombRun },
      csvMillionRows: { fileMb: +(readFileSync(longPath).length / 1024 / 1024).toFixed(1), ...longRun },
      csvAtLimit: { fileMb: +(readFileSync(okPath).length / 1024 / 1024).toFixed(1), ...okRun },
    };
    console.log(`idle (parsers loaded)       peak RSS ${idle.peakRssMb} MB`);
    console.log(
      `zip bomb ${results.zipBomb.fileMb} MB, ${results.zipBomb.cells.toLocaleString('en-US')} cells: ${bombRun.ms} ms, peak RSS ${bombRun.peakRssMb} MB (limit ${results.limits.maxUnzippedMb} MB unzipped)\n  ${bombRun.outcome}`,
    );
    console.log(
      `CSV 1,000,000 rows (${results.csvMillionRows.fileMb} MB): ${longRun.ms} ms, peak RSS ${longRun.peakRssMb} MB\n  ${longRun.outcome}`,
    );
    console.log(
      `CSV ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows (${results.csvAtLimit.fileMb} MB, the limit): ${okRun.ms} ms, peak RSS ${okRun.peakRssMb} MB, ${okRun.outcome}`,
    );
    const out = fileURLToPath(new URL('./results/file-limits.json', import.meta.url));
    writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`wrote ${out}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') await child(process.argv[3] ?? '', (process.argv[4] ?? 'none') as 'csv');
else await main();
