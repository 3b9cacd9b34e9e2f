import {
  AppError,
  COMPUTED_GOVERNANCE_TYPES,
  csvLine,
  type DatasetData,
  type DatasetDataRow,
  fieldsetIdsOf,
  isFormColumn,
  templateFieldSource,
  uniqueHeaders,
} from '@nomen/shared';
import type { Response } from 'express';
import { streamXlsx, XLSX_CONTENT_TYPE } from '../../files/xlsx';
import type { Actor, AppDeps } from '../../http/context';
import { fieldsetNames } from '../fieldsets/fieldsets.repository';
import { countDatasetDataRows, type DatasetDataRecord, datasetDataRows } from './dataset-data.repository';
import { assertDatasetReadable, usableTemplate } from './submission-form.service';
import * as repo from './submissions.repository';

/** Rows read per statement while a download streams. */
const DOWNLOAD_BATCH = 5000;
/** Headers of the columns a download adds after the template's fields. */
const EXTRA_HEADERS = ['Row id', 'Submission', 'Submitter', 'Submitted at'];

interface ReadableDataset {
  id: number;
  templateId: number | null;
  templateName: string;
  headCommitId: number | null;
  columns: { key: string; name: string; computed: boolean }[];
  /** Each column's source (`templateFieldSource`), in column order, for unique download headers. */
  sources: string[];
}

/**
 * A dataset of the actor's account they may read (issue 11 item 6), with its columns: a
 * template's dataset for those who may use the template (spec 01 §2.7; 404 otherwise, as for
 * another account's); the dataset of a deleted template for all_privileges only, its columns the
 * field ids its rows hold.
 */
async function readableDataset(deps: AppDeps, actor: Actor, datasetId: number): Promise<ReadableDataset> {
  const dataset = await repo.findDataset(deps.db, actor.accountId, datasetId);
  if (!dataset) throw AppError.notFound('Dataset');
  if (dataset.template_id !== null) {
    const template = await usableTemplate(deps, actor, dataset.template_id).catch(() => {
      throw AppError.notFound('Dataset');
    });
    const formFields = [...template.template_fields]
      .sort((a, b) => a.precedence - b.precedence)
      .filter(isFormColumn);
    const fieldsets = await fieldsetNames(deps.db, actor.accountId, fieldsetIdsOf(formFields));
    const columns = formFields.map((f) => ({
      key: String(f.id),
      name: f.field.name.trim() || `Field ${f.precedence + 1}`,
      computed: COMPUTED_GOVERNANCE_TYPES.has(f.governance_type),
    }));
    return {
      id: dataset.id,
      templateId: template.id,
      templateName: template.name,
      headCommitId: dataset.head_commit_id,
      columns,
      sources: formFields.map((f) => templateFieldSource(f, template.template_fields, fieldsets)),
    };
  }
  await assertDatasetReadable(deps, actor, dataset);
  const sample = await datasetDataRows(deps.db, dataset.id, { q: '', limit: 1 });
  const keys = Object.keys(sample[0]?.data ?? {}).sort((a, b) => Number(a) - Number(b));
  return {
    id: dataset.id,
    templateId: null,
    templateName: 'Deleted template',
    headCommitId: dataset.head_commit_id,
    columns: keys.map((key) => ({ key, name: `Field ${key}`, computed: false })),
    sources: keys.map(() => ''),
  };
}

function toRow(record: DatasetDataRecord): DatasetDataRow {
  const data: Record<string, string> = {};
  for (const [key, value] of Object.entries(record.data ?? {}))
    if (typeof value === 'string') data[key] = value;
  return {
    cv_id: record.cv_id,
    submission_id: record.submission_id,
    submission_name: record.submission_name,
    submitter: record.submitter_name,
    submitted_at: record.committed_at.toISOString(),
    data,
  };
}

/**
 * A page of a dataset's rows at HEAD (issue 11 item 6), filtered by `q` (any value, the
 * submission's name or the submitter, any case) and, with `row`, to the row of that id (a
 * search-report hit; spec 01 §2.9), with the template's visible fields as columns and the count of
 * all matching rows. A row id not at HEAD of this dataset matches nothing.
 */
