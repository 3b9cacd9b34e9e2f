import { describe, expect, it } from 'vitest';
import { filtersFromParams, filtersToParams, hasNarrowingFilter } from './activityFilters';

describe('filtersFromParams', () => {
  it('reads every filter from the address', () => {
    expect(
      filtersFromParams(new URLSearchParams('days=7&user=12&object=submission&operation=approved')),
    ).toEqual({
      range: { kind: 'days', days: 7 },
      userId: 12,
      configuredObject: 'submission',
      operation: 'approved',
    });
    expect(filtersFromParams(new URLSearchParams('from=2026-01-01&to=2026-01-31')).range).toEqual({
      kind: 'custom',
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });

  it('treats unknown or malformed values as absent', () => {
    expect(
      filtersFromParams(new URLSearchParams('days=5&user=abc&object=planet&operation=approve&from=jan')),
    ).toEqual({
      range: { kind: 'days', days: 30 },
      userId: null,
      configuredObject: null,
      operation: null,
    });
    expect(filtersFromParams(new URLSearchParams('user=-3')).userId).toBeNull();
  });
});

describe('filtersToParams', () => {
  it('writes only what differs from the defaults and keeps other parameters', () => {
    const params = filtersToParams(
      { range: { kind: 'days', days: 30 }, userId: 4, configuredObject: null, operation: 'rejected' },
      new URLSearchParams('days=7&other=x'),
    );
    expect(params.toString()).toBe('other=x&user=4&operation=rejected');
  });

  it('round-trips through the address', () => {
    const filters = {
      range: { kind: 'custom', from: '2026-03-01', to: '2026-03-09' },
      userId: 9,
      configuredObject: 'integration assignment',
      operation: 'delivered',
    } as const;
    expect(filtersFromParams(filtersToParams(filters))).toEqual(filters);
  });
});

describe('hasNarrowingFilter', () => {
  it('is true once a user, object or operation is chosen', () => {
    const none = {
      range: { kind: 'days', days: 30 },
      userId: null,
      configuredObject: null,
      operation: null,
    } as const;
    expect(hasNarrowingFilter(none)).toBe(false);
    expect(hasNarrowingFilter({ ...none, operation: 'failed' })).toBe(true);
  });
});
