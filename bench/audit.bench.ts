/**
 * `npm run bench:audit`: how fast an audit reads live names (spec 02 §3, §9; the name parser in
 * shared/src/patterns/parse.ts). 100,000 names made from a 6-segment pattern with three lists
 * (bench/audit-names.ts; one in ten broken in one of seven ways) are parsed and checked against
 * the lists on one core, beside generating the same number of codes with the engine in the same
 * run; the target is a parse rate of at least half the generate rate. Every pass also checks that
 * each name gets the verdict planted in it. After a warm-up the two sides take turns, six rounds
 * of whole passes over the 100,000 for half a second each, so both see the same load; each side
 * keeps its best round. Rates are per second of the thread's CPU time (one core, however busy the
 * machine) and of wall time; the ratio compares the best CPU-time rates (each round pair's ratio
 * is printed too). The figures are printed
 * and written to bench/results/audit.json.
 *
 * The second half (the audit of 100,000 objects end to end, from the ad platform stand-in's
 * answers to stored results) goes in the marked section below and adds its figures to `results`.
 * BENCH_AUDIT_PARTS=parse runs the first half alone (no PostgreSQL needed); the end-to-end
 * figures already in bench/results/audit.json are then kept.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileNameParser, compilePattern, describeSegment } from '../shared/src/patterns/index';
import { auditEndToEnd } from './audit-e2e';
import {
  AUDIT_NAMES,
  auditInputs,
  auditLists,
  auditNames,
  auditParserOptions,
  auditPattern,
  BROKEN_EVERY,
} from './audit-names';

const WARM_UP_MS = 1_000;
/** Rounds of each side, taken in turn so both see the same load; each side keeps its best round. */
const ROUNDS = 6;
const ROUND_MS = 500;

/** CPU time this thread has used, in ms (wall time where Node cannot tell). */
function cpuMs(): number {
  if (typeof process.threadCpuUsage !== 'function') return performance.now();
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
}

/**
 * Runs whole passes of `pass` until `ms` have passed; answers items per second of wall time and
 * per second of this thread's CPU time (the figure for one core when other processes share it).
 */
function passes(pass: () => number, ms: number) {
  let items = 0;
  const start = performance.now();
  const cpuStart = cpuMs();
  let elapsed = 0;
  while (elapsed < ms) {
    items += pass();
    elapsed = performance.now() - start;
  }
  const cpu = cpuMs() - cpuStart;
  return {
    perSecond: Math.round((items / elapsed) * 1000),
    perCpuSecond: Math.round((items / cpu) * 1000),
    items,
    durationMs: Math.round(elapsed),
  };
}

/** A pass generating AUDIT_NAMES codes for the pattern with the engine. */
function generatePass() {
  const generate = compilePattern(auditPattern);
  const inputs = auditInputs(AUDIT_NAMES);
  const pass = () => {
    let length = 0;
    for (const input of inputs) {
      const result = generate(input);
      if (!result.ok) throw new Error(JSON.stringify(result.errors));
      length += result.code.length;
    }
    return length > 0 ? inputs.length : 0;
  };
  return pass;
}

/** A pass parsing and checking the AUDIT_NAMES names, and the verdicts of the last pass by reason. */
function parsePass() {
  const { names, expected } = auditNames(AUDIT_NAMES);
  const parse = compileNameParser(auditPattern, auditParserOptions);
  const verdicts: Record<string, number> = {};
  const pass = () => {
    for (const key of Object.keys(verdicts)) verdicts[key] = 0;
    for (let i = 0; i < names.length; i++) {
      const result = parse(names[i]!);
      const reason = result.ok ? null : result.failure.reason;
      if (reason !== expected[i]) {
        throw new Error(`${names[i]}: expected ${expected[i]}, got ${JSON.stringify(result)}`);
      }
      const key = reason ?? 'ok';
      verdicts[key] = (verdicts[key] ?? 0) + 1;
    }
    return names.length;
  };
  const sample = parse(names[BROKEN_EVERY - 1]!);
  return {
    pass,
    verdicts,
    sample: { name: names[BROKEN_EVERY - 1], failure: sample.ok ? null : sample.failure },
  };
}

type Rate = ReturnType<typeof passes>;
const faster = (a: Rate | null, b: Rate) => (a === null || b.perCpuSecond > a.perCpuSecond ? b : a);

