import { createHash } from 'node:crypto';
import {
  AppError,
  guessImportMapping,
  type ImportMapping,
  type ImportTable,
  type IntegrationAssignment,
  importRefusal,
  importRows,
  isPullableSlug,
  notReadyText,
  type SubmissionRow,
  type Template,
} from '@nomen/shared';
import type { IntegrationRunRow } from '@nomen/shared/db';
import { actorOfUser } from '../../auth/auth.service';
import { readConnector } from '../../entities/connectors/connectors.read';
import * as runs from '../../entities/integration-runs/integration-runs.repository';
import { endRun } from '../../entities/integration-runs/integration-runs.service';
import { createSubmission } from '../../entities/submissions/submissions.service';
import { loadTemplate } from '../../entities/templates/templates.service';
import type { Actor, AppDeps } from '../../http/context';
import type { ProviderReader } from '../../integrations/provider';
import { providerReaderOf } from '../../integrations/registry';
import { sftpGuardOf } from '../../integrations/sftp/connection';
import { openSftpSource } from '../../integrations/sftp/source';
import { openS3Source } from '../../integrations/storage/s3-source';
import { recordFailedAttempt } from '../attempt';
import { templateFieldOf } from '../deliver/context';
import { describe } from '../delivery';
import { LeaseLostError, type RunLease } from '../lease';
import { notifyRun } from '../notify';
import type { AttemptInfo, AttemptOutcome, JobDeps } from '../types';
import type { FileSource, SourceFile } from './file-sources';
import * as repo from './inbound.repository';
import { InboundError } from './inbound-error';
import { checkFileSize, fileLimits, inboundFileType, parseInboundFile } from './parse-file';

/**
 * One inbound pull (issue 12 item 5): reads what is new at the source, maps it onto the template's
 * fields by name, and makes submissions through the submissions service (so every rule of a typed
 * submission applies):
 * - sftp-pull and aws-s3-inbound read each new CSV, XLSX or JSON file of the folder (one
 *   submission per file); ad-platform and marketing-cloud inbounds (Facebook, TikTok, Snapchat,
 *   Pinterest, Amazon Ads, Google Ads, Salesforce Marketing Cloud: their folders' reader.ts) read the
 *   chosen data type with its filters (one submission per pull, of the objects new or changed since
 *   the last), as do the other provider readers (CM360, DV360, GA, AEM, Workfront); every reader is
 *   looked up by slug in PROVIDER_READERS (integrations/registry.ts, built from the provider
 *   folders' manifests).
 * - What was imported is remembered (`inbound_items`: key and version), so a file is imported once
 *   and a replaced file again.
 * - The rows land in a Draft submission of the user who asked for the pull (the template's creator
 *   for the 8-hour schedule): people fix what fails validation in the submission table and submit
 *   it, so nothing enters the dataset unchecked (Claravine's model; this project's "Pending" is
 *   the approval state, see the README of server/src/entities/submissions).
 * - With the template's auto-submit (and the account's auto-submit flag) and identifier fields
 *   (metadata identifier_field_ids), the rows that have every identifier and pass validation are
 *   submitted at once (Submitted, or Pending approval); the rest go to the Draft.
 * Submissions are made with an Idempotency-Key derived from the assignment and the items read,
 * so a retried or repeated run answers the submissions already made instead of duplicating them.
 */

/** Most new files one pull imports; the rest wait for the next. */
export const INBOUND_MAX_FILES_PER_RUN = 100;

/** What `runInbound` needs: the job deps, and the pool (COPY) and queue of the process when it has them. */
export type InboundDeps = JobDeps & Partial<Pick<AppDeps, 'pool' | 'jobs'>>;

/** One unit of import: a file, or the objects of an ad-platform pull. */
interface Batch {
  /** Names it in messages and in the submission's name (the file name, or data type and account). */
  label: string;
  table: ImportTable;
  items: { key: string; version: string }[];
  /** Explicit mapping (ad platforms with mapping fields); null guesses by column name. */
  mapping: ImportMapping | null;
}

/** What one batch made. */
interface BatchResult {
  label: string;
  submitted: { id: number; rows: number; status: string } | null;
  draft: { id: number; rows: number } | null;
}

