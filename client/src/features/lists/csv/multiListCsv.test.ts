import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  buildMultiListCsv,
  type CsvList,
  columnHeader,
  exportFileName,
  multiListCsvRows,
} from './multiListCsv';

function list(name: string, columns: Record<string, (string | null)[]>): CsvList {
  return {
    name,
    list_columns: Object.entries(columns).map(([columnName, values], precedence) => ({
      id: precedence + 1,
      name: columnName,
      precedence,
      // Empty cells are not stored (spec 02 §5), so nulls leave gaps in row_number.
      list_values: values.flatMap((value, row_number) => (value === null ? [] : [{ row_number, value }])),
    })),
  };
}

const regions = list('Regions', { Region: ['EMEA', 'APAC', 'AMER'], Code: ['E', 'A', 'M'] });
const channels = list('Channels', { Channel: ['Email', 'Social'] });

describe('multiListCsvRows', () => {
  it('takes the lists in the given order, each with its columns together', () => {
    expect(multiListCsvRows([regions, channels])[0]).toEqual([
      'Regions: Region',
      'Regions: Code',
      'Channels: Channel',
    ]);
    expect(multiListCsvRows([channels, regions])[0]).toEqual([
      'Channels: Channel',
      'Regions: Region',
      'Regions: Code',
    ]);
  });

  it('orders a list’s columns by precedence, whatever order they arrive in', () => {
    const shuffled: CsvList = {
      name: 'L',
      list_columns: [
        { id: 9, name: 'Second', precedence: 1, list_values: [{ row_number: 0, value: 'b' }] },
        { id: 8, name: 'First', precedence: 0, list_values: [{ row_number: 0, value: 'a' }] },
      ],
    };
    expect(multiListCsvRows([shuffled])).toEqual([
      ['L: First', 'L: Second'],
      ['a', 'b'],
    ]);
  });

  it('aligns rows by row_number and leaves a shorter list’s cells empty', () => {
    expect(multiListCsvRows([channels, regions])).toEqual([
      ['Channels: Channel', 'Regions: Region', 'Regions: Code'],
      ['Email', 'EMEA', 'E'],
      ['Social', 'APAC', 'A'],
      ['', 'AMER', 'M'],
    ]);
  });

  it('keeps gaps inside a list but drops rows empty in every list', () => {
    const sparse = list('Sparse', { A: ['a0', null, 'a2', null, null, 'a5'] });
    const other = list('Other', { B: [null, null, 'b2', null, 'b4'] });
    expect(multiListCsvRows([sparse, other])).toEqual([
      ['Sparse: A', 'Other: B'],
      ['a0', ''],
      ['a2', 'b2'],
      ['', 'b4'],
      ['a5', ''],
    ]);
  });

  it('aligns by row_number even when the values arrive out of order', () => {
    const unordered: CsvList = {
      name: 'U',
      list_columns: [
        {
          name: 'X',
          precedence: 0,
          list_values: [
            { row_number: 2, value: 'two' },
            { row_number: 0, value: 'zero' },
          ],
        },
      ],
    };
    expect(multiListCsvRows([unordered, channels])).toEqual([
      ['U: X', 'Channels: Channel'],
      ['zero', 'Email'],
      ['', 'Social'],
      ['two', ''],
    ]);
  });

  it('names an unnamed column by its position', () => {
    expect(columnHeader('Regions', '  ', 2)).toBe('Regions: Column 3');
    expect(columnHeader('Regions', 'Code', 1)).toBe('Regions: Code');
  });

  it('writes only a header for lists without values', () => {
    expect(multiListCsvRows([list('Empty', { A: [] })])).toEqual([['Empty: A']]);
  });
});

describe('buildMultiListCsv', () => {
  it('writes CRLF records', () => {
    expect(buildMultiListCsv([channels])).toBe('Channels: Channel\r\nEmail\r\nSocial');
  });

  it('quotes commas, quotes, line breaks and edge spaces, and reads back to the same cells', () => {
    const tricky = list('Tricky, "quoted"', {
      Value: ['a,b', 'say "hi"', 'line one\nline two', 'cr\r\nlf', ' padded ', 'plain'],
    });
    const csv = buildMultiListCsv([tricky]);
    expect(csv.split('\r\n')[0]).toBe('"Tricky, ""quoted"": Value"');
    expect(csv).toContain('"a,b"');
    expect(csv).toContain('"say ""hi"""');
    expect(csv).toContain('"line one\nline two"');
    expect(csv).toContain('" padded "');
    const parsed = Papa.parse<string[]>(csv, { newline: '\r\n' }).data;
    expect(parsed).toEqual(multiListCsvRows([tricky]));
  });

  it('keeps non-ASCII text as it is', () => {
    const world = list('Pays du monde', {
      Nom: ['Côte d’Ivoire', 'Ελλάδα', '日本', 'São Tomé 🇸🇹'],
    });
    const csv = buildMultiListCsv([world]);
    expect(csv).toBe('Pays du monde: Nom\r\nCôte d’Ivoire\r\nΕλλάδα\r\n日本\r\nSão Tomé 🇸🇹');
  });
});

describe('exportFileName', () => {
  const now = new Date(2026, 4, 7, 12, 0, 0);

  it('names one list’s file after the list and several by the date', () => {
    expect(exportFileName([{ name: 'Countries' }], now)).toBe('Countries.csv');
    expect(exportFileName([{ name: 'A' }, { name: 'B' }], now)).toBe('lists-2026-05-07.csv');
  });

  it('replaces characters file systems refuse', () => {
    expect(exportFileName([{ name: 'Q1/Q2: "plans"' }], now)).toBe('Q1-Q2- -plans-.csv');
    expect(exportFileName([{ name: '...' }], now)).toBe('lists-2026-05-07.csv');
  });
});
