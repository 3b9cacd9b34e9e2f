import type { OutputSettings } from '@nomen/shared';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildOutputFiles } from './output-files';

const fields = [
  { id: 11, name: 'Campaign' },
  { id: 12, name: 'Channel' },
  { id: 13, name: 'Code' },
];
const rows = [
  { '11': 'Spring Sale', '12': 'paid_social', '13': '007' },
  { '11': 'Say "hi", world', '12': 'email', '13': 'line\nbreak' },
];
const submission = {
  template_name: 'Campaigns',
  submission_name: 'Week 12',
  submitted_at: '2026-03-20T10:11:12.000Z',
  submitted_by: 'Ada Admin',
};

function settings(over: Partial<OutputSettings> = {}): OutputSettings {
  return {
    report_type: 'default',
    included_output_fields: [],
    file_type: ['csv'],
    delimiter: 'comma',
    filename_pattern: '{template_name}_{submitted_at}',
    include_summary_header: 0,
    metadata: {},
    ...over,
  };
}

const text = (body: Uint8Array) => new TextDecoder().decode(body);

/** The one sheet of a built XLSX file, as a spreadsheet reader opens it. */
async function sheetOf(body: Uint8Array): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(body) as never);
  expect(book.worksheets).toHaveLength(1);
  return book.worksheets[0]!;
}

describe('unique headers', () => {
  it('writes unique headers into a built CSV when two template fields share a name', async () => {
    const [file] = await buildOutputFiles(
      settings(),
      [
        { id: 1, name: 'Region', source: 'UTM campaign name' },
        { id: 2, name: 'Region', source: 'Ad name' },
      ],
      [{ '1': 'EU', '2': 'US' }],
      submission,
    );
    expect(text(file!.body).split('\r\n')[0]).toBe('Region (UTM campaign name),Region (Ad name)');
  });
});

describe('csv', () => {
  it('quotes delimiters, quotes and line breaks and ends lines with CRLF', async () => {
    const [file] = await buildOutputFiles(settings(), fields, rows, submission);
    expect(file!.name).toBe('Campaigns_2026-03-20_10-11-12.csv');
    expect(file!.contentType).toMatch(/^text\/csv/);
    expect(text(file!.body)).toBe(
      'Campaign,Channel,Code\r\nSpring Sale,paid_social,007\r\n"Say ""hi"", world",email,"line\nbreak"\r\n',
    );
  });
  it('uses the chosen delimiter', async () => {
    const [semi] = await buildOutputFiles(
      settings({ delimiter: 'semicolon' }),
      fields,
      rows.slice(0, 1),
      submission,
    );
    expect(text(semi!.body).split('\r\n')[1]).toBe('Spring Sale;paid_social;007');
    const [tab] = await buildOutputFiles(
      settings({ delimiter: 'tab' }),
      fields,
      rows.slice(0, 1),
      submission,
    );
    expect(text(tab!.body).split('\r\n')[1]).toBe('Spring Sale\tpaid_social\t007');
    const [space] = await buildOutputFiles(
      settings({ delimiter: 'space' }),
      fields,
      rows.slice(0, 1),
      submission,
    );
    expect(text(space!.body).split('\r\n')[1]).toBe('"Spring Sale" paid_social 007');
  });
  it('puts the summary header above the table', async () => {
    const [file] = await buildOutputFiles(settings({ include_summary_header: 1 }), fields, rows, submission);
    expect(text(file!.body).split('\r\n').slice(0, 7)).toEqual([
      'Template,Campaigns',
      'Submission,Week 12',
      'Submitted at,2026-03-20T10:11:12.000Z',
      'Submitted by,Ada Admin',
      'Rows,2',
      '',
      'Campaign,Channel,Code',
    ]);
  });
});

