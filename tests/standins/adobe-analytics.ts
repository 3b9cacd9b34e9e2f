import { randomUUID } from 'node:crypto';
import {
  intParam,
  multipartParts,
  pageOf,
  type StandinAnswer,
  type StandinRequest,
  type StandinRoute,
  StandinServer,
} from './standin-server';

/**
 * Adobe Analytics 2.0 API stand-in (tests/standins/README.md). Follows
 * https://developer.adobe.com/analytics-apis/docs/2.0/guides/endpoints/discovery/,
 * .../endpoints/report-suites/ and .../endpoints/classifications/: discovery/me, the collections
 * suites listing (paged with limit and 0-based page), classification datasets by report suite
 * (compatibilityMetrics) and one dataset with its columns. Every call needs
 * `Authorization: Bearer <token>` and `x-api-key: <client id>`.
 * Classification imports follow .../endpoints/classifications/import-file/: `POST
 * /api/{company}/classification/job/import/createApiJob/{dataset}` (JSON with the required
 * `dataFormat` tsv, tab or json; answers `api_job_id` and `api_job_status` CREATED), `PUT
 * .../uploadFile/{api_job_id}` (multipart/form-data with one file part; a new upload replaces the
 * file) and `POST .../commitApiJob/{api_job_id}` (answers `import_job_id`; a job without a file, or
 * committed already, answers 400). What the reference leaves out and this stand-in chose: the
 * file is a classification data file whose header starts with `Key` and names only columns of the
 * dataset (400 otherwise, as the Classification set jobs manager fails such a file).
 * `GET /api/{company}/classification/job/byDataset/{dataset}` (.../endpoints/classifications/ "GET
 * classification jobs by dataset"; `lookbackDays`, 0-based `page`, `size`; an
 * ApiClassificationJobPage of `jobId`, `name`, `state`, `history`) lists committed import jobs,
 * newest first; chosen where the reference is silent: a job appears from its commit on (the API
 * job entity made by createApiJob is not a classification job yet), its `jobId` is the commit's
 * `import_job_id`, and an unknown dataset answers 404.
 * `importedRows(dataset)` answers what committed jobs imported, for assertions.
 */

/** One import job as the stand-in keeps it. */
export interface AdobeImportJob {
  apiJobId: string;
  globalCompanyId: string;
  datasetId: string;
  /** The create-job body as sent. */
  options: Record<string, unknown>;
  /** The uploaded file's text (the last upload), or null before any. */
  file: string | null;
  uploads: number;
  importJobId: string | null;
  /** When the job was committed (null before). */
  committedAt: Date | null;
}

/** One company the token's user belongs to, with its report suites. */
export interface AdobeCompanySeed {
  globalCompanyId: string;
  companyName: string;
  reportSuites: { rsid: string; name: string }[];
}

/** A classification dataset subscribed to one dimension of one report suite. */
export interface AdobeDatasetSeed {
  datasetId: string;
  name: string;
  globalCompanyId: string;
  rsid: string;
  /** The classified dimension, as in subscriptions: `variables/evar5`. */
  dimension: string;
  /** Column (classification) names. */
  columns: string[];
  /** The dimension's items (values) in the report suite, for the Reports API. */
  items?: { itemId: string; value: string }[];
}

/** Seed data of the Adobe Analytics stand-in. */
export interface AdobeAnalyticsSeed {
  validTokens: string[];
  /** The integration's client id, expected in x-api-key. */
  clientId: string;
  imsUserId: string;
  imsOrgId: string;
  companies: AdobeCompanySeed[];
  datasets: AdobeDatasetSeed[];
}

/** The Adobe Analytics stand-in server. */
export class AdobeAnalyticsStandin extends StandinServer {
  private readonly seed: AdobeAnalyticsSeed;
  /** Every import job created, in order. */
  readonly importJobs: AdobeImportJob[] = [];

