import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatTime,
  formatTimestamp,
  isUnderOneMonthOld,
  relativeTime,
} from './formatTimestamp';

const now = new Date('2026-11-21T12:00:00.000Z');
const utc = { timeZone: 'UTC' };

describe('relativeTime', () => {
  it('says "just now" under 45 seconds and for small clock skew', () => {
    expect(relativeTime('2026-11-21T11:59:30.000Z', now)).toBe('just now');
    expect(relativeTime('2026-11-21T12:00:05.000Z', now)).toBe('just now');
  });

  it('counts minutes, hours and days', () => {
    expect(relativeTime('2026-11-21T11:59:00.000Z', now)).toBe('1 minute ago');
    expect(relativeTime('2026-11-21T11:55:00.000Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-11-21T09:00:00.000Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-11-20T12:00:00.000Z', now)).toBe('yesterday');
    expect(relativeTime('2026-11-09T12:00:00.000Z', now)).toBe('12 days ago');
  });
});

describe('isUnderOneMonthOld', () => {
  it('draws the line one calendar month back', () => {
    expect(isUnderOneMonthOld('2026-10-22T12:00:00.000Z', now)).toBe(true);
    expect(isUnderOneMonthOld('2026-10-21T11:00:00.000Z', now)).toBe(false);
    expect(isUnderOneMonthOld('not a date', now)).toBe(false);
  });
});

describe('formatTimestamp', () => {
  it('is relative under one month and a date beyond', () => {
    expect(formatTimestamp('2026-11-21T10:00:00.000Z', now, utc)).toBe('2 hours ago');
    expect(formatTimestamp('2026-09-03T10:00:00.000Z', now, utc)).toBe('Sep 3, 2026');
  });

  it('shows an unreadable value as it is', () => {
    expect(formatTimestamp('soon', now)).toBe('soon');
  });
});

describe('formatDate and formatDateTime', () => {
  it('format in the given time zone', () => {
    expect(formatDate('2026-11-21T23:30:00.000Z', utc)).toBe('Nov 21, 2026');
    expect(formatDateTime('2026-11-21T23:30:00.000Z', utc)).toBe('Nov 21, 2026 11:30pm');
  });
});

describe('formatDateTime and formatTime (issue 8 item 23: one time format, spec 02 §2 "Jan 5, 2024 3:04pm")', () => {
  it('write dates and times like "Jan 5, 2024 3:04pm", in the given time zone', () => {
    expect(formatDateTime('2024-01-05T15:04:00.000Z', utc)).toBe('Jan 5, 2024 3:04pm');
    expect(formatDateTime('2024-01-05T00:30:00.000Z', utc)).toBe('Jan 5, 2024 12:30am');
    expect(formatDateTime('2024-01-05T15:04:00.000Z', { timeZone: 'America/New_York' })).toBe(
      'Jan 5, 2024 10:04am',
    );
    expect(formatTime('2024-01-05T05:02:00.000Z', utc)).toBe('5:02am');
    expect(formatTime('2024-01-05T12:00:00.000Z', utc)).toBe('12:00pm');
  });

  it('show an unreadable value as it is', () => {
    expect(formatDateTime('soon')).toBe('soon');
    expect(formatTime('soon')).toBe('soon');
  });
});
