import { z } from 'zod';
import { ProviderError } from '../provider-error';
import { multipart, type ProviderClientOptions, ProviderHttp, seg, stringAt } from '../provider-http';

/**
 * Adobe Analytics 2.0 API client (README.md beside this file): who the token belongs to, the
 * report suites ("realms") of a company and the classification datasets ("targets") of a report
 * suite. Serves spec 01 §7 `POST /api/v1/account/connector/{id}/realm/` and
 * `GET .../realm/{realm}/target/list`.
 */

/** Credentials of an Adobe connected account: the IMS token plus the integration's ids. */
export interface AdobeAnalyticsClientOptions extends ProviderClientOptions {
  /** The Developer Console client id, sent as x-api-key. */
  clientId: string;
  /** The IMS organization id (`…@AdobeOrg`), sent as x-gw-ims-org-id when given. */
  imsOrgId?: string;
}

const meSchema = z.object({
  imsUserId: z.string(),
  imsOrgs: z.array(
    z.object({
      imsOrgId: z.string(),
      companies: z.array(z.object({ globalCompanyId: z.string().min(1), companyName: z.string() })),
    }),
  ),
});

/** discovery/me: the token's user and the companies it may call. */
export type AdobeDiscovery = z.output<typeof meSchema>;

const suiteSchema = z.object({ rsid: z.string().min(1), name: z.string().optional() });

// The OpenAPI reference answers a page object; the guide's sample shows a bare array. Both are read.
const suitesPageSchema = z.preprocess(
  (body) => (Array.isArray(body) ? { content: body } : body),
  z.object({
    content: z.array(suiteSchema),
    lastPage: z.boolean().optional(),
    totalPages: z.number().int().nonnegative().optional(),
    number: z.number().int().nonnegative().optional(),
  }),
);

const compatibilitySchema = z.object({
  report_suite_id: z.string(),
  metrics: z.array(z.object({ id: z.array(z.string()), datasets: z.array(z.string().min(1)) })),
});

const datasetSchema = z.object({
  dataset_id: z.string().min(1),
  name: z.string(),
  columns: z.array(z.object({ name: z.string() })).default([]),
  subscriptions: z.array(z.object({ rsid: z.string(), dimension: z.string() })).default([]),
});

const createJobSchema = z.object({ api_job_id: z.string().min(1), dataset_id: z.string().optional() });
const uploadFileSchema = z.object({ api_job_id: z.string().optional(), status: z.string().optional() });
const commitJobSchema = z.object({ import_job_id: z.string().min(1), api_job_id: z.string().optional() });

const classificationJobSchema = z.object({
  jobId: z.string().min(1),
  name: z.string().default(''),
  datasetId: z.string().optional(),
  state: z.string().default(''),
  type: z.string().optional(),
});

const classificationJobPageSchema = z.object({
  content: z.array(classificationJobSchema).default([]),
  last: z.boolean().optional(),
  totalPages: z.number().int().nonnegative().optional(),
});

/**
 * A classification job of a dataset as "GET classification jobs by dataset" answers it: `jobId`,
 * the `name` given at create time, and its `state` (created, queued, validated, processing,
 * done_processing, completed, or a failed_* state).
 */
export type AdobeClassificationJob = z.output<typeof classificationJobSchema>;

/** Page size asked of the jobs-by-dataset listing (the reference's default is 10). */
const JOBS_PAGE_SIZE = 100;
/** Pages of jobs read at most (100 pages of 100 jobs). */
const JOBS_MAX_PAGES = 100;

/** How an import job is made (Classifications API "POST create job"). */
export interface ClassificationImportOptions {
  /** The job's name as the Classification set jobs manager shows it. */
  jobName: string;
  /** Who Adobe mails when the job completes (the target's confirmation email); none when empty. */
  notifyEmail?: string;
}

const reportSchema = z.object({
  lastPage: z.boolean().optional(),
  totalPages: z.number().int().nonnegative().optional(),
  rows: z.array(z.object({ itemId: z.string(), value: z.string() })).default([]),
});

/** A dimension item of a report suite: its id and value. */
export interface AdobeDimensionItem {
  itemId: string;
  value: string;
}

/** One classification dataset with the report suites and dimensions it classifies. */
export type AdobeDataset = z.output<typeof datasetSchema>;

/** A report suite as Nomen stores it on a target (spec 01 §3.1): realm_name, remote_realm_id. */
export interface AdobeRealm {
  realm_name: string;
  remote_realm_id: string;
}

/** A classification dataset of a report suite (spec 01 §7 target list): id, name, classifications_names. */
export interface AdobeTarget {
  id: string;
  name: string;
  classifications_names: string[];
}

