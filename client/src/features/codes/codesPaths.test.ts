import { describe, expect, it } from 'vitest';
import { datasetRowPath, rowFilterText } from './codesPaths';

describe('datasetRowPath', () => {
  it('opens the dataset on one row, naming the value found, encoded for the address', () => {
    expect(datasetRowPath(7, 'a1b2', 'Été & "Paris"')).toBe(
      '/codes/details/7/data?row=a1b2&match=%C3%89t%C3%A9+%26+%22Paris%22',
    );
    const params = new URL(datasetRowPath(7, 'a1b2', 'Été & "Paris"'), 'http://x').searchParams;
    expect([params.get('row'), params.get('match')]).toEqual(['a1b2', 'Été & "Paris"']);
    expect(datasetRowPath(7, 'a1b2')).toBe('/codes/details/7/data?row=a1b2');
  });
});

describe('rowFilterText', () => {
  it('says which row is shown, or that it is gone', () => {
    expect(rowFilterText(1, 'Paris')).toBe('Showing 1 row matching "Paris"');
    expect(rowFilterText(1, null)).toBe('Showing 1 row');
    expect(rowFilterText(0, 'Paris')).toBe(
      'The row you opened is no longer in the dataset (it was edited or removed)',
    );
  });
});
