import {
  AppError,
  AUDITABLE_SLUGS,
  type Audit,
  type AuditChoices,
  type AuditFilters,
  type AuditFinding,
  type AuditRun,
  type AuditRunDetail,
  type AuditSchedule,
  type auditSaveSchema,
  connectorTypeById,
  integrationFor,
} from '@nomen/shared';
import type { AuditFindingRow, AuditRunRow } from '@nomen/shared/db';
import type { z } from 'zod';
import type { Actor, AppDeps } from '../../http/context';
import { recordActivity } from '../activities/activities.service';
import { listConnectors } from '../connectors/connectors.repository';
import { assertAllFound, assertNotStale } from '../guards';
import { listTemplates, templateFieldsOf } from '../templates/templates.repository';
import { loadTemplate } from '../templates/templates.service';
import * as repo from './audits.repository';

/**
 * Audits (README "Audits"): the setup (CRUD with tenant checks), "Run now", the read API (runs,
 * breakdowns, findings), exceptions. The run itself is a job (server/src/jobs/audits/).
 */

/** Runs the audit page's trend shows. */
export const AUDIT_TREND_RUNS = 52;

const DAY_MS = 24 * 3600_000;

/** When a schedule next runs after `from`: a day or a week later; never for manual. */
export function nextRunAfter(schedule: AuditSchedule, from: Date): Date | null {
  if (schedule === 'daily') return new Date(from.getTime() + DAY_MS);
  if (schedule === 'weekly') return new Date(from.getTime() + 7 * DAY_MS);
  return null;
}

function iso(date: Date | null): string | null {
  return date === null ? null : date.toISOString();
}

/** A run as the API answers it. */
export function toRun(row: AuditRunRow): AuditRun {
  return {
    id: row.id,
    audit_id: row.audit_id,
    status: row.status,
    trigger: row.trigger,
    objects: row.objects,
    compliant: row.compliant,
    violations: row.violations,
    exceptions: row.exceptions,
    score: row.score,
    message: row.message,
    submission_id: row.submission_id,
    created_at: row.created_at.toISOString(),
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
  };
}

type AuditListRow = Awaited<ReturnType<typeof repo.listAudits>>[number];

function toAudit(row: AuditListRow, runs: readonly AuditRunRow[]): Audit {
  const own = runs.filter((r) => r.audit_id === row.id);
  const last = own[0] ?? null;
  const previous = own.find((r, i) => i > 0 && r.status === 'Success') ?? null;
  return {
    id: row.id,
    name: row.name,
    connector_id: row.connector_id,
    connector_name: row.connector_name,
    slug: row.slug as Audit['slug'],
    data_type: row.data_type,
    settings: row.settings,
    template_id: row.template_id,
    template_name: row.template_name,
    pattern_field_id: row.pattern_field_id,
    filters: {
      active_only: row.filters.active_only ?? false,
      updated_since: row.filters.updated_since ?? null,
      name_contains: row.filters.name_contains ?? null,
    },
    schedule: row.schedule,
    recipients: row.recipients,
    next_run_at: iso(row.next_run_at),
    updated_at: row.updated_at.toISOString(),
    last_run: last ? toRun(last) : null,
    previous_score: previous?.score ?? null,
  };
}

/** The account's audits by name, each with its last run and the previous run's score. */
export async function listAudits(deps: AppDeps, actor: Actor): Promise<{ data: Audit[] }> {
  const rows = await repo.listAudits(deps.db, actor.accountId);
  const runs = await repo.lastRunsOf(
    deps.db,
    actor.accountId,
    rows.map((r) => r.id),
  );
  return { data: rows.map((r) => toAudit(r, runs)) };
}

/** One audit of the account with its latest runs, oldest first; 404 otherwise. */
export async function getAudit(deps: AppDeps, actor: Actor, id: number) {
  const [row] = await repo.listAudits(deps.db, actor.accountId, [id]);
  if (!row) throw AppError.notFound('Audit');
  const runs = await repo.runsOfAudit(deps.db, actor.accountId, id, AUDIT_TREND_RUNS);
  return { audit: toAudit(row, runs), runs: runs.map(toRun).reverse() };
}

/** The connector type slugs whose accounts an audit reads (those of the auditable readers). */
const AUDITABLE_TYPE_SLUGS: ReadonlySet<string> = new Set(
  AUDITABLE_SLUGS.map((s) => integrationFor(s).connectorTypeSlug).filter((t): t is string => t !== null),
);

