import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILENAME_PATTERN,
  DELIMITER_CHARACTERS,
  DELIMITERS,
  formatSubmittedAt,
  OUTPUT_FILE_TYPES,
  outputFilename,
  renderFilename,
} from './file-settings';

const values = {
  template_name: 'Spring Launch',
  submission_name: 'Batch 7',
  submitted_at: new Date(Date.UTC(2026, 2, 4, 9, 5, 7, 123)),
  submitted_by: 'Ana Díaz',
};

describe('file settings', () => {
  it('lists the delimiters and output file types of spec 03 §9', () => {
    expect(DELIMITERS).toEqual(['comma', 'semicolon', 'tab', 'space']);
    expect(DELIMITERS.map((d) => DELIMITER_CHARACTERS[d])).toEqual([',', ';', '\t', ' ']);
    expect(OUTPUT_FILE_TYPES).toEqual(['csv', 'xlsx', 'json']);
  });

  it('writes the submitted time in UTC without characters file systems refuse', () => {
    expect(formatSubmittedAt(values.submitted_at)).toBe('2026-03-04_09-05-07');
    expect(formatSubmittedAt('2026-03-04T10:05:07+01:00')).toBe('2026-03-04_09-05-07');
    expect(() => formatSubmittedAt('not a time')).toThrow(RangeError);
  });

  it('renders each placeholder and the default pattern of template name plus submitted time', () => {
    expect(renderFilename(DEFAULT_FILENAME_PATTERN, values)).toBe('Spring Launch_2026-03-04_09-05-07');
    expect(renderFilename('{submission_name}-{submitted_by}', values)).toBe('Batch 7-Ana Díaz');
    expect(renderFilename('report', values)).toBe('report');
  });

  it('leaves unknown placeholders as written', () => {
    expect(renderFilename('{template_name}_{unknown}', values)).toBe('Spring Launch_{unknown}');
  });

  it('keeps values from leaving the folder: separators and controls become _', () => {
    const rendered = renderFilename('{template_name}', { ...values, template_name: '../etc/pass\u0000wd:x' });
    expect(rendered).toBe('.._etc_pass_wd_x');
    expect(rendered).not.toContain('/');
  });

  it('adds the file type as the extension', () => {
    expect(outputFilename('{submission_name}', values, 'xlsx')).toBe('Batch 7.xlsx');
  });
});