/**
 * Both sides in turn, ROUNDS rounds each after a warm-up: each keeps its best round (the one
 * the other processes on the machine disturbed least); the ratio of each round pair is kept too.
 */
function measure() {
  const generate = generatePass();
  const parse = parsePass();
  passes(generate, WARM_UP_MS);
  passes(parse.pass, WARM_UP_MS);
  let generated: Rate | null = null;
  let parsed: Rate | null = null;
  const roundRatios: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const g = passes(generate, ROUND_MS);
    const p = passes(parse.pass, ROUND_MS);
    roundRatios.push(Math.round((p.perCpuSecond / g.perCpuSecond) * 100) / 100);
    generated = faster(generated, g);
    parsed = faster(parsed, p);
  }
  return {
    generated: generated!,
    parsed: { ...parsed!, verdicts: { ...parse.verdicts }, sample: parse.sample },
    roundRatios,
  };
}

const { generated, parsed, roundRatios } = measure();

const results: Record<string, unknown> = {
  names: AUDIT_NAMES,
  segments: auditPattern.segments.length,
  segmentLabels: auditPattern.segments.map(describeSegment),
  listSizes: Object.values(auditLists).map((list) => list.length),
  brokenShare: 1 / BROKEN_EVERY,
  parse: {
    namesPerCpuSecond: parsed.perCpuSecond,
    generatedCodesPerCpuSecond: generated.perCpuSecond,
    ratio: Math.round((parsed.perCpuSecond / generated.perCpuSecond) * 100) / 100,
    namesPerSecond: parsed.perSecond,
    generatedCodesPerSecond: generated.perSecond,
    target: 0.5,
    roundRatios,
    verdicts: parsed.verdicts,
    sample: parsed.sample,
    durationMs: parsed.durationMs,
  },
  nodeVersion: process.version,
  date: new Date().toISOString(),
};

console.log(`Pattern: ${(results.segmentLabels as string[]).join(' + ')}`);
console.log(`Lists: ${(results.listSizes as number[]).join(', ')} values`);
const rate = (figures: { perCpuSecond: number; perSecond: number }) =>
  `${figures.perCpuSecond.toLocaleString('en-US')}/s of CPU time (${figures.perSecond.toLocaleString('en-US')}/s of wall time)`;
console.log(
  `Names parsed and checked: ${rate(parsed)}, ${parsed.items.toLocaleString('en-US')} in ${parsed.durationMs} ms, one in ${BROKEN_EVERY} broken`,
);
console.log(`Codes generated by the engine for the same pattern: ${rate(generated)}`);
console.log(
  `parse/generate = ${(results.parse as { ratio: number }).ratio} (target >= 0.5; best round of each side; round by round ${roundRatios.join(', ')})`,
);
console.log(`Verdicts of one pass: ${JSON.stringify(parsed.verdicts)}`);
console.log(`Sample: ${parsed.sample.name} -> ${parsed.sample.failure?.message}`);

// ---------------------------------------------------------------------------------------------
// End to end: the audit of 100,000 objects from the stand-in's answers to stored results.
// (bench/audit-e2e.ts: a fresh PostgreSQL database, the job queue in this process, the Meta stand-in.)
// ---------------------------------------------------------------------------------------------

const resultsDir = join(dirname(fileURLToPath(import.meta.url)), 'results');
const file = join(resultsDir, 'audit.json');
if (process.env.BENCH_AUDIT_PARTS === 'parse') {
  const previous = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)
    : {};
  if (previous.endToEnd !== undefined) results.endToEnd = previous.endToEnd;
} else {
  const endToEnd = await auditEndToEnd();
  results.endToEnd = endToEnd;
  console.log(
    `Audit end to end: ${endToEnd.objects.toLocaleString('en-US')} objects from the stand-in's answers to stored results in ${endToEnd.endToEndMs} ms after "Run now" (${endToEnd.objectsPerSecond.toLocaleString('en-US')}/s; the run itself ${endToEnd.runMs} ms), ${endToEnd.violations.toLocaleString('en-US')} violations, score ${endToEnd.score}`,
  );
  console.log(
    `  parts alone: reading every page ${endToEnd.readMs} ms, checking every name and link ${endToEnd.checkMs} ms`,
  );
}

mkdirSync(resultsDir, { recursive: true });
writeFileSync(`${file}.tmp`, `${JSON.stringify(results, null, 2)}\n`);
renameSync(`${file}.tmp`, file);
console.log(`Wrote ${file}`);
