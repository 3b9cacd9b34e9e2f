import { describe, expect, it } from 'vitest';
import { previewDependenciesSchema, previewDependencyIds } from './preview';

const list = (list_id: number | null) => ({
  governance_type: 'list' as const,
  list_governance: { list_id, list_column_id: null, delimiter: 'none' as const, lists: [] },
});

describe('previewDependencyIds (spec 03 §2 Dataset preview)', () => {
  it('names the list of every list-governed field once, in the order the fields name them', () => {
    expect(previewDependencyIds([list(7), list(3), list(7), list(12)])).toEqual([7, 3, 12]);
  });

  it('skips fields of other governance types and list fields without a list yet', () => {
    expect(
      previewDependencyIds([
        { governance_type: 'text', list_governance: null },
        { governance_type: null, list_governance: null },
        list(null),
        // A field that was a list field keeps its settings until saved; only its type counts.
        { governance_type: 'constant', list_governance: list(9).list_governance },
        list(4),
      ]),
    ).toEqual([4]);
    expect(previewDependencyIds([])).toEqual([]);
  });

  it('accepts list ids and refuses ids past the column, naming the place', () => {
    expect(previewDependenciesSchema.parse({ list_ids: [1, 2] })).toEqual({ list_ids: [1, 2] });
    const refused = previewDependenciesSchema.safeParse({ list_ids: [2 ** 31] });
    expect(refused.error?.issues[0]?.path).toEqual(['list_ids', 0]);
  });
});
