import { type ImportTable, importTableOf } from '@nomen/shared';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { InboundError } from './inbound-error';

/**
 * Reading a pulled file as a table (issue 12 item 5): the same table the submission table's bulk
 * import reads (`importTableOf` in shared/src/submissions/import.ts: first row the header, cells
 * as text, empty rows left out), from CSV, XLSX or JSON.
 */

/** The file types an inbound pull reads, by extension. */
export const INBOUND_FILE_TYPES = ['csv', 'xlsx', 'json'] as const;
/** One readable file type. */
export type InboundFileType = (typeof INBOUND_FILE_TYPES)[number];

/** The type of a file by its extension (any case), or null for one a pull does not read. */
export function inboundFileType(name: string): InboundFileType | null {
  const ext = /\.([^./]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  return (INBOUND_FILE_TYPES as readonly string[]).includes(ext) ? (ext as InboundFileType) : null;
}

function csvTable(name: string, bytes: Buffer): ImportTable {
  const text = bytes.toString('utf8');
  if (text.includes('\uFFFD'))
    throw new InboundError(`${name} is not UTF-8 text: save it as CSV (UTF-8) and upload it again.`, true);
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  const fatal = parsed.errors.find((e) => e.type === 'Quotes');
  if (fatal)
    throw new InboundError(`${name} is not valid CSV: ${fatal.message} (row ${(fatal.row ?? 0) + 1}).`, true);
  return importTableOf(parsed.data);
}

async function xlsxTable(name: string, bytes: Buffer): Promise<ImportTable> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (error) {
    throw new InboundError(
      `${name} is not a readable XLSX workbook: ${error instanceof Error ? error.message : String(error)}`,
      true,
    );
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw new InboundError(`${name} has no worksheet.`, true);
  const raw: unknown[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: unknown[] = [];
    for (let c = 1; c <= row.cellCount; c++) {
      const value = row.getCell(c).value;
      // Formulas, rich text and hyperlinks carry their shown value in `result` or `text`.
      if (value && typeof value === 'object' && !(value instanceof Date)) {
        const v = value as { result?: unknown; text?: unknown; richText?: { text: string }[] };
        cells.push(v.result ?? v.text ?? v.richText?.map((t) => t.text).join('') ?? '');
      } else cells.push(value);
    }
    raw.push(cells);
  });
  return importTableOf(raw);
}

function jsonTable(name: string, bytes: Buffer): ImportTable {
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
  const header: string[] = [];
  for (const item of list) for (const key of Object.keys(item)) if (!header.includes(key)) header.push(key);
  const cell = (v: unknown) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : v);
  return importTableOf([
    header,
    ...list.map((item) => header.map((key) => cell((item as Record<string, unknown>)[key]))),
  ]);
}

/**
 * The table of a pulled file by its type. Throws a permanent InboundError naming the file when it
 * cannot be read (not UTF-8, broken quotes, not a workbook, not a JSON array of objects).
 */
export async function parseInboundFile(
  name: string,
  type: InboundFileType,
  bytes: Buffer,
): Promise<ImportTable> {
  if (type === 'csv') return csvTable(name, bytes);
  if (type === 'xlsx') return xlsxTable(name, bytes);
  return jsonTable(name, bytes);
}
