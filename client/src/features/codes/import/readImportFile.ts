import { IMPORT_MAX_ROWS, type ImportTable, importTableOf } from '@nomen/shared';
import Papa from 'papaparse';

/** Whether a file is read as a spreadsheet (.xlsx) rather than CSV, by its name or type. */
export function isSpreadsheetFile(file: Pick<File, 'name' | 'type'>): boolean {
  return (
    /\.xlsx$/i.test(file.name) ||
    file.type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
  );
}

/**
 * Reads a CSV or XLSX file into an import table (issue 11 item 3): CSV with papaparse in 1 MB
 * chunks, reporting the share read (0-1) after each; XLSX with read-excel-file (loaded on first
 * use), its first sheet. Reading stops after IMPORT_MAX_ROWS + 1 rows (the import refuses more and
 * says so). Throws an Error with a message for the person when the file cannot be read.
 */
export async function readImportFile(file: File, onProgress: (share: number) => void): Promise<ImportTable> {
  if (isSpreadsheetFile(file)) {
    onProgress(0);
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
  const rows: string[][] = [];
  const chunkSize = 1024 * 1024;
  let chunks = 0;
  await new Promise<void>((resolve, reject) => {
    Papa.parse<string[]>(file, {
      skipEmptyLines: 'greedy',
      chunkSize,
      chunk(results, parser) {
        const fatal = results.errors.find((e) => e.type === 'Quotes');
        if (fatal) {
          parser.abort();
          reject(new Error(`${file.name} could not be read as CSV (${fatal.message}).`));
          return;
        }
        for (const row of results.data) rows.push(row);
        chunks += 1;
        onProgress(file.size === 0 ? 1 : Math.min(1, (chunks * chunkSize) / file.size));
        if (rows.length > IMPORT_MAX_ROWS + 1) parser.abort();
      },
      complete: () => resolve(),
      error: () => reject(new Error(`${file.name} could not be read.`)),
    });
  });
  return importTableOf(rows);
}
