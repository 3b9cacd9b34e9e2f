import { describe, expect, it } from 'vitest';
import { queryString } from './queryString';

describe('queryString', () => {
  it('answers nothing for no query', () => {
    expect(queryString(undefined)).toBe('');
    expect(queryString({})).toBe('');
    expect(queryString({ cursor: undefined, q: null })).toBe('');
  });

  it('encodes values and repeats array keys', () => {
    expect(queryString({ role: 'ADMIN', limit: 30, timeFrom: '2026-01-01T00:00:00.000Z' })).toBe(
      '?role=ADMIN&limit=30&timeFrom=2026-01-01T00%3A00%3A00.000Z',
    );
    expect(queryString({ id: [1, 2] })).toBe('?id=1&id=2');
  });
});
