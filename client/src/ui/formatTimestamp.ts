import dayjs from 'dayjs';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Options of the timestamp formatters; `timeZone` defaults to the browser's. */
export interface TimestampFormatOptions {
  timeZone?: string;
  locale?: string;
}

/**
 * Intl formatters by their options: making one costs far more than formatting with it (the
 * first takes tens of ms), and tables and toolbars format on every render.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function cachedFormatter<F extends Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => F,
): F {
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Whether `iso` is less than one calendar month before `now` (spec 01 §9). */
export function isUnderOneMonthOld(iso: string, now: Date): boolean {
  const time = dayjs(iso);
  return time.isValid() && time.isAfter(dayjs(now).subtract(1, 'month'));
}

/**
 * A past time relative to `now`, e.g. "just now", "5 minutes ago", "3 hours ago", "yesterday",
 * "12 days ago" (spec 01 §9). Times slightly in the future (clock skew) read as "just now".
 */
export function relativeTime(iso: string, now: Date, options: TimestampFormatOptions = {}): string {
  const elapsed = now.getTime() - new Date(iso).getTime();
  const locale = options.locale ?? 'en';
  const format = cachedFormatter(
    `relative|${locale}`,
    () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
  );
  if (elapsed < 45_000) return 'just now';
  if (elapsed < 45 * MINUTE) return format.format(-Math.max(1, Math.round(elapsed / MINUTE)), 'minute');
  if (elapsed < 22 * HOUR) return format.format(-Math.max(1, Math.round(elapsed / HOUR)), 'hour');
  return format.format(-Math.max(1, Math.round(elapsed / DAY)), 'day');
}

/** A calendar date such as "Nov 21, 2026", for timestamps a month old or more (spec 01 §9). */
export function formatDate(iso: string, options: TimestampFormatOptions = {}): string {
  const locale = options.locale ?? 'en-US';
  return cachedFormatter(
    `date|${locale}|${options.timeZone ?? ''}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: options.timeZone }),
  ).format(new Date(iso));
}

/** The parts of `iso` in `options.timeZone` (en-US names), for the product's one time format. */
function dateTimeParts(iso: string, options: TimestampFormatOptions): Record<string, string> {
  const format = cachedFormatter(
    `parts|${options.timeZone ?? ''}`,
    () =>
      new Intl.DateTimeFormat('en-US', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        hour12: true,
        timeZone: options.timeZone,
      }),
  );
  const parts = format.formatToParts(new Date(iso));
  const byType: Record<string, string> = {};
  for (const part of parts) byType[part.type] = part.value;
  return byType;
}

/**
 * A time of day such as "3:04pm": the product's one time format (spec 02 §2 "3:04pm"; issue 8
 * item 23: the toolbar, the lock tooltip and the thread times read alike). An unreadable value
 * is shown as it is.
 */
export function formatTime(iso: string, options: TimestampFormatOptions = {}): string {
  if (Number.isNaN(new Date(iso).getTime())) return iso;
  const p = dateTimeParts(iso, options);
  return `${p.hour}:${p.minute}${(p.dayPeriod ?? '').toLowerCase()}`;
}

/**
 * A date and time such as "Jan 5, 2024 3:04pm" (spec 02 §2, the list editor's last-saved text),
 * the one format of exact times: tooltips, the last-saved text, the lock tooltip (issue 8 item
 * 23). An unreadable value is shown as it is.
 */
export function formatDateTime(iso: string, options: TimestampFormatOptions = {}): string {
  if (Number.isNaN(new Date(iso).getTime())) return iso;
  const p = dateTimeParts(iso, options);
  return `${p.month} ${p.day}, ${p.year} ${formatTime(iso, options)}`;
}

/**
 * How a table shows a timestamp (spec 01 §9): relative when under one month old, otherwise
 * the date. An unreadable value is shown as it is.
 */
export function formatTimestamp(iso: string, now: Date, options: TimestampFormatOptions = {}): string {
  if (Number.isNaN(new Date(iso).getTime())) return iso;
  return isUnderOneMonthOld(iso, now) ? relativeTime(iso, now, options) : formatDate(iso, options);
}
