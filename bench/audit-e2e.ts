/**
 * The end-to-end half of `npm run bench:audit` (README "Audits"): the audit of 100,000 live ad
 * creatives from the Meta stand-in's answers to the stored results. On a fresh PostgreSQL database
 * (BENCH_AUDIT_DATABASE_URL, recreated) an app with its job queue working in this process, an
 * account with the audit tests' template (server/src/entities/audits/audits.fixtures.ts: a
 * 4-segment pattern, two lists, two link parameters) and a connected Meta account; the stand-in
 * holds 100,000 creatives, one in ten broken in one of five ways. Measured:
 *  - end to end: from "Run now"'s answer to the run stored Success (polled every 20 ms), and the
 *    run's own time (started_at to finished_at): reading every page of the Graph edge, checking
 *    each name and link, storing the violations and the score;
 *  - its parts, timed alone in this process after the run: the reader (the same provider client
 *    and stand-in) and the checks (`scoreObjects` over the objects read).
 */
import { performance } from 'node:perf_hooks';
import { compileAuditRules, type SubmissionForm } from '@nomen/shared';
import { openDatabase } from '@nomen/shared/db';
import { migrateToLatest } from '../server/src/db/migrate';
import { auditTemplate, CHANNELS, REGIONS } from '../server/src/entities/audits/audits.fixtures';
import { readConnector } from '../server/src/entities/connectors/connectors.read';
import { providerReaderOf } from '../server/src/integrations/registry';
import { auditObjectsOf, scoreObjects } from '../server/src/jobs/audits/audit-objects';
import { readerAssignment } from '../server/src/jobs/audits/run-audit';
import { startJobs } from '../server/src/jobs/index';
import { insertOAuthConnector } from '../server/src/test/connectors';
import { createAdminContext } from '../server/src/test/test-context';
import { type MetaAdObjectSeed, MetaStandin } from '../tests/standins/meta';
import { recreateDatabase } from './support';

/** Live objects the end-to-end half audits. */
export const AUDIT_E2E_OBJECTS = 100_000;

const dbUrl = new URL(
  process.env.BENCH_AUDIT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nomen_bench_audit',
);

/** The creatives: nine in ten compliant, the rest broken in turn (list value, date, shape, link). */
function creatives(count: number): MetaAdObjectSeed[] {
  return Array.from({ length: count }, (_, i) => {
    const region = REGIONS[i % REGIONS.length]!;
    const channel = CHANNELS[(i >> 2) % CHANNELS.length]!;
    let name = `${region}_${channel}_Campaign ${i}_2026${String((i % 12) + 1).padStart(2, '0')}15`;
    let tags = `utm_source=${channel}&utm_campaign=${encodeURIComponent(name)}`;
    if (i % 10 === 9) {
      const kind = (i / 10) | 0;
      if (kind % 5 === 0) name = name.replace(region, region.toLowerCase());
      else if (kind % 5 === 1) name = name.replace(/15$/, '32');
      else if (kind % 5 === 2) name = `Campaign ${i}`;
      else if (kind % 5 === 3) tags = `utm_source=${channel}`;
      else tags = tags.replace(channel, 'facebook');
    }
    return { id: String(10_000_000 + i), name, status: 'ACTIVE', url_tags: tags };
  });
}

/** The end-to-end figures. */
export interface AuditEndToEndFigures {
  objects: number;
  violations: number;
  score: number | null;
  /** From "Run now"'s answer to the run stored Success. */
  endToEndMs: number;
  /** The run's own time, started_at to finished_at. */
  runMs: number;
  objectsPerSecond: number;
  /** The reader alone: every page from the stand-in into the objects. */
  readMs: number;
  /** The checks alone: every name parsed and link checked, the score and breakdowns made. */
  checkMs: number;
}

/** Runs the end-to-end half; answers its figures. */
export async function auditEndToEnd(count = AUDIT_E2E_OBJECTS): Promise<AuditEndToEndFigures> {
  await recreateDatabase(dbUrl);
  const migrating = await openDatabase({ url: dbUrl.toString(), poolSize: 1 });
  await migrateToLatest(migrating.db);
  await migrating.close();
  process.env.TEST_DATABASE_URL = dbUrl.toString();

  const meta = new MetaStandin({
    validTokens: ['bench-token'],
    me: { id: '1', name: 'Bench' },
    adAccounts: [{ account_id: '4242', name: 'Bench account', objects: { adcreatives: creatives(count) } }],
  });
  await meta.start();
  const { ctx, account, admin } = await createAdminContext([], { META_GRAPH_API_URL: meta.graphUrl });
  const jobs = await startJobs(ctx.deps, ctx.handle, ctx.deps.config.jobs, { work: true });
  ctx.deps.jobs = jobs;
  try {
    const connectorId = await insertOAuthConnector(ctx, {
      accountId: account.id,
      type: 'facebook-marketing',
      accessToken: 'bench-token',
      scope: 'ads_read',
    });
    const template = await auditTemplate(admin);
    const saved = await admin.put('/api/v1/account/audits').send({
      name: 'Bench creatives',
      connector_id: connectorId,
      slug: 'facebook-marketing-inbound',
      data_type: 'ad_creatives',
      settings: { adAccountsLinked: 'act_4242' },
      template_id: template.id,
    });
    if (saved.status !== 200) throw new Error(`audit save: ${JSON.stringify(saved.body)}`);
    const auditId = saved.body.audit.id as number;

    const started = await admin.post(`/api/v1/account/audits/${auditId}/run`);
    const t0 = performance.now();
    let run: Record<string, unknown>;
    for (;;) {
      run = (await admin.get(`/api/v1/account/audit-runs/${started.body.run.id}`)).body.run;
      if (run.status === 'Success' || run.status === 'Failed') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const endToEndMs = performance.now() - t0;
    if (run.status !== 'Success') throw new Error(`the run failed: ${run.message}`);
    const runMs = Date.parse(String(run.finished_at)) - Date.parse(String(run.started_at));

    // The parts alone, in this process, on the same data.
    const connector = await readConnector(ctx.deps, account.id, connectorId);
    const assignment = readerAssignment({
      slug: 'facebook-marketing-inbound',
      connector_id: connectorId,
      data_type: 'ad_creatives',
      settings: { adAccountsLinked: 'act_4242' },
      filters: {},
    });
    const r0 = performance.now();
    const read = await providerReaderOf('facebook-marketing-inbound')!(ctx.deps, connector, assignment);
    const objects = auditObjectsOf(read);
    const readMs = performance.now() - r0;
    const form = await admin.get(`/api/v1/account/submissions/templates/${template.id}/form`);
    const rules = compileAuditRules(form.body as SubmissionForm, null);
    const c0 = performance.now();
    scoreObjects(rules, objects, new Set(), { platform: 'Meta', account: 'act_4242' });
    const checkMs = performance.now() - c0;
    return {
      objects: Number(run.objects),
      violations: Number(run.violations),
      score: run.score as number | null,
      endToEndMs: Math.round(endToEndMs),
      runMs,
      objectsPerSecond: Math.round((Number(run.objects) / endToEndMs) * 1000),
      readMs: Math.round(readMs),
      checkMs: Math.round(checkMs),
    };
  } finally {
    await jobs.stop();
    await ctx.close();
    await meta.close();
  }
}
