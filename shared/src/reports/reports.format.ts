/**
 * Pure helpers of the reports (spec 01 §2.9, §9), shared by the server (default ranges, file
 * names) and the client (labels, highlights).
 */

/** Months of the history chart (spec 01 §9). */
export const CHART_MONTHS = 6;
/** Default range of the usage report, in months back from today (spec 01 §9). */
export const USAGE_DEFAULT_MONTHS = 3;
/** Default range of the global report, in days back from today (spec 01 §9). */
export const GLOBAL_DEFAULT_DAYS = 7;
/** Debounce of the search report's input, in milliseconds (spec 01 §9). */
export const SEARCH_DEBOUNCE_MS = 650;
/** The UTF-8 byte order mark that makes Excel read a CSV file as UTF-8. */
export const UTF8_BOM = '\uFEFF';

/** A calendar date `YYYY-MM-DD`. */
export type IsoDate = string;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/**
 * Today's calendar date in `timeZone` (an IANA name) at instant `now`, as `YYYY-MM-DD`.
 * Throws RangeError for an unknown time zone.
 */
export function todayIn(timeZone: string, now: Date = new Date()): IsoDate {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Whether `timeZone` is an IANA time zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Moves a calendar date by whole months (clamped to the month's last day) and days.
 * `addToDate('2026-05-31', -3)` is `'2026-02-28'`.
 */
export function addToDate(date: IsoDate, months: number, days = 0): IsoDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const moved = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last) + days));
  return `${moved.getUTCFullYear()}-${pad(moved.getUTCMonth() + 1)}-${pad(moved.getUTCDate())}`;
}

/** An inclusive range of calendar dates. */
export interface DateRange {
  from: IsoDate;
  to: IsoDate;
}

/** The usage report's default range: three months ago until today, in `timeZone` (spec 01 §9). */
export function defaultUsageRange(timeZone: string, now: Date = new Date()): DateRange {
  const to = todayIn(timeZone, now);
  return { from: addToDate(to, -USAGE_DEFAULT_MONTHS), to };
}

/** The global report's default range: the last seven days including today (spec 01 §9). */
export function defaultGlobalRange(timeZone: string, now: Date = new Date()): DateRange {
  const to = todayIn(timeZone, now);
  return { from: addToDate(to, 0, -(GLOBAL_DEFAULT_DAYS - 1)), to };
}

/**
 * The `CHART_MONTHS` months ending with the current one in `timeZone`, oldest first, as
 * `YYYY-MM` (spec 01 §9 "History chart: 6 months").
 */
export function chartMonths(timeZone: string, now: Date = new Date()): string[] {
  const today = todayIn(timeZone, now);
  const months: string[] = [];
  for (let i = CHART_MONTHS - 1; i >= 0; i--)
    months.push(addToDate(`${today.slice(0, 7)}-01`, -i).slice(0, 7));
  return months;
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A chart month `YYYY-MM` as the axis shows it: `Mar 2026`. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[m - 1] ?? '?'} ${y}`;
}

/**
 * The download's file name: what and when, e.g. `nomen-usage-report-2026-08-23_to_2026-11-23.csv`
 * or `nomen-top-users-report-as-of-2026-11-23.xlsx`; only letters, digits, `-`, `_` and `.`.
 */
export function reportFileName(
  report: string,
  format: 'csv' | 'xlsx',
  when: { range?: DateRange; asOf: IsoDate; term?: string },
): string {
  const what = `nomen-${report}-report`;
  const term = when.term ? `-${when.term.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 40)}` : '';
  const span = when.range ? `${when.range.from}_to_${when.range.to}` : `as-of-${when.asOf}`;
  const name = `${what}${term}-${span}.${format}`;
  return name.replace(/[^A-Za-z0-9._-]/g, '_');
}

/** A piece of text with whether it matches the search term. */
export interface HighlightPart {
  text: string;
  match: boolean;
}

/**
 * Splits `text` around case-insensitive occurrences of `term` (the search report's highlight,
 * spec 01 §2.9). An empty term gives the whole text unmatched.
 */
export function highlightParts(text: string, term: string): HighlightPart[] {
  const needle = term.trim().toLocaleLowerCase();
  if (!needle) return [{ text, match: false }];
  const haystack = text.toLocaleLowerCase();
  // Lower-casing may change lengths (e.g. İ); fall back to no highlight then.
  if (haystack.length !== text.length) return [{ text, match: false }];
  const parts: HighlightPart[] = [];
  let at = 0;
  for (let i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + needle.length)) {
    if (i > at) parts.push({ text: text.slice(at, i), match: false });
    parts.push({ text: text.slice(i, i + needle.length), match: true });
    at = i + needle.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}

/** Escapes `%`, `_` and `\` so `term` matches literally inside an ILIKE pattern. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
