import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { IncludedOutputField } from './integration-assignment';
import {
  buildOutputFiles,
  columnLetter,
  type OutputSettings,
  outputColumns,
  templateFieldSource,
  transformValue,
  uniqueHeaders,
} from './output';

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

function output(id: number, name: string, over: Partial<IncludedOutputField> = {}): IncludedOutputField {
  return { id, name, display: '', selected: true, isHidden: false, isMeta: false, readOnly: false, ...over };
}

const text = (body: Uint8Array) => new TextDecoder().decode(body);

describe('output columns', () => {
  it('are every template field when no output field is chosen', () => {
    expect(outputColumns(settings(), fields).map((c) => c.header)).toEqual(['Campaign', 'Channel', 'Code']);
  });
  it('are every template field for the default report, whatever is selected', () => {
    const chosen = settings({ included_output_fields: [output(13, 'Code')] });
    expect(outputColumns(chosen, fields)).toHaveLength(3);
  });
  it('are the selected, visible output fields of a custom report in their order, headed by display', () => {
    const chosen = settings({
      report_type: 'custom',
      included_output_fields: [
        output(13, 'Code', { display: 'Tracking code' }),
        output(11, 'Campaign'),
        output(12, 'Channel', { selected: false }),
        output(11, 'Hidden', { isHidden: true }),
      ],
    });
    expect(outputColumns(chosen, fields)).toEqual([
      { header: 'Tracking code', key: '13' },
      { header: 'Campaign', key: '11' },
    ]);
  });
});

describe('unique headers', () => {
  it('suffixes a repeated name with each field source, and keeps names nobody else has', () => {
    expect(
      uniqueHeaders([
        { name: 'Region', source: 'UTM campaign name' },
        { name: 'Country', source: 'Markets' },
        { name: 'region', source: 'Ad name' },
      ]),
    ).toEqual(['Region (UTM campaign name)', 'Country', 'region (Ad name)']);
  });

  it('tells apart fields without a source by their column, keeps fixed columns, and numbers what still repeats', () => {
    expect(
      uniqueHeaders([
        { name: 'Submitter', source: '' },
        { name: 'Code', source: 'Pattern' },
        { name: 'Code', source: 'Pattern' },
        { name: 'Submitter', source: null },
      ]),
    ).toEqual(['Submitter (column 1)', 'Code (Pattern)', 'Code (Pattern) 2', 'Submitter']);
  });

  it('writes unique headers into a built CSV when two template fields share a name', () => {
    const [file] = buildOutputFiles(
      settings(),
      [
        { id: 1, name: 'Region', source: 'UTM campaign name' },
        { id: 2, name: 'Region', source: 'Ad name' },
      ],
      [{ '1': 'EU', '2': 'US' }],
      submission,
    );
    expect(strFromU8(file!.body).split('\r\n')[0]).toBe('Region (UTM campaign name),Region (Ad name)');
  });

  it("names a segment field's source by its pattern field", () => {
    const pattern = { field_id: 7, field: { name: 'UTM campaign name', segment_parent_field_id: null } };
    const segment = { field_id: 8, field: { name: 'Region', segment_parent_field_id: 7 } };
    expect(templateFieldSource(segment, [pattern, segment])).toBe('UTM campaign name');
    expect(templateFieldSource(pattern, [pattern, segment])).toBe('');
  });
});

describe('value transforms', () => {
  it('lower- and upper-case values', () => {
    expect(transformValue('Spring Sale', { transform_case: 'to_lowercase' })).toBe('spring sale');
    expect(transformValue('Spring Sale', { transform_case: 'to_uppercase' })).toBe('SPRING SALE');
  });
  it('replace spaces and underscores, after the case', () => {
    expect(
      transformValue('Spring Sale', {
        transform_case: 'to_lowercase',
        transform_replace: 'replace_space_with_underscore',
      }),
    ).toBe('spring_sale');
    expect(transformValue('paid_social', { transform_replace: 'replace_underscore_with_space' })).toBe(
      'paid social',
    );
  });
  it('leave values alone without a transform', () => {
    expect(transformValue('A b_c', { transform_case: '', transform_replace: '' })).toBe('A b_c');
  });
});

