import { describe, expect, it } from 'vitest';
import { valueCounts } from './submissions.repository';

describe('valueCounts (the distinct values a submit adds to its dataset)', () => {
  it('counts each field value once per row holding it, in first-seen order, keys as text', () => {
    const counts = valueCounts([
      { '20': 'FR', '3': 'Paid Social', '100': 'AC_1' },
      { '3': 'Search', '20': 'FR', '100': 'AC_2' },
      { '100': 'AC_3', '20': 'DE', '3': 'Paid Social' },
    ]);
    expect(counts).toEqual([
      // Row 1, keys in text order: "100" < "20" < "3".
      { templateFieldId: 100, value: 'AC_1', rows: 1 },
      { templateFieldId: 20, value: 'FR', rows: 2 },
      { templateFieldId: 3, value: 'Paid Social', rows: 2 },
      { templateFieldId: 100, value: 'AC_2', rows: 1 },
      { templateFieldId: 3, value: 'Search', rows: 1 },
      { templateFieldId: 100, value: 'AC_3', rows: 1 },
      { templateFieldId: 20, value: 'DE', rows: 1 },
    ]);
  });

  it('leaves out empty values and keys that are not template field ids', () => {
    expect(valueCounts([{ '7': '', TEMP_x: 'kept out', '8': 'B' }, { '7': 'A' }])).toEqual([
      { templateFieldId: 8, value: 'B', rows: 1 },
      { templateFieldId: 7, value: 'A', rows: 1 },
    ]);
  });

  it('tells the same value of two fields apart', () => {
    expect(valueCounts([{ '1': 'x', '2': 'x' }, { '2': 'x' }])).toEqual([
      { templateFieldId: 1, value: 'x', rows: 1 },
      { templateFieldId: 2, value: 'x', rows: 2 },
    ]);
  });
});