export async function datasetData(
  deps: AppDeps,
  actor: Actor,
  datasetId: number,
  query: { q: string; row?: string | undefined; limit: number; offset: number },
): Promise<DatasetData> {
  const dataset = await readableDataset(deps, actor, datasetId);
  const row = query.row;
  const [records, total] = await Promise.all([
    datasetDataRows(deps.db, dataset.id, { q: query.q, row, limit: query.limit, offset: query.offset }),
    countDatasetDataRows(deps.db, dataset.id, query.q, row),
  ]);
  return {
    dataset_id: dataset.id,
    template_id: dataset.templateId,
    template_name: dataset.templateName,
    commit_id: dataset.headCommitId,
    columns: dataset.columns,
    rows: records.map(toRow),
    total,
  };
}

/** Every matching row, read in batches by key so a large dataset never sits in memory. */
async function* allRows(
  deps: AppDeps,
  datasetId: number,
  q: string,
  row: string | undefined,
): AsyncGenerator<DatasetDataRecord[]> {
  let afterId: string | undefined;
  for (;;) {
    const batch = await datasetDataRows(deps.db, datasetId, { q, row, limit: DOWNLOAD_BATCH, afterId });
    if (batch.length === 0) return;
    yield batch;
    afterId = batch[batch.length - 1]!.id;
    if (batch.length < DOWNLOAD_BATCH) return;
  }
}

/** The file name of a download: the template's name made safe, and the format's extension. */
function fileName(name: string, format: 'csv' | 'xlsx'): string {
  const safe =
    name
      .replace(/[^A-Za-z0-9 _-]+/g, '')
      .trim()
      .replace(/\s+/g, '-') || 'dataset';
  return `${safe}.${format}`;
}

/**
 * Streams a dataset's rows matching `q` as CSV (UTF-8 with a byte-order mark, so Excel reads the
 * accents) or XLSX (issue 11 item 6): one column per visible field, then the row id, submission,
 * submitter and time, under unique headers (`uniqueHeaders`: a repeated name gets its field's source). CSV fields go through the one CSV writer: formula-like values get a leading
 * `'` unless `raw` (README "CSV files and formula cells"); XLSX through the one XLSX writer
 * (server/src/files/xlsx.ts, streaming): cells are strings, never formulas.
 */
export async function downloadDataset(
  deps: AppDeps,
  actor: Actor,
  datasetId: number,
  query: { q: string; row?: string | undefined; format: 'csv' | 'xlsx'; raw?: boolean },
  res: Response,
): Promise<void> {
  const dataset = await readableDataset(deps, actor, datasetId);
  const { format, q } = query;
  const header = uniqueHeaders([
    ...dataset.columns.map((c, i) => ({ name: c.name, source: dataset.sources[i] ?? '' })),
    ...EXTRA_HEADERS.map((name) => ({ name, source: null })),
  ]);
  const line = (r: DatasetDataRecord) => [
    ...dataset.columns.map((c) => r.data?.[c.key] ?? ''),
    r.cv_id,
    r.submission_name,
    r.submitter_name,
    r.committed_at.toISOString(),
  ];
  res.setHeader('Content-Disposition', `attachment; filename="${fileName(dataset.templateName, format)}"`);
  res.setHeader('Cache-Control', 'no-store');
  if (format === 'csv') {
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    const options = { raw: query.raw === true, eol: '\r\n' };
    res.write(`\uFEFF${csvLine(header, options)}`);
    for await (const batch of allRows(deps, dataset.id, q, query.row)) {
      const chunk = batch.map((r) => csvLine(line(r), options)).join('');
      if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
    }
    res.end();
    return;
  }
  res.setHeader('Content-Type', XLSX_CONTENT_TYPE);
  const sheet = streamXlsx(res, { sheetName: dataset.templateName, fallbackSheetName: 'Dataset' });
  sheet.addRow(header);
  for await (const batch of allRows(deps, dataset.id, q, query.row))
    for (const r of batch) sheet.addRow(line(r));
  await sheet.end();
}
