import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { streamXlsx, xlsxBytes, xlsxSheetName } from './xlsx';

/** The one sheet of a workbook, as a spreadsheet reader opens it. */
async function read(body: Uint8Array): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(body) as never);
  expect(book.worksheets).toHaveLength(1);
  return book.worksheets[0]!;
}

async function sheetOf(rows: readonly (readonly unknown[])[], sheetName = 'Data') {
  return read(await xlsxBytes(rows, { sheetName }));
}

describe('the XLSX writer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes formula-looking text as text, never as a formula', async () => {
    const risky = ['=1+1', '+41 22 555', '-2+3', '@SUM(A1:A2)', '=HYPERLINK("http://evil.example","x")'];
    const sheet = await sheetOf([risky, [{ formula: 'A1' }]]);
    risky.forEach((value, i) => {
      const cell = sheet.getRow(1).getCell(i + 1);
      expect(cell.value).toBe(value);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
    });
    const object = sheet.getRow(2).getCell(1);
    expect(object.value).toBe('{"formula":"A1"}');
    expect(object.formula).toBeUndefined();
  });

  it('keeps codes with leading zeros as text, and numbers and dates as they are', async () => {
    const at = new Date('2026-03-20T10:11:12.000Z');
    const sheet = await sheetOf([['007', 2, at, 12n, true]]);
    const row = sheet.getRow(1);
    expect(row.getCell(1).value).toBe('007');
    expect(row.getCell(2).value).toBe(2);
    expect(row.getCell(3).value).toEqual(at);
    expect(row.getCell(4).value).toBe('12');
    expect(row.getCell(5).value).toBe(true);
  });

  it('writes unicode text whole', async () => {
    const texts = ['Москва', 'キャンペーン', 'Zürich café', 'שלום', '🚀 launch', 'a & <b> "c" \'d\''];
    const sheet = await sheetOf([texts]);
    expect(texts.map((_, i) => sheet.getRow(1).getCell(i + 1).value)).toEqual(texts);
  });

  it('leaves empty cells empty and keeps the cells after them in their columns', async () => {
    const sheet = await sheetOf([['a', null, undefined, 'd'], [], ['g']]);
    const row = sheet.getRow(1);
    expect(row.getCell(1).value).toBe('a');
    expect(row.getCell(2).value).toBeNull();
    expect(row.getCell(3).value).toBeNull();
    expect(row.getCell(4).value).toBe('d');
    expect(sheet.getRow(2).getCell(1).value).toBeNull();
    expect(sheet.getRow(3).getCell(1).value).toBe('g');
  });

  it('writes long text whole, up to the 32,767 characters a cell holds', async () => {
    const long = 'Spring sale, line one\n'.repeat(1489) + 'x'.repeat(9);
    expect(long).toHaveLength(32_767);
    const sheet = await sheetOf([[long]]);
    expect(sheet.getRow(1).getCell(1).value).toBe(long);
  });

  it('drops the control characters XML cannot carry and keeps tabs and line breaks', async () => {
    const sheet = await sheetOf([['a\u0000b\u0007c', 'tab\there', 'two\r\nlines']]);
    const row = sheet.getRow(1);
    expect(row.getCell(1).value).toBe('abc');
    expect(row.getCell(2).value).toBe('tab\there');
    expect(String(row.getCell(3).value).replace(/\r/g, '')).toBe('two\nlines');
  });

  it('writes columns past Z', async () => {
    const wide = Array.from({ length: 703 }, (_, i) => `c${i + 1}`);
    const sheet = await sheetOf([wide]);
    expect(['A1', 'Z1', 'AA1', 'ZZ1', 'AAA1'].map((a) => sheet.getCell(a).value)).toEqual([
      'c1',
      'c26',
      'c27',
      'c702',
      'c703',
    ]);
  });

  it('names the sheet as Excel allows, with a fallback when nothing is left', async () => {
    expect((await sheetOf([['x']], 'Q1 [EU]: a/b?')).name).toBe('Q1  EU   a b ');
    expect(xlsxSheetName('A template name longer than thirty-one characters', 'Dataset')).toBe(
      'A template name longer than thi',
    );
    expect(xlsxSheetName('', 'Dataset')).toBe('Dataset');
  });

  it('writes the same bytes for the same rows when given a time', async () => {
    const rows = [
      ['Campaign', 'Code'],
      ['Spring', '007'],
    ];
    const time = new Date('2000-01-01T00:00:00Z');
    const a = await xlsxBytes(rows, { sheetName: 'Output', time });
    // A minute later (zip entry times have a two-second grain), the bytes must still match.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
    const b = await xlsxBytes(rows, { sheetName: 'Output', time });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it('streams rows out before the workbook ends, so a large file never sits whole in memory', async () => {
    const out = new PassThrough();
    let received = 0;
    out.on('data', (chunk: Buffer) => {
      received += chunk.length;
    });
    const sheet = streamXlsx(out, { sheetName: 'Big' });
    for (let i = 0; i < 20_000; i += 1) sheet.addRow([`row ${i}`, `value ${i} `.repeat(5)]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toBeGreaterThan(0);
    const before = received;
    await sheet.end();
    expect(received).toBeGreaterThan(before);
  });
});
