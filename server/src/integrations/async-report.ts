import Papa from 'papaparse';
import { outboundRefusalIn, STRICT_OUTBOUND } from '../security/outbound';
import { PROVIDER_LABELS, ProviderError, type ProviderName } from './provider-error';
import { DEFAULT_PROVIDER_TIMEOUT_MS } from './provider-http';

/**
 * What the asynchronous report clients share (CM360 Reports v4, Bid Manager v2, Amazon Ads
 * Reporting v3; issue 12 item 5, spec 03 §3 metadata pull_performance_metrics): the platform
 * answers a report id at once and produces the file later, so a client polls the report's status
 * with exponential backoff up to a maximum wait, then downloads the file. A report the platform
 * marks failed, or one still not ready when the wait ends, is a {@link ReportError} naming the
 * platform and the report id.
 */

/** Default longest wait for one report, in milliseconds (PROVIDER_REPORT_MAX_WAIT_MS). */
export const DEFAULT_REPORT_MAX_WAIT_MS = 600_000;
/** Default first pause between two polls of one report, in milliseconds (PROVIDER_REPORT_POLL_MS). */
export const DEFAULT_REPORT_FIRST_POLL_MS = 2_000;
/** The longest pause between two polls: the backoff doubles up to this. */
const MAX_POLL_PAUSE_MS = 60_000;

/** How long a client waits for a report: the whole wait and the first pause (doubled after each poll). */
export interface ReportPolling {
  maxWaitMs: number;
  firstPollMs: number;
}

/** The default {@link ReportPolling} (10 minutes, first pause 2 s). */
export const DEFAULT_REPORT_POLLING: ReportPolling = {
  maxWaitMs: DEFAULT_REPORT_MAX_WAIT_MS,
  firstPollMs: DEFAULT_REPORT_FIRST_POLL_MS,
};

/**
 * A report the platform did not deliver: `FAILED` when it said so (its status, e.g. FAILED or
 * CANCELLED, and its reason when given), `TIMEOUT` when it was not ready within the maximum wait.
 * `message` names the platform and the report id and never carries a credential.
 */
export class ReportError extends Error {
  constructor(
    readonly provider: ProviderName,
    readonly reportId: string,
    readonly reason: 'FAILED' | 'TIMEOUT',
    message: string,
  ) {
    super(message);
    this.name = 'ReportError';
  }
}

/** A wait in words: "10 minutes", "1 minute", "45 seconds", "300 ms". */
export function waitText(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return ms === 60_000 ? '1 minute' : `${ms / 60_000} minutes`;
  if (ms >= 1_000 && ms % 1_000 === 0) return ms === 1_000 ? '1 second' : `${ms / 1_000} seconds`;
  return `${ms} ms`;
}

/** One poll's reading of a report: done, failed (with the platform's words) or not yet (its status). */
export type ReportState = { done: true } | { done: false; failed?: string; status: string };

/**
 * Polls `poll` until `stateOf` says done, pausing `firstPollMs` and doubling the pause (at most
 * 60 s) after each poll, never past `maxWaitMs` from the start. `describe` names the report in
 * messages ("report 12 (file 34)"). Answers the last poll. Throws ReportError FAILED when the
 * platform says the report failed, TIMEOUT when it is still not done at the end of the wait, and
 * whatever `poll` throws (ProviderError).
 */
export async function pollReport<T>(
  provider: ProviderName,
  reportId: string,
  polling: ReportPolling,
  poll: () => Promise<T>,
  stateOf: (answer: T) => ReportState,
  describe = `report ${reportId}`,
): Promise<T> {
  const who = PROVIDER_LABELS[provider];
  const deadline = Date.now() + polling.maxWaitMs;
  let pause = Math.max(1, polling.firstPollMs);
  for (;;) {
    const answer = await poll();
    const state = stateOf(answer);
    if (state.done) return answer;
    if (state.failed !== undefined)
      throw new ReportError(
        provider,
        reportId,
        'FAILED',
        `${who} ${describe} failed (${state.status})${state.failed ? `: ${state.failed}` : ''}`,
      );
    const left = deadline - Date.now();
    if (left <= 0)
      throw new ReportError(
        provider,
        reportId,
        'TIMEOUT',
        `${who} ${describe} was not ready after ${waitText(polling.maxWaitMs)} (still ${state.status}): sync again later`,
      );
    await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left)));
    pause = Math.min(pause * 2, MAX_POLL_PAUSE_MS);
  }
}

/**
 * Downloads a report file from the absolute URL the platform answered (a signed Cloud Storage or
 * S3 URL: it carries its own authorisation, so no credential is sent). Answers the bytes. Throws
 * ProviderError (HTTP, TIMEOUT, NETWORK) naming the URL's path only (its signature is left out).
 */
export async function downloadSignedUrl(
  provider: ProviderName,
  url: string,
  options: { fetch?: typeof fetch | undefined; timeoutMs?: number | undefined } = {},
): Promise<Buffer> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ProviderError({
      provider,
      code: 'MALFORMED',
      status: null,
      providerMessage: 'the report file URL is not a URL',
      operation: 'GET report file',
    });
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new ProviderError({
      provider,
      code: 'MALFORMED',
      status: null,
      providerMessage: 'the report file URL is not an http(s) URL',
      operation: 'GET report file',
    });
  const operation = `GET ${parsed.origin}${parsed.pathname}`;
  const signal = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS);
  try {
    const res = await (options.fetch ?? STRICT_OUTBOUND.fetch)(parsed, { signal });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status < 200 || res.status >= 300)
      throw new ProviderError({
        provider,
        code: 'HTTP',
        status: res.status,
        providerMessage: `the report file answered ${res.status}`,
        operation,
      });
    return body;
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    const timedOut = signal.aborted || (error as Error | null)?.name === 'TimeoutError';
    throw new ProviderError({
      provider,
      code: timedOut ? 'TIMEOUT' : 'NETWORK',
      status: null,
      providerMessage: timedOut
        ? 'no answer in time'
        : (outboundRefusalIn(error)?.message ?? 'the report file could not be downloaded'),
      operation,
      cause: error,
    });
  }
}

/** A CSV text as rows of cells (empty lines left out). */
export function csvRows(text: string): string[][] {
  return Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' }).data;
}

/**
 * The rows of a report CSV as records keyed by the header's column names: the header is the first
 * row after a row whose first cell is `afterRow` (CM360's "Report Fields"), or the first row when
 * no such row exists or `afterRow` is undefined. Rows with fewer cells than the header (footers,
 * notes) are left out; the caller leaves out totals.
 */
export function csvRecords(text: string, afterRow?: string): Record<string, string>[] {
  const rows = csvRows(text);
  const marker = afterRow === undefined ? -1 : rows.findIndex((r) => r[0]?.trim() === afterRow);
  const header = rows[marker + 1]?.map((c) => c.trim()) ?? [];
  return rows
    .slice(marker + 2)
    .filter((r) => r.length >= header.length)
    .map((r) => Object.fromEntries(header.map((h, i) => [h, (r[i] ?? '').trim()])));
}
