import {
  DATE_ORDERS,
  DAY_FORMATS,
  type DateOrder,
  type DayFormat,
  MONTH_FORMATS,
  type MonthFormat,
  RANDOM_FREQUENCIES,
  type RandomFrequency,
  SEGMENT_DELIMITER_LABELS,
  SEGMENT_DELIMITERS,
  YEAR_FORMATS,
  type YearFormat,
} from '@nomen/shared';

/** One choice of a select: the API value and what the person reads. */
export interface Choice<V extends string = string> {
  value: V;
  label: string;
}

/** Labels of the date orders (spec 02 §9: M|D|Y, M|Y|D, Y|D|M, D|M|Y, Y|M|D). */
export const DATE_ORDER_LABELS: Readonly<Record<DateOrder, string>> = {
  'M|D|Y': 'Month, day, year',
  'M|Y|D': 'Month, year, day',
  'Y|D|M': 'Year, day, month',
  'D|M|Y': 'Day, month, year',
  'Y|M|D': 'Year, month, day',
};

/** Labels of the month formats (spec 02 §9). */
export const MONTH_FORMAT_LABELS: Readonly<Record<MonthFormat, string>> = {
  '1-12': '1-12',
  '01-12': '01-12',
  'Jan-Dec': 'Jan-Dec',
  'January-December': 'January-December',
  None: 'None (leave out)',
};

/** Labels of the day formats (spec 02 §9). */
export const DAY_FORMAT_LABELS: Readonly<Record<DayFormat, string>> = {
  '1-31': '1-31',
  '01-31': '01-31',
  None: 'None (leave out)',
};

/** Labels of the year formats (spec 02 §9). */
export const YEAR_FORMAT_LABELS: Readonly<Record<YearFormat, string>> = {
  '00-99': '00-99',
  '0000-9999': '0000-9999',
  None: 'None (leave out)',
};

/** Labels of a random segment's frequency (spec 02 §9: row or session). */
export const RANDOM_FREQUENCY_LABELS: Readonly<Record<RandomFrequency, string>> = {
  row: 'New for every row',
  session: 'Once per session',
};

function choices<V extends string>(values: readonly V[], labels: Readonly<Record<V, string>>): Choice<V>[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** Select choices of the pattern and date delimiters, labelled as SEGMENT_DELIMITER_LABELS (spec 02 §9). */
export const DELIMITER_CHOICES = choices(SEGMENT_DELIMITERS, SEGMENT_DELIMITER_LABELS);
/** Select choices of the date orders (spec 02 §9). */
export const DATE_ORDER_CHOICES = choices(DATE_ORDERS, DATE_ORDER_LABELS);
/** Select choices of the month formats (spec 02 §9). */
export const MONTH_FORMAT_CHOICES = choices(MONTH_FORMATS, MONTH_FORMAT_LABELS);
/** Select choices of the day formats (spec 02 §9). */
export const DAY_FORMAT_CHOICES = choices(DAY_FORMATS, DAY_FORMAT_LABELS);
/** Select choices of the year formats (spec 02 §9). */
export const YEAR_FORMAT_CHOICES = choices(YEAR_FORMATS, YEAR_FORMAT_LABELS);
/** Choices of a random segment's frequency (spec 02 §9). */
export const RANDOM_FREQUENCY_CHOICES = choices(RANDOM_FREQUENCIES, RANDOM_FREQUENCY_LABELS);

/**
 * zod parse options for the builder's forms: an empty required value (undefined or null, e.g. a
 * cleared number input) reads "Required" instead of zod's type message (spec 02 §5).
 */
export const EMPTY_IS_REQUIRED = {
  error: (issue: { code?: string; input?: unknown }) =>
    issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null)
      ? 'Required'
      : undefined,
};
