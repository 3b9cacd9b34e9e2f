import { describe, expect, it } from 'vitest';
import { replaceContent } from '../grid/gridData';
import { csvFileName, gridToCsv, parseCsv } from './listCsv';
import { newEditorList } from './listModel';

describe('list CSV', () => {
  it('exports a header row and the rows up to the last value, and reads them back', () => {
    const rows = [
      ['Europe', 'Zürich, "ZH"'],
      ['Asia', 'line one\nline two'],
      ['', ''],
    ];
    const data = replaceContent(newEditorList().data, ['Region', 'City'], rows);
    const csv = gridToCsv(data);
    expect(csv).toBe('Region,City\r\nEurope,"Zürich, ""ZH"""\r\nAsia,"line one\nline two"');
    expect(parseCsv(csv)).toEqual({ header: ['Region', 'City'], rows: rows.slice(0, 2) });
  });

  it('reads a single-column file with a byte order mark and skips blank lines', () => {
    expect(parseCsv('\uFEFFCurrency\r\nUSD\r\n\r\nEUR\r\n')).toEqual({
      header: ['Currency'],
      rows: [['USD'], ['EUR']],
    });
  });

  it('reports an empty file', () => {
    expect(parseCsv('')).toEqual({ error: 'The file is empty: it needs a header row of column names.' });
  });

  it('names the file after the list', () => {
    expect(csvFileName('Countries / Regions')).toBe('Countries _ Regions.csv');
    expect(csvFileName('  ')).toBe('list.csv');
  });
});
