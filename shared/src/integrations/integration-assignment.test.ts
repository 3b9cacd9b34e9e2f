import { describe, expect, it } from 'vitest';
import {
  integrationAssignmentIdSchema,
  integrationAssignmentSchema,
  integrationNotificationRowSchema,
  isMetadataFlagOn,
  isTempAssignmentId,
  METADATA_MAX_KEYS,
  metadataText,
  newTempAssignmentId,
  parseRecipientList,
} from './integration-assignment';

const minimal = {
  id: 'TEMP_1',
  name: 'Weekly export',
  connector_id: 3,
  connector_type_id: 4,
  slug: 'box-push',
  integration_type: 'OUTPUT',
};
const parse = (patch: Record<string, unknown>) =>
  integrationAssignmentSchema.safeParse({ ...minimal, ...patch });

describe('integration assignment schema (spec 03 §3)', () => {
  it('takes a positive integer id or a TEMP_ id, and nothing else', () => {
    for (const id of [5, 'TEMP_abc', 'TEMP_0f3a_x-1'])
      expect(integrationAssignmentIdSchema.safeParse(id).success).toBe(true);
    for (const id of [0, -1, 1.5, 'abc', 'TEMP_', 'TEMP_a b', '5'])
      expect(integrationAssignmentIdSchema.safeParse(id).success).toBe(false);
  });

  it('fills the defaults of a minimal assignment', () => {
    const parsed = integrationAssignmentSchema.parse(minimal);
    expect(parsed).toMatchObject({
      metadata: {},
      mapping_fields: [],
      filters: [],
      report_type: 'default',
      include_summary_header: 0,
      delimiter: null,
      file_type: [],
      folder: '',
      folder_entry_type: 'manual',
      integration_data_reset: false,
      integration_notifications: [],
    });
  });

  it('accepts drafts with an empty name and no account (the checks report them)', () => {
    expect(parse({ name: '', connector_id: null, connector_type_id: null }).success).toBe(true);
  });

  it('refuses a missing or malformed slug and an unknown direction', () => {
    expect(parse({ slug: undefined }).success).toBe(false);
    expect(parse({ slug: 'Box Push' }).success).toBe(false);
    expect(parse({ integration_type: 'BOTH' }).success).toBe(false);
  });

  it('refuses U+0000 in text and in metadata, however deep', () => {
    expect(parse({ name: 'a\u0000b' }).success).toBe(false);
    expect(parse({ folder: '/out\u0000' }).success).toBe(false);
    expect(parse({ metadata: { fieldMapping: [{ fbParameterName: 'x\u0000' }] } }).success).toBe(false);
    expect(parse({ metadata: { fieldMapping: [{ fbParameterName: 'x' }] } }).success).toBe(true);
  });

  it('bounds text, lists and metadata', () => {
    expect(parse({ name: 'n'.repeat(255) }).success).toBe(true);
    expect(parse({ name: 'n'.repeat(256) }).success).toBe(false);
    expect(
      parse({ filters: Array.from({ length: 101 }, (_, i) => ({ integrationFilterId: i + 1, values: [] })) })
        .success,
    ).toBe(false);
    const many = Object.fromEntries(Array.from({ length: METADATA_MAX_KEYS + 1 }, (_, i) => [`k${i}`, 1]));
    expect(parse({ metadata: many }).success).toBe(false);
    expect(parse({ metadata: { 'bad key': 1 } }).success).toBe(false);
    expect(parse({ metadata: { big: 'x'.repeat(100_001) } }).success).toBe(false);
  });

  it('takes only the spec delimiters, file types (once each) and report types', () => {
    expect(parse({ delimiter: 'tab', file_type: ['csv', 'json'], report_type: 'perTarget' }).success).toBe(
      true,
    );
    expect(parse({ delimiter: 'pipe' }).success).toBe(false);
    expect(parse({ file_type: ['csv', 'csv'] }).success).toBe(false);
    expect(parse({ file_type: ['pdf'] }).success).toBe(false);
    expect(parse({ report_type: 'weekly' }).success).toBe(false);
  });

  it('checks notification addresses and mapping fields', () => {
    const notification = {
      emailTo: ['ops@example.com'],
      subject: 'Failed',
      emailOnFailure: true,
      emailOnSuccess: false,
    };
    expect(parse({ integration_notifications: [notification] }).success).toBe(true);
    expect(
      parse({ integration_notifications: [{ ...notification, emailTo: ['not-an-email'] }] }).success,
    ).toBe(false);
    expect(parse({ mapping_fields: [{ fieldName: 'ad_id', cvFieldId: 3, required: true }] }).success).toBe(
      true,
    );
    expect(parse({ mapping_fields: [{ fieldName: ' ', cvFieldId: 3, required: true }] }).success).toBe(false);
  });

  it('turns a boolean summary-header flag into 0/1', () => {
    expect(
      integrationAssignmentSchema.parse({ ...minimal, include_summary_header: true }).include_summary_header,
    ).toBe(1);
  });
});

describe('assignment helpers', () => {
  it('makes distinct temporary ids the schema accepts', () => {
    const a = newTempAssignmentId();
    const b = newTempAssignmentId();
    expect(a).not.toBe(b);
    expect(integrationAssignmentIdSchema.safeParse(a).success).toBe(true);
    expect(isTempAssignmentId(a)).toBe(true);
    expect(isTempAssignmentId(12)).toBe(false);
  });

  it('reads metadata as trimmed text and flags', () => {
    const metadata = { a: ' x ', n: 300, list: ['a'], on: '1', off: 0, yes: true };
    expect(metadataText(metadata, 'a')).toBe('x');
    expect(metadataText(metadata, 'n')).toBe('300');
    expect(metadataText(metadata, 'list')).toBe('');
    expect(metadataText(metadata, 'missing')).toBe('');
    expect(isMetadataFlagOn(metadata, 'on')).toBe(true);
    expect(isMetadataFlagOn(metadata, 'yes')).toBe(true);
    expect(isMetadataFlagOn(metadata, 'off')).toBe(false);
  });
});

describe('recipient lists and notification rows (spec 03 §3, §7)', () => {
  it('reads a list or its JSON text, trimming and dropping blanks', () => {
    expect(parseRecipientList(['a@example.com', ' b@example.com ', ' '])).toEqual([
      'a@example.com',
      'b@example.com',
    ]);
    expect(parseRecipientList('["a@example.com"]')).toEqual(['a@example.com']);
    expect(parseRecipientList('')).toEqual([]);
  });

  it('answers null for anything that is not a list of texts', () => {
    expect(parseRecipientList('a@example.com')).toBeNull();
    expect(parseRecipientList('{"to":1}')).toBeNull();
    expect(parseRecipientList([1, 2])).toBeNull();
    expect(parseRecipientList(null)).toBeNull();
  });

  it('turns a server notification row into the editor shape', () => {
    const row = {
      id: 4,
      email_to: '["ops@example.com"]',
      subject: null,
      email_on_failure: 1,
      email_on_success: 0,
    };
    expect(integrationNotificationRowSchema.parse(row)).toEqual({
      id: 4,
      emailTo: ['ops@example.com'],
      subject: '',
      emailOnFailure: true,
      emailOnSuccess: false,
    });
    expect(integrationNotificationRowSchema.safeParse({ ...row, email_to: 'ops@example.com' }).success).toBe(
      false,
    );
  });
});