function appDeps(deps: InboundDeps): AppDeps {
  return {
    db: deps.db,
    config: deps.config,
    mailer: deps.mailer,
    pool: deps.pool ?? null,
    jobs: deps.jobs ?? null,
  };
}

/** The user a pull acts as: who asked for it, else the template's creator, else the account's super admin. */
async function pullActor(deps: InboundDeps, run: IntegrationRunRow, templateId: number): Promise<Actor> {
  const candidates = [
    run.requested_by,
    await repo.templateCreator(deps.db, run.account_id, templateId),
    await repo.superAdminOf(deps.db, run.account_id),
  ];
  for (const userId of candidates) {
    if (userId === null) continue;
    const actor = await actorOfUser(deps, run.account_id, userId);
    if (actor) return actor;
  }
  throw new InboundError('No enabled user of the account can own the imported submission', true);
}

/** The template field keys of the assignment's identifier fields (metadata identifier_field_ids: field ids). */
function identifierKeys(template: Template, assignment: IntegrationAssignment): string[] {
  const ids = String(assignment.metadata?.identifier_field_ids ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return ids.flatMap((id) => {
    const field = templateFieldOf({ template }, id);
    return field === null ? [] : [String(field)];
  });
}

/** An explicit mapping from the assignment's mapping fields (fieldName → field id), or null when none is chosen. */
function explicitMapping(template: Template, assignment: IntegrationAssignment, header: readonly string[]) {
  const chosen = (assignment.mapping_fields ?? []).filter(
    (m) => m.cvFieldId !== null && m.source_type !== 'template_classification',
  );
  if (chosen.length === 0) return null;
  return header.map((column) => {
    const field = templateFieldOf({ template }, chosen.find((c) => c.fieldName === column)?.cvFieldId);
    return field === null ? null : String(field);
  });
}

/** The row indexes a 400 of the submissions service names (`body.rows.<row>…`). */
function refusedRows(error: AppError): Set<number> {
  const out = new Set<number>();
  for (const issue of error.issues ?? []) {
    const match = /^(?:body\.)?rows\.(\d+)/.exec(issue.path);
    if (match) out.add(Number(match[1]));
  }
  return out;
}

/** A submission name within 255 characters. */
function submissionName(assignment: IntegrationAssignment, label: string): string {
  const name = `${assignment.name || assignment.slug}: ${label}`;
  return name.length > 255 ? `${name.slice(0, 252)}...` : name;
}

/**
 * Makes the submissions of one batch: with auto-submit and identifier fields, first submits the
 * rows that carry every identifier and pass the service's validation (a refused row is moved to
 * the draft and the rest tried again, up to three times); then a Draft of the rest.
 */
async function importBatch(
  deps: InboundDeps,
  actor: Actor,
  template: Template,
  assignment: IntegrationAssignment,
  batch: Batch,
): Promise<BatchResult> {
  const mapping = batch.mapping ?? guessImportMapping(batch.table.header, template.template_fields);
  const refusal = importRefusal(batch.table, mapping, batch.label);
  if (refusal)
    throw new InboundError(
      refusal === 'Choose the field at least one column fills.'
        ? `${batch.label}: no column is named like a field of ${template.name} (columns: ${batch.table.header.join(', ')})`
        : refusal,
      true,
    );
  const { rows } = importRows(batch.table, mapping);
  const name = submissionName(assignment, batch.label);
  const key = `inbound-${assignment.id}-${createHash('sha256')
    .update(JSON.stringify(batch.items))
    .digest('hex')
    .slice(0, 40)}`;
  const app = appDeps(deps);
  const result: BatchResult = { label: batch.label, submitted: null, draft: null };

  let toFix: SubmissionRow[] = rows;
  const identifiers = identifierKeys(template, assignment);
  const isAutoSubmit = template.settings.enable_auto_submit === 1 && actor.features.includes('auto-submit');
  if (isAutoSubmit && identifiers.length > 0) {
    let candidates = rows.filter((r) => identifiers.every((k) => (r[k] ?? '').trim() !== ''));
    toFix = rows.filter((r) => !candidates.includes(r));
    for (let attempt = 0; attempt < 3 && candidates.length > 0; attempt++) {
      try {
        const made = await createSubmission(
          app,
          actor,
          { template_id: savedId(template), name, rows: candidates, draft: false },
          `${key}-submit`,
        );
        result.submitted = { id: made.id, rows: made.row_count, status: made.status };
        candidates = [];
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'BAD_REQUEST') throw error;
        const refused = refusedRows(error);
        if (refused.size === 0) break;
        toFix = [...toFix, ...candidates.filter((_, i) => refused.has(i))];
        candidates = candidates.filter((_, i) => !refused.has(i));
      }
    }
    if (candidates.length > 0) toFix = [...toFix, ...candidates];
    // Keep the file's order in the draft.
    toFix = rows.filter((r) => toFix.includes(r));
  }
  if (toFix.length > 0) {
    const made = await createSubmission(
      app,
      actor,
      { template_id: savedId(template), name, rows: toFix, draft: true },
      `${key}-draft`,
    );
    result.draft = { id: made.id, rows: made.row_count };
  }
  return result;
}

