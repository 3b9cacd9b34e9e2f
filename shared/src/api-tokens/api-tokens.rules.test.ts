import { describe, expect, it } from 'vitest';
import { expiryChoiceLabel, formatTokenExpiry } from './api-tokens.rules';

const NOW = new Date('2026-11-23T16:00:00Z');
const token = (expires_at: string | null, revoked_at: string | null = null) => ({ expires_at, revoked_at });

describe('formatTokenExpiry (issue 11 item 10)', () => {
  it('says Never for a token without expiry and Revoked for a revoked one, whatever its expiry', () => {
    expect(formatTokenExpiry(token(null), NOW)).toBe('Never');
    expect(formatTokenExpiry(token('2027-01-01T00:00:00Z', '2026-11-20T10:00:00Z'), NOW)).toBe('Revoked');
    expect(formatTokenExpiry(token(null, '2026-11-20T10:00:00Z'), NOW)).toBe('Revoked');
  });

  it('says Expired with the date once the expiry has passed, to the millisecond', () => {
    expect(formatTokenExpiry(token('2026-11-01T09:00:00Z'), NOW)).toBe('Expired 2026-11-01');
    expect(formatTokenExpiry(token('2026-11-23T16:00:00Z'), NOW)).toBe('Expired 2026-11-23');
  });

  it('counts calendar days ahead: Today, Tomorrow, In N days under 60, then the date', () => {
    expect(formatTokenExpiry(token('2026-11-23T23:59:00Z'), NOW)).toBe('Today');
    expect(formatTokenExpiry(token('2026-11-24T00:30:00Z'), NOW)).toBe('Tomorrow');
    expect(formatTokenExpiry(token('2026-11-30T16:00:00Z'), NOW)).toBe('In 7 days');
    expect(formatTokenExpiry(token('2027-01-21T16:00:00Z'), NOW)).toBe('In 59 days');
    expect(formatTokenExpiry(token('2027-01-22T16:00:00Z'), NOW)).toBe('2027-01-22');
    expect(formatTokenExpiry(token('2027-11-24T16:00:00Z'), NOW)).toBe('2027-11-24');
  });
});

describe('expiryChoiceLabel', () => {
  it('words each lifetime the page offers', () => {
    expect([7, 30, 90, 366, null].map(expiryChoiceLabel)).toEqual([
      '7 days',
      '30 days',
      '90 days',
      '1 year',
      'No expiry',
    ]);
  });
});
