import { describe, expect, it } from 'vitest';
import {
  addToDate,
  chartMonths,
  defaultGlobalRange,
  defaultUsageRange,
  highlightParts,
  likePattern,
  monthLabel,
  reportFileName,
  todayIn,
} from './reports.format';

describe('report dates (spec 01 §9)', () => {
  const now = new Date('2026-05-31T23:30:00Z');

  it("takes today in the reader's time zone", () => {
    expect(todayIn('UTC', now)).toBe('2026-05-31');
    expect(todayIn('Pacific/Auckland', now)).toBe('2026-06-01');
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-05-31');
  });

  it("moves dates by months, clamping to the month's end, and by days", () => {
    expect(addToDate('2026-05-31', -3)).toBe('2026-02-28');
    expect(addToDate('2024-05-31', -3)).toBe('2024-02-29');
    expect(addToDate('2026-01-03', 0, -7)).toBe('2025-12-27');
  });

  it('defaults the usage report to 3 months and the global report to 7 days', () => {
    expect(defaultUsageRange('UTC', now)).toEqual({ from: '2026-02-28', to: '2026-05-31' });
    expect(defaultGlobalRange('Pacific/Auckland', now)).toEqual({ from: '2026-05-26', to: '2026-06-01' });
  });

  it('gives the 6 chart months ending with the current one', () => {
    expect(chartMonths('UTC', now)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
    ]);
    expect(chartMonths('Pacific/Auckland', now).at(-1)).toBe('2026-06');
    expect(monthLabel('2026-01')).toBe('Jan 2026');
  });
});

describe('reportFileName', () => {
  it('says what and when with safe characters', () => {
    expect(
      reportFileName('usage', 'csv', { range: { from: '2026-02-28', to: '2026-05-31' }, asOf: '2026-05-31' }),
    ).toBe('nomen-usage-report-2026-02-28_to_2026-05-31.csv');
    expect(reportFileName('top-users', 'xlsx', { asOf: '2026-05-31' })).toBe(
      'nomen-top-users-report-as-of-2026-05-31.xlsx',
    );
    expect(reportFileName('search', 'csv', { asOf: '2026-05-31', term: 'Été "Paris"' })).toBe(
      'nomen-search-report-_t_-Paris--as-of-2026-05-31.csv',
    );
  });
});

describe('highlightParts', () => {
  it('marks every case-insensitive occurrence', () => {
    expect(highlightParts('Paris, paris', 'PARIS')).toEqual([
      { text: 'Paris', match: true },
      { text: ', ', match: false },
      { text: 'paris', match: true },
    ]);
    expect(highlightParts('Москва весна', 'осква')).toEqual([
      { text: 'М', match: false },
      { text: 'осква', match: true },
      { text: ' весна', match: false },
    ]);
    expect(highlightParts('abc', ' ')).toEqual([{ text: 'abc', match: false }]);
  });
});

describe('likePattern', () => {
  it('escapes the ILIKE wildcards', () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
