/**
 * The one CSV writer of Nomen's output (README "CSV files and formula cells"): dataset downloads,
 * report downloads and the CSV files integrations deliver all encode their fields here, so the
 * quoting and the formula rule cannot differ between them.
 *
 * Formula rule (OWASP "CSV Injection"): a text value starting with `=`, `+`, `-`, `@`, a tab or a
 * carriage return is one a spreadsheet may run as a formula, so it is written with a leading `'`,
 * which spreadsheets show as text. Plain numbers (`-12`, `+3.5`, `1e-3`) are not formulas and are
 * written as they are. `raw` keeps every value as stored, for machine consumers.
 */

import { z } from 'zod';

/**
 * The `raw` query flag of the download endpoints (README "CSV files and formula cells"): `true`
 * keeps formula-like values as stored, for machine consumers; absent or `false` neutralises them.
 */
export const rawDownloadFlagSchema = z
  .enum(['true', 'false'])
  .default('false')
  .transform((v) => v === 'true')
  .describe(
    "true: CSV values as stored; otherwise a value starting with =, +, -, @, tab or CR gets a leading ' so spreadsheets do not run it as a formula",
  );

/** The first characters that make a spreadsheet read a cell as a formula (OWASP). */
export const FORMULA_TRIGGERS: readonly string[] = ['=', '+', '-', '@', '\t', '\r'];

const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** Whether `text` would be read as a formula by a spreadsheet (and is not a plain number). */
export function isFormulaLike(text: string): boolean {
  return text.length > 0 && FORMULA_TRIGGERS.includes(text[0]!) && !PLAIN_NUMBER.test(text);
}

/** `text` with a leading `'` when it is formula-like ({@link isFormulaLike}), else unchanged. */
export function neutraliseFormula(text: string): string {
  return isFormulaLike(text) ? `'${text}` : text;
}

/** How {@link csvField} and {@link csvLine} write. */
export interface CsvOptions {
  /** The field separator; a comma by default. */
  delimiter?: string;
  /** Keep formula-like values as stored (no leading `'`); false by default. */
  raw?: boolean;
}

/**
 * One CSV field (RFC 4180): null and undefined are empty, dates ISO 8601, numbers as written;
 * text is neutralised ({@link neutraliseFormula}) unless `raw`, then quoted when it holds the
 * delimiter, a quote, CR or LF or starts or ends with white space, quotes doubled.
 */
export function csvField(value: unknown, options: CsvOptions = {}): string {
  if (value === null || value === undefined) return '';
  const delimiter = options.delimiter ?? ',';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (!options.raw && typeof value === 'string') text = neutraliseFormula(text);
  const needsQuotes = text.includes(delimiter) || /["\r\n]|^\s|\s$/.test(text);
  return needsQuotes ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line of `values` ended by `eol` (LF, as PostgreSQL's COPY writes, by default). */
export function csvLine(values: readonly unknown[], options: CsvOptions & { eol?: string } = {}): string {
  const delimiter = options.delimiter ?? ',';
  return `${values.map((v) => csvField(v, options)).join(delimiter)}${options.eol ?? '\n'}`;
}

/**
 * The formula rule as a PostgreSQL expression over the SQL expression `expr`, for CSV written by
 * PostgreSQL itself (`COPY ... TO STDOUT`): `expr` as text, with a leading `'` when it is
 * formula-like; the same rule as {@link isFormulaLike}. `expr` is SQL text the caller built
 * (a quoted column name), never user input.
 */
export function formulaSafeSql(expr: string): string {
  const v = `(${expr})::text`;
  return `case when left(${v}, 1) in ('=', '+', '-', '@', E'\\t', E'\\r') and ${v} !~ '^[+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][+-]?[0-9]+)?$' then '''' || ${v} else ${v} end`;
}
