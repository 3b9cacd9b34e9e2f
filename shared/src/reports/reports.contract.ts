import { z } from 'zod';
import { DOWNLOAD_MEDIA_TYPES, endpoint } from '../core/contract';
import { rawDownloadFlagSchema } from '../core/csv';
import { INT4_MAX, text, timestampSchema } from '../core/schemas';
import { isTimeZone } from './reports.format';

/**
 * The reports API (issue 13; spec 01 §2.9, §3.3, §7). Summary, charts, the single-user report and
 * the search are where spec 01 §7 shows them; the paths it leaves open (top users, usage,
 * template, global reports and the downloads) sit beside them under /api/v1/account/reports/.
 * Every endpoint needs all_privileges or access_reports (spec 01 §2.1).
 *
 * What is counted (ARCHITECTURE.md "Reports"): a submitted code is a row of a submission whose
 * status puts it in the dataset (Submitted or Approved); Draft, Pending and Rejected ones are not
 * counted. An edit makes new versions of rows, never new rows, so an edited submission counts
 * once. A submission belongs to the month (and day) of its `submitted_at` in the reader's time
 * zone (`tz`, an IANA name, UTC unless given).
 */

/** An IANA time zone name such as `Europe/Paris`; UTC when absent. */
export const timeZoneSchema = text(64)
  .refine(isTimeZone, { message: 'Must be an IANA time zone such as Europe/Paris' })
  .default('UTC');

/** A calendar date `YYYY-MM-DD` from 1900-01-01 to 9999-12-30 (the API reference: `format: date`). */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date YYYY-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return (
      !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v) && v >= '1900-01-01' && v <= '9999-12-30'
    );
  }, 'Must be a real date between 1900-01-01 and 9999-12-30')
  .meta({ format: 'date' });

/** `?tz=` alone. */
export const reportTzQuerySchema = z.object({ tz: timeZoneSchema });

/** Largest page of a paged report. */
export const REPORT_MAX_PAGE = 500;

/**
 * A date range with the reader's time zone and a page: `from` and `to` are inclusive calendar
 * days in `tz`; each defaults per report (usage: three months, global: seven days). `from` after
 * `to` answers 400 naming `query.from`.
 */
