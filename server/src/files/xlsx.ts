import { PassThrough, type Writable } from 'node:stream';
import { OUTPUT_CONTENT_TYPES } from '@nomen/shared';
import ExcelJS from 'exceljs';

/**
 * The one XLSX writer of every spreadsheet Nomen writes (dataset downloads, report downloads,
 * integration output files; spec 01 §7 downloads, spec 03 §9 file settings), on exceljs's streaming
 * writer: one sheet, rows written to the output as they are added, so a large download never sits
 * whole in memory. No shared-strings table and no styles: every text cell is a string written in
 * its cell (`t="str"`), never a formula, whatever it starts with (`=`, `+`, `-`, `@`; README "CSV
 * files and formula cells"); numbers are numbers and dates are dates.
 */

/** The MIME type of an XLSX file. */
export const XLSX_CONTENT_TYPE = OUTPUT_CONTENT_TYPES.xlsx;

/** How {@link streamXlsx} and {@link xlsxBytes} write the workbook. */
export interface XlsxOptions {
  /** The sheet's name, made one Excel takes by {@link xlsxSheetName}. */
  sheetName: string;
  /** The name when `sheetName` leaves nothing (default "Sheet1"). */
  fallbackSheetName?: string;
  /**
   * The one time written into the file (document properties and every zip entry) instead of the
   * moment it is written, so the same rows give the same bytes (a retried delivery writes exactly
   * what the first attempt wrote). Default: now.
   */
  time?: Date;
}

/** A sheet being written: rows are added in order, then the workbook is ended once. */
export interface XlsxSheetStream {
  /**
   * Writes the next row (cell 1 is column A; values as {@link xlsxCellValue} writes them). Rows go
   * to the output as they come.
   */
  addRow(cells: readonly unknown[]): void;
  /** Ends the sheet and the workbook; resolves when the last byte reached the output. */
  end(): Promise<void>;
}

/**
 * A sheet name Excel takes: at most 31 characters, the characters it refuses (`[ ] : * ? / \`)
 * replaced by spaces; `fallback` when that leaves nothing.
 */
export function xlsxSheetName(name: string, fallback: string): string {
  return name.slice(0, 31).replace(/[[\]:*?/\\]/g, ' ') || fallback;
}

/**
 * A caller's value (a database value, as it comes) as an exceljs cell value that can never be a
 * formula: text, numbers, booleans and dates as they are (a date is written as an Excel date),
 * null and undefined as an empty cell, a bigint as its digits, any other object as its JSON text
 * (as exceljs writes objects it does not know; one with a `formula` key would otherwise become a
 * formula).
 */
export function xlsxCellValue(value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The zip archive inside exceljs's streaming writer, which every part of the file goes through. */
interface ZipArchive {
  append(source: unknown, data: { name: string; date?: Date }): unknown;
}

/**
 * exceljs's streaming writer whose zip entries all carry the workbook's `created` time instead of
 * the moment each part is zipped. Its constructor zips its first parts through addThemes and
 * addOfficeRels, so the archive is wrapped there, before any entry is added.
 */
class FixedTimeWorkbookWriter extends ExcelJS.stream.xlsx.WorkbookWriter {
  override addThemes(): Promise<void> {
    this.fixEntryTimes();
    return super.addThemes();
  }

  override addOfficeRels(): Promise<void> {
    this.fixEntryTimes();
    return super.addOfficeRels();
  }

  private fixEntryTimes(): void {
    const { zip } = this as unknown as { zip: ZipArchive & { timeFixed?: boolean } };
    const created = this.created;
    if (zip.timeFixed) return;
    const append = zip.append.bind(zip);
    zip.append = (source, data) => append(source, { ...data, date: created });
    zip.timeFixed = true;
  }
}

/**
 * Starts an XLSX workbook of one sheet written to `out` as rows are added (`out` is ended by
 * {@link XlsxSheetStream.end}). The caller waits for `out` to drain when it must bound memory.
 */
export function streamXlsx(out: Writable, options: XlsxOptions): XlsxSheetStream {
  const writerOptions = { stream: out, useStyles: false, useSharedStrings: false };
  // `created` is read by the writer's constructor (exceljs types leave it out), before any entry.
  const timedOptions = { ...writerOptions, created: options.time };
  const workbook = options.time
    ? new FixedTimeWorkbookWriter(timedOptions)
    : new ExcelJS.stream.xlsx.WorkbookWriter(writerOptions);
  if (options.time) workbook.modified = options.time;
  const sheet = workbook.addWorksheet(
    xlsxSheetName(options.sheetName, options.fallbackSheetName ?? 'Sheet1'),
  );
  return {
    addRow(cells) {
      sheet.addRow(cells.map(xlsxCellValue)).commit();
    },
    async end() {
      sheet.commit();
      await workbook.commit();
    },
  };
}

/** A whole XLSX workbook of one sheet holding `rows`, as bytes ({@link streamXlsx}). */
export async function xlsxBytes(
  rows: Iterable<readonly unknown[]>,
  options: XlsxOptions,
): Promise<Uint8Array> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const sheet = streamXlsx(out, options);
  for (const row of rows) sheet.addRow(row);
  await sheet.end();
  return new Uint8Array(Buffer.concat(chunks));
}
