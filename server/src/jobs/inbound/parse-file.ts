import { Readable } from 'node:stream';
import {
  fileSizeText,
  IMPORT_MAX_CELLS,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_UNZIPPED_BYTES,
  type ImportTable,
  importTableOf,
  oversizedZipEntry,
} from '@nomen/shared';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { InboundError } from './inbound-error';

/**
 * Reading a pulled file as a table (issue 12 item 5): the same table the submission table's bulk
 * import reads (`importTableOf` in shared/src/submissions/import.ts: first row the header, cells
 * as text, empty rows left out), from CSV, XLSX or JSON, within the file limits (README "File
 * limits"): a file past `maxBytes` is refused before it is downloaded, an XLSX whose zip entries
 * declare more than `maxUnzippedBytes` before any parser sees it, and CSV and XLSX are read as a
 * stream of rows that stops at the first row past `maxRows` or cell past `maxCells`, so a zip
 * bomb or a million-row file costs a few megabytes, not the process.
 */

/** What one imported file may hold (README "File limits"). */
export interface FileLimits {
  /** Largest file downloaded, in bytes (IMPORT_MAX_FILE_MB). */
  maxBytes: number;
  /** Most an XLSX file's zip entries may inflate to, in bytes. */
  maxUnzippedBytes: number;
  /** Most rows under the header (the submission maximum). */
  maxRows: number;
  /** Most cells in all. */
  maxCells: number;
}

/** The limits of the product, with the largest file `maxBytes` (the operator's IMPORT_MAX_FILE_MB). */
export function fileLimits(maxBytes: number = IMPORT_MAX_FILE_BYTES): FileLimits {
  return {
    maxBytes,
    maxUnzippedBytes: IMPORT_MAX_UNZIPPED_BYTES,
    maxRows: IMPORT_MAX_ROWS,
    maxCells: IMPORT_MAX_CELLS,
  };
}

/** Throws a permanent InboundError naming the file and the limit when `size` is past `limits.maxBytes`. */
export function checkFileSize(name: string, size: number, limits: FileLimits): void {
  if (size > limits.maxBytes)
    throw new InboundError(
      `${name} was refused: it is ${fileSizeText(size)}, more than the ${fileSizeText(limits.maxBytes)} limit of a file an import reads.`,
      true,
    );
}

function tooManyRows(name: string, limits: FileLimits): InboundError {
  return new InboundError(
    `${name} was refused: it has more than ${limits.maxRows.toLocaleString('en-US')} rows, the most one import takes. Split it into smaller files.`,
    true,
  );
}

function tooManyCells(name: string, limits: FileLimits): InboundError {
  return new InboundError(
    `${name} was refused: it has more than ${limits.maxCells.toLocaleString('en-US')} cells, the most one import takes.`,
    true,
  );
}

/** Counts rows (under the header) and cells while a file is read; throws at the first past a limit. */
function counter(name: string, limits: FileLimits): (cells: number) => void {
  let rows = -1;
  let cells = 0;
  return (rowCells) => {
    rows += 1;
    cells += rowCells;
    if (rows > limits.maxRows) throw tooManyRows(name, limits);
    if (cells > limits.maxCells) throw tooManyCells(name, limits);
  };
}

/** The file types an inbound pull reads, by extension. */
export const INBOUND_FILE_TYPES = ['csv', 'xlsx', 'json'] as const;
/** One readable file type. */
export type InboundFileType = (typeof INBOUND_FILE_TYPES)[number];

