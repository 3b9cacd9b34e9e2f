import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readImportFile } from './readImportFile';

/**
 * A zip whose sheet entry declares 260 MB uncompressed (as a zip bomb's does), made by writing
 * that size into a small zip's headers: the limit is checked from the declared sizes.
 */
function zipBomb(): Uint8Array<ArrayBuffer> {
  const zip = zipSync({ 'xl/worksheets/sheet1.xml': strToU8('<worksheet/>') });
  const out = new Uint8Array(new ArrayBuffer(zip.length));
  out.set(zip);
  const view = new DataView(out.buffer);
  const declared = 260 * 1024 * 1024;
  for (let at = 0; at + 4 <= out.length; at++) {
    const signature = view.getUint32(at, true);
    if (signature === 0x04034b50) view.setUint32(at + 22, declared, true);
    if (signature === 0x02014b50) view.setUint32(at + 24, declared, true);
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
