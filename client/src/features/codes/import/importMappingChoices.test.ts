import type { TemplateField } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import { columnExample, fieldChoices, SKIP, withColumnMapped } from './importMappingChoices';

const field = (id: number, name: string) => ({ id, field: { name } }) as unknown as TemplateField;

describe('columnExample', () => {
  it("answers the column's first non-blank value, '' for none", () => {
    const table = {
      header: ['A', 'B'],
      rows: [
        ['', ' '],
        ['x', ''],
        ['y', ''],
      ],
    };
    expect(columnExample(table, 0)).toBe('x');
    expect(columnExample(table, 1)).toBe('');
    expect(columnExample(null, 0)).toBe('');
  });
});

describe('fieldChoices', () => {
  it('offers "Don\'t import" first and disables fields another column fills', () => {
    const choices = fieldChoices([field(1, 'Country'), field(2, 'Brand')], ['1', null], 1);
    expect(choices).toEqual([
      { value: SKIP, label: 'Don’t import' },
      { value: '1', label: 'Country', disabled: true },
      { value: '2', label: 'Brand', disabled: false },
    ]);
  });

  it('keeps the field of the column itself enabled', () => {
    expect(fieldChoices([field(1, 'Country')], ['1'], 0)[1]?.disabled).toBe(false);
  });
});

describe('withColumnMapped', () => {
  it('sets one column, an empty choice leaving it out', () => {
    expect(withColumnMapped(['1', '2'], 1, '3')).toEqual(['1', '3']);
    expect(withColumnMapped(['1', '2'], 0, SKIP)).toEqual([null, '2']);
    expect(withColumnMapped(['1', '2'], 0, null)).toEqual([null, '2']);
  });
});
