import { Zip, ZipDeflate } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readImportFile } from './readImportFile';

/** A zip named .xlsx holding one 260 MB entry of zeros: a few hundred KB that inflate past the limit. */
function zipBomb(): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    parts.push(chunk);
  });
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 1 });
  zip.add(sheet);
  const block = new Uint8Array(4 * 1024 * 1024);
  for (let i = 0; i < 65; i++) sheet.push(block);
  sheet.push(new Uint8Array(0), true);
  zip.end();
  const out = new Uint8Array(new ArrayBuffer(parts.reduce((n, p) => n + p.length, 0)));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

describe('readImportFile file limits (README "File limits")', () => {
  it('refuses a file over 100 MB before reading it', async () => {
    const huge = { name: 'huge.csv', type: 'text/csv', size: 150 * 1024 * 1024 } as File;
    await expect(readImportFile(huge, () => undefined)).rejects.toThrow(
      'huge.csv is 150 MB, more than the 100 MB an import reads. Split it into smaller files.',
    );
  });

  it('refuses an XLSX zip bomb before unzipping it', async () => {
    const file = new File([zipBomb()], 'bomb.xlsx');
    await expect(readImportFile(file, () => undefined)).rejects.toThrow(
      'bomb.xlsx would unpack to 260 MB, more than the 256 MB an Excel file may hold.',
    );
  });

  it('stops a CSV at the first chunk past 2,000,000 cells', async () => {
    const header = Array.from({ length: 3000 }, (_, i) => `c${i}`).join(',');
    const row = `${'1,'.repeat(2999)}1`;
    const file = new File([`${header}\n${`${row}\n`.repeat(700)}`], 'wide.csv', { type: 'text/csv' });
    await expect(readImportFile(file, () => undefined)).rejects.toThrow(
      'wide.csv has more than 2,000,000 cells, the most an import takes.',
    );
  });
});
