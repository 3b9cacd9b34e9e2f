import {
  type OutputFile,
  type OutputSettings,
  type OutputSubmission,
  type OutputTemplateField,
  outputSheetRows,
  outputTable,
  outputText,
} from '@nomen/shared';
import { xlsxBytes } from '../files/xlsx';

/** The one time written into every XLSX output file, so the same table gives the same bytes. */
const OUTPUT_XLSX_TIME = new Date('2000-01-01T00:00:00Z');

/**
 * Builds the files of one run (spec 03 §3 included_output_fields, transforms; §9 file settings):
 * the table and file names from `outputTable` (shared/src/integrations/output.ts), CSV and JSON
 * bodies from `outputText`, XLSX from the one XLSX writer (../files/xlsx.ts), one sheet "Output"
 * of text cells with the summary lines first when asked for. Deterministic: the same input gives
 * the same bytes, so a retried delivery writes exactly what the first attempt wrote. `rows` are
 * keyed by template field id. Throws a RangeError when submitted_at is not a valid time.
 */
export async function buildOutputFiles(
  settings: OutputSettings,
  fields: readonly OutputTemplateField[],
  rows: readonly Readonly<Record<string, string | null | undefined>>[],
  submission: OutputSubmission,
): Promise<OutputFile[]> {
  const table = outputTable(settings, fields, rows, submission);
  return Promise.all(
    table.files.map(async (file) => ({
      ...file,
      body:
        file.type === 'xlsx'
          ? await xlsxBytes(outputSheetRows(table), { sheetName: 'Output', time: OUTPUT_XLSX_TIME })
          : outputText(table, file.type),
    })),
  );
}
