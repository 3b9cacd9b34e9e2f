import { describe, expect, it } from 'vitest';
import { dateCodec } from './dates';

describe('dateCodec (spec 02 §9 date formats)', () => {
  it('reads ISO and the format’s own text, month names in any case', () => {
    const codec = dateCodec({
      order: 'M|D|Y',
      months: 'Jan-Dec',
      days: '1-31',
      years: '00-99',
      delimiter: '_',
    });
    expect(codec.parse('2026-11-21')).toEqual({ year: 2026, month: 11, day: 21 });
    expect(codec.parse('nov_21_26')).toEqual({ year: 2026, month: 11, day: 21 });
    expect(codec.format({ year: 2026, month: 11, day: 21 })).toBe('Nov_21_26');
  });
  it('reads a format that leaves parts out and prints it back unchanged', () => {
    const codec = dateCodec({
      order: 'Y|M|D',
      months: 'January-December',
      days: 'None',
      years: '0000-9999',
      delimiter: '-',
    });
    const date = codec.parse('2026-February');
    expect(date && codec.format(date)).toBe('2026-February');
  });
  it('refuses impossible days and other text', () => {
    const codec = dateCodec({
      order: 'D|M|Y',
      months: '01-12',
      days: '01-31',
      years: '0000-9999',
      delimiter: '-',
    });
    expect(codec.parse('30-02-2026')).toBeNull();
    expect(codec.parse('2026-02-30')).toBeNull();
    expect(codec.parse('tomorrow')).toBeNull();
  });
});