/**
 * What the audit form offers, so that `manage_audits` alone is enough to set an audit up (README
 * "Audits"): the account's templates with a pattern field, by name, each with its pattern fields
 * in the template's order; its connected accounts of an auditable platform, by name. Only ids,
 * names and types: no credentials.
 */
export async function auditChoices(deps: AppDeps, actor: Actor): Promise<AuditChoices> {
  const [templates, connectors] = await Promise.all([
    listTemplates(deps.db, actor.accountId),
    listConnectors(deps.db, actor.accountId),
  ]);
  const fields = await templateFieldsOf(
    deps.db,
    actor.accountId,
    templates.map((t) => t.id),
  );
  const patternFieldsOf = (templateId: number) =>
    fields
      .filter((f) => f.template_id === templateId && f.governance_type === 'pattern')
      .map((f) => ({ id: f.field_id, name: f.field_name }));
  return {
    templates: templates
      .map((t) => ({ id: t.id, name: t.name, pattern_fields: patternFieldsOf(t.id) }))
      .filter((t) => t.pattern_fields.length > 0)
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
    connectors: connectors.flatMap((c) => {
      const type = connectorTypeById(c.connector_type_id);
      return type && AUDITABLE_TYPE_SLUGS.has(type.slug)
        ? [{ id: c.id, name: c.name, type_slug: type.slug, type: type.name }]
        : [];
    }),
  };
}

/** 400 naming the field when the connected account, template or pattern field does not fit the audit. */
async function checkReferences(deps: AppDeps, actor: Actor, input: z.output<typeof auditSaveSchema>) {
  const connector = await repo.connectorOf(deps.db, actor.accountId, input.connector_id);
  if (!connector) throw AppError.badField('body.connector_id', 'Choose a connected account of this account');
  const wanted = integrationFor(input.slug).connectorTypeSlug;
  const type = connectorTypeById(connector.connector_type_id);
  if (wanted !== null && type?.slug !== wanted)
    throw AppError.badField(
      'body.connector_id',
      `${connector.name} is not a ${integrationFor(input.slug).label} account`,
    );
  const template = await loadTemplate(deps.db, actor.accountId, input.template_id);
  if (!template) throw AppError.badField('body.template_id', 'Choose a template of this account');
  const patterns = template.template_fields.filter(
    (f) => f.governance_type === 'pattern' && typeof f.field_id === 'number',
  );
  if (patterns.length === 0)
    throw AppError.badField('body.template_id', `${template.name} has no pattern field to check names with`);
  if (input.pattern_field_id !== null && !patterns.some((f) => f.field_id === input.pattern_field_id))
    throw AppError.badField('body.pattern_field_id', `Choose a pattern field of ${template.name}`);
}

/**
 * Creates (no id) or updates (id) an audit with its activity entry (README "Audits"). 400 naming
 * the field for a connected account or template that does not fit, 404 for another account's
 * audit, 409 for a stale write. A changed schedule starts counting from now.
 */
export async function saveAudit(
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof auditSaveSchema>,
): Promise<{ audit: Audit }> {
  await checkReferences(deps, actor, input);
  const now = new Date();
  const id = await deps.db.transaction().execute(async (trx) => {
    const values: repo.AuditValues = {
      name: input.name,
      connector_id: input.connector_id,
      slug: input.slug,
      data_type: input.data_type,
      settings: input.settings,
      template_id: input.template_id,
      pattern_field_id: input.pattern_field_id,
      filters: input.filters satisfies AuditFilters,
      schedule: input.schedule,
      recipients: [...new Set(input.recipients)],
      next_run_at: nextRunAfter(input.schedule, now),
    };
    const audited = { name: values.name, schedule: values.schedule, template_id: values.template_id };
    if (!input.id) {
      const made = await repo.insertAudit(trx, actor.accountId, actor.userId, values);
      await recordActivity(trx, actor, {
        configuredObject: 'audit',
        objectName: values.name,
        objectId: made.id,
        before: null,
        after: audited,
      });
      return made.id;
    }
    const existing = await repo.findAuditForUpdate(trx, actor.accountId, input.id);
    if (!existing) throw AppError.notFound('Audit');
    assertNotStale(existing.updated_at, input.updated_at, 'audit');
    if (existing.schedule === values.schedule) values.next_run_at = existing.next_run_at;
    await repo.updateAudit(trx, actor.accountId, input.id, values);
    await recordActivity(trx, actor, {
      configuredObject: 'audit',
      objectName: values.name,
      objectId: input.id,
      before: { name: existing.name, schedule: existing.schedule, template_id: existing.template_id },
      after: audited,
    });
    return input.id;
  });
  return { audit: (await getAudit(deps, actor, id)).audit };
}