/** Rows asked per report page (the Reports API allows up to 50,000). */
const REPORT_PAGE_SIZE = 50_000;

/** Page size asked of the suites listing (the reference's default is 10). */
const SUITES_PAGE_SIZE = 100;
/** Stop paging after this many pages even if the provider keeps saying there are more. */
const MAX_PAGES = 1000;
/** How many dataset look-ups run at once. */
const DATASET_CONCURRENCY = 4;

/** The Adobe Analytics 2.0 client. Every method throws ProviderError on failure. */
export class AdobeAnalyticsClient {
  private readonly http: ProviderHttp;

  constructor(options: AdobeAnalyticsClientOptions) {
    this.http = new ProviderHttp({
      provider: 'adobe-analytics',
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      onUnauthorized: options.onUnauthorized,
      authHeaders: async () => ({
        authorization: `Bearer ${await options.getAccessToken()}`,
        'x-api-key': options.clientId,
        ...(options.imsOrgId ? { 'x-gw-ims-org-id': options.imsOrgId } : {}),
      }),
      readError: (body) => ({
        message:
          stringAt(body, 'errorDescription') ??
          stringAt(body, 'message') ??
          stringAt(body, 'error_description'),
        code: stringAt(body, 'errorCode') ?? stringAt(body, 'error_code'),
      }),
    });
  }

  /** Who the token belongs to and which companies (global company ids) it may call. */
  whoAmI(): Promise<AdobeDiscovery> {
    return this.http.get('/discovery/me', meSchema);
  }

  /** Every report suite of `globalCompanyId`, following the listing's pages. */
  async listReportSuites(globalCompanyId: string): Promise<{ rsid: string; name: string }[]> {
    const suites: { rsid: string; name: string }[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await this.http.get(
        `/api/${seg(globalCompanyId)}/reportsuites/collections/suites`,
        suitesPageSchema,
        { limit: SUITES_PAGE_SIZE, page },
      );
      suites.push(...answer.content.map((s) => ({ rsid: s.rsid, name: s.name ?? s.rsid })));
      const isLast =
        answer.lastPage ??
        (answer.totalPages !== undefined
          ? page >= answer.totalPages - 1
          : answer.content.length < SUITES_PAGE_SIZE);
      if (isLast || answer.content.length === 0) break;
    }
    return suites;
  }

  /** The realms of a company for `POST /api/v1/account/connector/{id}/realm/`. */
  async listRealms(globalCompanyId: string): Promise<AdobeRealm[]> {
    const suites = await this.listReportSuites(globalCompanyId);
    return suites.map((s) => ({ realm_name: s.name, remote_realm_id: s.rsid }));
  }

  /** Classification dataset `datasetId` with its columns and subscriptions (report suite, dimension). */
  getDataset(globalCompanyId: string, datasetId: string): Promise<AdobeDataset> {
    return this.http.get(
      `/api/${seg(globalCompanyId)}/classifications/datasets/${seg(datasetId)}`,
      datasetSchema,
    );
  }

  /**
   * The items (values) of `dimension` (`variables/evar5`) seen in report suite `rsid` between
   * `start` and `end` (ISO times without zone), from a ranked report on occurrences, all pages.
   * Reference: https://developer.adobe.com/analytics-apis/docs/2.0/guides/endpoints/reports/
   */
  async dimensionItems(
    globalCompanyId: string,
    rsid: string,
    dimension: string,
    start: string,
    end: string,
  ): Promise<AdobeDimensionItem[]> {
    const items: AdobeDimensionItem[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await this.http.request({
        method: 'POST',
        path: `/api/${seg(globalCompanyId)}/reports`,
        schema: reportSchema,
        body: {
          rsid,
          dimension,
          globalFilters: [{ type: 'dateRange', dateRange: `${start}/${end}` }],
          metricContainer: { metrics: [{ columnId: '0', id: 'metrics/occurrences' }] },
          settings: { limit: REPORT_PAGE_SIZE, page, dimensionSort: 'asc' },
        },
      });
      items.push(...answer.rows.map((r) => ({ itemId: r.itemId, value: r.value })));
      const isLast =
        answer.lastPage ?? (answer.totalPages !== undefined ? page >= answer.totalPages - 1 : true);
      if (isLast || answer.rows.length === 0) break;
    }
    return items;
  }

