import { csvLine } from '@nomen/shared';
import type { IntegrationRunRow, TargetRow } from '@nomen/shared/db';
import { readConnector } from '../entities/connectors/connectors.read';
import * as runs from '../entities/integration-runs/integration-runs.repository';
import * as submissionsRepo from '../entities/submissions/submissions.repository';
import { type ProviderClientOf, providerClientOf } from '../entities/targets/provider-clients';
import * as targetsRepo from '../entities/targets/targets.repository';
import * as templatesRepo from '../entities/templates/templates.repository';
import type { AdobeClassificationJob } from '../integrations/adobe-analytics/client';
import { type GaUpload, GoogleAnalyticsAdminClient } from '../integrations/google-analytics-admin/client';
import { type DeliveryResult, deliveryFailure, oauthAccess } from './deliver/context';
import { DeliveryError } from './delivery';
import type { JobDeps } from './types';

/**
 * Uploads to analytics targets (issue 12 item 4; spec 01 §2.5, §3.1): the rows a submission brought
 * into the dataset go to each target a template field feeds (target_fields = which field feeds
 * which classification). Which value is the key: the row's identifier, its cv_id — the code Nomen
 * gives each row and the value people put in the classified variable (tracking code or eVar). The
 * Adobe report's classification names never include the key column, so no target field can name
 * it; Nomen's identifier is the one value every row has and that stays the same across edits, so a
 * re-import after an edit overwrites the same keys.
 */

/** One column of an upload: its header and the template field whose value fills it (null: the key). */
interface Column {
  name: string;
  templateFieldId: number | null;
}

/** The template field id of a column nothing feeds (its cells stay empty). */
const UNMAPPED = -1;

/** A mapped classification of the target: its name and the template field feeding it. */
interface Mapped {
  classification: string;
  templateFieldId: number;
}

/** A run's rows as of its commit: cv_id and values by template field id. */
type Rows = readonly { cv_id: string; data: Readonly<Record<string, string>> }[];

/** A cell of a TSV classification file: no tabs or line breaks (Adobe reads them as separators). */
function tsvCell(value: string): string {
  return value.replace(/[\t\r\n]+/g, ' ');
}

/** The value of `column` in `row`: the cv_id for the key, else the template field's value. */
function cell(row: Rows[number], column: Column): string {
  return column.templateFieldId === null ? row.cv_id : (row.data[String(column.templateFieldId)] ?? '');
}

/**
 * An Adobe classification data file (tab-separated, UTF-8): `Key` then the classifications this
 * dataset has, one line per row.
 */
export function classificationTsv(columns: readonly Column[], rows: Rows): string {
  const header = ['Key', ...columns.filter((c) => c.templateFieldId !== null).map((c) => tsvCell(c.name))];
  const lines = rows.map((r) =>
    [
      tsvCell(r.cv_id),
      ...columns.filter((c) => c.templateFieldId !== null).map((c) => tsvCell(cell(r, c))),
    ].join('\t'),
  );
  return `${[header.join('\t'), ...lines].join('\n')}\n`;
}

/**
 * A Data Import CSV: the data source's schema as header, one line per row, through the one CSV
 * writer with values as stored (`raw`: Google Analytics reads them as data, never as formulas).
 */
export function dataImportCsv(columns: readonly Column[], rows: Rows): string {
  const options = { raw: true };
  const lines = rows.map((r) =>
    csvLine(
      columns.map((c) => cell(r, c)),
      options,
    ),
  );
  return `${csvLine(
    columns.map((c) => c.name),
    options,
  )}${lines.join('')}`;
}

/**
 * A target's custom data source schema as stored (a JSON array as the look-up answers it, or the
 * names separated by commas or lines, as people type it): the column names in order.
 */
export function parseGaSchema(text: string): string[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (Array.isArray(parsed)) return parsed.map((v) => String(v).trim()).filter(Boolean);
    } catch {
      // Not JSON after all: read it as a list.
    }
  }
  return trimmed
    .split(/[,\n\r]+/)
    .map((v) => v.trim())
    .filter(Boolean);
}

/** The classifications of `target` fed by fields of the run's template. */
async function mappedColumns(deps: JobDeps, run: IntegrationRunRow, target: TargetRow): Promise<Mapped[]> {
  const [mappings, templateFields] = await Promise.all([
    targetsRepo.listTargetFields(deps.db, run.account_id, [target.id]),
    templatesRepo.templateFieldIdsOf(deps.db, run.account_id, run.template_id),
  ]);
  const byField = new Map(templateFields.map((f) => [f.field_id, f.id]));
  return mappings.flatMap((m) => {
    const templateFieldId = byField.get(m.field_id);
    return templateFieldId === undefined ? [] : [{ classification: m.classification_name, templateFieldId }];
  });
}

