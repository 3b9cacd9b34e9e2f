import {
  fieldsetIdsOf,
  type IntegrationAssignment,
  isLinkedSegmentField,
  notReadyText,
  type OutputFile,
  type OutputSettings,
  templateFieldSource,
} from '@nomen/shared';
import type { IntegrationRunRow } from '@nomen/shared/db';
import { fieldsetNames } from '../entities/fieldsets/fieldsets.repository';
import * as runs from '../entities/integration-runs/integration-runs.repository';
import { endRun } from '../entities/integration-runs/integration-runs.service';
import * as submissionsRepo from '../entities/submissions/submissions.repository';
import { loadRunAssignment, type RunTemplate } from '../entities/templates/templates.service';
import { recordFailedAttempt } from './attempt';
import { type DeliveryContext, type DeliveryResult, delivererOf } from './deliver';
import { assignmentConnector, type RunRow } from './deliver/context';
import { DeliveryError } from './delivery';
import { runInbound } from './inbound/run-inbound';
import { LeaseLostError, type RunLease, takeLease } from './lease';
import { notifyRun, notifyTargetRun } from './notify';
import { buildOutputFiles } from './output-files';
import { uploadToTarget } from './target-upload';
import type { AttemptInfo, AttemptOutcome, IntegrationRunJob, JobDeps } from './types';

export type { AttemptInfo, AttemptOutcome, IntegrationRunJob, JobDeps } from './types';

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The output settings of an assignment as stored (defaults where the draft left them out). */
function outputSettings(a: IntegrationAssignment): OutputSettings {
  return {
    report_type: a.report_type ?? 'default',
    included_output_fields: a.included_output_fields ?? [],
    file_type: a.file_type ?? [],
    delimiter: a.delimiter ?? null,
    filename_pattern: a.filename_pattern ?? '',
    include_summary_header: a.include_summary_header === 1 ? 1 : 0,
    metadata: a.metadata ?? {},
  };
}

interface Loaded {
  template: RunTemplate;
  assignment: IntegrationAssignment;
  submission: NonNullable<Awaited<ReturnType<typeof submissionsRepo.findSubmission>>>;
  rows: RunRow[];
  fields: { id: number; name: string }[];
  files: OutputFile[];
}

/** Reads what a run delivers and builds its files; DeliveryError (permanent) when something is gone. */
async function load(deps: JobDeps, run: IntegrationRunRow): Promise<Loaded> {
  if (run.assignment_id === null || run.template_id === null)
    throw new DeliveryError('The integration was removed from the template before it ran', true);
  // Only the template's name and fields and this one assignment (loadRunAssignment), not the whole template.
  const found = await loadRunAssignment(deps.db, run.account_id, run.template_id, run.assignment_id);
  if (!found) throw new DeliveryError('The integration was removed from the template before it ran', true);
  const { template, assignment } = found;
  // A run queued before a save left the assignment "Not ready" does not deliver (readiness.ts).
  if (assignment.readiness && !assignment.readiness.is_ready)
    throw new DeliveryError(`${assignment.name}: ${notReadyText(assignment.readiness.missing)}`, true);
  if (run.submission_id === null) throw new DeliveryError('The run names no submission', true);
  const submission = await submissionsRepo.findSubmission(deps.db, run.account_id, run.submission_id);
  if (!submission || run.commit_id === null)
    throw new DeliveryError('The submission is no longer in the dataset', true);
  const rows = await submissionsRepo.rowValuesAt(deps.db, submission.id, run.commit_id);
  // A segment filled from a same-named field-set field is that field's column, not one of its own.
  const fieldsets = await fieldsetNames(deps.db, run.account_id, fieldsetIdsOf(template.template_fields));
  const fields = [...template.template_fields]
    .sort((a, b) => a.precedence - b.precedence)
    .filter((f) => !isLinkedSegmentField(f))
    .map((f) => ({
      id: f.id as number,
      name: f.field.name,
      source: templateFieldSource(f, template.template_fields, fieldsets),
    }));
  const files = await buildOutputFiles(
    outputSettings(assignment),
    fields,
    rows.map((r) => r.data),
    {
      template_name: submission.template_name,
      submission_name: submission.name,
      submitted_at: submission.submitted_at ?? submission.created_at,
      submitted_by: submission.submitter_name,
    },
  );
  return { template, assignment, submission, rows, fields, files };
}

/**
 * Delivers the built files where the assignment says, through the slug's deliverer
 * (./deliver/index.ts); answers what it delivered.
 */
