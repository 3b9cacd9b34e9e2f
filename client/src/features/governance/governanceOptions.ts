import {
  CLASSIFICATION_PARAMETER_TYPES,
  DATE_ORDERS,
  DAY_FORMATS,
  type DateOrder,
  type DayFormat,
  FIELD_DELIMITERS,
  GOVERNANCE_LABELS,
  GOVERNANCE_TYPES,
  type GovernanceType,
  MONTH_FORMATS,
  type MonthFormat,
  SEGMENT_DELIMITER_LABELS,
  SEGMENT_DELIMITERS,
  TEXT_CASES,
  TEXT_CHARACTER_SETS,
  TEXT_SPACES,
  YEAR_FORMATS,
  type YearFormat,
} from '@nomen/shared';

/** One choice of a select: the API value and what the person reads. */
export interface Choice<V extends string = string> {
  value: V;
  label: string;
}

type ValueOf<T extends readonly string[]> = T[number];

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

/** Labels of the delimiters that join several list values or concatenated fields. */
export const FIELD_DELIMITER_LABELS: Readonly<Record<ValueOf<typeof FIELD_DELIMITERS>, string>> = {
  ...SEGMENT_DELIMITER_LABELS,
  ',': 'Comma (,)',
  ';': 'Semicolon (;)',
};

/** Labels of the characters a text field accepts. */
export const TEXT_CHARACTER_LABELS: Readonly<Record<ValueOf<typeof TEXT_CHARACTER_SETS>, string>> = {
  any: 'Any characters',
  letters: 'Letters only',
  numeric: 'Numbers only',
  alphanumeric: 'Letters and numbers',
  alphanumeric_dash_underscore: 'Letters, numbers, dashes and underscores',
};

/** Labels of a text field's case transformation. */
export const TEXT_CASE_LABELS: Readonly<Record<ValueOf<typeof TEXT_CASES>, string>> = {
  none: 'Keep as typed',
  lowercase: 'lowercase',
  uppercase: 'UPPERCASE',
};

/** Labels of what a text field does with spaces. */
export const TEXT_SPACES_LABELS: Readonly<Record<ValueOf<typeof TEXT_SPACES>, string>> = {
  keep: 'Keep spaces',
  underscore: 'Replace with underscores',
  dash: 'Replace with dashes',
  remove: 'Remove spaces',
};

/** Labels of what a creative field classifies from (spec 03 §3 classification_parameter_type). */
export const CLASSIFICATION_LABELS: Readonly<Record<ValueOf<typeof CLASSIFICATION_PARAMETER_TYPES>, string>> =
  {
    SOURCE_URL: 'Source URL',
    TITLE: 'Title',
  };

/** One line on what each governance type does, for the field drawer's type choice (spec 02 §3). */
export const GOVERNANCE_DESCRIPTIONS: Readonly<Record<GovernanceType, string>> = {
  list: 'A value chosen from a column of a list.',
  autonumber: 'A counter that grows with every row.',
  autofill: 'A copy of another field of this set.',
  concatenation: 'Two or more fields of this set joined by a delimiter.',
  constant: 'The same value in every row.',
  date: 'A date in the chosen order and formats.',
  text: 'Free text, checked and transformed as set below.',
  creative: 'A value classified from the creative.',
};

function choices<V extends string>(values: readonly V[], labels: Readonly<Record<V, string>>): Choice<V>[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** Select choices of the governance types (spec 02 §3). */
export const GOVERNANCE_CHOICES = choices(GOVERNANCE_TYPES, GOVERNANCE_LABELS);
/** Select choices of the field delimiters. */
export const FIELD_DELIMITER_CHOICES = choices(FIELD_DELIMITERS, FIELD_DELIMITER_LABELS);
/** Select choices of the text character sets. */
export const TEXT_CHARACTER_CHOICES = choices(TEXT_CHARACTER_SETS, TEXT_CHARACTER_LABELS);
/** Select choices of the text case transformations. */
export const TEXT_CASE_CHOICES = choices(TEXT_CASES, TEXT_CASE_LABELS);
/** Select choices of the text space transformations. */
export const TEXT_SPACES_CHOICES = choices(TEXT_SPACES, TEXT_SPACES_LABELS);
/** Select choices of the classification parameter types. */
export const CLASSIFICATION_CHOICES = choices(CLASSIFICATION_PARAMETER_TYPES, CLASSIFICATION_LABELS);
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
