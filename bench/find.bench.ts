/**
 * `npx tsx bench/find.bench.ts` (issue 8 item 18, the list editor's find): how long the grid's
 * matcher (client/src/features/lists/grid/find.ts, `findMatches`) takes over a list of 10,000
 * rows x 100 columns (1,000,000 cells of 10-40 characters, some non-ASCII, the cells of
 * bench:grid), on one core in Node, for queries that match many cells, a few, and none; plus a
 * lower-casing matcher for comparison (one new string per cell, row by row: what find.ts avoids). After a
 * warm-up each query runs RUNS times; prints medians and p95 of wall-clock time, and the median
 * CPU time (steadier on a shared machine), and writes bench/results/find.json.
 * The memory kept by one search's answer (heap and typed arrays) is measured with a forced GC when Node runs with
 * --expose-gc (`node --expose-gc --import tsx bench/find.bench.ts`).
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { findMatches } from '../client/src/features/lists/grid/find';
import type { GridData } from '../client/src/features/lists/grid/gridTypes';
import { cellText, median } from './support';

const ROWS = 10_000;
const COLUMNS = 100;
const RUNS = 15;
const WARM_UP = 3;

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

/** The list as the editor holds it: one string array per column. */
function bigGrid(): GridData {
  const columns = Array.from({ length: COLUMNS }, (_, col) => ({
    key: `c${col}`,
    id: col + 1,
    name: `Column ${col + 1}`,
    values: Array.from({ length: ROWS }, (_, row) => cellText(row, col)),
    ids: [] as number[],
  }));
  return { columns, rowCount: ROWS };
}

/** The obvious alternative: lower-case every cell, row by row, and look for the lower-cased query. */
function lowerCaseCount(data: GridData, query: string): number {
  const needle = query.toLowerCase();
  let count = 0;
  for (let row = 0; row < data.rowCount; row++) {
    for (const column of data.columns) {
      const text = column.values[row];
      if (text?.toLowerCase().includes(needle)) count++;
    }
  }
  return count;
}

/** Wall-clock and CPU milliseconds of each run (CPU time says more on a shared, loaded machine). */
function time(run: () => number): { ms: number[]; cpuMs: number[]; count: number } {
  let count = 0;
  for (let i = 0; i < WARM_UP; i++) count = run();
  const ms: number[] = [];
  const cpuMs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    count = run();
    ms.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    cpuMs.push((used.user + used.system) / 1000);
  }
  return { ms, cpuMs, count };
}

const gc = (globalThis as { gc?: () => void }).gc;
const data = bigGrid();
const queries = [
  { name: 'many matches', query: 'sale' },
  { name: 'some matches', query: 'zürich q3' },
  { name: 'non-ASCII, case-insensitive', query: 'ZÜRICH' },
  { name: 'no match', query: 'no such value' },
];

const results = {
  cells: ROWS * COLUMNS,
  runs: RUNS,
  node: process.version,
  cores: cpus().length,
  loadAverage: loadavg()[0],
  queries: queries.map(({ name, query }) => {
    const find = time(() => findMatches(data, query).count);
    const lower = time(() => lowerCaseCount(data, query));
    let heapGrowthMb: number | null = null;
    if (gc) {
      gc();
      const used = () => {
        const memory = process.memoryUsage();
        // The matches live in a typed array, outside the JS heap proper.
        return memory.heapUsed + memory.arrayBuffers;
      };
      const before = used();
      const kept = findMatches(data, query);
      heapGrowthMb = round((used() - before) / 1024 / 1024, 2);
      void kept;
    }
    return {
      name,
      query,
      matches: find.count,
      findMedianMs: round(median(find.ms)),
      findP95Ms: round(p95(find.ms)),
      findCpuMedianMs: round(median(find.cpuMs)),
      lowerCaseMedianMs: round(median(lower.ms)),
      lowerCaseCpuMedianMs: round(median(lower.cpuMs)),
      heapGrowthMb,
    };
  }),
};

console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${cpus().length} cores (figures grow with it)`,
);
console.log(`find over ${results.cells.toLocaleString('en-US')} cells (${ROWS} x ${COLUMNS}), ${RUNS} runs:`);
for (const q of results.queries) {
  console.log(
    `  ${q.name} ("${q.query}"): ${q.matches.toLocaleString('en-US')} matches, median ${q.findMedianMs} ms (CPU ${q.findCpuMedianMs} ms), p95 ${q.findP95Ms} ms (lower-casing every cell: ${q.lowerCaseMedianMs} ms, CPU ${q.lowerCaseCpuMedianMs} ms)${q.heapGrowthMb === null ? '' : `, memory kept ${q.heapGrowthMb} MB`}`,
  );
}
writeFileSync(new URL('./results/find.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
