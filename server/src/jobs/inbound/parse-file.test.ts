import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { facebookFiltering } from '../../integrations/meta/reader';
import { xlsxBomb } from '../../test/xlsx-bomb';
import { sftpFolder, splitBucketPath } from '../delivery';
import { InboundError } from './inbound-error';
import { checkFileSize, fileLimits, inboundFileType, parseInboundFile } from './parse-file';

describe('inboundFileType', () => {
  it('reads csv, xlsx and json in any case and nothing else', () => {
    expect(inboundFileType('a.CSV')).toBe('csv');
    expect(inboundFileType('dir.v2/b.xlsx')).toBe('xlsx');
    expect(inboundFileType('c.json')).toBe('json');
    expect(inboundFileType('README.txt')).toBeNull();
    expect(inboundFileType('csv')).toBeNull();
  });
});

describe('parseInboundFile', () => {
  it('reads CSV with quotes, a byte-order mark and blank lines', async () => {
    const table = await parseInboundFile(
      'a.csv',
      'csv',
      Buffer.from('\uFEFFCampaign,Channel\r\n"Summer, ""hot""",email\r\n\r\nSpring,tv\r\n'),
    );
    expect(table).toEqual({
      header: ['Campaign', 'Channel'],
      rows: [
        ['Summer, "hot"', 'email'],
        ['Spring', 'tv'],
      ],
    });
  });

  it('reads the first worksheet of an XLSX file, formulas by their value and dates as ISO', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('One');
    sheet.addRow(['Campaign', 'Start', 'Count']);
    sheet.addRow(['Launch', new Date(Date.UTC(2026, 2, 1)), { formula: '1+1', result: 2 }]);
    book.addWorksheet('Two').addRow(['ignored']);
    const table = await parseInboundFile('b.xlsx', 'xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    expect(table).toEqual({ header: ['Campaign', 'Start', 'Count'], rows: [['Launch', '2026-03-01', '2']] });
  });

  it('reads a JSON array of objects (or {data: [...]}) with the union of keys as the header', async () => {
    const table = await parseInboundFile(
      'c.json',
      'json',
      Buffer.from(
        JSON.stringify({
          data: [
            { Campaign: 'A', n: 1 },
            { Channel: 'tv', tags: ['x'] },
          ],
        }),
      ),
    );
    expect(table).toEqual({
      header: ['Campaign', 'n', 'Channel', 'tags'],
      rows: [
        ['A', '1', '', ''],
        ['', '', 'tv', '["x"]'],
      ],
    });
  });

  it.each([
    ['bad.json', 'json', '{"a": [1', 'bad.json is not valid JSON'],
    ['list.json', 'json', '[1, 2]', 'list.json is not a JSON array of objects (one object per row).'],
    ['book.xlsx', 'xlsx', 'not a zip', 'book.xlsx is not a readable XLSX workbook'],
    ['latin.csv', 'csv', Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x0a]), 'latin.csv is not UTF-8 text'],
  ] as const)('refuses %s permanently with a message naming it', async (name, type, body, message) => {
    const error = await parseInboundFile(name, type, Buffer.from(body)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InboundError);
    expect((error as InboundError).permanent).toBe(true);
    expect((error as InboundError).message).toContain(message);
  });
});

describe('source paths', () => {
  it('keeps SFTP folders absolute or relative and drops dot segments', () => {
    expect(sftpFolder('/inbox/../drops/')).toBe('/inbox/drops');
    expect(sftpFolder('incoming')).toBe('incoming');
    expect(sftpFolder('')).toBe('.');
  });

  it('splits /bucket/prefix for S3', () => {
    expect(splitBucketPath('/drops/incoming/week')).toEqual({ bucket: 'drops', prefix: 'incoming/week/' });
    expect(splitBucketPath('drops')).toEqual({ bucket: 'drops', prefix: '' });
  });
});

