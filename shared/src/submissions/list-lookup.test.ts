import { describe, expect, it } from 'vitest';
import {
  boundedDistance,
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
  it('counts a swap of two neighbouring letters as one edit (optimal string alignment)', () => {
    expect(boundedDistance('itlay', 'italy', 3)).toBe(1);
    expect(boundedDistance('facebok', 'facebook', 3)).toBe(1);
    expect(boundedDistance('ca', 'abc', 3)).toBe(3); // OSA, not unrestricted Damerau (2)
    expect(boundedDistance('kitten', 'sitting', 3)).toBe(3);
    expect(boundedDistance('same', 'same', 0)).toBe(0);
    expect(boundedDistance('abcdef', 'badcfe', 1)).toBe(2); // stops past the limit: limit + 1
    expect(boundedDistance('a', 'abcdef', 2)).toBe(3);
  });
  it('suggests a value whose neighbouring letters were swapped ("Itlay": Italy)', () => {
    const countries = indexList({
      id: 2,
      name: 'Countries',
      type: 'drop-down',
      columns: [{ id: 1, name: 'Country' }],
      rows: [['Israel'], ['Italy'], ['Jamaica']],
    });
    expect(suggestListValue(countries, 0, 'Itlay')).toBe('Italy');
    expect(suggestListValue(countries, 0, 'Jamiaca')).toBe('Jamaica');
    expect(suggestListValue(countries, 0, 'Latvia')).toBeNull();
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
