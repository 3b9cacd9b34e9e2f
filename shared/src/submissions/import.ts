import { unzipSync } from 'fflate';
import type { TemplateField } from '../templates/templates.contract';
import { fieldKey, isFormColumn, type SubmissionRow } from './submission-form';
import { isEnteredField } from './validate-rows';

/**
 * Bulk import into the submission table (issue 11 item 3): a CSV or XLSX file's table, a mapping
 * from its columns to the template fields a person fills in (guessed by name), and the rows it
 * makes. List values are matched case-insensitively, with "did you mean", by the table's own
 * validation (`compileSubmissionForm`), so imported rows land with every error visible and
 * fixable. Decisions (ours, the issue fixes only the 50,000-row limit): the first row is the
 * header; a row whose mapped cells are all empty is left out; a file column maps to at most one
 * field and a field takes at most one column.
 */

/** The most rows one import takes (issue 11 item 3). */
export const IMPORT_MAX_ROWS = 50_000;
/**
 * The most cells one imported file may hold (README "File limits"): 50,000 rows of 40 columns.
 * Reading stops at the first cell past it, so a sheet of millions of cells is refused early.
 */
export const IMPORT_MAX_CELLS = 2_000_000;
/** The largest file an import reads, in bytes (100 MB; inbound pulls: IMPORT_MAX_FILE_MB). */
export const IMPORT_MAX_FILE_BYTES = 100 * 1024 * 1024;
/** The most an XLSX file's zip entries may inflate to in all, in bytes (256 MB; README "File limits"). */
export const IMPORT_MAX_UNZIPPED_BYTES = 256 * 1024 * 1024;

/** A size in bytes as people read it: `100 MB`, `1.9 MB`, `512 KB`. */
export function fileSizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) {
    const mb = bytes / (1024 * 1024);
    return `${mb >= 10 ? Math.round(mb) : Math.round(mb * 10) / 10} MB`;
  }
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** A file read as text cells: its header row and the rows under it. */
export interface ImportTable {
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

/** For each file column, the key of the template field it fills (`fieldKey`), or null to leave it out. */
export type ImportMapping = readonly (string | null)[];

/** The template fields an import can fill: form columns a person types into (not computed ones). */
export function importableFields(fields: readonly TemplateField[]): TemplateField[] {
  return [...fields]
    .filter((field) => isFormColumn(field) && isEnteredField(field))
    .sort((a, b) => a.precedence - b.precedence);
}

/** A header or field name reduced to letters and digits in lower case, for matching ("Country code" = "country_code"). */
export function headerKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * Guesses the mapping of a file's header to `fields` (issue 11 item 3 "guessed by name"): first
 * the columns whose name equals a field's name (ignoring case, spaces and punctuation), then those
 * whose name contains a still-free field's name or is contained in it (the longest name wins).
 * Each field is used once; columns without a match map to null.
 */
export function guessImportMapping(
  header: readonly string[],
  fields: readonly TemplateField[],
): ImportMapping {
  const free = new Map(importableFields(fields).map((f) => [fieldKey(f), headerKey(f.field.name)]));
  const mapping: (string | null)[] = header.map(() => null);
  const keys = header.map(headerKey);
  keys.forEach((key, column) => {
    if (key === '') return;
    for (const [field, name] of free) {
      if (name !== key) continue;
      mapping[column] = field;
      free.delete(field);
      return;
    }
  });
  keys.forEach((key, column) => {
    if (key === '' || mapping[column] !== null) return;
    let best: [string, number] | null = null;
    for (const [field, name] of free) {
      if (name === '' || !(key.includes(name) || name.includes(key))) continue;
      if (!best || name.length > best[1]) best = [field, name.length];
    }
    if (best) {
      mapping[column] = best[0];
      free.delete(best[0]);
    }
  });
  return mapping;
}

/**
 * The submission rows of a mapped table (issue 11 item 3): each mapped cell, trimmed, under its
 * field's key; rows whose mapped cells are all empty are left out. Answers the rows and the file
 * row number (1-based, header = 1) each came from, for messages.
 */
export function importRows(
  table: ImportTable,
  mapping: ImportMapping,
): { rows: SubmissionRow[]; fileRows: number[] } {
  const mapped: { column: number; key: string }[] = [];
  mapping.forEach((key, column) => {
    if (key !== null) mapped.push({ column, key });
  });
  const rows: SubmissionRow[] = [];
  const fileRows: number[] = [];
  for (let index = 0; index < table.rows.length; index++) {
    const cells = table.rows[index]!;
    let row: SubmissionRow | null = null;
    for (const { column, key } of mapped) {
      const value = (cells[column] ?? '').trim();
      if (value === '') continue;
      row ??= {};
      row[key] = value;
    }
    if (row === null) continue;
    rows.push(row);
    fileRows.push(index + 2);
  }
  return { rows, fileRows };
}

/**
 * Why a file's table cannot be imported, or null (issue 11 item 3): no header, no rows, more
 * than IMPORT_MAX_ROWS rows, or a mapping that fills no field. `fileName` names it in the message.
 */
export function importRefusal(
  table: ImportTable,
  mapping: ImportMapping | null,
  fileName: string,
): string | null {
  if (table.header.every((h) => h.trim() === ''))
    return `${fileName} has no header row: its first row names the columns.`;
  if (table.rows.length === 0) return `${fileName} has a header but no rows.`;
  if (table.rows.length > IMPORT_MAX_ROWS)
    return `${fileName} has ${table.rows.length.toLocaleString('en-US')} rows; an import takes at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')}.`;
  if (mapping?.every((m) => m === null)) return 'Choose the field at least one column fills.';
  return null;
}

/**
 * The text of a spreadsheet cell as the submission table takes it: dates as ISO `YYYY-MM-DD`
 * (date fields read ISO; spreadsheet dates are UTC midnight), whole numbers without a decimal
 * point, booleans as TRUE/FALSE, empty for null.
 */
export function spreadsheetCellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    return value.toISOString().slice(0, 10);
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return String(value);
}