describe('csv', () => {
  it('quotes delimiters, quotes and line breaks and ends lines with CRLF', () => {
    const [file] = buildOutputFiles(settings(), fields, rows, submission);
    expect(file!.name).toBe('Campaigns_2026-03-20_10-11-12.csv');
    expect(file!.contentType).toMatch(/^text\/csv/);
    expect(text(file!.body)).toBe(
      'Campaign,Channel,Code\r\nSpring Sale,paid_social,007\r\n"Say ""hi"", world",email,"line\nbreak"\r\n',
    );
  });
  it('uses the chosen delimiter', () => {
    const [semi] = buildOutputFiles(
      settings({ delimiter: 'semicolon' }),
      fields,
      rows.slice(0, 1),
      submission,
    );
    expect(text(semi!.body).split('\r\n')[1]).toBe('Spring Sale;paid_social;007');
    const [tab] = buildOutputFiles(settings({ delimiter: 'tab' }), fields, rows.slice(0, 1), submission);
    expect(text(tab!.body).split('\r\n')[1]).toBe('Spring Sale\tpaid_social\t007');
    const [space] = buildOutputFiles(settings({ delimiter: 'space' }), fields, rows.slice(0, 1), submission);
    expect(text(space!.body).split('\r\n')[1]).toBe('"Spring Sale" paid_social 007');
  });
  it('puts the summary header above the table', () => {
    const [file] = buildOutputFiles(settings({ include_summary_header: 1 }), fields, rows, submission);
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
  it('is a list of objects keyed by header, with transforms applied', () => {
    const [file] = buildOutputFiles(
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
  it('carries the summary beside the rows', () => {
    const [file] = buildOutputFiles(
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
  it('is a workbook whose sheet holds header and rows as text cells', () => {
    const [file] = buildOutputFiles(settings({ file_type: ['xlsx'] }), fields, rows, submission);
    expect(file!.name).toBe('Campaigns_2026-03-20_10-11-12.xlsx');
    const zip = unzipSync(file!.body);
    expect(Object.keys(zip).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    const sheet = strFromU8(zip['xl/worksheets/sheet1.xml']!);
    expect(sheet).toContain('<c r="A1" t="inlineStr"><is><t xml:space="preserve">Campaign</t></is></c>');
    expect(sheet).toContain('<c r="C2" t="inlineStr"><is><t xml:space="preserve">007</t></is></c>');
    expect(sheet).toContain('Say &quot;hi&quot;, world');
  });
  it('puts the summary rows first', () => {
    const [file] = buildOutputFiles(
      settings({ file_type: ['xlsx'], include_summary_header: 1 }),
      fields,
      rows,
      submission,
    );
    const sheet = strFromU8(unzipSync(file!.body)['xl/worksheets/sheet1.xml']!);
    expect(sheet).toContain('<c r="A1" t="inlineStr"><is><t xml:space="preserve">Template</t></is></c>');
    expect(sheet).toContain('<c r="A7" t="inlineStr"><is><t xml:space="preserve">Campaign</t></is></c>');
  });
  it('is the same bytes for the same table, so a retried push writes the same file', () => {
    const a = buildOutputFiles(settings({ file_type: ['xlsx'] }), fields, rows, submission)[0]!.body;
    const b = buildOutputFiles(settings({ file_type: ['xlsx'] }), fields, rows, submission)[0]!.body;
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
  it('names columns past Z', () => {
    expect([columnLetter(0), columnLetter(25), columnLetter(26), columnLetter(701)]).toEqual([
      'A',
      'Z',
      'AA',
      'ZZ',
    ]);
  });
});

describe('files and names', () => {
  it('makes one file per chosen type, csv when none is chosen', () => {
    expect(
      buildOutputFiles(settings({ file_type: [] }), fields, rows, submission).map((f) => f.type),
    ).toEqual(['csv']);
    expect(
      buildOutputFiles(settings({ file_type: ['csv', 'xlsx', 'json'] }), fields, rows, submission).map(
        (f) => f.name,
      ),
    ).toEqual([
      'Campaigns_2026-03-20_10-11-12.csv',
      'Campaigns_2026-03-20_10-11-12.xlsx',
      'Campaigns_2026-03-20_10-11-12.json',
    ]);
  });
  it('fills every placeholder and keeps a value from leaving the folder', () => {
    const [file] = buildOutputFiles(
      settings({ filename_pattern: '{submission_name}-{submitted_by}-{template_name}' }),
      fields,
      rows,
      { ...submission, submission_name: '../etc/passwd' },
    );
    expect(file!.name).toBe('.._etc_passwd-Ada Admin-Campaigns.csv');
  });
  it('uses the default pattern when the pattern is blank', () => {
    const [file] = buildOutputFiles(settings({ filename_pattern: '  ' }), fields, rows, submission);
    expect(file!.name).toBe('Campaigns_2026-03-20_10-11-12.csv');
  });
});
