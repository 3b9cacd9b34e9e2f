import {
  CLASSIFICATION_PARAMETER_TYPES,
  FIELD_DELIMITERS,
  GOVERNANCE_LABELS,
  GOVERNANCE_TYPES,
  type GovernanceType,
  SEGMENT_DELIMITER_LABELS,
  TEXT_CASES,
  TEXT_CHARACTER_SETS,
  TEXT_SPACES,
} from '@nomen/shared';
import type { Choice } from '../patterns/segmentOptions';

type ValueOf<T extends readonly string[]> = T[number];

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