/** The type of a file by its extension (any case), or null for one a pull does not read. */
export function inboundFileType(name: string): InboundFileType | null {
  const ext = /\.([^./]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  return (INBOUND_FILE_TYPES as readonly string[]).includes(ext) ? (ext as InboundFileType) : null;
}

function csvTable(name: string, bytes: Buffer, limits: FileLimits): ImportTable {
  const text = bytes.toString('utf8');
  if (text.includes('\uFFFD'))
    throw new InboundError(`${name} is not UTF-8 text: save it as CSV (UTF-8) and upload it again.`, true);
  const count = counter(name, limits);
  const rows: string[][] = [];
  let failure: InboundError | null = null;
  // Row by row in 1 MB chunks (papaparse splits a whole string at once otherwise), so a file past
  // the limits stops at its first row too many.
  Papa.parse<string[]>(text, {
    skipEmptyLines: 'greedy',
    chunkSize: 1024 * 1024,
    step(result, parser) {
      const fatal = result.errors.find((e) => e.type === 'Quotes');
      try {
        if (fatal)
          throw new InboundError(
            `${name} is not valid CSV: ${fatal.message} (row ${rows.length + 1}).`,
            true,
          );
        count(result.data.length);
      } catch (error) {
        failure = error as InboundError;
        parser.abort();
        return;
      }
      rows.push(result.data);
    },
  });
  if (failure) throw failure;
  return importTableOf(rows);
}

/** A cell value as the import reads it: formulas, rich text and hyperlinks by their shown value. */
function cellValue(value: unknown): unknown {
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const v = value as { result?: unknown; text?: unknown; richText?: { text: string }[] };
    return v.result ?? v.text ?? v.richText?.map((t) => t.text).join('') ?? '';
  }
  return value;
}

async function xlsxTable(name: string, bytes: Buffer, limits: FileLimits): Promise<ImportTable> {
  let oversized: ReturnType<typeof oversizedZipEntry>;
  try {
    oversized = oversizedZipEntry(bytes, limits.maxUnzippedBytes);
  } catch (error) {
    throw new InboundError(
      `${name} is not a readable XLSX workbook: ${error instanceof Error ? error.message : String(error)}`,
      true,
    );
  }
  if (oversized)
    throw new InboundError(
      `${name} was refused: it would inflate to ${fileSizeText(oversized.bytes)}${oversized.entry ? ` (${oversized.entry})` : ''}, more than the ${fileSizeText(limits.maxUnzippedBytes)} an XLSX file may hold.`,
      true,
    );
  const count = counter(name, limits);
  const raw: unknown[][] = [];
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let sheets = 0;
  try {
    for await (const sheet of reader) {
      sheets += 1;
      // The first sheet only; the rest of the file is not read.
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as unknown[];
        const cells = values.slice(1).map(cellValue);
        count(cells.length);
        if (cells.some((c) => c !== null && c !== undefined && c !== '')) raw.push(cells);
      }
      break;
    }
  } catch (error) {
    if (error instanceof InboundError) throw error;
    throw new InboundError(
      `${name} is not a readable XLSX workbook: ${error instanceof Error ? error.message : String(error)}`,
      true,
    );
  }
  if (sheets === 0) throw new InboundError(`${name} has no worksheet.`, true);
  return importTableOf(raw);
}

function jsonTable(name: string, bytes: Buffer, limits: FileLimits): ImportTable {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new InboundError(`${name} is not valid JSON: ${(error as Error).message}`, true);
  }
  // An array of objects, or `{ "data": [...] }` as many exports wrap it.
  const list = Array.isArray(value) ? value : (value as { data?: unknown } | null)?.data;
  if (!Array.isArray(list) || list.some((item) => !item || typeof item !== 'object' || Array.isArray(item)))
    throw new InboundError(`${name} is not a JSON array of objects (one object per row).`, true);
  if (list.length > limits.maxRows) throw tooManyRows(name, limits);
  const header: string[] = [];
  for (const item of list) for (const key of Object.keys(item)) if (!header.includes(key)) header.push(key);
  if (list.length * header.length > limits.maxCells) throw tooManyCells(name, limits);
  const cell = (v: unknown) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : v);
  return importTableOf([
    header,
    ...list.map((item) => header.map((key) => cell((item as Record<string, unknown>)[key]))),
  ]);
}

/**
 * The table of a pulled file by its type, within `limits` (see {@link FileLimits}). Throws a
 * permanent InboundError naming the file when it cannot be read (not UTF-8, broken quotes, not a
 * workbook, not a JSON array of objects) or is past a limit (naming the limit).
 */
export async function parseInboundFile(
  name: string,
  type: InboundFileType,
  bytes: Buffer,
  limits: FileLimits = fileLimits(),
): Promise<ImportTable> {
  checkFileSize(name, bytes.length, limits);
  if (type === 'csv') return csvTable(name, bytes, limits);
  if (type === 'xlsx') return xlsxTable(name, bytes, limits);
  return jsonTable(name, bytes, limits);
}
