const TAB = 9;
const LF = 10;
const CR = 13;
const QUOTE = 34;

/**
 * Parses tab-separated text as Excel and Google Sheets put it on the clipboard (spec 02 §5
 * paste; FIELD-NOTES "Spreadsheet grid"), in one quote-aware pass: a cell starting with a
 * double quote runs to the matching closing quote and may hold tabs, line breaks and doubled
 * quotes (""); rows end with LF or CRLF; one trailing line break does not make an empty row.
 * A quote that is never closed, or text after a closing quote, is read literally. Returns the
 * rows of cells (row-major; rows may differ in length).
 */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  const length = text.length;
  if (length === 0) return rows;
  let row: string[] = [];
  let i = 0;
  while (i <= length) {
    let cell: string;
    if (text.charCodeAt(i) === QUOTE) {
      const parsed = readQuoted(text, i);
      if (parsed) {
        cell = parsed.cell;
        i = parsed.end;
      } else {
        const end = plainEnd(text, i);
        cell = text.slice(i, end);
        i = end;
      }
    } else {
      const end = plainEnd(text, i);
      cell = text.slice(i, end);
      i = end;
    }
    row.push(cell);
    if (i >= length) {
      rows.push(row);
      break;
    }
    const code = text.charCodeAt(i);
    if (code === TAB) {
      i += 1;
      // A tab as the very last character still ends a cell: an empty one follows.
      if (i === length) {
        row.push('');
        rows.push(row);
        break;
      }
      continue;
    }
    // A line break: CRLF, LF or a lone CR.
    i += code === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
    rows.push(row);
    row = [];
    if (i >= length) break;
  }
  return rows;
}

/** Index of the tab or line break that ends an unquoted cell starting at `from`. */
function plainEnd(text: string, from: number): number {
  let i = from;
  const length = text.length;
  while (i < length) {
    const code = text.charCodeAt(i);
    if (code === TAB || code === LF || code === CR) return i;
    i += 1;
  }
  return length;
}

/**
 * Reads a quoted cell whose opening quote is at `from`. Returns its text and the index after
 * it (at a delimiter or the end), or null when the quote is not closed before the end.
 */
function readQuoted(text: string, from: number): { cell: string; end: number } | null {
  const length = text.length;
  let i = from + 1;
  let cell = '';
  let chunkStart = i;
  while (i < length) {
    if (text.charCodeAt(i) !== QUOTE) {
      i += 1;
      continue;
    }
    if (text.charCodeAt(i + 1) === QUOTE) {
      cell += text.slice(chunkStart, i + 1);
      i += 2;
      chunkStart = i;
      continue;
    }
    cell += text.slice(chunkStart, i);
    // Text after the closing quote up to the delimiter is kept as it is.
    const end = plainEnd(text, i + 1);
    if (end > i + 1) cell += text.slice(i + 1, end);
    return { cell, end };
  }
  return null;
}

/** Whether a cell must be quoted so that parseTsv (and Excel) read it back as one cell. */
function needsQuotes(cell: string): boolean {
  if (cell.charCodeAt(0) === QUOTE) return true;
  for (let i = 0; i < cell.length; i++) {
    const code = cell.charCodeAt(i);
    if (code === TAB || code === LF || code === CR) return true;
  }
  return false;
}

/**
 * Serialises rows of cells as tab-separated text for the clipboard (spec 02 §5 copy), quoting as
 * Excel does: a cell holding a tab or line break (or starting with a quote) is wrapped in double
 * quotes with its quotes doubled; other cells are written as they are. Rows are joined by LF.
 */
export function toTsv(rows: readonly (readonly string[])[]): string {
  return rows
    .map((row) =>
      row.map((cell) => (needsQuotes(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join('\t'),
    )
    .join('\n');
}