/** Where one Adobe import goes: a report suite's classification dataset and its column names. */
interface AdobeDestination {
  rsid: string;
  datasetId: string;
  names: readonly string[];
}

/**
 * The Adobe classification datasets an upload goes to: the target's report and each active
 * multi-target's (spec 01 §2.5: the multi-targets table lists the other report suites and reports
 * the target feeds; their classification names are compatible by construction). A dataset shared
 * by several report suites is imported once.
 */
async function adobeDestinations(deps: JobDeps, target: TargetRow): Promise<AdobeDestination[]> {
  const multi = await targetsRepo.listMultiTargets(deps.db, target.account_id, target.id);
  const all: AdobeDestination[] = [
    { rsid: target.remote_realm_id, datasetId: target.remote_target_id, names: target.classifications_names },
    ...multi
      .filter((m) => m.status === 'active')
      .map((m) => ({
        rsid: m.remote_realm_id,
        datasetId: m.remote_target_id,
        names: m.classifications_names,
      })),
  ];
  const seen = new Set<string>();
  return all.filter((d) => d.datasetId !== '' && !seen.has(d.datasetId) && seen.add(d.datasetId));
}

/**
 * The columns of one dataset: the mapped classifications it has, in the dataset's spelling (all of
 * them when Adobe answered no names).
 */
function adobeColumns(mapped: readonly Mapped[], names: readonly string[]): Column[] {
  if (names.length === 0)
    return mapped.map((m) => ({ name: m.classification, templateFieldId: m.templateFieldId }));
  return mapped.flatMap((m) => {
    const name = names.find((n) => n.toLowerCase() === m.classification.toLowerCase());
    return name === undefined ? [] : [{ name, templateFieldId: m.templateFieldId }];
  });
}

/** What a run keeps of one Adobe import (`provider_jobs` by dataset id). */
type AdobeJobRecord = {
  /** The API job entity made by "POST create job", recorded before its file is uploaded. */
  api_job_id?: string;
  /** The job's name, which finds it among the dataset's classification jobs once committed. */
  job_name?: string;
  /** The classification job of the commit: the import is done. */
  import_job_id?: string;
};

/** How far back a retry looks for its committed import among a dataset's classification jobs. */
const ADOBE_LOOKBACK_DAYS = 30;

/**
 * The Adobe classification import of a run, per dataset through the import job flow (create job,
 * upload the TSV, commit). The job's id and name are kept on the run (`provider_jobs` by dataset
 * id) right after it is created, before anything is uploaded, and the commit's import job id after
 * the commit. A retry that finds a job but no import id cannot know whether the earlier attempt
 * stopped before or after its commit, so it asks Adobe ("GET classification jobs by dataset"): a
 * classification job of that name past `created` is the earlier commit, recorded and not
 * repeated; otherwise the file is uploaded again (replacing it) and committed once. A dataset
 * already committed is skipped.
 */
async function uploadToAdobe(
  deps: JobDeps,
  run: IntegrationRunRow,
  target: TargetRow,
  mapped: readonly Mapped[],
  rows: Rows,
): Promise<DeliveryResult> {
  const connector = await targetConnector(deps, run, target);
  let adobe: ProviderClientOf<'adobe-analytics'>;
  try {
    adobe = providerClientOf('adobe-analytics', deps, connector);
  } catch (error) {
    throw new DeliveryError(error instanceof Error ? error.message : String(error), true);
  }
  const { client, company } = adobe;
  const items: string[] = [];
  const destinations = await adobeDestinations(deps, target);
  if (destinations.length === 0)
    throw new DeliveryError(`Target "${target.name}" has no report: choose one in Targets`, true);
  for (const d of destinations) {
    const what = `Adobe classification import into ${d.rsid} dataset ${d.datasetId}`;
    const job: AdobeJobRecord = { ...((run.provider_jobs[d.datasetId] ?? {}) as AdobeJobRecord) };
    if (!job.import_job_id) {
      const columns = adobeColumns(mapped, d.names);
      if (columns.length === 0)
        throw new DeliveryError(`${what}: none of its classifications is fed by this template`, true);
      try {
        if (!job.api_job_id) {
          const jobName = `Nomen run ${run.id} ${target.name}`.slice(0, 250);
          job.api_job_id = await client.createImportJob(company, d.datasetId, {
            jobName,
            notifyEmail: target.use_aa_confirmation_email ? target.aa_confirmation_email : '',
          });
          job.job_name = jobName;
          await runs.recordProviderJob(deps.db, run.id, d.datasetId, job);
        } else {
          // An earlier attempt made the job; it may have stopped after Adobe accepted the commit.
          const name = job.job_name ?? `Nomen run ${run.id} ${target.name}`.slice(0, 250);
          const jobs = await client.listClassificationJobs(company, d.datasetId, {
            lookbackDays: ADOBE_LOOKBACK_DAYS,
            stop: (j) => isCommittedJob(j, name),
          });
          const found = jobs.find((j) => isCommittedJob(j, name));
          if (found) {
            job.import_job_id = found.jobId;
            await runs.recordProviderJob(deps.db, run.id, d.datasetId, job);
          }
        }
        if (!job.import_job_id) {
          await client.uploadImportFile(
            company,
            job.api_job_id,
            `nomen-run-${run.id}-${d.datasetId}.tsv`,
            classificationTsv(columns, rows),
          );
          job.import_job_id = await client.commitImportJob(company, job.api_job_id);
          await runs.recordProviderJob(deps.db, run.id, d.datasetId, job);
        }
      } catch (error) {
        throw deliveryFailure(error, what);
      }
    }
    items.push(`${d.rsid}/${d.datasetId}: import job ${job.import_job_id}`);
  }
  const n = rows.length;
  return {
    items,
    message: `Imported ${n} ${n === 1 ? 'row' : 'rows'} into ${items.length} Adobe classification ${items.length === 1 ? 'dataset' : 'datasets'}: ${items.join(', ')}`,
  };
}