/**
 * The import table of a file's raw rows (CSV strings or spreadsheet cell values): the first row
 * is the header (a byte-order mark before it is dropped), each cell becomes text
 * (`spreadsheetCellText`), and rows with every cell empty are left out.
 */
export function importTableOf(raw: readonly (readonly unknown[])[]): ImportTable {
  const texts: (readonly string[])[] = [];
  for (const cells of raw) {
    // A CSV row is text already: kept as it is, not copied.
    const row = cells.every((cell) => typeof cell === 'string')
      ? (cells as readonly string[])
      : cells.map(spreadsheetCellText);
    if (row.some((cell) => cell.trim() !== '')) texts.push(row);
  }
  const [header = [], ...rows] = texts;
  return { header: header.map((h, i) => (i === 0 ? h.replace(/^\uFEFF/, '') : h).trim()), rows };
}

/** An XLSX (zip) file's entry that would inflate past a limit, as {@link oversizedZipEntry} answers it. */
export interface OversizedZipEntry {
  /** The entry's name (`xl/worksheets/sheet1.xml`), or null when the entries only add up past it. */
  entry: string | null;
  /** What the entries declare they inflate to, in bytes. */
  bytes: number;
}

/**
 * Reads an XLSX file's zip central directory (nothing is inflated) and answers the first entry,
 * or the sum of entries, that declares more than `maxBytes` uncompressed; null when all fit.
 * Throws when the bytes are not a zip file. A zip bomb (a few MB inflating to hundreds) is
 * refused here before any parser sees it; parsers still count rows and cells, since a zip may
 * understate its sizes.
 */
export function oversizedZipEntry(bytes: Uint8Array, maxBytes: number): OversizedZipEntry | null {
  let total = 0;
  let found: OversizedZipEntry | null = null;
  unzipSync(bytes, {
    filter(file) {
      total += file.originalSize;
      if (!found && file.originalSize > maxBytes) found = { entry: file.name, bytes: file.originalSize };
      return false;
    },
  });
  if (found) return found;
  return total > maxBytes ? { entry: null, bytes: total } : null;
}