describe('json', () => {
  it('is a list of objects keyed by header, with transforms applied', async () => {
    const [file] = await buildOutputFiles(
      settings({ file_type: ['json'], metadata: { transform_case: 'to_uppercase' } }),
      fields,
      rows.slice(0, 1),
      submission,
    );
    expect(file!.name).toBe('Campaigns_2026-03-20_10-11-12.json');
    expect(JSON.parse(text(file!.body))).toEqual([
      { Campaign: 'SPRING SALE', Channel: 'PAID_SOCIAL', Code: '007' },
    ]);
  });
  it('carries the summary beside the rows', async () => {
    const [file] = await buildOutputFiles(
      settings({ file_type: ['json'], include_summary_header: 1 }),
      fields,
      rows.slice(0, 1),
      submission,
    );
    const parsed = JSON.parse(text(file!.body));
    expect(parsed.summary).toMatchObject({ Template: 'Campaigns', Submission: 'Week 12', Rows: '1' });
    expect(parsed.rows).toHaveLength(1);
  });
});

describe('xlsx', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a workbook whose sheet holds header and rows as text cells', async () => {
    const [file] = await buildOutputFiles(settings({ file_type: ['xlsx'] }), fields, rows, submission);
    expect(file!.name).toBe('Campaigns_2026-03-20_10-11-12.xlsx');
    expect(file!.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const sheet = await sheetOf(file!.body);
    expect(sheet.name).toBe('Output');
    expect(sheet.getCell('A1').value).toBe('Campaign');
    expect(sheet.getCell('C2').value).toBe('007');
    expect(sheet.getCell('C2').type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getCell('A3').value).toBe('Say "hi", world');
    expect(sheet.getCell('C3').value).toBe('line\nbreak');
  });
  it('puts the summary rows first', async () => {
    const [file] = await buildOutputFiles(
      settings({ file_type: ['xlsx'], include_summary_header: 1 }),
      fields,
      rows,
      submission,
    );
    const sheet = await sheetOf(file!.body);
    expect(sheet.getCell('A1').value).toBe('Template');
    expect(sheet.getCell('B1').value).toBe('Campaigns');
    expect(sheet.getCell('A5').value).toBe('Rows');
    expect(sheet.getCell('B5').value).toBe('2');
    expect(sheet.getCell('A6').value).toBeNull();
    expect(sheet.getCell('A7').value).toBe('Campaign');
  });
  it('is the same bytes for the same table, so a retried push writes the same file', async () => {
    const [a] = await buildOutputFiles(settings({ file_type: ['xlsx'] }), fields, rows, submission);
    // A minute later (zip entry times have a two-second grain), the bytes must still match.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
    const [b] = await buildOutputFiles(settings({ file_type: ['xlsx'] }), fields, rows, submission);
    expect(Buffer.from(a!.body).equals(Buffer.from(b!.body))).toBe(true);
  });
});

describe('files and names', () => {
  it('makes one file per chosen type, csv when none is chosen', async () => {
    expect(
      (await buildOutputFiles(settings({ file_type: [] }), fields, rows, submission)).map((f) => f.type),
    ).toEqual(['csv']);
    expect(
      (
        await buildOutputFiles(settings({ file_type: ['csv', 'xlsx', 'json'] }), fields, rows, submission)
      ).map((f) => f.name),
    ).toEqual([
      'Campaigns_2026-03-20_10-11-12.csv',
      'Campaigns_2026-03-20_10-11-12.xlsx',
      'Campaigns_2026-03-20_10-11-12.json',
    ]);
  });
  it('fills every placeholder and keeps a value from leaving the folder', async () => {
    const [file] = await buildOutputFiles(
      settings({ filename_pattern: '{submission_name}-{submitted_by}-{template_name}' }),
      fields,
      rows,
      { ...submission, submission_name: '../etc/passwd' },
    );
    expect(file!.name).toBe('.._etc_passwd-Ada Admin-Campaigns.csv');
  });
  it('uses the default pattern when the pattern is blank', async () => {
    const [file] = await buildOutputFiles(settings({ filename_pattern: '  ' }), fields, rows, submission);
    expect(file!.name).toBe('Campaigns_2026-03-20_10-11-12.csv');
  });
  it('refuses a submission time that is not a time', async () => {
    await expect(
      buildOutputFiles(settings(), fields, rows, { ...submission, submitted_at: 'not a time' }),
    ).rejects.toThrow(RangeError);
  });
});
