import type { AuditRow } from '@nomen/shared/db';
import * as repo from '../../entities/audits/audits.repository';
import type { JobDeps } from '../types';

/** Violations a digest lists. */
export const DIGEST_TOP = 10;

/** A score as the digest writes it: a percentage with one decimal. */
export function percent(score: number | null): string {
  return score === null ? 'no objects' : `${(score * 100).toFixed(1)}%`;
}

/** The change since the last run, in percentage points ("+2.5 points", "no change", "first run"). */
export function changeText(score: number | null, previous: number | null): string {
  if (score === null || previous === null) return 'first run';
  const points = Math.round((score - previous) * 1000) / 10;
  if (points === 0) return 'no change since the last run';
  return `${points > 0 ? '+' : ''}${points.toFixed(1)} points since the last run`;
}

/**
 * Mails the digest of a finished run to the audit's recipients (README "Audits"): the score, the
 * change since the last finished run, the first ten violations with their reasons and suggested
 * names, and a link to the audit's page. One mail per recipient; nothing without recipients.
 */
export async function mailDigest(deps: JobDeps, audit: AuditRow, runId: number): Promise<void> {
  if (audit.recipients.length === 0) return;
  const run = await repo.findRun(deps.db, audit.account_id, runId);
  if (!run) return;
  const previous = await repo.previousScore(deps.db, audit.id, runId);
  const { rows } = await repo.findingsPage(
    deps.db,
    audit.account_id,
    runId,
    { q: '', reason: '', verdict: 'violation' },
    { limit: DIGEST_TOP, offset: 0 },
  );
  const link = `${deps.config.appUrl}/admin/audits/${audit.id}?run=${runId}`;
  const lines = [
    `Audit "${audit.name}": ${percent(run.score)} compliant (${changeText(run.score, previous)}).`,
    `${run.objects} objects: ${run.compliant} compliant, ${run.violations} violations, ${run.exceptions} accepted exceptions.`,
    '',
    rows.length > 0 ? `Top ${rows.length} violations:` : 'No violations.',
    ...rows.map((f, i) => {
      const fix = f.suggested_name ? ` → ${f.suggested_name}` : '';
      return `${i + 1}. ${f.name}${fix}: ${f.reasons.map((r) => r.message).join('; ')}`;
    }),
    '',
    `Open the audit: ${link}`,
  ];
  const subject = `Audit ${audit.name}: ${percent(run.score)} compliant`;
  for (const to of audit.recipients)
    await deps.mailer.send({
      to,
      subject,
      text: lines.join('\n'),
      messageId: `<audit-run-${runId}-${to}@nomen>`,
    });
}
