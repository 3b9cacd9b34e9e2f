import { strToU8 } from 'fflate';
import { csvField, csvLine } from '../core/csv';
import {
  DEFAULT_FILE_TYPES,
  DEFAULT_FILENAME_PATTERN,
  DELIMITER_CHARACTERS,
  type Delimiter,
  type OutputFileType,
  outputFilename,
} from './file-settings';
import type { IncludedOutputField } from './integration-assignment';

/**
 * Output files of outbound integrations (issue 12 item 4; spec 03 §3 included_output_fields,
 * transform_case, transform_replace; §9 file settings): what a run builds from a submission's rows
 * before delivering them. Pure and deterministic: the same input gives the same table and the same
 * CSV and JSON bytes (XLSX bytes are written on the server, server/src/jobs/output-files.ts, as
 * deterministically), so a retried delivery writes exactly what the first attempt wrote
 * (idempotent pushes).
 */

/** The part of an assignment output building reads (spec 03 §3). */
export interface OutputSettings {
  /** `custom` reports write the selected output fields; others every template field (spec 03 §3). */
  report_type: string;
  included_output_fields: readonly IncludedOutputField[];
  file_type: readonly OutputFileType[];
  delimiter: Delimiter | null;
  filename_pattern: string;
  include_summary_header: 0 | 1;
  metadata: Readonly<Record<string, unknown>>;
}

/** A template field as an output column when no output field is chosen: its id and name. */
export interface OutputTemplateField {
  id: number | string;
  name: string;
  /** Where the field comes from ({@link templateFieldSource}); names a header its name repeats. */
  source?: string;
}

/**
 * A column's name and the source that tells it apart from another column of the same name: ''
 * when it has none (then its place, "column N", tells it apart); null for a column that keeps its
 * name whatever else is named (a fixed column such as the download's "Submitter").
 */
export interface HeaderName {
  name: string;
  source: string | null;
}

/**
 * The headers of a table with no name twice (the dataset download and integration outputs, spec 03
 * §3): a name two columns share (ignoring case and edge spaces) is suffixed with each one's source,
 * "Region (UTM campaign name)", or with its place, "Region (column 3)", when it has no source; a
 * header still repeated after that gets " 2", " 3"… in column order. A name no other column
 * shares, and a fixed column's name (source null), is kept as is.
 */
export function uniqueHeaders(columns: readonly HeaderName[]): string[] {
  const keyOf = (header: string) => header.trim().toLowerCase();
  const counts = new Map<string, number>();
  for (const c of columns) counts.set(keyOf(c.name), (counts.get(keyOf(c.name)) ?? 0) + 1);
  const named = columns.map((c, i) => {
    if (c.source === null || (counts.get(keyOf(c.name)) ?? 0) < 2) return c.name;
    return `${c.name} (${c.source.trim() || `column ${i + 1}`})`;
  });
  const taken = new Set(named.map(keyOf));
  const seen = new Set<string>();
  return named.map((header) => {
    if (!seen.has(keyOf(header))) {
      seen.add(keyOf(header));
      return header;
    }
    let n = 2;
    while (taken.has(keyOf(`${header} ${n}`)) || seen.has(keyOf(`${header} ${n}`))) n += 1;
    const numbered = `${header} ${n}`;
    seen.add(keyOf(numbered));
    return numbered;
  });
}

/**
 * The source of a template field, for telling apart headers of the same name (spec 03 §3): the
 * name of the pattern field a segment field belongs to, the name of the field set a field-set
 * field belongs to (`fieldsetNames`, by field set id: "Channel (Paid media)"), else '' (its place
 * tells it apart).
 */