/** Deletes audits with their runs, findings and exceptions; all or nothing (404 naming unknown ids). */
export async function deleteAudits(deps: AppDeps, actor: Actor, ids: number[]): Promise<{ ok: true }> {
  await deps.db.transaction().execute(async (trx) => {
    const rows = await repo.listAudits(trx, actor.accountId, ids);
    assertAllFound(
      ids,
      rows.map((r) => r.id),
      'Audits',
    );
    await repo.deleteAudits(trx, actor.accountId, ids);
    for (const row of rows)
      await recordActivity(trx, actor, {
        configuredObject: 'audit',
        objectName: row.name,
        objectId: row.id,
        before: { name: row.name },
        after: null,
      });
  });
  return { ok: true };
}

/** "Run now": queues a run (or answers the open one) and wakes the job queue; 404 for another account's audit. */
export async function runAuditNow(deps: AppDeps, actor: Actor, id: number): Promise<{ run: AuditRun }> {
  const audit = await repo.findAudit(deps.db, actor.accountId, id);
  if (!audit) throw AppError.notFound('Audit');
  const queued = await repo.queueRun(deps.db, {
    accountId: actor.accountId,
    auditId: id,
    trigger: 'manual',
    requestedBy: actor.userId,
  });
  if (!queued) throw new AppError('CONFLICT', 'The audit has a run that just ended; try again');
  deps.jobs?.nudge();
  return { run: toRun(queued.run) };
}

/** A run of the account with its breakdowns; 404 otherwise. */
export async function getRun(deps: AppDeps, actor: Actor, id: number): Promise<{ run: AuditRunDetail }> {
  const row = await repo.findRun(deps.db, actor.accountId, id);
  if (!row) throw AppError.notFound('Audit run');
  return {
    run: {
      ...toRun(row),
      breakdown: {
        platform: row.breakdown.platform ?? [],
        account: row.breakdown.account ?? [],
        campaign: row.breakdown.campaign ?? [],
        owner: row.breakdown.owner ?? [],
      },
      reason_counts: row.reason_counts,
    },
  };
}

/** A finding as the API answers it: accepted objects are exceptions as of now. */
export function toFinding(row: AuditFindingRow & { exception_comment: string | null }): AuditFinding {
  return {
    id: row.id,
    object_id: row.object_id,
    name: row.name,
    url: row.url,
    platform: row.platform,
    ad_account: row.ad_account,
    campaign: row.campaign,
    owner: row.owner,
    verdict: row.exception_comment === null ? 'violation' : 'exception',
    reasons: row.reasons,
    suggested_name: row.suggested_name,
    suggested_url: row.suggested_url,
    exception_comment: row.exception_comment,
  };
}

/** A page of a run's findings; 404 for another account's run. */
export async function listFindings(
  deps: AppDeps,
  actor: Actor,
  runId: number,
  query: repo.FindingsFilter & { limit: number; offset: number },
): Promise<{ data: AuditFinding[]; total: number }> {
  if (!(await repo.findRun(deps.db, actor.accountId, runId))) throw AppError.notFound('Audit run');
  const { rows, total } = await repo.findingsPage(deps.db, actor.accountId, runId, query, query);
  return { data: rows.map(toFinding), total };
}

/** Accepts an object of the audit with a comment; 404 for another account's audit. */
export async function saveException(
  deps: AppDeps,
  actor: Actor,
  auditId: number,
  body: { object_id: string; comment: string },
): Promise<{ ok: true }> {
  await deps.db.transaction().execute(async (trx) => {
    const audit = await repo.findAuditForUpdate(trx, actor.accountId, auditId);
    if (!audit) throw AppError.notFound('Audit');
    await repo.upsertException(trx, {
      accountId: actor.accountId,
      auditId,
      objectId: body.object_id,
      comment: body.comment,
      userId: actor.userId,
    });
    await recordActivity(trx, actor, {
      configuredObject: 'audit',
      objectName: audit.name,
      objectId: auditId,
      before: null,
      after: { exception: body.object_id, comment: body.comment },
    });
  });
  return { ok: true };
}

/** No longer accepts an object; 404 when the audit or the exception is not there. */
export async function deleteException(
  deps: AppDeps,
  actor: Actor,
  auditId: number,
  objectId: string,
): Promise<{ ok: true }> {
  if (!(await repo.findAudit(deps.db, actor.accountId, auditId))) throw AppError.notFound('Audit');
  if (!(await repo.deleteException(deps.db, actor.accountId, auditId, objectId)))
    throw AppError.notFound('Exception');
  return { ok: true };
}