  constructor(seed: AdobeAnalyticsSeed) {
    super(seed.validTokens);
    this.seed = seed;
  }

  protected isAuthorized(req: StandinRequest): boolean {
    const token = this.bearer(req);
    return token !== undefined && this.validCredentials.has(token);
  }

  protected unauthorized(req: StandinRequest): StandinAnswer {
    // Adobe's gateway answers a missing or expired IMS token like this (error_code 401013).
    return {
      status: 401,
      body: {
        error_code: '401013',
        message: req.headers.authorization ? 'Oauth token is not valid' : 'Bearer token is missing',
      },
    };
  }

  protected override notFound(req: StandinRequest): StandinAnswer {
    return adobeError(404, 'resource_not_found', `No resource at ${req.path}`);
  }

  protected routes(): StandinRoute[] {
    return [
      { method: 'GET', path: '/discovery/me', handle: (req) => this.guard(req) ?? this.me() },
      {
        method: 'GET',
        path: '/api/:company/reportsuites/collections/suites',
        handle: (req, p) => this.guard(req) ?? this.suites(req, p.company!),
      },
      {
        method: 'GET',
        path: '/api/:company/classifications/datasets/compatibilityMetrics/:rsid',
        handle: (req, p) => this.guard(req) ?? this.compatibility(p.company!, p.rsid!),
      },
      {
        method: 'POST',
        path: '/api/:company/classification/job/import/createApiJob/:datasetId',
        handle: (req, p) => this.guard(req) ?? this.createImportJob(req, p.company!, p.datasetId!),
      },
      {
        method: 'PUT',
        path: '/api/:company/classification/job/import/uploadFile/:jobId',
        handle: (req, p) => this.guard(req) ?? this.uploadImportFile(req, p.company!, p.jobId!),
      },
      {
        method: 'POST',
        path: '/api/:company/classification/job/import/commitApiJob/:jobId',
        handle: (req, p) => this.guard(req) ?? this.commitImportJob(p.company!, p.jobId!),
      },
      {
        method: 'GET',
        path: '/api/:company/classification/job/byDataset/:datasetId',
        handle: (req, p) => this.guard(req) ?? this.jobsByDataset(req, p.company!, p.datasetId!),
      },
      {
        method: 'POST',
        path: '/api/:company/reports',
        handle: (req, p) => this.guard(req) ?? this.report(req, p.company!),
      },
      {
        method: 'GET',
        path: '/api/:company/classifications/datasets/:datasetId',
        handle: (req, p) => this.guard(req) ?? this.dataset(p.company!, p.datasetId!),
      },
    ];
  }

  /** The API key check every Analytics call makes after the token check. */
  private guard(req: StandinRequest): StandinAnswer | undefined {
    const key = req.headers['x-api-key'];
    if (!key) return { status: 403, body: { error_code: '403000', message: 'Api Key is required' } };
    if (key !== this.seed.clientId) {
      return { status: 403, body: { error_code: '403003', message: 'Api Key is invalid' } };
    }
    return undefined;
  }

  private me(): StandinAnswer {
    return {
      status: 200,
      body: {
        imsUserId: this.seed.imsUserId,
        imsOrgs: [
          {
            imsOrgId: this.seed.imsOrgId,
            companies: this.seed.companies.map((c) => ({
              globalCompanyId: c.globalCompanyId,
              companyName: c.companyName,
              apiRateLimitPolicy: 'aa_api_tier10_tp',
            })),
          },
        ],
      },
    };
  }

  private company(id: string): AdobeCompanySeed | undefined {
    return this.seed.companies.find((c) => c.globalCompanyId === id);
  }

