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
import Papa from 'papaparse';

/** Whether a file is read as a spreadsheet (.xlsx) rather than CSV, by its name or type. */
export function isSpreadsheetFile(file: Pick<File, 'name' | 'type'>): boolean {
  return (
    /\.xlsx$/i.test(file.name) ||
    file.type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
  );
}

/** Characters of CSV text parsed between two progress reports. */
const CSV_CHUNK_CHARS = 2 * 1024 * 1024;

/**
 * The text of a file, read in one go and decoded as FileReader.readAsText decodes it: UTF-8, or
 * UTF-16 when the file starts with a UTF-16 byte-order mark (dropped). One read is much faster
 * than many, and decoding the whole file never splits a character between two reads.
 */
async function fileText(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const encoding =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? 'utf-16le'
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? 'utf-16be'
        : 'utf-8';
  return new TextDecoder(encoding).decode(bytes);
}

/**
 * Reads a CSV or XLSX file into an import table (spec 03 §2 bulk import): CSV read in one go, then parsed
 * with papaparse in chunks of CSV_CHUNK_CHARS, reporting the share parsed (0-1) after each and
 * letting the page paint between them; XLSX with read-excel-file (loaded on first use), its first
 * sheet. Reading stops after IMPORT_MAX_ROWS + 1 rows (the import refuses more and says so).
 * The file limits (README "File limits") hold as on the server: a file over IMPORT_MAX_FILE_BYTES
 * is refused before it is read, an XLSX whose zip entries declare more than
 * IMPORT_MAX_UNZIPPED_BYTES before it is unzipped, and a CSV past IMPORT_MAX_CELLS while parsing.
 * Throws an Error with a message for the person when the file cannot be read or is past a limit.
 */
export async function readImportFile(file: File, onProgress: (share: number) => void): Promise<ImportTable> {
  if (file.size > IMPORT_MAX_FILE_BYTES)
    throw new Error(
      `${file.name} is ${fileSizeText(file.size)}, more than the ${fileSizeText(IMPORT_MAX_FILE_BYTES)} an import reads. Split it into smaller files.`,
    );
  return isSpreadsheetFile(file) ? readSpreadsheet(file, onProgress) : readCsv(file, onProgress);
}

/**
 * The first sheet of an XLSX file, up to IMPORT_MAX_ROWS + 2 rows (header included), refused
 * before unzipping when its zip entries declare more than IMPORT_MAX_UNZIPPED_BYTES. Reports
 * progress 0 then 1. Throws an Error for the person when the file is no workbook or too big.
 */
async function readSpreadsheet(file: File, onProgress: (share: number) => void): Promise<ImportTable> {
  onProgress(0);
  let oversized: ReturnType<typeof oversizedZipEntry>;
  try {
    oversized = oversizedZipEntry(new Uint8Array(await file.arrayBuffer()), IMPORT_MAX_UNZIPPED_BYTES);
  } catch {
    throw new Error(`${file.name} could not be read as an Excel workbook (.xlsx).`);
  }
  if (oversized)
    throw new Error(
      `${file.name} would unpack to ${fileSizeText(oversized.bytes)}, more than the ${fileSizeText(IMPORT_MAX_UNZIPPED_BYTES)} an Excel file may hold.`,
    );
  const { readSheet } = await import('read-excel-file/browser');
  let data: unknown[][];
  try {
    data = (await readSheet(file)) as unknown[][];
  } catch {
    throw new Error(`${file.name} could not be read as an Excel workbook (.xlsx).`);
  }
  onProgress(1);
  return importTableOf(data.slice(0, IMPORT_MAX_ROWS + 2));
}

/** A CSV file read in one go and parsed by {@link parseCsvRows}. Throws an Error for the person. */
async function readCsv(file: File, onProgress: (share: number) => void): Promise<ImportTable> {
  onProgress(0);
  let text: string;
  try {
    text = await fileText(file);
  } catch {
    throw new Error(`${file.name} could not be read.`);
  }
  return importTableOf(await parseCsvRows(text, file.name, onProgress));
}

/**
 * The rows of CSV `text` (of the file named `fileName`), parsed with papaparse in chunks of
 * CSV_CHUNK_CHARS, reporting the share parsed (0-1) after each and letting the page paint between
 * them; stops after IMPORT_MAX_ROWS + 1 filled rows. Rejects with an Error for the person on broken
 * quotes or past IMPORT_MAX_CELLS cells.
 */
function parseCsvRows(
  text: string,
  fileName: string,
  onProgress: (share: number) => void,
): Promise<string[][]> {
  const rows: string[][] = [];
  // Rows with a cell holding more than spaces (importTableOf leaves the others out).
  let filled = 0;
  let cells = 0;
  let chunks = 0;
  return new Promise<string[][]>((resolve, reject) => {
    Papa.parse<string[]>(text, {
      // Empty lines only: rows of blank cells are left out by importTableOf, more cheaply than
      // papaparse's 'greedy' (which joins every row's cells to test it).
      skipEmptyLines: true,
      chunkSize: CSV_CHUNK_CHARS,
      chunk(results: Papa.ParseResult<string[]>, parser: Papa.Parser) {
        const fatal = results.errors.find((e) => e.type === 'Quotes');
        if (fatal) {
          parser.abort();
          reject(new Error(`${fileName} could not be read as CSV (${fatal.message}).`));
          return;
        }
        for (const row of results.data) {
          rows.push(row);
          cells += row.length;
          if (row.some((cell) => cell.trim() !== '')) filled += 1;
        }
        if (cells > IMPORT_MAX_CELLS) {
          // Rejected before the abort, whose completion would otherwise resolve the read first.
          reject(
            new Error(
              `${fileName} has more than ${IMPORT_MAX_CELLS.toLocaleString('en-US')} cells, the most an import takes.`,
            ),
          );
          parser.abort();
          return;
        }
        chunks += 1;
        onProgress(text.length === 0 ? 1 : Math.min(1, (chunks * CSV_CHUNK_CHARS) / text.length));
        if (filled > IMPORT_MAX_ROWS + 1) {
          parser.abort();
          return;
        }
        // Let the page paint the progress before the next chunk.
        parser.pause();
        setTimeout(() => parser.resume(), 0);
      },
      complete: () => resolve(rows),
    });
  });
}
