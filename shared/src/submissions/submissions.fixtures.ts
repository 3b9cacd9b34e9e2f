import { type TemplateFieldInput, templateFieldSchema } from '../templates/templates.contract';
import type { SubmissionForm } from './submission-form';

/**
 * A submission form for the unit tests and the benchmark (not exported by the package): the UTM
 * pattern (channel from a dependent list, campaign text, a 4-digit autonumber, a chosen launch
 * month), region and country on a drill-down countries list, the source on the channels list, a
 * multi-value currency field, a constant, a date, a unique concatenation, an autofill, a link with
 * three parameters, a defaulted note, a field-set autonumber and the hidden cv_id.
 */
export const FIELD = {
  cvId: 1,
  code: 2,
  channel: 3,
  campaign: 4,
  number: 5,
  launch: 6,
  region: 7,
  country: 8,
  source: 9,
  currencies: 10,
  brand: 11,
  start: 12,
  key: 13,
  regionCopy: 14,
  link: 15,
  notes: 16,
  serial: 17,
} as const;

const PATTERN_ID = 200;

function field(
  input: Partial<TemplateFieldInput> & Pick<TemplateFieldInput, 'id' | 'field_id'>,
  name: string,
) {
  return templateFieldSchema.parse({
    precedence: Number(input.id),
    field: {
      id: input.field_id,
      name,
      governance_type: input.governance_type ?? null,
      ...(input.field ?? {}),
    },
    ...input,
  });
}

function segmentField(id: number, fieldId: number, name: string, extra: Partial<TemplateFieldInput>) {
  return field(
    {
      id,
      field_id: fieldId,
      field: {
        id: fieldId,
        name,
        governance_type: extra.governance_type ?? null,
        segment_parent_field_id: PATTERN_ID,
        segment_id: fieldId,
      },
      ...extra,
    },
    name,
  );
}

