import { strToU8, Zip, ZipDeflate } from 'fflate';

/**
 * A generated XLSX workbook of `rows` rows under a header (`Campaign`, `Channel`, then `Extra N`)
 * (data rows of `cols` cells of `1`, with cell references when `cellRefs`, else identical rows), built as a stream so a "zip bomb" (a few MB that inflate to
 * hundreds) never sits whole in memory: repeated cells compress to almost nothing. For tests and
 * benches of the file limits (README "File limits").
 */
export function xlsxBomb(rows: number, cols: number, options: { cellRefs?: boolean } = {}): Uint8Array {
  const out: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    out.push(chunk);
  });
  const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  const small: Record<string, string> = {
    '[Content_Types].xml': `${head}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    '_rels/.rels': `${head}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${head}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${head}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  };
  for (const [name, text] of Object.entries(small)) {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(strToU8(text), true);
  }
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
  zip.add(sheet);
  const names = [
    'Campaign',
    'Channel',
    ...Array.from({ length: Math.max(0, cols - 2) }, (_, i) => `Extra ${i + 1}`),
  ];
  const letters = Array.from({ length: cols }, (_, i) => columnName(i));
  const headerXml = names
    .slice(0, cols)
    .map((n, c) => `<c r="${letters[c]}1" t="inlineStr"><is><t>${n}</t></is></c>`)
    .join('');
  sheet.push(
    strToU8(
      `${head}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1">${headerXml}</row>`,
    ),
  );
  if (options.cellRefs) {
    let text = '';
    for (let r = 2; r <= rows + 1; r++) {
      text += `<row r="${r}">`;
      for (let c = 0; c < cols; c++) text += `<c r="${letters[c]}${r}"><v>1</v></c>`;
      text += '</row>';
      if (text.length > 4 * 1024 * 1024) {
        sheet.push(strToU8(text));
        text = '';
      }
    }
    if (text) sheet.push(strToU8(text));
  } else {
    // Identical rows (references are optional in the format): what makes the ratio in the hundreds.
    const row = strToU8(`<row>${'<c><v>1</v></c>'.repeat(cols)}</row>`);
    const perPush = Math.max(1, Math.floor((4 * 1024 * 1024) / row.length));
    const block = new Uint8Array(row.length * perPush);
    for (let i = 0; i < perPush; i++) block.set(row, i * row.length);
    for (let done = 0; done < rows; done += perPush) {
      const n = Math.min(perPush, rows - done);
      sheet.push(n === perPush ? block : block.subarray(0, n * row.length));
    }
  }
  sheet.push(strToU8('</sheetData></worksheet>'), true);
  zip.end();
  const size = out.reduce((sum, c) => sum + c.length, 0);
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of out) {
    bytes.set(c, at);
    at += c.length;
  }
  return bytes;
}

/** A spreadsheet column name (0 → A, 26 → AA). */
function columnName(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    out = String.fromCharCode(65 + rest) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}
