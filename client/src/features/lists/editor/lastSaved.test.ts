import { describe, expect, it } from 'vitest';
import { formatLastSaved } from './lastSaved';

describe('formatLastSaved', () => {
  it('formats like "Jan 5, 2024 3:04pm" in local time', () => {
    expect(formatLastSaved(new Date(2024, 0, 5, 15, 4))).toBe('Jan 5, 2024 3:04pm');
    expect(formatLastSaved(new Date(2024, 10, 21, 0, 30))).toBe('Nov 21, 2024 12:30am');
  });

  it('shows an unreadable value as it is', () => {
    expect(formatLastSaved('not a date')).toBe('not a date');
  });
});