  /**
   * The classification datasets subscribed to any dimension of report suite `rsid`, each with its
   * column names, for `GET .../realm/{realm}/target/list`.
   */
  async listTargets(globalCompanyId: string, rsid: string): Promise<AdobeTarget[]> {
    const company = seg(globalCompanyId);
    const compatibility = await this.http.get(
      `/api/${company}/classifications/datasets/compatibilityMetrics/${seg(rsid)}`,
      compatibilitySchema,
    );
    const ids = [...new Set(compatibility.metrics.flatMap((m) => m.datasets))];
    const targets: AdobeTarget[] = [];
    for (let i = 0; i < ids.length; i += DATASET_CONCURRENCY) {
      const batch = await Promise.all(
        ids
          .slice(i, i + DATASET_CONCURRENCY)
          .map((id) => this.http.get(`/api/${company}/classifications/datasets/${seg(id)}`, datasetSchema)),
      );
      targets.push(
        ...batch.map((d) => ({
          id: d.dataset_id,
          name: d.name,
          classifications_names: d.columns.map((c) => c.name),
        })),
      );
    }
    return targets;
  }

  /**
   * Creates a classification import job on dataset `datasetId` for a TSV file (Classifications API
   * "POST create job", `/api/{company}/classification/job/import/createApiJob/{dataset}`);
   * answers its `api_job_id`.
   */
  async createImportJob(
    globalCompanyId: string,
    datasetId: string,
    options: ClassificationImportOptions,
  ): Promise<string> {
    const job = await this.http.request({
      method: 'POST',
      path: `/api/${seg(globalCompanyId)}/classification/job/import/createApiJob/${seg(datasetId)}`,
      body: {
        dataFormat: 'tsv',
        encoding: 'UTF8',
        jobName: options.jobName,
        source: 'Direct API Upload',
        listDelimiter: ',',
        ...(options.notifyEmail
          ? { notifications: [{ method: 'email', state: 'completed', recipients: [options.notifyEmail] }] }
          : {}),
      },
      schema: createJobSchema,
    });
    return job.api_job_id;
  }

  /**
   * Uploads the TSV file of import job `apiJobId` ("PUT upload file", multipart with the file
   * part `file`). Uploading again replaces the job's file, so a retry is safe.
   */
  async uploadImportFile(globalCompanyId: string, apiJobId: string, fileName: string, tsv: string) {
    await this.http.request({
      method: 'PUT',
      path: `/api/${seg(globalCompanyId)}/classification/job/import/uploadFile/${seg(apiJobId)}`,
      rawBody: multipart([
        {
          name: 'file',
          value: Buffer.from(tsv, 'utf8'),
          filename: fileName,
          contentType: 'text/tab-separated-values',
        },
      ]),
      schema: uploadFileSchema,
    });
  }

  /**
   * The classification jobs of dataset `datasetId` from the last `lookbackDays` days
   * (Classifications API "GET classification jobs by dataset",
   * `/api/{company}/classification/job/byDataset/{dataset}` with `lookbackDays`, 0-based `page`
   * and `size`), read page by page until `last` or until `stop` accepts a job (that job ends the
   * list). A 404 ("cannot find job for specified dataset") answers no jobs.
   */
  async listClassificationJobs(
    globalCompanyId: string,
    datasetId: string,
    options: { lookbackDays?: number; stop?: (job: AdobeClassificationJob) => boolean } = {},
  ): Promise<AdobeClassificationJob[]> {
    const jobs: AdobeClassificationJob[] = [];
    const path = `/api/${seg(globalCompanyId)}/classification/job/byDataset/${seg(datasetId)}`;
    for (let page = 0; page < JOBS_MAX_PAGES; page++) {
      let answer: z.output<typeof classificationJobPageSchema>;
      try {
        answer = await this.http.get(path, classificationJobPageSchema, {
          lookbackDays: options.lookbackDays ?? 30,
          page,
          size: JOBS_PAGE_SIZE,
        });
      } catch (error) {
        if (error instanceof ProviderError && error.status === 404) return jobs;
        throw error;
      }
      for (const job of answer.content) {
        jobs.push(job);
        if (options.stop?.(job)) return jobs;
      }
      const last =
        answer.last ??
        (answer.totalPages === undefined
          ? answer.content.length < JOBS_PAGE_SIZE
          : page + 1 >= answer.totalPages);
      if (last || answer.content.length === 0) break;
    }
    return jobs;
  }

  /** Commits import job `apiJobId` for processing ("POST commit job"); answers the `import_job_id`. */
  async commitImportJob(globalCompanyId: string, apiJobId: string): Promise<string> {
    const done = await this.http.request({
      method: 'POST',
      path: `/api/${seg(globalCompanyId)}/classification/job/import/commitApiJob/${seg(apiJobId)}`,
      schema: commitJobSchema,
    });
    return done.import_job_id;
  }
}