/** Whether `job` is the committed import named `name` (a job still `created` was never committed). */
function isCommittedJob(job: AdobeClassificationJob, name: string): boolean {
  return job.name === name && job.state.toLowerCase() !== 'created';
}

/** What a run keeps of its Google Data Import upload (`provider_jobs` by data source id). */
type GoogleUploadRecord = {
  /**
   * The ids of the data source's uploads before this run's, recorded before its upload is sent:
   * an upload not among them that no other run recorded is this run's.
   */
  uploads_before?: string[];
  /** The upload Google answered: the upload is done. */
  upload_id?: string;
};

/**
 * The Google Analytics Data Import upload of a run: one CSV to the target's custom data source,
 * header = the data source's schema; a column takes the value of the field mapped to it (matched
 * without case), the first column, when unmapped, is the key (the row's cv_id); other unmapped
 * ones stay empty. Google's upload carries no name of ours, so before sending it the run records
 * the ids of the data source's uploads so far (`uploads_before`), and the upload id once Google
 * answers. A retry that finds the first but not the second cannot know whether the earlier attempt
 * stopped before or after Google accepted the upload, so it lists the data source's uploads
 * (`uploads.list`): the earliest upload that is neither among those ids nor recorded by another
 * run of the account is the earlier attempt's, recorded and not sent again; when there is none,
 * the file is uploaded. A retry after a recorded upload does not upload again.
 *
 * Why the claim cannot be exact: the Data Import reference gives nothing of ours to match an upload
 * by. `uploads.uploadData` takes the CSV as the media body and no name, description or
 * client-chosen id; the Upload resource that `uploads.list` / `uploads.get` answer holds only
 * `id`, `accountId`, `customDataSourceId`, `status`, `uploadTime` and `errors`, never the file;
 * and the CSV's header must equal the data source's schema, so no marker column can ride along.
 * So when two runs of one data source are interrupted in the same window (between recording
 * `uploads_before` and recording `upload_id`), a retry can take the other run's upload: if both
 * had uploaded, each keeps one upload and nothing is lost (only the upload ids may be swapped);
 * if one had not yet uploaded, its retry can take the other's upload and skip its own rows, and
 * the other's retry then uploads its rows a second time. Making it exact would take serialising
 * the upload window per data source across runs (a lock held from listing to recording) and
 * reasoning over every run's `uploads_before`; a double crash inside seconds is rare enough that
 * the simpler rule stays.
 */
