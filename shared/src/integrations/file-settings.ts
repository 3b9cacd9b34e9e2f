/** Field delimiters of output files (spec 03 §9), as the API carries them. */
export const DELIMITERS = ['comma', 'semicolon', 'tab', 'space'] as const;
/** One output-file delimiter (spec 03 §9). */
export type Delimiter = (typeof DELIMITERS)[number];

/** The character each delimiter writes between two values. */
export const DELIMITER_CHARACTERS: Readonly<Record<Delimiter, string>> = {
  comma: ',',
  semicolon: ';',
  tab: '\t',
  space: ' ',
};

/** Labels of the delimiters for the file-settings select. */
export const DELIMITER_LABELS: Readonly<Record<Delimiter, string>> = {
  comma: 'Comma (,)',
  semicolon: 'Semicolon (;)',
  tab: 'Tab',
  space: 'Space',
};

/** Output file types (spec 03 §9); an assignment's file_type is a list of them. */
export const OUTPUT_FILE_TYPES = ['csv', 'xlsx', 'json'] as const;
/** One output file type (spec 03 §9). */
export type OutputFileType = (typeof OUTPUT_FILE_TYPES)[number];

/**
 * The placeholders a filename pattern may hold (spec 03 §5 "Filename pattern placeholders"), each
 * written `{placeholder}` in the pattern.
 */
export const FILENAME_PLACEHOLDERS = [
  'template_name',
  'submission_name',
  'submitted_at',
  'submitted_by',
] as const;
/** One filename placeholder (spec 03 §5). */
export type FilenamePlaceholder = (typeof FILENAME_PLACEHOLDERS)[number];

/** Labels of the placeholders for the pattern editor's insert menu. */
export const FILENAME_PLACEHOLDER_LABELS: Readonly<Record<FilenamePlaceholder, string>> = {
  template_name: 'Template name',
  submission_name: 'Submission name',
  submitted_at: 'Submitted at',
  submitted_by: 'Submitted by',
};

/** Default filename pattern: the template name plus the submitted time (spec 03 §9). */
export const DEFAULT_FILENAME_PATTERN = '{template_name}_{submitted_at}';
/** Default delimiter of a new file integration (spec 03 §9). */
export const DEFAULT_DELIMITER: Delimiter = 'comma';
/** Default file types of a new file integration (spec 03 §9). */
export const DEFAULT_FILE_TYPES: readonly OutputFileType[] = ['csv'];
/** The filename pattern Snowflake pushes are forced to (spec 03 §5 "Snowflake table name"). */
export const SNOWFLAKE_FILENAME_PATTERN = 'output';

/** The values put into a filename pattern; `submitted_at` is a Date or an ISO 8601 text. */
export interface FilenameValues {
  template_name: string;
  submission_name: string;
  submitted_at: Date | string;
  submitted_by: string;
}

/**
 * Writes a submitted time for a filename: UTC, `YYYY-MM-DD_HH-mm-ss`, no characters that file
 * systems refuse. Throws a RangeError on an invalid date or text.
 */
export function formatSubmittedAt(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid submitted_at: ${String(value)}`);
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, '')
    .replace('T', '_')
    .replace(/:/g, '-');
}

/** Characters a filename must not hold (path separators, reserved characters, controls). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: controls are exactly what is removed here
const UNSAFE_FILENAME_CHARACTERS = /[/\\:*?"<>|\u0000-\u001f\u007f]/g;

/**
 * Renders a filename pattern (spec 03 §5): each `{placeholder}` of {@link FILENAME_PLACEHOLDERS}
 * becomes its value, with path separators, reserved and control characters in values replaced by
 * `_` so that a value cannot leave the folder. Unknown `{words}` stay as written. No extension is
 * added (see {@link outputFilename}). Throws a RangeError when `submitted_at` is not a valid time.
 */
export function renderFilename(pattern: string, values: FilenameValues): string {
  const text: Record<FilenamePlaceholder, string> = {
    template_name: values.template_name,
    submission_name: values.submission_name,
    submitted_at: formatSubmittedAt(values.submitted_at),
    submitted_by: values.submitted_by,
  };
  return pattern.replace(/\{([a-z_]+)\}/g, (whole, key: string) =>
    (FILENAME_PLACEHOLDERS as readonly string[]).includes(key)
      ? text[key as FilenamePlaceholder].replace(UNSAFE_FILENAME_CHARACTERS, '_')
      : whole,
  );
}

/** The full name of one output file: the rendered pattern plus `.csv`, `.xlsx` or `.json`. */
export function outputFilename(pattern: string, values: FilenameValues, fileType: OutputFileType): string {
  return `${renderFilename(pattern, values)}.${fileType}`;
}