export const reportRangeQuerySchema = z
  .object({
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    tz: timeZoneSchema,
    limit: z.coerce.number().int('Must be a whole number').min(1).max(REPORT_MAX_PAGE).default(100),
    offset: z.coerce.number().int('Must be a whole number').min(0).max(INT4_MAX).default(0),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
/** A date range query. */
export type ReportRangeQuery = z.input<typeof reportRangeQuerySchema>;

/** The range a paged report covered. */
const rangeSchema = z.object({ from: z.string(), to: z.string(), tz: z.string() });

/** Summary counts (spec 01 §3.3): enabled users, codes submitted, submissions in the dataset. */
export const reportSummarySchema = z.object({
  activeUsers: z.number(),
  numCodesSubmitted: z.number(),
  submissions: z.number(),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

/** One chart point (spec 01 §3.3): month `YYYY-MM` and the codes submitted in it. */
export const chartPointSchema = z.object({ month: z.string(), codes_submitted: z.number() });
export type ChartPoint = z.infer<typeof chartPointSchema>;

/** One top-users row (spec 01 §3.3), with the user's id for the drawer. */
export const topUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  submitted_codes: z.number(),
  last_login: timestampSchema.nullable(),
  last_submission: timestampSchema.nullable(),
});
export type TopUser = z.infer<typeof topUserSchema>;

/** The single-user report (spec 01 §2.9, §3.3): profile, totals, per template and per month. */
export const userReportSchema = z.object({
  user: z.object({
    id: z.number(),
    name: z.string(),
    email: z.string(),
    title: z.string(),
    role: z.string(),
    disabled: z.boolean(),
    created_at: timestampSchema,
    last_login: timestampSchema.nullable(),
  }),
  submitted_codes: z.number(),
  last_submission: timestampSchema.nullable(),
  templates: z.array(z.object({ id: z.number().nullable(), name: z.string(), codes: z.number() })),
  /** Months with codes, newest first (month 1-12). */
  summary: z.array(z.object({ month: z.number(), year: z.number(), codes: z.number() })),
});
export type UserReport = z.infer<typeof userReportSchema>;

/** One usage row (spec 01 §3.3): a submission in the dataset; `created_at` is when it was submitted. */
export const usageRowSchema = z.object({
  submission_id: z.number(),
  dataset_id: z.number(),
  template_name: z.string(),
  submission_name: z.string(),
  submitter_name: z.string(),
  number_of_codes: z.number(),
  created_at: timestampSchema,
});
export type UsageRow = z.infer<typeof usageRowSchema>;

/**
 * One template-report row (spec 01 §3.3) per template of the account: `identifier` is its name,
 * `user_name` who submitted to it last (null when nobody has), `updated_at` the template's last
 * change, `codes` the codes submitted through it.
 */
export const templateReportRowSchema = z.object({
  id: z.number(),
  identifier: z.string(),
  user_name: z.string().nullable(),
  updated_at: timestampSchema,
  codes: z.number(),
});
export type TemplateReportRow = z.infer<typeof templateReportRowSchema>;

/** One global-report row: a row of a submission (any status but Draft) with its field values. */
export const globalRowSchema = z.object({
  submission_id: z.number(),
  dataset_id: z.number(),
  template_name: z.string(),
  submission_name: z.string(),
  submitted_by: z.string(),
  status: z.string(),
  submitted_at: timestampSchema,
  row_number: z.number(),
  cv_id: z.string(),
  values: z.array(z.object({ field_name: z.string(), value: z.string() })),
});
export type GlobalRow = z.infer<typeof globalRowSchema>;

/** A page of a paged report. */
function pageOf<T extends z.ZodType>(row: T) {
  return z.object({ data: z.array(row), total: z.number(), range: rangeSchema });
}

/** Most results one search answers. */
export const SEARCH_MAX_RESULTS = 200;

/** The search body (spec 01 §7): the text to find, 1-100 characters after trimming. */
export const searchBodySchema = z.object({
  term: text(100).trim().min(1, 'Type something to search for'),
});

/**
 * One search result (spec 01 §3.3), with the submission's id and the id of the dataset row
 * holding the value (`cv_id`), so the hit opens the dataset on that row (spec 01 §2.9).
 */
export const searchResultSchema = z.object({
  template_name: z.string(),
  identifier: z.string(),
  created_at: timestampSchema,
  submitted_by: z.string(),
  field_name: z.string(),
  cell_value: z.string(),
  dataset_id: z.number(),
  submission_id: z.number(),
  cv_id: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** The reports one can download (spec 01 §7 submissions, usage, logins; plus each section). */
export const DOWNLOADABLE_REPORTS = [
  'summary',
  'charts',
  'top-users',
  'usage',
  'templates',
  'search',
  'global',
  'submissions',
  'logins',
] as const;
export type DownloadableReport = (typeof DOWNLOADABLE_REPORTS)[number];

/** The download query: format, the range of ranged reports, the term of the search. */
export const downloadQuerySchema = z
  .object({
    format: z.enum(['csv', 'xlsx']).default('csv'),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    tz: timeZoneSchema,
    term: text(100).trim().optional(),
    raw: rawDownloadFlagSchema,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type DownloadQuery = z.input<typeof downloadQuerySchema>;

const access = 'access_reports' as const;
const tag = 'Reports';

/** The reports endpoints (issue 13). */
export const reportsApi = {
  summary: endpoint({
    method: 'GET',
    path: '/api/v1/account/reports/summary',
    tag,
    summary: 'Summary counts: enabled users, codes submitted, submissions (spec 01 §2.9).',
    permission: access,
    response: reportSummarySchema,
  }),
  charts: endpoint({
    method: 'GET',
    path: '/api/v1/account/reports/charts',
    tag,
    summary: "Codes submitted per month over the last 6 months, oldest first, in the reader's time zone.",
    permission: access,
    query: reportTzQuerySchema,
    response: z.object({ data: z.array(chartPointSchema) }),
  }),
  topUsers: endpoint({
    method: 'GET',
    path: '/api/v1/account/reports/topusers',
    tag,
    summary: 'Users who submitted codes, most codes first (at most 100).',
    permission: access,
    response: z.object({ data: z.array(topUserSchema) }),
  }),
  userReport: endpoint({
    method: 'GET',
    path: '/api/v1/account/reports/topusers/:userId/user-report',
    tag,
    summary: 'One user: profile, codes, last submission, codes per template and per month.',
    permission: access,
    params: z.object({
      userId: z.coerce
        .number({ error: 'Must be a positive whole number' })
        .int('Must be a positive whole number')
        .min(1, 'Must be a positive whole number')
        .max(INT4_MAX, `Must be at most ${INT4_MAX}`),
    }),
    query: reportTzQuerySchema,
    response: userReportSchema,
  }),
  usage: endpoint({
    method: 'GET',
    path: '/api/v1/account/reports/usage',
    tag,
    summary: 'Submissions in the dataset in a date range (default: the last 3 months), newest first.',
    permission: access,
    query: reportRangeQuerySchema,
    response: pageOf(usageRowSchema),
  }),
  templates: endpoint({
    method: 'GET',
    path: '/api/v1/account/reports/templates',
    tag,
    summary: 'Every template with the codes submitted through it, most codes first.',
    permission: access,
    response: z.object({ data: z.array(templateReportRowSchema) }),
  }),
  global: endpoint({
    method: 'GET',
    path: '/api/v1/account/reports/global',
    tag,
    summary:
      'Every submitted row across templates in a date range (default: the last 7 days), with its values.',
    permission: access,
    feature: 'global-report',
    query: reportRangeQuerySchema,
    response: pageOf(globalRowSchema),
  }),
  search: endpoint({
    method: 'POST',
    path: '/api/core/v1/search/template-data/legacy',
    tag,
    summary: 'Submitted values containing the term (any script, case aside), at most 200.',
    permission: access,
    body: searchBodySchema,
    response: z.object({ data: z.array(searchResultSchema), truncated: z.boolean() }),
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/v1/account/reports/download/:report',
    tag,
    summary:
      'A report as a CSV (UTF-8 with BOM) or XLSX file, streamed; global needs the global-report flag, search a term.',
    permission: access,
    params: z.object({ report: z.enum(DOWNLOADABLE_REPORTS) }),
    query: downloadQuerySchema,
    response: z.string().describe('The file, in the format asked for'),
    responseMediaType: DOWNLOAD_MEDIA_TYPES,
  }),
};
