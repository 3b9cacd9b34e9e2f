import { describe, expect, it } from 'vitest';
import type { IncludedOutputField } from './integration-assignment';
import {
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
