import { auditScoreChange, auditScoreText } from '@nomen/shared';
import type { AuditRow } from '@nomen/shared/db';
import * as repo from '../../entities/audits/audits.repository';
import type { JobDeps } from '../types';

/** Violations a digest lists. */
export const DIGEST_TOP = 10;

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
  const score = auditScoreText(run.score, 'no objects');
  const change = auditScoreChange(run.score, previous);
  const link = `${deps.config.appUrl}/admin/audits/${audit.id}?run=${runId}`;
  const lines = [
    `Audit "${audit.name}": ${score} compliant (${change === null ? 'first run' : `${change} since the last run`}).`,
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
  const subject = `Audit ${audit.name}: ${score} compliant`;
  // One Message-ID per run and recipient (an address may not stand in it: it holds an @).
  for (const [i, to] of audit.recipients.entries())
    await deps.mailer.send({
      to,
      subject,
      text: lines.join('\n'),
      messageId: `<audit-run-${runId}-${i}@nomen>`,
    });
}
