import { createHash } from 'node:crypto';
import { AppError, compileAuditRules, type SubmissionRow, type Template } from '@nomen/shared';
import type { Actor, AppDeps } from '../../http/context';
import { buildForm } from '../submissions/submission-form.service';
import { createSubmission } from '../submissions/submissions.service';
import { loadTemplate } from '../templates/templates.service';
import * as repo from './audits.repository';

/**
 * "Fix" (README "Audits"): a run's violations become a submission of the audit's template, the
 * way an inbound pull brings platform objects in: one row per object carrying its id (in the field
 * the template's outbound integration maps to the object's id) and the values of the name's
 * segments as read, each wrong list value replaced by the value probably meant. Rows that pass
 * every rule are submitted at once (Pending approval when the template asks for it); when any
 * fails, they all go to a Draft to be fixed in the submission table. Approval commits the rows and
 * the template's outbound integrations (facebook-marketing-outbound, tiktok-outbound…) rename the
 * objects on the platform.
 */

/** Mapping names of an object's own id in the outbound integrations (spec 03 §9 default mappings). */
const ID_MAPPINGS = [
  'id',
  'ad_id',
  'adset_id',
  'campaign_id',
  'creative_id',
  'adgroup_id',
  'adId',
  'campaignId',
];

/** The template field holding the platform object's id: the one an outbound integration maps to its id. */
function idFieldOf(template: Template): number | null {
  for (const a of template.integrations) {
    if (a.integration_type !== 'OUTPUT') continue;
    for (const name of ID_MAPPINGS) {
      const mapped = a.mapping_fields.find((m) => m.fieldName === name && m.cvFieldId !== null);
      const field = mapped && template.template_fields.find((f) => f.field_id === mapped.cvFieldId);
      if (typeof field?.id === 'number') return field.id;
    }
  }
  return null;
}

/**
 * Sends violations of a run (all of them, or `findingIds`) into a submission; answers its id and
 * row count. 404 for another account's run or unknown finding ids; 400 when the template has no
 * field mapped to the object's id or the run has no violations.
 */
export async function fixFindings(
  deps: AppDeps,
  actor: Actor,
  runId: number,
  findingIds: readonly number[],
): Promise<{ submission_id: number; rows: number }> {
  const run = await repo.findRun(deps.db, actor.accountId, runId);
  if (!run) throw AppError.notFound('Audit run');
  const audit = await repo.findAudit(deps.db, actor.accountId, run.audit_id);
  const template = audit && (await loadTemplate(deps.db, actor.accountId, audit.template_id));
  if (!audit || !template) throw AppError.notFound('Audit');
  let findings = await repo.allFindings(deps.db, actor.accountId, runId, {
    q: '',
    reason: '',
    verdict: 'violation',
  });
  if (findingIds.length > 0) {
    const known = new Set(findings.map((f) => f.id));
    const missing = findingIds.filter((id) => !known.has(id));
    if (missing.length > 0) throw new AppError('NOT_FOUND', `Violations not found: ${missing.join(', ')}`);
    const wanted = new Set(findingIds);
    findings = findings.filter((f) => wanted.has(f.id));
  }
  if (findings.length === 0) throw AppError.badField('body.finding_ids', 'The run has no violations to fix');
  const idField = idFieldOf(template);
  if (idField === null)
    throw AppError.badField(
      'params.id',
      `${template.name} has no field mapped to the object's id in an outbound integration, so fixed names cannot be pushed back`,
    );
  const form = await buildForm(deps, actor, template, null);
  const rules = compileAuditRules(form, audit.pattern_field_id);
  const rows = findings.map((f) => {
    const row: SubmissionRow = { [String(idField)]: f.object_id };
    for (const part of rules.parse(f.suggested_name ?? f.name).parts) {
      const field = rules.segmentFields.get(String(part.segmentId));
      // Dates go as read: their text is in the segment's own format, which the date rule reads.
      if (field && (part.segmentType === 'variable' || part.segmentType === 'date'))
        row[String(field.id)] = part.suggestion ?? part.value;
    }
    return row;
  });
  const input = {
    template_id: template.id as number,
    name: `Audit fixes: ${audit.name} (run ${runId})`,
    rows,
  };
  const ids = findings.map((f) => f.id).join(',');
  const key = `audit-fix-${runId}-${createHash('sha256').update(ids).digest('hex').slice(0, 32)}`;
  let made: Awaited<ReturnType<typeof createSubmission>>;
  try {
    made = await createSubmission(deps, actor, { ...input, draft: false }, `${key}-submit`);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'BAD_REQUEST') throw error;
    made = await createSubmission(deps, actor, { ...input, draft: true }, `${key}-draft`);
  }
  await repo.setRunSubmission(deps.db, actor.accountId, runId, made.id);
  return { submission_id: made.id, rows: made.row_count };
}