async function uploadToGoogle(
  deps: JobDeps,
  run: IntegrationRunRow,
  target: TargetRow,
  mapped: readonly Mapped[],
  rows: Rows,
): Promise<DeliveryResult> {
  const { ga_account_id: account, ga_property_id: property, ga_custom_data_source_id: source } = target;
  if (!account || !property || !source)
    throw new DeliveryError(
      `Target "${target.name}" lacks its Google Analytics account, property or custom data source: complete it in Targets`,
      true,
    );
  const schema = parseGaSchema(target.ga_custom_data_source_schema);
  if (schema.length === 0)
    throw new DeliveryError(
      `Target "${target.name}" has no custom data source schema: complete it in Targets`,
      true,
    );
  const columns: Column[] = schema.map((name, i) => {
    const m = mapped.find((x) => x.classification.toLowerCase() === name.toLowerCase());
    if (m) return { name, templateFieldId: m.templateFieldId };
    // The first column is the data source's key; unmapped, it takes the row's cv_id.
    return { name, templateFieldId: i === 0 ? null : UNMAPPED };
  });
  const recorded = (run.provider_jobs[source] ?? {}) as GoogleUploadRecord;
  let uploadId = recorded.upload_id;
  if (!uploadId) {
    const connector = await targetConnector(deps, run, target);
    const ga = deps.config.providers.googleAnalyticsAdmin;
    const client = new GoogleAnalyticsAdminClient({
      fetch: deps.config.outbound.fetch,
      baseUrl: ga.baseUrl,
      managementBaseUrl: ga.managementBaseUrl,
      uploadBaseUrl: ga.uploadBaseUrl,
      userInfoUrl: ga.userInfoUrl,
      timeoutMs: deps.config.providers.timeoutMs,
      ...oauthAccess(deps, connector),
    });
    const what = `Google Analytics Data Import upload to data source ${source}`;
    try {
      const listed = await client.listUploads(account, property, source);
      if (recorded.uploads_before) {
        // An earlier attempt was about to upload, and may have stopped after Google accepted it.
        uploadId = await earlierUpload(deps, run, source, listed, recorded.uploads_before);
      } else {
        await runs.recordProviderJob(deps.db, run.id, source, {
          uploads_before: listed.map((u) => u.id),
        } satisfies GoogleUploadRecord);
      }
      if (!uploadId) {
        const upload = await client.uploadData(account, property, source, dataImportCsv(columns, rows));
        uploadId = upload.id;
      }
    } catch (error) {
      throw deliveryFailure(error, what);
    }
    await runs.recordProviderJob(deps.db, run.id, source, {
      upload_id: uploadId,
    } satisfies GoogleUploadRecord);
  }
  const n = rows.length;
  return {
    items: [`${property}/${source}: upload ${uploadId}`],
    message: `Uploaded ${n} ${n === 1 ? 'row' : 'rows'} to Google Analytics data source ${source} (upload ${uploadId})`,
  };
}

/**
 * The upload an interrupted attempt of `run` made to data source `source`, if any: of the
 * `listed` uploads, the earliest (by uploadTime, else listing order) that is not among
 * `before` and that no other run of the account recorded.
 */
async function earlierUpload(
  deps: JobDeps,
  run: IntegrationRunRow,
  source: string,
  listed: readonly GaUpload[],
  before: readonly string[],
): Promise<string | undefined> {
  const known = new Set(before);
  const fresh = listed.filter((u) => !known.has(u.id));
  if (fresh.length === 0) return undefined;
  const others = new Set(
    await runs.recordedProviderValues(deps.db, run.account_id, source, 'upload_id', run.id),
  );
  const time = (u: GaUpload) => (u.uploadTime ? Date.parse(u.uploadTime) : Number.NaN);
  const candidates = fresh
    .map((u, i) => ({ u, i }))
    .filter(({ u }) => !others.has(u.id))
    .sort((a, b) => {
      const ta = time(a.u);
      const tb = time(b.u);
      return Number.isNaN(ta) || Number.isNaN(tb) || ta === tb ? a.i - b.i : ta - tb;
    });
  return candidates[0]?.u.id;
}

/** The target's connected account; DeliveryError (permanent) when it has none or it cannot be read. */
async function targetConnector(deps: JobDeps, run: IntegrationRunRow, target: TargetRow) {
  if (target.connector_id === null)
    throw new DeliveryError(`Target "${target.name}" has no connected account: choose one in Targets`, true);
  try {
    return await readConnector(deps, run.account_id, target.connector_id);
  } catch (error) {
    throw new DeliveryError(
      `The connected account of target "${target.name}" cannot be read: ${error instanceof Error ? error.message : String(error)}`,
      true,
    );
  }
}

/**
 * Works the upload of one target run (issue 12 item 4): reads the target (of the run's account
 * only), the classifications the run's template feeds and the submission's rows as of the run's
 * commit, then imports them into Adobe or uploads them to Google. Throws DeliveryError: permanent
 * when the target, its account or its mapping is gone or the provider refuses; otherwise retried.
 */
export async function uploadToTarget(deps: JobDeps, run: IntegrationRunRow): Promise<DeliveryResult> {
  const target =
    run.target_id === null
      ? undefined
      : await targetsRepo.findTargetRow(deps.db, run.account_id, run.target_id);
  if (!target) throw new DeliveryError('The target was deleted before the run ran', true);
  if (run.submission_id === null || run.commit_id === null)
    throw new DeliveryError('The run names no submission', true);
  const submission = await submissionsRepo.findSubmission(deps.db, run.account_id, run.submission_id);
  if (!submission) throw new DeliveryError('The submission is no longer in the dataset', true);
  const mapped = await mappedColumns(deps, run, target);
  if (mapped.length === 0)
    throw new DeliveryError(`No field of the template feeds target "${target.name}" any more`, true);
  const rows = await submissionsRepo.rowValuesAt(deps.db, submission.id, run.commit_id);
  return target.connector_type_id === 1
    ? uploadToAdobe(deps, run, target, mapped, rows)
    : uploadToGoogle(deps, run, target, mapped, rows);
}
