import { describe, expect, it } from 'vitest';
import { decimalText, metricsWindow } from './metrics';

describe('metricsWindow', () => {
  it('covers the 30 whole UTC days before today', () => {
    const window = metricsWindow(new Date('2026-03-31T15:42:00Z'));
    expect(window).toEqual({
      since: '2026-03-01',
      until: '2026-03-30',
      start: new Date('2026-03-01T00:00:00.000Z'),
      end: new Date('2026-03-31T00:00:00.000Z'),
    });
  });
});

describe('decimalText', () => {
  it.each([
    ['5339.50', 0, '5339.5'],
    [12, 0, '12'],
    ['845120000', 6, '845.12'],
    [245_500_000, 6, '245.5'],
    ['5', 6, '0.000005'],
    ['500000', 6, '0.5'],
    ['0.050', 0, '0.05'],
    ['007', 0, '7'],
    [33.5, 0, '33.5'],
    ['-1500000', 6, '-1.5'],
    [undefined, 6, '0'],
    ['n/a', 0, '0'],
  ] as const)('%s at scale %s reads %s', (value, scale, text) => {
    expect(decimalText(value, scale)).toBe(text);
  });
});
