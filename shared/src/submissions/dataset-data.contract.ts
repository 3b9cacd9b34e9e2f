import { z } from 'zod';
import { DOWNLOAD_MEDIA_TYPES, endpoint } from '../core/contract';
import { rawDownloadFlagSchema } from '../core/csv';
import { INT4_MAX, idParamSchema, intSchema, text } from '../core/schemas';
import type { TemplateGovernanceType } from '../templates/templates.contract';

/**
 * The dataset page's API (issue 11 item 6: /codes/details/{dataset_id}/data): a template's dataset
 * rows at HEAD with their codes, submitter and time, filtered by one text, a page at a time, and
 * the same rows as a CSV or XLSX download. Ours ("not shown" in the specs).
 */

/**
 * Governance types whose values the rules compute, never typed (issue 11 item 2): the submission
 * table shows them read-only; the dataset and submission pages show them (the codes) first.
 */
export const COMPUTED_GOVERNANCE_TYPES: ReadonlySet<TemplateGovernanceType | null> =
  new Set<TemplateGovernanceType | null>([
    'constant',
    'autonumber',
    'autofill',
    'concatenation',
    'pattern',
    'random',
    'cv_id',
  ]);

/** Most rows one page of the dataset page holds. */
export const DATASET_DATA_MAX_LIMIT = 1000;
/** Rows of a page when no limit is given. */
export const DATASET_DATA_DEFAULT_LIMIT = 200;
/** The download formats. */
export const DATASET_DOWNLOAD_FORMATS = ['csv', 'xlsx'] as const;

const filterSchema = text(200)
  .trim()
  .default('')
  .describe('Keeps the rows with a value, a submission name or a submitter containing this text (any case)');

const rowSchema = text(64)
  .trim()
  .min(1, 'row must be the id of a dataset row')
  .optional()
  .describe('Keeps only the row with this id (its cv_id)');

/**
 * The dataset page's query: filter and page, and `row`, the id (cv_id) of one row to show alone
 * (a search-report hit opens the dataset on its row; spec 01 §2.9).
 */
export const datasetDataQuerySchema = z.object({
  q: filterSchema,
  row: rowSchema,
  limit: z.coerce.number().pipe(intSchema(1, DATASET_DATA_MAX_LIMIT)).default(DATASET_DATA_DEFAULT_LIMIT),
  offset: z.coerce.number().pipe(intSchema(0, INT4_MAX)).default(0),
});

/** A column of the dataset page: a visible template field (key: its template field id as text). */
export const datasetDataColumnSchema = z.object({
  key: z.string(),
  name: z.string(),
  /** Computed by the rules (codes, concatenations, constants…). */
  computed: z.boolean(),
});

/** One dataset row as the dataset page shows it. */
export const datasetDataRowSchema = z.object({
  cv_id: z.string(),
  submission_id: z.number(),
  submission_name: z.string(),
  submitter: z.string(),
  /** When this version of the row entered the dataset (its commit's time). */
  submitted_at: z.string(),
  /** Values by template field id. */
  data: z.record(z.string(), z.string()),
});
/** A dataset row of the dataset page. */
export type DatasetDataRow = z.infer<typeof datasetDataRowSchema>;

/** A page of the dataset page. */
export const datasetDataSchema = z.object({
  dataset_id: z.number(),
  template_id: z.number().nullable(),
  template_name: z.string(),
  /** HEAD; null while nothing was submitted. */
  commit_id: z.number().nullable(),
  columns: z.array(datasetDataColumnSchema),
  rows: z.array(datasetDataRowSchema),
  /** Rows matching the filter, over all pages. */
  total: z.number(),
});
/** A page of dataset rows. */
export type DatasetData = z.infer<typeof datasetDataSchema>;

/** The dataset page endpoints (issue 11 item 6). */
export const datasetDataApi = {
  data: endpoint({
    method: 'GET',
    path: '/api/v1/account/datasets/:id/data',
    tag: 'Datasets',
    summary:
      'A template’s dataset rows at HEAD with their codes, submission, submitter and time, filtered by q, a page at a time; for those who may use the template.',
    permission: 'signed-in',
    params: idParamSchema,
    query: datasetDataQuerySchema,
    response: datasetDataSchema,
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/v1/account/datasets/:id/download',
    tag: 'Datasets',
    summary:
      'Every dataset row matching q (and row, when given) as a file: CSV (UTF-8) or XLSX, one column per visible field, then the row id, submission, submitter and time.',
    permission: 'signed-in',
    params: idParamSchema,
    query: z.object({
      q: filterSchema,
      row: rowSchema,
      format: z.enum(DATASET_DOWNLOAD_FORMATS).default('csv'),
      raw: rawDownloadFlagSchema,
    }),
    response: z.string().describe('The file, in the format asked for'),
    responseMediaType: DOWNLOAD_MEDIA_TYPES,
  }),
};
