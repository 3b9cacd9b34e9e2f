import type { TemplateField } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import { patternKeyOf, patternLookup } from './fieldRowsModel';

const tf = (over: {
  field_id: number | null;
  color?: string | null;
  field: Partial<TemplateField['field']>;
}) =>
  ({
    id: over.field_id ?? 0,
    precedence: 0,
    color: over.color ?? null,
    field_id: over.field_id,
    field: { name: '', is_pattern: false, segment_parent_field_id: null, ...over.field },
  }) as unknown as TemplateField;

describe('field rows (spec 03 §2 card chip)', () => {
  const pattern = tf({ field_id: 50, color: '#64748b', field: { name: 'UTM', is_pattern: true } });
  const uncoloured = tf({ field_id: 60, field: { name: 'Other', is_pattern: true } });
  const segment = tf({ field_id: 501, field: { name: 'Channel', segment_parent_field_id: 50 } });
  const plain = tf({ field_id: 7, field: { name: 'Region' } });

  it('names every pattern field and colours those with a colour', () => {
    const lookup = patternLookup([pattern, uncoloured, segment, plain]);
    expect([...lookup.colors]).toEqual([['50', '#64748b']]);
    expect([...lookup.names]).toEqual([
      ['50', 'UTM'],
      ['60', 'Other'],
    ]);
  });

  it('keys a pattern field by itself, a segment by its pattern, others by nothing', () => {
    expect(patternKeyOf(pattern)).toBe('50');
    expect(patternKeyOf(segment)).toBe('50');
    expect(patternKeyOf(plain)).toBeNull();
  });
});