describe('facebookFiltering', () => {
  it('turns the catalogue filters into Graph filtering conditions, leaving blank ones out', () => {
    const filters = [
      { integrationFilterId: 'campaign_ids', values: ['1', ' 2 '] },
      { integrationFilterId: 'name_contains', values: ['Sale'] },
      { integrationFilterId: 'status', values: ['ACTIVE', 'PAUSED'] },
      { integrationFilterId: 'status', values: [' '] },
    ];
    expect(facebookFiltering('ads', filters)).toEqual([
      { field: 'campaign.id', operator: 'IN', value: ['1', '2'] },
      { field: 'name', operator: 'CONTAIN', value: 'Sale' },
      { field: 'effective_status', operator: 'IN', value: ['ACTIVE', 'PAUSED'] },
    ]);
    expect(facebookFiltering('campaigns', filters.slice(0, 1))).toEqual([
      { field: 'id', operator: 'IN', value: ['1', '2'] },
    ]);
  });
});

describe('file limits (README "File limits")', () => {
  const limits = { maxBytes: 1024 * 1024, maxUnzippedBytes: 8 * 1024 * 1024, maxRows: 1000, maxCells: 5000 };

  it('refuses a file past the size limit naming it and the limit', async () => {
    expect(() => checkFileSize('big.csv', 150 * 1024 * 1024, fileLimits())).toThrow(
      'big.csv was refused: it is 150 MB, more than the 100 MB limit of a file an import reads.',
    );
    await expect(
      parseInboundFile('big.csv', 'csv', Buffer.alloc(limits.maxBytes + 1, 'a'), limits),
    ).rejects.toThrow(/big\.csv was refused: it is 1 MB, more than the 1 MB limit/);
  });

  it('refuses an XLSX zip bomb from its zip directory, before parsing it', async () => {
    const bomb = xlsxBomb(20_000, 40);
    expect(bomb.length).toBeLessThan(100_000);
    const error = await parseInboundFile('bomb.xlsx', 'xlsx', Buffer.from(bomb), limits).catch((e) => e);
    expect(error).toBeInstanceOf(InboundError);
    expect((error as InboundError).permanent).toBe(true);
    expect((error as Error).message).toMatch(
      /^bomb\.xlsx was refused: it would inflate to 12 MB \(xl\/worksheets\/sheet1\.xml\), more than the 8 MB an XLSX file may hold\.$/,
    );
  });

  it('stops reading an XLSX at the first row or cell past the limits', async () => {
    await expect(
      parseInboundFile('long.xlsx', 'xlsx', Buffer.from(xlsxBomb(1001, 2, { cellRefs: true })), limits),
    ).rejects.toThrow(
      'long.xlsx was refused: it has more than 1,000 rows, the most one import takes. Split it into smaller files.',
    );
    await expect(
      parseInboundFile('wide.xlsx', 'xlsx', Buffer.from(xlsxBomb(100, 60, { cellRefs: true })), limits),
    ).rejects.toThrow('wide.xlsx was refused: it has more than 5,000 cells, the most one import takes.');
    const fits = await parseInboundFile(
      'ok.xlsx',
      'xlsx',
      Buffer.from(xlsxBomb(1000, 2, { cellRefs: true })),
      limits,
    );
    expect(fits.rows).toHaveLength(1000);
    expect(fits.header).toEqual(['Campaign', 'Channel']);
  });

  it('stops reading a CSV or JSON at the first row or cell past the limits', async () => {
    const csv = (rows: number) => `Campaign,Channel\r\n${'a,b\r\n'.repeat(rows)}`;
    await expect(parseInboundFile('long.csv', 'csv', Buffer.from(csv(1001)), limits)).rejects.toThrow(
      'long.csv was refused: it has more than 1,000 rows',
    );
    expect((await parseInboundFile('ok.csv', 'csv', Buffer.from(csv(1000)), limits)).rows).toHaveLength(1000);
    const wide = `${Array.from({ length: 3000 }, (_, i) => `c${i}`).join(',')}\r\n${'1,'.repeat(2999)}1\r\n`;
    await expect(parseInboundFile('wide.csv', 'csv', Buffer.from(wide), limits)).rejects.toThrow(
      'wide.csv was refused: it has more than 5,000 cells',
    );
    const json = JSON.stringify(Array.from({ length: 1001 }, () => ({ Campaign: 'a' })));
    await expect(parseInboundFile('long.json', 'json', Buffer.from(json), limits)).rejects.toThrow(
      'long.json was refused: it has more than 1,000 rows',
    );
  });
});