export function templateFieldSource(
  templateField: {
    field: {
      segment_parent_field_id: number | string | null;
      fieldset_id?: number | null;
      is_pattern?: boolean;
    };
  },
  templateFields: readonly { field_id: number | string | null; field: { name: string } }[],
  fieldsetNames: ReadonlyMap<number, string> = new Map(),
): string {
  const parentId = templateField.field.segment_parent_field_id;
  if (parentId === null) {
    const fieldsetId = templateField.field.fieldset_id ?? null;
    if (fieldsetId === null || templateField.field.is_pattern) return '';
    return fieldsetNames.get(fieldsetId)?.trim() ?? '';
  }
  const parent = templateFields.find((f) => f.field_id !== null && String(f.field_id) === String(parentId));
  return parent?.field.name.trim() ?? '';
}

/** The field set ids the fields of a template belong to, for {@link templateFieldSource}'s names. */
export function fieldsetIdsOf(
  templateFields: readonly { field: { fieldset_id?: number | null } }[],
): number[] {
  return [
    ...new Set(templateFields.flatMap((f) => (f.field.fieldset_id == null ? [] : [f.field.fieldset_id]))),
  ];
}

/** The submission an output is built from: values for the filename and the summary header. */
export interface OutputSubmission {
  template_name: string;
  submission_name: string;
  /** Date or ISO 8601 text. */
  submitted_at: Date | string;
  submitted_by: string;
}

/** One column of an output: the header written and the row key (a template field id as text). */
export interface OutputColumn {
  header: string;
  key: string;
}

/** One built file: its name (pattern + extension), type, MIME type and bytes. */
export interface OutputFile {
  name: string;
  type: OutputFileType;
  contentType: string;
  body: Uint8Array;
}

/** MIME types of the output file types. */
export const OUTPUT_CONTENT_TYPES: Readonly<Record<OutputFileType, string>> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  json: 'application/json; charset=utf-8',
};

/**
 * The columns of an output (spec 03 §3 report_type, included_output_fields): for a custom report
 * the selected, not hidden output fields in their order, headed by `display` or else `name`; for
 * the default report (and a custom one with none selected) every template field in template order.
 * Headers are unique ({@link uniqueHeaders}, by each field's `source`).
 */
export function outputColumns(
  settings: Pick<OutputSettings, 'included_output_fields' | 'report_type'>,
  fields: readonly OutputTemplateField[],
): OutputColumn[] {
  const chosen =
    settings.report_type === 'custom'
      ? settings.included_output_fields.filter((f) => f.selected && !f.isHidden)
      : [];
  const sourceOf = (id: number | string) => fields.find((f) => String(f.id) === String(id))?.source ?? '';
  const named =
    chosen.length === 0
      ? fields.map((f) => ({ name: f.name, source: f.source ?? '', key: String(f.id) }))
      : chosen.map((f) => ({ name: f.display?.trim() || f.name, source: sourceOf(f.id), key: String(f.id) }));
  const headers = uniqueHeaders(named);
  return named.map((c, i) => ({ header: headers[i] ?? c.name, key: c.key }));
}

/**
 * Applies the value transforms of an assignment's metadata (spec 03 §3): transform_case
 * (to_lowercase, to_uppercase), then transform_replace (replace_space_with_underscore,
 * replace_underscore_with_space). Other or absent settings leave the value as is.
 */
export function transformValue(value: string, metadata: Readonly<Record<string, unknown>>): string {
  let out = value;
  if (metadata.transform_case === 'to_lowercase') out = out.toLowerCase();
  else if (metadata.transform_case === 'to_uppercase') out = out.toUpperCase();
  if (metadata.transform_replace === 'replace_space_with_underscore') out = out.replace(/ /g, '_');
  else if (metadata.transform_replace === 'replace_underscore_with_space') out = out.replace(/_/g, ' ');
  return out;
}

/** The summary header's lines (label, value): template, submission, time, submitter, row count. */
export function summaryLines(submission: OutputSubmission, rowCount: number): [string, string][] {
  const at =
    typeof submission.submitted_at === 'string'
      ? submission.submitted_at
      : submission.submitted_at.toISOString();
  return [
    ['Template', submission.template_name],
    ['Submission', submission.submission_name],
    ['Submitted at', at],
    ['Submitted by', submission.submitted_by],
    ['Rows', String(rowCount)],
  ];
}

