import { describe, expect, it } from 'vitest';
import {
  indexList,
  listSpelling,
  matchKey,
  rowsMatching,
  suggestListValue,
  valuesUnder,
} from './list-lookup';

const index = indexList({
  id: 1,
  name: 'Countries',
  type: 'drill-down',
  columns: [
    { id: 1, name: 'Region' },
    { id: 2, name: 'Country' },
  ],
  rows: [
    ['Europe', 'France'],
    ['Europe', 'Germany'],
    ['Americas', 'Brazil'],
    ['Americas', ''],
  ],
});

describe('list lookups (issue 11 items 2, 3)', () => {
  it('matches case-insensitively and answers the list’s spelling', () => {
    expect(listSpelling(index, 1, ' GERMANY ')).toBe('Germany');
    expect(listSpelling(index, 1, 'Spain')).toBeNull();
  });
  it('suggests near misses and nothing for far ones', () => {
    expect(suggestListValue(index, 1, 'Germny')).toBe('Germany');
    expect(suggestListValue(index, 1, 'fra')).toBe('France');
    expect(suggestListValue(index, 1, 'Japan')).toBeNull();
  });
  it('offers the values under earlier choices (drill-down cascade)', () => {
    expect(valuesUnder(index, 1, [[0, matchKey('europe')]])).toEqual(['France', 'Germany']);
    expect(valuesUnder(index, 0, [])).toEqual(['Europe', 'Americas']);
    expect(
      rowsMatching(index, [
        [0, 'americas'],
        [1, 'france'],
      ]),
    ).toEqual([]);
  });
});
