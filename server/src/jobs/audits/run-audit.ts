import {
  AUDIT_PLATFORM_LABELS,
  type AuditableSlug,
  type AuditFilters,
  compileAuditRules,
  type IntegrationAssignment,
} from '@nomen/shared';
import type { AuditRow } from '@nomen/shared/db';
import { actorOfUser } from '../../auth/auth.service';
import * as repo from '../../entities/audits/audits.repository';
import { readConnector } from '../../entities/connectors/connectors.read';
import { buildForm } from '../../entities/submissions/submission-form.service';
import { loadTemplate } from '../../entities/templates/templates.service';
import type { Actor } from '../../http/context';
import { providerReaderOf } from '../../integrations/registry';
import { describe } from '../delivery';
import * as inboundRepo from '../inbound/inbound.repository';
import { InboundError } from '../inbound/inbound-error';
import type { AttemptInfo, AttemptOutcome, JobDeps } from '../types';
import { auditObjectsOf, changedSince, scoreObjects } from './audit-objects';
import { mailDigest } from './digest';
import { landingPageProblems, landingPagesOf } from './landing-pages';

/**
 * One audit run (README "Audits"), a job of the `audit-run` queue: reads the audit's data type
 * through the inbound reader of its slug (the same provider client and filters an inbound pull
 * uses), checks every object's name and link against the template's rules (`compileAuditRules`)
 * and its landing page (landing-pages.ts),
 * stores the violations and the run's score and breakdowns, then mails the digest. A provider
 * that cannot be reached is retried like an inbound pull; a refusal (credentials, settings) or a
 * template without a pattern ends the run Failed with the reason.
 */

/** The data of one audit-run job. */
export interface AuditRunJob {
  runId: number;
  accountId: number;
}

/**
 * The assignment an inbound reader reads: the audit's slug, connected account, data type and
 * settings as metadata, and its filters as the catalogue's filters (status ACTIVE, name_contains).
 */
export function readerAssignment(
  audit: Pick<AuditRow, 'slug' | 'connector_id' | 'data_type' | 'settings'> & {
    filters: Partial<AuditFilters>;
  },
): IntegrationAssignment {
  const filters: IntegrationAssignment['filters'] = [];
  if (audit.filters.active_only) filters.push({ integrationFilterId: 'status', values: ['ACTIVE'] });
  if (audit.filters.name_contains)
    filters.push({ integrationFilterId: 'name_contains', values: [audit.filters.name_contains] });
  return {
    id: 0,
    name: 'Audit',
    connector_id: audit.connector_id,
    connector_type_id: null,
    assigned_entity_type: 'template',
    slug: audit.slug,
    integration_type: 'INPUT',
    metadata: { ...audit.settings, data_type: audit.data_type },
    mapping_fields: [],
    new_mapping: false,
    delimiter: null,
    file_type: [],
    filename_pattern: '',
    include_summary_header: 0,
    report_type: 'default',
    included_output_fields: [],
    folder: '',
    folder_name: '',
    folder_entry_type: 'manual',
    url: '',
    filters,
    integration_data_reset: false,
    integration_notifications: [],
  } as IntegrationAssignment;
}

/** Whom a run acts as (its form's lists are read as them): who asked, the audit's creator, else the super admin. */
async function runActor(deps: JobDeps, accountId: number, userIds: (number | null)[]): Promise<Actor> {
  for (const userId of [...userIds, await inboundRepo.superAdminOf(deps.db, accountId)]) {
    if (userId === null) continue;
    const actor = await actorOfUser(deps, accountId, userId);
    if (actor) return actor;
  }
  throw new InboundError('No enabled user of the account can run the audit', true);
}

/** Reads, checks and stores one run; throws InboundError (permanent or not) on failure. */
async function auditOnce(deps: JobDeps, audit: AuditRow, runId: number, actor: Actor) {
  const template = await loadTemplate(deps.db, audit.account_id, audit.template_id);
  if (!template) throw new InboundError('The template of the audit was deleted', true);
  const form = await buildForm({ ...deps, pool: null, jobs: null }, actor, template, null);
  let rules: ReturnType<typeof compileAuditRules>;
  try {
    rules = compileAuditRules(form, audit.pattern_field_id);
  } catch (error) {
    throw new InboundError(describe(error), true);
  }
  const reader = providerReaderOf(audit.slug);
  if (!reader) throw new InboundError(`Nomen does not read ${audit.slug}`, true);
  let connector: Awaited<ReturnType<typeof readConnector>>;
  try {
    connector = await readConnector(deps, audit.account_id, audit.connector_id);
  } catch (error) {
    throw new InboundError(`The connected account cannot be read: ${describe(error)}`, true);
  }
  const read = await reader(deps, connector, readerAssignment(audit));
  let objects: ReturnType<typeof auditObjectsOf>;
  try {
    objects = changedSince(auditObjectsOf(read), audit.filters.updated_since ?? null);
  } catch (error) {
    throw new InboundError(describe(error), true);
  }
  const accepted = await repo.exceptionIds(deps.db, audit.account_id, audit.id);
  const pages = await landingPageProblems(deps, landingPagesOf(objects.map((o) => o.url)));
  const source = {
    platform: AUDIT_PLATFORM_LABELS[audit.slug as AuditableSlug] ?? audit.slug,
    account: audit.settings.adAccountsLinked || connector.name,
  };
  const { findings, result } = scoreObjects(rules, objects, accepted, source, pages);
  await repo.insertFindings(deps.db, audit.account_id, runId, findings);
  return { ...result, message: `Checked ${read.label}` };
}

/**
 * Works one attempt of an audit run: a run already ended is left as it is; otherwise it ends
 * Success with its result (and the digest mailed), Failed with the reason, or stays Running to be
 * retried ('retry') when the platform could not be reached and retries are left.
 */
export async function runAudit(deps: JobDeps, job: AuditRunJob, info: AttemptInfo): Promise<AttemptOutcome> {
  const run = await repo.findRun(deps.db, job.accountId, job.runId);
  if (!run || run.status === 'Success' || run.status === 'Failed') return 'done';
  const audit = await repo.findAudit(deps.db, job.accountId, run.audit_id);
  if (!audit) return 'done';
  await repo.startRun(deps.db, run.id);
  const empty = {
    objects: 0,
    compliant: 0,
    violations: 0,
    exceptions: 0,
    score: null,
    breakdown: {},
    reason_counts: {},
  };
  try {
    const actor = await runActor(deps, audit.account_id, [run.requested_by, audit.created_by]);
    const result = await auditOnce(deps, audit, run.id, actor);
    await repo.endRun(deps.db, run.id, { status: 'Success', ...result });
    await mailDigest(deps, audit, run.id).catch((error: unknown) =>
      console.error(`[audits] digest of run ${run.id} failed: ${describe(error)}`),
    );
    return 'done';
  } catch (error) {
    const permanent = error instanceof InboundError ? error.permanent : false;
    const last = info.retryCount >= info.retryLimit;
    if (!permanent && !last) return 'retry';
    await repo.endRun(deps.db, run.id, { status: 'Failed', ...empty, message: describe(error) });
    return 'done';
  }
}
