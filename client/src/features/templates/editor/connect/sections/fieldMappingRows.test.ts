import type { MappingField } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import { patchMappingRow, withNewMappingRow, withoutMappingRow } from './fieldMappingRows';

const row = (fieldName: string): MappingField => ({
  fieldName,
  label: '',
  cvFieldId: null,
  required: false,
  type: 'integration_field',
  source_type: 'field',
});

describe('mapping row edits', () => {
  it('patches only the row at the index', () => {
    const rows = [row('a'), row('b')];
    const next = patchMappingRow(rows, 1, { cvFieldId: 7 });
    expect(next[0]).toBe(rows[0]);
    expect(next[1]).toEqual({ ...row('b'), cvFieldId: 7 });
  });

  it('appends an optional unmapped row named after its place', () => {
    expect(withNewMappingRow([row('a')])).toEqual([row('a'), row('field_2')]);
  });

  it('removes the row at the index', () => {
    expect(withoutMappingRow([row('a'), row('b'), row('c')], 1).map((r) => r.fieldName)).toEqual(['a', 'c']);
  });
});