async function deliver(
  deps: JobDeps,
  run: IntegrationRunRow,
  loaded: Loaded,
  lease: RunLease,
): Promise<DeliveryResult> {
  const deliverer = delivererOf(run.slug);
  if (!deliverer) throw new DeliveryError(`Nomen does not deliver ${run.slug} integrations`, true);
  const metadata = loaded.assignment.metadata ?? {};
  const ctx: DeliveryContext = {
    deps,
    run,
    ...loaded,
    metadata,
    destination: {
      folder: (loaded.assignment.folder ?? '').trim() || String(metadata.folder ?? '').trim(),
      filePrefix: String(metadata.filePrefix ?? '').trim(),
      metadata,
    },
    connector: () => assignmentConnector(deps, run.account_id, loaded.assignment.connector_id),
    attemptTag: lease.token.slice(0, 8),
    fence: () => lease.fence(),
  };
  return deliverer(ctx);
}

/**
 * Works one attempt of an integration run (issue 12 item 4): builds the files from the submission's
 * rows as of the run's commit and delivers them, or, for a run naming a target, uploads the rows
 * to that Adobe or Google Analytics target; inbound runs go to `runInbound`. Ends the run Success
 * (with the delivered names), or, on a permanent failure or the last retry, Failed with the error
 * and a notification (a target run's goes to the recipients of the template's assignments naming
 * the target); other failures leave it Retrying and answer 'retry' so the queue tries again after
 * its backoff. A run already ended (a repeated job) is left as it is. The submission is never
 * changed. The attempt works the run only while it holds the run's lease (./lease.ts): an attempt
 * started while a live one works the run does nothing, and one whose lease was taken over stops
 * before renaming files into place, sending mail or recording an outcome, so a push longer than
 * JOB_EXPIRE_SECONDS is delivered once and logged once.
 */
export async function runIntegration(
  deps: JobDeps,
  job: IntegrationRunJob,
  info: AttemptInfo,
): Promise<AttemptOutcome> {
  const run = await runs.findRun(deps.db, job.accountId, job.runId);
  if (!run || run.status === 'Success' || run.status === 'Failed') return 'done';
  const lease = await takeLease(deps.db, run.id, deps.config.jobs.expireSeconds, info.jobId);
  if (!lease) return 'done';
  try {
    // Inbound pulls (issue 12 item 5) have their own runner.
    if (run.direction === 'INPUT') return await runInbound(deps, run, info, lease);
    return await runOutbound(deps, run, info, lease);
  } catch (error) {
    if (error instanceof LeaseLostError) return 'done';
    throw error;
  } finally {
    await lease.release();
  }
}

/** One attempt of an outbound run, holding `lease` (see {@link runIntegration}). */
async function runOutbound(
  deps: JobDeps,
  run: IntegrationRunRow,
  info: AttemptInfo,
  lease: RunLease,
): Promise<AttemptOutcome> {
  const attempt = run.attempts + 1;
  await runs.updateRun(deps.db, run.id, {
    status: 'Running',
    message: `Attempt ${attempt} started`,
    attempt,
    started: true,
    leaseToken: lease.token,
  });
  let loaded: Loaded | undefined;
  try {
    let result: DeliveryResult;
    if (run.target_id !== null) {
      // A run naming a target uploads to that analytics target (./target-upload.ts).
      result = await uploadToTarget(deps, run);
    } else {
      loaded = await load(deps, run);
      result = await deliver(deps, run, loaded, lease);
    }
    const names = Array.isArray(result) ? result : result.items;
    const text = Array.isArray(result)
      ? `Delivered ${names.length} ${names.length === 1 ? 'file' : 'files'}: ${names.join(', ')}`
      : result.message;
    await lease.fence();
    // Notices go out before the run ends, so whoever sees it ended finds the mail already sent.
    if (run.target_id !== null) await notifyTargetRun(deps, run, 'success', text);
    else await notifyRun(deps, run, loaded?.assignment, 'success', text);
    await endRun(deps.db, run.id, {
      status: 'Success',
      message: text,
      attempt,
      files: names,
      leaseToken: lease.token,
    });
    return 'done';
  } catch (error) {
    if (error instanceof LeaseLostError) throw error;
    const text = message(error);
    await lease.fence();
    return recordFailedAttempt(
      deps,
      run.id,
      { text, permanent: error instanceof DeliveryError ? error.permanent : false, attempt, info },
      async () =>
        run.target_id !== null
          ? notifyTargetRun(deps, run, 'failure', text)
          : notifyRun(deps, run, loaded?.assignment ?? (await assignmentOf(deps, run)), 'failure', text),
    );
  }
}

/** The assignment of a run when loading failed before it was read (for notifications). */
async function assignmentOf(
  deps: JobDeps,
  run: IntegrationRunRow,
): Promise<IntegrationAssignment | undefined> {
  if (run.template_id === null || run.assignment_id === null) return undefined;
  const found = await loadRunAssignment(deps.db, run.account_id, run.template_id, run.assignment_id).catch(
    () => null,
  );
  return found?.assignment;
}