  private suites(req: StandinRequest, companyId: string): StandinAnswer {
    const company = this.company(companyId);
    if (!company) return adobeError(403, 'access_denied', `Access to company ${companyId} is denied`);
    const limit = intParam(req.query, 'limit', 10);
    const page = intParam(req.query, 'page', 0);
    if (Number.isNaN(limit) || Number.isNaN(page) || limit < 1) {
      return adobeError(400, 'invalid_parameter', 'limit and page must be non-negative integers');
    }
    const all = company.reportSuites;
    const content = pageOf(all, page * limit, limit).map((s) => ({ rsid: s.rsid, id: s.rsid, name: s.name }));
    const totalPages = Math.ceil(all.length / limit);
    return {
      status: 200,
      body: {
        content,
        totalElements: all.length,
        totalPages,
        numberOfElements: content.length,
        number: page,
        size: limit,
        firstPage: page === 0,
        lastPage: page >= totalPages - 1,
      },
    };
  }

  private compatibility(companyId: string, rsid: string): StandinAnswer {
    const company = this.company(companyId);
    if (!company?.reportSuites.some((s) => s.rsid === rsid)) {
      return adobeError(404, 'report_suite_not_found', `Report suite ${rsid} was not found`);
    }
    const byDimension = new Map<string, string[]>();
    for (const d of this.seed.datasets) {
      if (d.globalCompanyId !== companyId || d.rsid !== rsid) continue;
      const id = d.dimension.replace(/^variables\//, '');
      byDimension.set(id, [...(byDimension.get(id) ?? []), d.datasetId]);
    }
    return {
      status: 200,
      body: {
        report_suite_id: rsid,
        metrics: [...byDimension].map(([id, datasets]) => ({ id: [id], datasets })),
      },
    };
  }

  /**
   * A ranked report (https://developer.adobe.com/analytics-apis/docs/2.0/guides/endpoints/reports/):
   * `rsid`, `dimension` (`variables/…`), `metricContainer.metrics` (at least one), a `dateRange`
   * global filter, `settings.limit` (1–50,000) and 0-based `settings.page`; answers the page's rows
   * (`itemId`, `value`, `data`) with totalPages, lastPage and totalElements. Every seeded item
   * counts once (metrics are not modelled).
   */
  private report(req: StandinRequest, companyId: string): StandinAnswer {
    if (!this.company(companyId))
      return adobeError(403, 'access_denied', `Access to company ${companyId} is denied`);
    const body = (req.body ?? {}) as {
      rsid?: string;
      dimension?: string;
      metricContainer?: { metrics?: unknown[] };
      globalFilters?: { type?: string; dateRange?: string }[];
      settings?: { limit?: number; page?: number };
    };
    if (!body.rsid || !body.dimension?.startsWith('variables/'))
      return adobeError(400, 'invalid_request', 'rsid and a variables/ dimension are required');
    if (!body.metricContainer?.metrics?.length)
      return adobeError(400, 'invalid_request', 'metricContainer.metrics must not be empty');
    const range = body.globalFilters?.find((f) => f.type === 'dateRange')?.dateRange ?? '';
    if (!/^\d{4}-\d\d-\d\dT[\d:.]+\/\d{4}-\d\d-\d\dT[\d:.]+$/.test(range))
      return adobeError(400, 'invalid_request', 'A dateRange global filter (start/end) is required');
    const limit = body.settings?.limit ?? 50;
    const page = body.settings?.page ?? 0;
    if (!Number.isInteger(limit) || limit < 1 || limit > 50_000 || !Number.isInteger(page) || page < 0)
      return adobeError(
        400,
        'invalid_request',
        'settings.limit must be 1 to 50000 and settings.page not negative',
      );
    const dataset = this.seed.datasets.find(
      (d) => d.globalCompanyId === companyId && d.rsid === body.rsid && d.dimension === body.dimension,
    );
    if (!this.company(companyId)?.reportSuites.some((r) => r.rsid === body.rsid))
      return adobeError(400, 'invalid_rsid', `Report suite ${body.rsid} was not found`);
    const items = dataset?.items ?? [];
    const rows = pageOf(items, page * limit, limit).map((i) => ({
      itemId: i.itemId,
      value: i.value,
      data: [1],
    }));
    const totalPages = Math.max(1, Math.ceil(items.length / limit));
    return {
      status: 200,
      body: {
        totalPages,
        firstPage: page === 0,
        lastPage: page >= totalPages - 1,
        numberOfElements: rows.length,
        number: page,
        totalElements: items.length,
        columns: { dimension: { id: body.dimension, type: 'string' }, columnIds: ['0'] },
        rows,
      },
    };
  }

  private dataset(companyId: string, datasetId: string): StandinAnswer {
    const d = this.seed.datasets.find((x) => x.globalCompanyId === companyId && x.datasetId === datasetId);
    if (!d) return adobeError(404, 'dataset_not_found', `Dataset ${datasetId} was not found`);
    return {
      status: 200,
      body: {
        dataset_id: d.datasetId,
        name: d.name,
        description: d.name,
        default_list_delimiter: ',',
        default_encoding: 'UTF8',
        columns: d.columns.map((name, i) => ({
          column_id: String(1000 + i),
          name,
          display_name: name,
          type: 'text',
        })),
        subscriptions: [{ rsid: d.rsid, dimension: d.dimension, unique: true, editable: true }],
        notifications: [],
        ims_org_id: this.seed.imsOrgId,
      },
    };
  }

  /**
   * The rows committed import jobs brought into `datasetId`, oldest first: each a record of the
   * file's header names (`Key` and the classifications) to the row's cells.
   */
  importedRows(datasetId: string): Record<string, string>[] {
    return this.importJobs
      .filter((j) => j.datasetId === datasetId && j.importJobId !== null && j.file !== null)
      .flatMap((j) => parseTsv(j.file!).rows);
  }

  private createImportJob(req: StandinRequest, companyId: string, datasetId: string): StandinAnswer {
    const dataset = this.seed.datasets.find(
      (d) => d.globalCompanyId === companyId && d.datasetId === datasetId,
    );
    if (!dataset) return adobeError(404, 'dataset_not_found', `Dataset ${datasetId} was not found`);
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (!['tsv', 'tab', 'json'].includes(String(body.dataFormat))) {
      return adobeError(400, 'invalid_parameter', 'dataFormat is required: tsv, tab or json');
    }
    const job: AdobeImportJob = {
      apiJobId: randomUUID(),
      globalCompanyId: companyId,
      datasetId,
      options: body,
      file: null,
      uploads: 0,
      importJobId: null,
      committedAt: null,
    };
    this.importJobs.push(job);
    return {
      status: 200,
      body: {
        api_job_id: job.apiJobId,
        dataset_id: datasetId,
        ims_org_id: this.seed.imsOrgId,
        api_job_status: 'CREATED',
        job_options: { ...body, encoding: String(body.encoding ?? 'utf8').toLowerCase() },
      },
    };
  }

  private job(companyId: string, apiJobId: string): AdobeImportJob | undefined {
    return this.importJobs.find((j) => j.globalCompanyId === companyId && j.apiJobId === apiJobId);
  }

  private uploadImportFile(req: StandinRequest, companyId: string, apiJobId: string): StandinAnswer {
    const job = this.job(companyId, apiJobId);
    if (!job) return adobeError(404, 'job_not_found', `API job ${apiJobId} was not found`);
    if (job.importJobId) return adobeError(400, 'job_committed', `API job ${apiJobId} is already committed`);
    const parts = multipartParts(req);
    if (!parts) return adobeError(400, 'invalid_content_type', 'Expected multipart/form-data');
    const file = parts.find((p) => p.filename !== undefined);
    if (!file) return adobeError(400, 'missing_file', 'A file part is required');
    const text = file.data.toString('utf8');
    const dataset = this.seed.datasets.find((d) => d.datasetId === job.datasetId)!;
    const { header } = parseTsv(text);
    const unknown = header.slice(1).filter((h) => !dataset.columns.includes(h));
    if (header[0] !== 'Key' || unknown.length > 0) {
      return adobeError(
        400,
        'invalid_file',
        header[0] !== 'Key'
          ? 'The first column must be Key'
          : `Unknown classification columns: ${unknown.join(', ')}`,
      );
    }
    job.file = text;
    job.uploads++;
    return { status: 200, body: { api_job_id: apiJobId, status: 'success' } };
  }

  /**
   * "GET classification jobs by dataset": the committed import jobs of the dataset from the last
   * `lookbackDays` days (default 30), newest first, in pages of `size` (default 10) from the 0-based
   * `page`, as an ApiClassificationJobPage. A job is listed from its commit on, in state completed.
   */
  private jobsByDataset(req: StandinRequest, companyId: string, datasetId: string): StandinAnswer {
    const dataset = this.seed.datasets.find(
      (d) => d.globalCompanyId === companyId && d.datasetId === datasetId,
    );
    if (!dataset) return adobeError(404, 'dataset_not_found', `Cannot find job for dataset ${datasetId}`);
    const lookbackDays = intParam(req.query, 'lookbackDays', 30);
    const page = intParam(req.query, 'page', 0);
    const size = intParam(req.query, 'size', 10);
    if ([lookbackDays, page, size].some(Number.isNaN) || size < 1 || lookbackDays < 1)
      return adobeError(400, 'invalid_parameter', 'lookbackDays, page and size must be positive integers');
    const since = Date.now() - lookbackDays * 86_400_000;
    const jobs = this.importJobs
      .filter(
        (j) =>
          j.globalCompanyId === companyId &&
          j.datasetId === datasetId &&
          j.committedAt !== null &&
          j.committedAt.getTime() >= since,
      )
      .reverse()
      .map((j) => ({
        jobId: j.importJobId,
        name: String(j.options.jobName ?? ''),
        datasetId,
        setName: dataset.name,
        type: 'import',
        state: 'completed',
        jobOptions: j.options,
        history: [
          { timestamp: j.committedAt!.toISOString(), jobState: 'queued', message: 'Committed' },
          { timestamp: j.committedAt!.toISOString(), jobState: 'completed', message: 'Done' },
        ],
        imsOrgId: this.seed.imsOrgId,
      }));
    const totalPages = Math.max(1, Math.ceil(jobs.length / size));
    const content = pageOf(jobs, page * size, size);
    return {
      status: 200,
      body: {
        content,
        page,
        size,
        numberOfElements: content.length,
        totalElements: jobs.length,
        totalPages,
        first: page === 0,
        last: page + 1 >= totalPages,
      },
    };
  }

  private commitImportJob(companyId: string, apiJobId: string): StandinAnswer {
    const job = this.job(companyId, apiJobId);
    if (!job) return adobeError(404, 'job_not_found', `API job ${apiJobId} was not found`);
    if (job.importJobId) return adobeError(400, 'job_committed', `API job ${apiJobId} is already committed`);
    if (job.file === null) return adobeError(400, 'no_file', `API job ${apiJobId} has no uploaded file`);
    job.importJobId = randomUUID();
    job.committedAt = new Date();
    return { status: 200, body: { import_job_id: job.importJobId, api_job_id: apiJobId } };
  }
}

/** A tab-separated classification file: its header and its rows keyed by header name. */
function parseTsv(text: string): { header: string[]; rows: Record<string, string>[] } {
  const [first = '', ...lines] = text.split(/\r?\n/).filter((l) => l !== '');
  const header = first.split('\t');
  return {
    header,
    rows: lines.map((l) => {
      const cells = l.split('\t');
      return Object.fromEntries(header.map((h, i) => [h, cells[i] ?? '']));
    }),
  };
}

/** Adobe Analytics 2.0's error envelope. */
function adobeError(status: number, errorCode: string, errorDescription: string): StandinAnswer {
  return { status, body: { errorCode, errorDescription, errorId: randomUUID() } };
}
