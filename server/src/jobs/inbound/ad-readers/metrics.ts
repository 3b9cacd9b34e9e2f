import { createHash } from 'node:crypto';
import {
  type IntegrationAssignment,
  isPullingPerformanceMetrics,
  PERFORMANCE_METRICS_DAYS,
  type PerformanceMetric,
  performanceMetricsOf,
  performanceMetricsRefusal,
} from '@nomen/shared';
import { InboundError } from '../inbound-error';
import type { AdObjectsRead, AdReader } from './common';

/**
 * Delivery metrics of ad-platform inbound runs (spec 03 §3 metadata pull_performance_metrics; issue
 * 12 items 2 and 5): what every reader shares when the flag is on — the 30-day window, whether the
 * chosen data type reports metrics (else a permanent failure naming where metrics are read), the
 * decimal text of spend, and the metric columns added to the table. Which slugs and data types
 * report which metrics is shared/src/integrations/performance-metrics.ts.
 */

/** One object's metrics over the window, as the platform reported them (absent: zero). */
export interface DeliveryMetrics {
  impressions?: string | number | undefined;
  clicks?: string | number | undefined;
  /** In the ad account's currency, as a decimal (not micros). */
  spend?: string | number | undefined;
  conversions?: string | number | undefined;
}

/**
 * The window the metrics cover: the {@link PERFORMANCE_METRICS_DAYS} whole days (UTC) ending
 * yesterday. `since` and `until` are inclusive dates (YYYY-MM-DD); `start` and `end` the instants
 * bounding them (`end` is today's midnight, exclusive).
 */
export interface MetricsWindow {
  since: string;
  until: string;
  start: Date;
  end: Date;
}

const DAY_MS = 86_400_000;

/** The metrics window as of `now` (see {@link MetricsWindow}). */
export function metricsWindow(now: Date = new Date()): MetricsWindow {
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const start = new Date(end.getTime() - PERFORMANCE_METRICS_DAYS * DAY_MS);
  const date = (d: Date) => d.toISOString().slice(0, 10);
  return { since: date(start), until: date(new Date(end.getTime() - DAY_MS)), start, end };
}

/**
 * The metrics an assignment's rows must carry: null when its pull_performance_metrics flag is off;
 * the metric columns when `slug` reports them for `dataType`. Throws a permanent InboundError
 * naming where metrics are read when the flag is on and they are not reported here.
 */
export function chosenMetrics(
  slug: string,
  assignment: IntegrationAssignment,
  dataType: string | null,
): readonly PerformanceMetric[] | null {
  if (!isPullingPerformanceMetrics(assignment.metadata ?? {})) return null;
  const refusal = performanceMetricsRefusal(slug, dataType);
  if (refusal !== null) throw new InboundError(refusal, true);
  return performanceMetricsOf(slug, dataType);
}

/**
 * A reader of an inbound that reports no metrics (Marketing Cloud): with
 * the flag on it fails at once with the message of {@link chosenMetrics}; off, it is `reader`.
 */
export function withoutMetrics(slug: string, reader: AdReader): AdReader {
  return (deps, connector, assignment) => {
    const dataType = String(assignment.metadata?.data_type ?? '').trim() || null;
    chosenMetrics(slug, assignment, dataType);
    return reader(deps, connector, assignment);
  };
}

/**
 * An exact decimal text of an amount: "1234.5", "0.05", "12" (trailing zeros dropped). Reads
 * numbers and decimal strings; `scale` divides by a power of ten without rounding (6 for
 * micro-currency). Anything that is not a number reads as "0".
 */
export function decimalText(value: string | number | undefined | null, scale = 0): string {
  const raw =
    typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : (value ?? '').trim();
  // Numbers JavaScript writes in exponent form (1e21, 1e-7) are written out in full first.
  const text = /e/i.test(raw) ? Number(raw).toFixed(20) : raw;
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && !match[3])) return '0';
  const digits = `${match[2] ?? ''}${match[3] ?? ''}`;
  const point = (match[2] ?? '').length - scale;
  const padded = point <= 0 ? '0'.repeat(1 - point) + digits : digits;
  const at = Math.max(point, 1);
  const whole = padded.slice(0, at).replace(/^0+(?=\d)/, '');
  const fraction = padded.slice(at).replace(/0+$/, '');
  const out = fraction ? `${whole}.${fraction}` : whole;
  return match[1] && /[1-9]/.test(out) ? `-${out}` : out;
}

/**
 * Adds the metric columns to what a reader read: `idOf(i)` is the platform id of table row `i`,
 * `metrics` the report by that id (an object without a report row delivered nothing: zeros).
 * Versions then follow the metrics too, so a row whose metrics moved is imported again.
 */
export function withMetricColumns(
  read: AdObjectsRead,
  columns: readonly PerformanceMetric[],
  idOf: (row: number) => string,
  metrics: ReadonlyMap<string, DeliveryMetrics>,
): AdObjectsRead {
  const rows = read.table.rows.map((row, i) => {
    const m = metrics.get(idOf(i)) ?? {};
    return [...row, ...columns.map((c) => decimalText(m[c]))];
  });
  const items = read.items.map((item, i) => ({
    key: item.key,
    version: createHash('sha256')
      .update(JSON.stringify([item.version, rows[i]!.slice(-columns.length)]))
      .digest('hex')
      .slice(0, 32),
  }));
  return { label: read.label, table: { header: [...read.table.header, ...columns], rows }, items };
}
