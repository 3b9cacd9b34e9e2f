import { describe, expect, it } from 'vitest';
import { diffChanges } from './activities.service';

describe('diffChanges', () => {
  it('keeps only what changed, with old and new values', () => {
    expect(
      diffChanges({ name: 'A', ids: [1, 2], notes: 'n' }, { name: 'B', ids: [1, 2], notes: 'n' }),
    ).toEqual([{ field: 'name', old: 'A', new: 'B' }]);
  });

  it('records every attribute as new on create and as old on delete', () => {
    expect(diffChanges(null, { name: 'A' })).toEqual([{ field: 'name', old: null, new: 'A' }]);
    expect(diffChanges({ name: 'A' }, null)).toEqual([{ field: 'name', old: 'A', new: null }]);
  });

  it('compares arrays by value', () => {
    expect(diffChanges({ ids: [1, 2] }, { ids: [2, 1] })).toEqual([
      { field: 'ids', old: [1, 2], new: [2, 1] },
    ]);
  });
});
