import { describe, expect, it } from 'vitest';
import {
  guessImportMapping,
  headerKey,
  IMPORT_MAX_ROWS,
  importableFields,
  importRefusal,
  importRows,
  importTableOf,
  spreadsheetCellText,
} from './import';
import { submissionMessageText } from './submission-messages';
import { FIELD, testForm } from './submissions.fixtures';
import { compileSubmissionForm } from './validate-rows';

const form = testForm();
const preview = { today: { year: 2026, month: 3, day: 20 } };
const key = (id: number) => String(id);

describe('importableFields', () => {
  it('offers the fields a person types, never computed, constant, hidden or cv_id ones', () => {
    const names = importableFields(form.fields).map((f) => f.field.name);
    expect(names).toEqual(
      expect.arrayContaining(['Campaign', 'Region', 'Country', 'Source', 'Start', 'Link']),
    );
    for (const computed of ['UTM code', 'Number', 'Brand', 'Key', 'Region copy', 'Serial'])
      expect(names).not.toContain(computed);
    expect(importableFields(form.fields).some((f) => f.governance_type === 'cv_id')).toBe(false);
  });
});

describe('guessImportMapping', () => {
  it('maps headers by name ignoring case, spaces and punctuation, then by containment, each field once', () => {
    const mapping = guessImportMapping(
      ['COUNTRY', 'campaign name', 'Region', 'region (again)', 'Start', 'Unrelated', ''],
      form.fields,
    );
    expect(mapping).toEqual([
      key(FIELD.country),
      key(FIELD.campaign),
      key(FIELD.region),
      null,
      key(FIELD.start),
      null,
      null,
    ]);
  });

  it('prefers the exact name over a longer header containing it', () => {
    expect(guessImportMapping(['Source name', 'source'], form.fields)).toEqual([null, key(FIELD.source)]);
  });

  it('matches accented and underscored headers', () => {
    expect(headerKey('Pays_Région')).toBe('paysregion');
    expect(headerKey('Start date')).toBe('startdate');
  });
});

describe('importRows', () => {
  it('puts each mapped cell, trimmed, under its field and leaves out empty rows, keeping file row numbers', () => {
    const table = {
      header: ['Campaign', 'Country', 'Ignored'],
      rows: [[' spring ', 'france', 'x'], ['', '', 'only ignored'], ['fall']],
    };
    const { rows, fileRows } = importRows(table, [key(FIELD.campaign), key(FIELD.country), null]);
    expect(rows).toEqual([
      { [FIELD.campaign]: 'spring', [FIELD.country]: 'france' },
      { [FIELD.campaign]: 'fall' },
    ]);
    expect(fileRows).toEqual([2, 4]);
  });

  it('lands rows whose list values the table governs: case-insensitive matches take the list spelling, near misses say "did you mean"', () => {
    const mapping = [key(FIELD.region), key(FIELD.country)];
    const { rows } = importRows(
      {
        header: ['Region', 'Country'],
        rows: [
          ['EUROPE', 'germany'],
          ['Europe', 'Germny'],
        ],
      },
      mapping,
    );
    const validator = compileSubmissionForm(form);
    const first = validator.validateRow(rows[0]!, 0, preview);
    expect(first.row[key(FIELD.region)]).toBe('Europe');
    expect(first.row[key(FIELD.country)]).toBe('Germany');
    const second = validator.validateRow(rows[1]!, 1, preview);
    expect(second.problems.map((p) => submissionMessageText(p.messageId, p.params))).toContainEqual(
      expect.stringContaining('Did you mean "Germany"?'),
    );
  });
});

describe('importRefusal', () => {
  const ok = { header: ['Campaign'], rows: [['a']] };
  it('accepts a table with a header, rows and a mapped column', () => {
    expect(importRefusal(ok, [key(FIELD.campaign)], 'codes.csv')).toBeNull();
  });
  it('refuses no header, no rows, too many rows and a mapping that fills nothing, naming the file', () => {
    expect(importRefusal({ header: ['', ' '], rows: [['a']] }, null, 'a.csv')).toMatch(
      /a\.csv has no header row/,
    );
    expect(importRefusal({ header: ['Campaign'], rows: [] }, null, 'b.xlsx')).toMatch(
      /b\.xlsx has a header but no rows/,
    );
    const many = { header: ['Campaign'], rows: Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => ['x']) };
    expect(importRefusal(many, null, 'c.csv')).toBe('c.csv has 50,001 rows; an import takes at most 50,000.');
    expect(importRefusal(ok, [null], 'd.csv')).toBe('Choose the field at least one column fills.');
  });
});

describe('spreadsheetCellText', () => {
  it('prints dates as ISO days, numbers and booleans as text, and nothing for empty cells', () => {
    expect(spreadsheetCellText(new Date(Date.UTC(2026, 2, 5)))).toBe('2026-03-05');
    expect(spreadsheetCellText(42)).toBe('42');
    expect(spreadsheetCellText(0.5)).toBe('0.5');
    expect(spreadsheetCellText(true)).toBe('TRUE');
    expect(spreadsheetCellText(null)).toBe('');
    expect(spreadsheetCellText(new Date(Number.NaN))).toBe('');
    expect(spreadsheetCellText('Ünïcode 東京')).toBe('Ünïcode 東京');
  });
});

describe('importTableOf', () => {
  it('takes the first non-empty row as the header without its byte-order mark, and drops empty rows', () => {
    const table = importTableOf([
      ['', ''],
      ['\uFEFFCampaign ', 'Start'],
      ['spring', new Date(Date.UTC(2026, 0, 31))],
      [null, ''],
      ['fall', 7],
    ]);
    expect(table).toEqual({
      header: ['Campaign', 'Start'],
      rows: [
        ['spring', '2026-01-31'],
        ['fall', '7'],
      ],
    });
  });
});