/** The test form (see the file's note). */
export function testForm(): SubmissionForm {
  return {
    template_id: 1,
    template_name: 'Paid social',
    rollup_dataset_id: 1,
    settings: { require_identifier: 0, require_approval: 0, enable_auto_submit: 0 },
    fields: [
      field({ id: FIELD.cvId, field_id: 101, governance_type: 'cv_id', visible_on_form: false }, 'cv_id'),
      field(
        {
          id: FIELD.code,
          field_id: PATTERN_ID,
          governance_type: 'pattern',
          field: { id: PATTERN_ID, name: 'UTM code', governance_type: 'pattern', is_pattern: true },
        },
        'UTM code',
      ),
      segmentField(FIELD.channel, 201, 'Channel', {
        governance_type: 'list',
        required: true,
        list_governance: { list_id: 10, list_column_id: 11 },
      }),
      segmentField(FIELD.campaign, 202, 'Campaign', {
        governance_type: 'text',
        required: true,
        validation: { min_length: 2, max_length: 20, characters: 'alphanumeric_dash_underscore' },
        transformation: { case: 'lowercase', spaces: 'dash', trim: true },
      }),
      segmentField(FIELD.number, 203, 'Number', { governance_type: 'autonumber', visible_on_form: false }),
      segmentField(FIELD.launch, 204, 'Launch', {
        governance_type: 'date',
        required: true,
        date: { order: 'Y|M|D', years: '0000-9999', months: '01-12', days: 'None', delimiter: '-' },
      }),
      field(
        {
          id: FIELD.region,
          field_id: 301,
          governance_type: 'list',
          required: true,
          list_governance: { list_id: 1, list_column_id: 2 },
        },
        'Region',
      ),
      field(
        {
          id: FIELD.country,
          field_id: 302,
          governance_type: 'list',
          list_governance: { list_id: 1, list_column_id: 4 },
        },
        'Country',
      ),
      field(
        {
          id: FIELD.source,
          field_id: 303,
          governance_type: 'list',
          list_governance: { list_id: 10, list_column_id: 12 },
        },
        'Source',
      ),
      field(
        {
          id: FIELD.currencies,
          field_id: 304,
          governance_type: 'list',
          list_governance: { list_id: 20, list_column_id: 21, delimiter: ',' },
        },
        'Currencies',
      ),
      field({ id: FIELD.brand, field_id: 305, governance_type: 'constant', constant_value: 'ACME' }, 'Brand'),
      field(
        {
          id: FIELD.start,
          field_id: 306,
          governance_type: 'date',
          date: { order: 'D|M|Y', years: '0000-9999', months: '01-12', days: '01-31', delimiter: '-' },
        },
        'Start',
      ),
      field(
        {
          id: FIELD.key,
          field_id: 307,
          governance_type: 'concatenation',
          must_be_unique: true,
          concatenation_governance: { field_ids: [301, 302, PATTERN_ID], delimiter: '_' },
        },
        'Key',
      ),
      field(
        { id: FIELD.regionCopy, field_id: 308, governance_type: 'autofill', autofill: { field_id: 301 } },
        'Region copy',
      ),
      field(
        {
          id: FIELD.link,
          field_id: 309,
          governance_type: 'link',
          link_governance: { domain_restrictions: ['acme.com'] },
        },
        'Link',
      ),
      field(
        {
          id: FIELD.notes,
          field_id: 311,
          governance_type: 'text',
          default_value: 'n/a',
          apply_default_value_to_empty_values: true,
        },
        'Notes',
      ),
      field(
        { id: FIELD.serial, field_id: 310, governance_type: 'autonumber', visible_on_form: false },
        'Serial',
      ),
    ],
    parameters: [
      parameter('utm_source', FIELD.source, 303, 0, 'standard'),
      parameter('utm_medium', FIELD.channel, 201, 1, 'dynamic'),
      parameter('utm_campaign', FIELD.code, PATTERN_ID, 2, 'dynamic'),
    ],
    patterns: [
      {
        field_id: PATTERN_ID,
        name: 'UTM code',
        delimiter: '_',
        must_be_unique: false,
        segments: [
          { id: 201, name: 'Channel', segment_precedence: 0, segment_type: 'variable', data_type: 'list' },
          { id: 202, name: 'Campaign', segment_precedence: 1, segment_type: 'variable', data_type: 'text' },
          {
            id: 203,
            name: 'Number',
            segment_precedence: 2,
            segment_type: 'autonumber',
            start_value: 1,
            min_width: 4,
          },
          {
            id: 204,
            name: 'Launch',
            segment_precedence: 3,
            segment_type: 'date',
            order: 'Y|M|D',
            years: '0000-9999',
            months: '01-12',
            days: 'None',
            delimiter: '-',
            auto_populate: false,
          },
        ],
      },
    ],
    lists: [
      {
        id: 1,
        name: 'Countries',
        type: 'drill-down',
        columns: [
          { id: 2, name: 'Region' },
          { id: 3, name: 'Subregion' },
          { id: 4, name: 'Country' },
        ],
        rows: [
          ['Europe', 'Western Europe', 'France'],
          ['Europe', 'Western Europe', 'Germany'],
          ['Europe', 'Northern Europe', 'Sweden'],
          ['Americas', 'Northern America', 'United States'],
          ['Americas', 'South America', 'Brazil'],
        ],
      },
      {
        id: 10,
        name: 'Channels',
        type: 'dependent',
        columns: [
          { id: 11, name: 'Channel' },
          { id: 12, name: 'Source' },
        ],
        rows: [
          ['Paid Social', 'facebook'],
          ['Paid Social', 'tiktok'],
          ['Paid Search', 'google'],
          ['Email', 'newsletter'],
        ],
      },
      {
        id: 20,
        name: 'Currencies',
        type: 'drop-down',
        columns: [{ id: 21, name: 'Code' }],
        rows: [['EUR'], ['USD'], ['GBP']],
      },
    ],
    autonumbers: [{ field_id: 310, start_value: 100, min_width: 5 }],
  };
}

function parameter(
  name: string,
  templateFieldId: number,
  fieldId: number,
  precedence: number,
  encoding: 'standard' | 'dynamic',
) {
  return {
    id: precedence + 1,
    name,
    field_id: fieldId,
    template_field_id: templateFieldId,
    precedence,
    url_encoding: encoding,
    url_name_encoding: 'encoded' as const,
    fieldset_ids: [],
    transform: 'none',
    template_id: 1,
  };
}

/** A valid row of the test form, as typed. */
export function testRow(overrides: Record<number, string> = {}): Record<string, string> {
  const row: Record<number, string> = {
    [FIELD.channel]: 'paid social',
    [FIELD.campaign]: 'Spring Sale',
    [FIELD.launch]: '2026-03-15',
    [FIELD.region]: 'Europe',
    [FIELD.country]: 'France',
    [FIELD.source]: 'tiktok',
    [FIELD.start]: '2026-03-05',
    [FIELD.link]: 'https://www.acme.com/spring',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [String(k), v]));
}