/**
 * A table as CSV text: CRLF line ends, the summary lines first when given, then header and rows;
 * fields through the one CSV writer ({@link csvField}), so formula-like values get a leading `'`
 * (README "CSV files and formula cells").
 */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  delimiter: Delimiter | null,
  summary: readonly [string, string][] | null,
): string {
  const d = DELIMITER_CHARACTERS[delimiter ?? 'comma'];
  const line = (cells: readonly string[]) => csvLine(cells, { delimiter: d, eol: '' });
  const lines = [...(summary ? [...summary.map(line), ''] : []), line(header), ...rows.map(line)];
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * A table as JSON text: a list of objects keyed by column header; with a summary, an object
 * `{summary: {label: value}, rows: [...]}`.
 */
export function toJson(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  summary: readonly [string, string][] | null,
): string {
  const objects = rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
  return JSON.stringify(summary ? { summary: Object.fromEntries(summary), rows: objects } : objects, null, 2);
}

/** One file of a run before it is written: its name (pattern + extension), type and MIME type. */
export type OutputFileName = Omit<OutputFile, 'body'>;

/**
 * What the files of one run hold (spec 03 §3, §9): the header and rows of the table, the summary
 * lines (or null), the CSV delimiter, and the files to write it as. The server writes the bytes
 * (CSV and JSON with {@link outputText}, XLSX with its one workbook writer over
 * {@link outputSheetRows}).
 */
export interface OutputTable {
  header: string[];
  rows: string[][];
  summary: [string, string][] | null;
  delimiter: Delimiter | null;
  files: OutputFileName[];
}

/**
 * The table of one run (spec 03 §3, §9) and its files: one per file type of the assignment (csv
 * when none is chosen), named by its filename pattern (default `{template_name}_{submitted_at}`)
 * plus the extension; columns from {@link outputColumns}; each value through
 * {@link transformValue}; with include_summary_header, the summary ({@link summaryLines}).
 * `rows` are keyed by template field id; missing values are ''. Throws a RangeError when
 * submitted_at is not a valid time.
 */
export function outputTable(
  settings: OutputSettings,
  fields: readonly OutputTemplateField[],
  rows: readonly Readonly<Record<string, string | null | undefined>>[],
  submission: OutputSubmission,
): OutputTable {
  const columns = outputColumns(settings, fields);
  const types = settings.file_type.length > 0 ? settings.file_type : DEFAULT_FILE_TYPES;
  const pattern = settings.filename_pattern.trim() || DEFAULT_FILENAME_PATTERN;
  return {
    header: columns.map((c) => c.header),
    rows: rows.map((row) => columns.map((c) => transformValue(row[c.key] ?? '', settings.metadata))),
    summary: settings.include_summary_header === 1 ? summaryLines(submission, rows.length) : null,
    delimiter: settings.delimiter,
    files: types.map((type) => ({
      name: outputFilename(pattern, submission, type),
      type,
      contentType: OUTPUT_CONTENT_TYPES[type],
    })),
  };
}

/**
 * The body of a CSV or JSON file of a table, as UTF-8 bytes: the summary above the table (CSV,
 * {@link toCsv}) or beside the rows (JSON, {@link toJson}).
 */
export function outputText(table: OutputTable, type: 'csv' | 'json'): Uint8Array {
  const text =
    type === 'csv'
      ? toCsv(table.header, table.rows, table.delimiter, table.summary)
      : toJson(table.header, table.rows, table.summary);
  return strToU8(text);
}

/**
 * The rows of the one sheet of an XLSX file of a table: the summary lines and an empty row first
 * when there is a summary, then the header and the rows.
 */
export function outputSheetRows(table: OutputTable): string[][] {
  const summary = table.summary ? [...table.summary.map(([label, value]) => [label, value]), []] : [];
  return [...summary, table.header, ...table.rows];
}
