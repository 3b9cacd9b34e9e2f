import { z } from 'zod';

/**
 * Delimiters a pattern, a date (segment or field) and a field joining values may use (spec 02 §3,
 * §9). `'none'` joins parts with nothing between them; the others are the character itself.
 */
export const SEGMENT_DELIMITERS = ['none', '-', '_', ':', '|'] as const;
/** One delimiter as the API carries it (spec 02 §9). */
export type SegmentDelimiter = (typeof SEGMENT_DELIMITERS)[number];

/** What each delimiter puts between two parts: `''` for `'none'`, the character otherwise. */
export const DELIMITER_TEXT: Readonly<Record<SegmentDelimiter, string>> = {
  none: '',
  '-': '-',
  _: '_',
  ':': ':',
  '|': '|',
};

/** Labels of the delimiters for the editors' selects (spec 02 §9). */
export const SEGMENT_DELIMITER_LABELS: Readonly<Record<SegmentDelimiter, string>> = {
  none: 'None',
  '-': 'Dash (-)',
  _: 'Underscore (_)',
  ':': 'Colon (:)',
  '|': 'Pipe (|)',
};

/** Orders of the parts of a date: D day, M month, Y year (spec 02 §9). */
export const DATE_ORDERS = ['M|D|Y', 'M|Y|D', 'Y|D|M', 'D|M|Y', 'Y|M|D'] as const;
/** One date order (spec 02 §9). */
export type DateOrder = (typeof DATE_ORDERS)[number];

/** How a date writes the month; `'None'` leaves the month out (spec 02 §9). */
export const MONTH_FORMATS = ['1-12', '01-12', 'Jan-Dec', 'January-December', 'None'] as const;
/** One month format (spec 02 §9). */
export type MonthFormat = (typeof MONTH_FORMATS)[number];

/** How a date writes the day of the month; `'None'` leaves it out (spec 02 §9). */
export const DAY_FORMATS = ['1-31', '01-31', 'None'] as const;
/** One day format (spec 02 §9). */
export type DayFormat = (typeof DAY_FORMATS)[number];

/** How a date writes the year; `'None'` leaves it out (spec 02 §9). */
export const YEAR_FORMATS = ['00-99', '0000-9999', 'None'] as const;
/** One year format (spec 02 §9). */
export type YearFormat = (typeof YEAR_FORMATS)[number];

/**
 * The one date format of the product (spec 02 §3, §9): up to three parts in `order`, each in its
 * format, joined by `delimiter`. A date segment of a pattern, a date field of a field set and a
 * template field's `date` all carry it.
 */
export interface DateFormat {
  order: DateOrder;
  months: MonthFormat;
  days: DayFormat;
  years: YearFormat;
  delimiter: SegmentDelimiter;
}

/** The date format a new date starts with (spec 02 §9): D|M|Y, 01-12, 01-31, 0000-9999, '-'. */
export const DATE_FORMAT_DEFAULTS: Readonly<DateFormat> = {
  order: 'D|M|Y',
  months: '01-12',
  days: '01-31',
  years: '0000-9999',
  delimiter: '-',
};

/**
 * The date format's keys in a request, each defaulting to DATE_FORMAT_DEFAULTS (spec 02 §9); a
 * zod shape to spread into an object schema (a date segment adds its own keys beside them).
 */
export const dateFormatShape = {
  order: z.enum(DATE_ORDERS).default(DATE_FORMAT_DEFAULTS.order),
  months: z.enum(MONTH_FORMATS).default(DATE_FORMAT_DEFAULTS.months),
  days: z.enum(DAY_FORMATS).default(DATE_FORMAT_DEFAULTS.days),
  years: z.enum(YEAR_FORMATS).default(DATE_FORMAT_DEFAULTS.years),
  delimiter: z.enum(SEGMENT_DELIMITERS).default(DATE_FORMAT_DEFAULTS.delimiter),
};

/** A date format in a request, defaults applied (spec 02 §9). */
export const dateFormatSchema = z.object(dateFormatShape);

/**
 * Whether a date format prints anything: at least one of month, day and year is not `'None'`
 * (ours, spec 02 is silent: a date showing no part would print nothing).
 */
export function dateFormatHasAPart(format: Pick<DateFormat, 'months' | 'days' | 'years'>): boolean {
  return format.months !== 'None' || format.days !== 'None' || format.years !== 'None';
}
