import {
  AppError,
  buildPath,
  type DownloadableReport,
  type DownloadQuery,
  type ReportRangeQuery,
  reportsApi,
} from '@nomen/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/apiFetch';
import { errorFromResponse, NETWORK_ERROR_MESSAGE } from '../../api/errors';
import { queryString } from '../../api/queryString';

/** The reader's IANA time zone: reports count days and months in it (issue 13). */
export function readerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Summary counts (spec 01 §2.9). */
export function useReportSummary() {
  return useQuery({
    queryKey: ['reports', 'summary'],
    queryFn: ({ signal }) => apiFetch(reportsApi.summary, { signal }),
  });
}

/** Codes submitted per month over 6 months in the reader's time zone. */
export function useReportCharts(tz: string) {
  return useQuery({
    queryKey: ['reports', 'charts', tz],
    queryFn: ({ signal }) => apiFetch(reportsApi.charts, { query: { tz }, signal }),
  });
}

/** The top users report. */
export function useTopUsers() {
  return useQuery({
    queryKey: ['reports', 'topusers'],
    queryFn: ({ signal }) => apiFetch(reportsApi.topUsers, { signal }),
  });
}

/** One user's report for the drawer; idle while `userId` is null. */
export function useUserReport(userId: number | null, tz: string) {
  return useQuery({
    queryKey: ['reports', 'user-report', userId, tz],
    queryFn: ({ signal }) =>
      apiFetch(reportsApi.userReport, { params: { userId: userId ?? 0 }, query: { tz }, signal }),
    enabled: userId !== null,
  });
}

/** One page of the usage report in a range (the server's default range when none is given). */
export function useUsageReport(query: ReportRangeQuery) {
  return useQuery({
    queryKey: ['reports', 'usage', query],
    queryFn: ({ signal }) => apiFetch(reportsApi.usage, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The template report. */
export function useTemplateReport() {
  return useQuery({
    queryKey: ['reports', 'templates'],
    queryFn: ({ signal }) => apiFetch(reportsApi.templates, { signal }),
  });
}

/** One page of the global report (global-report flag); idle while `enabled` is false. */
export function useGlobalReport(query: ReportRangeQuery, enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'global', query],
    queryFn: ({ signal }) => apiFetch(reportsApi.global, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The search report for a (debounced) term; idle while the term is blank. */
export function useReportSearch(term: string) {
  const trimmed = term.trim();
  return useQuery({
    queryKey: ['reports', 'search', trimmed],
    queryFn: ({ signal }) => apiFetch(reportsApi.search, { body: { term: trimmed }, signal }),
    enabled: trimmed !== '',
    placeholderData: keepPreviousData,
  });
}

/** The URL of a report's download. */
export function downloadUrl(report: DownloadableReport, query: DownloadQuery): string {
  return buildPath(reportsApi.download.path, { report }) + queryString(query as Record<string, unknown>);
}

/**
 * Downloads a report file (spec 01 §7 downloads), reporting the bytes received so far through
 * `onProgress`, then hands it to the browser under the server's file name. Throws AppError with
 * the server's message when the download is refused.
 */
export async function downloadReport(
  report: DownloadableReport,
  query: DownloadQuery,
  onProgress: (bytes: number) => void,
): Promise<string> {
  let response: Response;
  try {
    response = await fetch(downloadUrl(report, query), { credentials: 'same-origin' });
  } catch {
    throw new AppError('INTERNAL', NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) throw errorFromResponse(response.status, await response.json().catch(() => undefined));
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.length;
      onProgress(bytes);
    }
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ??
    `${report}.${query.format}`;
  const blob = new Blob(chunks as BlobPart[], { type: response.headers.get('Content-Type') ?? undefined });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}