/** The id of a loaded (so saved) template. */
function savedId(template: Template): number {
  if (template.id === null) throw new InboundError('The template is not saved', true);
  return template.id;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The run-log line of one batch's result. */
/** The submission a pull's notice links: the first Draft to fix, else the first submitted. */
function firstSubmission(results: BatchResult[]): number | null {
  const draft = results.find((r) => r.draft)?.draft;
  return draft?.id ?? results.find((r) => r.submitted)?.submitted?.id ?? null;
}

function resultText(r: BatchResult): string {
  const parts: string[] = [];
  if (r.submitted)
    parts.push(
      `${plural(r.submitted.rows, 'row')} ${r.submitted.status === 'Pending' ? 'submitted for approval' : 'submitted'} (submission #${r.submitted.id})`,
    );
  if (r.draft)
    parts.push(`${plural(r.draft.rows, 'row')} to fix and submit in draft submission #${r.draft.id}`);
  return `${r.label}: ${parts.join('; ') || 'no rows'}`;
}

/** Opens the file source of a file pull. */
async function fileSource(
  deps: InboundDeps,
  run: IntegrationRunRow,
  assignment: IntegrationAssignment,
): Promise<FileSource> {
  if (assignment.connector_id === null || assignment.connector_id === undefined)
    throw new InboundError('The integration has no connected account', true);
  let connector: Awaited<ReturnType<typeof readConnector>>;
  try {
    connector = await readConnector(deps, run.account_id, assignment.connector_id);
  } catch (error) {
    throw new InboundError(`The connected account cannot be read: ${describe(error)}`, true);
  }
  const metadata = assignment.metadata ?? {};
  const folder = (assignment.folder ?? '').trim() || String(metadata.folder ?? '').trim();
  if (run.slug === 'sftp-pull') return openSftpSource(connector, folder || '.', sftpGuardOf(deps, connector));
  return openS3Source(
    connector,
    folder,
    String(metadata.awsRegion ?? '').trim(),
    deps.config.storageEndpoints,
  );
}

/** The file types the assignment reads (metadata fileFormatFilter, e.g. "csv" or "csv, xlsx"; all when empty). */
function acceptedTypes(assignment: IntegrationAssignment): Set<string> | null {
  const raw = String(assignment.metadata?.fileFormatFilter ?? '').trim();
  if (raw === '') return null;
  return new Set(
    raw
      .split(/[\s,;]+/)
      .map((t) => t.replace(/^\./, '').toLowerCase())
      .filter(Boolean),
  );
}

/** Reads and imports the new files of a file pull; answers the results and the files that failed. */
async function pullFiles(
  deps: InboundDeps,
  run: IntegrationRunRow,
  actor: Actor,
  template: Template,
  assignment: IntegrationAssignment,
): Promise<{ results: BatchResult[]; failures: string[]; where: string }> {
  const source = await fileSource(deps, run, assignment);
  try {
    const prefix = String(assignment.metadata?.filePrefix ?? '').trim();
    const types = acceptedTypes(assignment);
    const listed = (await source.list())
      .filter((f) => inboundFileType(f.name) !== null)
      .filter((f) => types === null || types.has(inboundFileType(f.name)!))
      .filter((f) => prefix === '' || f.name.startsWith(prefix))
      .sort((a, b) => a.name.localeCompare(b.name));
    const seen = await repo.importedVersions(
      deps.db,
      assignment.id as number,
      listed.map((f) => f.key),
    );
    const fresh: SourceFile[] = listed
      .filter((f) => !seen.has(`${f.key}\u0000${f.version}`))
      .slice(0, INBOUND_MAX_FILES_PER_RUN);
    const results: BatchResult[] = [];
    const failures: string[] = [];
    const limits = fileLimits(deps.config.jobs.importMaxFileBytes);
    for (const file of fresh) {
      const item = { key: file.key, version: file.version };
      try {
        // Refused before download when the listing's size is past the limit.
        checkFileSize(file.name, file.size, limits);
        await runs.setReadingFile(deps.db, run.id, JSON.stringify({ ...item, name: file.name }));
        const bytes = await source.read(file);
        const table = await parseInboundFile(file.name, inboundFileType(file.name)!, bytes, limits);
        const result = await importBatch(deps, actor, template, assignment, {
          label: file.name,
          table,
          items: [item],
          mapping: null,
        });
        await remember(deps, run, assignment, result, [item]);
        results.push(result);
      } catch (error) {
        // A bad file fails the run but not the other files; a peer fault retries the whole pull.
        if (error instanceof InboundError && error.permanent) failures.push(error.message);
        else if (error instanceof AppError) failures.push(`${file.name}: ${error.message}`);
        else throw error;
      } finally {
        await runs.setReadingFile(deps.db, run.id, null);
      }
    }
    return { results, failures, where: source.where };
  } finally {
    source.close();
  }
}

/** Records what a batch imported and names the run's submission. */
async function remember(
  deps: InboundDeps,
  run: IntegrationRunRow,
  assignment: IntegrationAssignment,
  result: BatchResult,
  items: { key: string; version: string }[],
): Promise<void> {
  const submissionId = result.draft?.id ?? result.submitted?.id ?? null;
  await repo.recordImported(deps.db, {
    accountId: run.account_id,
    assignmentId: assignment.id as number,
    runId: run.id,
    submissionId,
    items,
  });
  if (submissionId !== null) await repo.setRunSubmission(deps.db, run.id, submissionId);
}

/** Reads and imports the new or changed objects of an ad-platform pull. */
async function pullAdPlatform(
  deps: InboundDeps,
  run: IntegrationRunRow,
  actor: Actor,
  template: Template,
  assignment: IntegrationAssignment,
  reader: ProviderReader,
): Promise<{ results: BatchResult[]; failures: string[]; where: string }> {
  if (assignment.connector_id === null || assignment.connector_id === undefined)
    throw new InboundError('The integration has no connected account', true);
  let connector: Awaited<ReturnType<typeof readConnector>>;
  try {
    connector = await readConnector(deps, run.account_id, assignment.connector_id);
  } catch (error) {
    throw new InboundError(`The connected account cannot be read: ${describe(error)}`, true);
  }
  const read = await reader(deps, connector, assignment);
  const seen = await repo.importedVersions(
    deps.db,
    assignment.id as number,
    read.items.map((i) => i.key),
  );
  const keep = read.items.map((i) => !seen.has(`${i.key}\u0000${i.version}`));
  const items = read.items.filter((_, i) => keep[i]);
  if (items.length === 0) return { results: [], failures: [], where: read.label };
  const table = { header: read.table.header, rows: read.table.rows.filter((_, i) => keep[i]) };
  const batch: Batch = {
    label: read.label,
    table,
    items,
    mapping: explicitMapping(template, assignment, table.header),
  };
  const result = await importBatch(deps, actor, template, assignment, batch);
  await remember(deps, run, assignment, result, items);
  return { results: [result], failures: [], where: read.label };
}

/** The file an attempt noted before reading it (`integration_runs.reading_file`). */
interface ReadingFile {
  key: string;
  version: string;
  name: string;
}

/**
 * Poison files (README "File limits"): a run that still notes a file being read had its last
 * attempt die reading it (the process ended). The first time, the run resumes and reads it once
 * more; the second time, the file is remembered as refused (so later pulls skip it) and the run
 * ends Failed naming it (a permanent InboundError).
 */
async function refuseAfterTwoDeaths(deps: InboundDeps, run: IntegrationRunRow): Promise<void> {
  if (run.reading_file === null) return;
  const deaths = run.reading_deaths + 1;
  let file: ReadingFile;
  try {
    file = JSON.parse(run.reading_file) as ReadingFile;
  } catch {
    await runs.setReadingFile(deps.db, run.id, null);
    return;
  }
  if (deaths < 2) {
    await runs.setReadingDeaths(deps.db, run.id, deaths);
    return;
  }
  if (run.assignment_id !== null)
    await repo.recordImported(deps.db, {
      accountId: run.account_id,
      assignmentId: run.assignment_id,
      runId: run.id,
      submissionId: null,
      items: [{ key: file.key, version: file.version }],
    });
  await runs.setReadingFile(deps.db, run.id, null);
  throw new InboundError(
    `${file.name} was refused: the server stopped twice while reading it, so it is not read again. Check the file (size, rows, cells) and upload a corrected one.`,
    true,
  );
}

/**
 * Works one attempt of an inbound run (issue 12 item 5; called by `runIntegration` for runs whose
 * direction is INPUT). Ends the run Success with what it imported (or "nothing new"), Failed with
 * a clear message when a file cannot be imported (the other files still are) or the assignment,
 * account or settings are wrong, and leaves it Retrying (answering 'retry') when the source could
 * not be reached, until the last retry. A run already ended is left as it is. With the
 * integration-notifications flag, its end mails the assignment's notification recipients (spec 03
 * §3), linking the Draft to fix when the pull made one. With `lease` (./lease.ts), the outcome is
 * recorded only while this attempt holds the run (LeaseLostError otherwise).
 */
export async function runInbound(
  deps: InboundDeps,
  run: IntegrationRunRow,
  info: AttemptInfo,
  lease?: RunLease,
): Promise<AttemptOutcome> {
  if (run.status === 'Success' || run.status === 'Failed') return 'done';
  const attempt = run.attempts + 1;
  await runs.updateRun(deps.db, run.id, {
    status: 'Running',
    message: `Attempt ${attempt} started`,
    attempt,
    started: true,
  });
  // The assignment, once read, for the notification of how the run ended.
  let assignment: IntegrationAssignment | undefined;
  try {
    await refuseAfterTwoDeaths(deps, run);
    if (run.assignment_id === null || run.template_id === null)
      throw new InboundError('The integration was removed from the template before it ran', true);
    const template = await loadTemplate(deps.db, run.account_id, run.template_id);
    assignment = template?.integrations.find((a) => a.id === run.assignment_id);
    if (!template || !assignment)
      throw new InboundError('The integration was removed from the template before it ran', true);
    // A run queued before a save left the assignment "Not ready" does not pull (readiness.ts).
    if (assignment.readiness && !assignment.readiness.is_ready)
      throw new InboundError(`${assignment.name}: ${notReadyText(assignment.readiness.missing)}`, true);
    if (!isPullableSlug(run.slug))
      throw new InboundError(`Nomen does not pull ${run.slug} integrations`, true);
    const actor = await pullActor(deps, run, run.template_id);
    const reader = providerReaderOf(run.slug);
    const { results, failures, where } = reader
      ? await pullAdPlatform(deps, run, actor, template, assignment, reader)
      : await pullFiles(deps, run, actor, template, assignment);
    const imported = results.map(resultText);
    const failed = failures.length > 0;
    const text = failed
      ? [...failures, ...(imported.length ? [`Imported: ${imported.join(' | ')}`] : [])].join(' | ')
      : results.length === 0
        ? `Nothing new to import from ${where}`
        : `Imported ${imported.join(' | ')}`;
    await lease?.fence();
    // Notices go out before the run ends, so whoever sees it ended finds the mail already sent.
    await notifyRun(deps, run, assignment, failed ? 'failure' : 'success', text, firstSubmission(results));
    await endRun(deps.db, run.id, {
      status: failed ? 'Failed' : 'Success',
      message: text,
      attempt,
      files: results.map((r) => r.label),
    });
    return 'done';
  } catch (error) {
    if (error instanceof LeaseLostError) throw error;
    const text = error instanceof Error ? error.message : String(error);
    return recordFailedAttempt(
      deps,
      run.id,
      {
        text,
        permanent: error instanceof InboundError ? error.permanent : error instanceof AppError,
        attempt,
        info,
      },
      async () => notifyRun(deps, run, assignment, 'failure', text),
    );
  }
}
