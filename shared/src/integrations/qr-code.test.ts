import { describe, expect, it } from 'vitest';
import { QR_CONFIG_ALLOWED_KEYS, qrConfigProblems } from './qr-code';

describe('QR config JSON (spec 03 §5 "QR code settings")', () => {
  it('accepts an empty text and an object of allowed keys', () => {
    expect(qrConfigProblems('')).toEqual([]);
    expect(qrConfigProblems('{"body":"square","bgColor":"#ffffff","logo":"x.png"}')).toEqual([]);
    const all = Object.fromEntries(QR_CONFIG_ALLOWED_KEYS.map((k) => [k, 1]));
    expect(qrConfigProblems(JSON.stringify(all))).toEqual([]);
  });

  it('reports text that does not parse to an object', () => {
    expect(qrConfigProblems('{"body":')).toEqual([{ kind: 'invalidJson' }]);
    expect(qrConfigProblems('[1,2]')).toEqual([{ kind: 'invalidJson' }]);
    expect(qrConfigProblems('"body"')).toEqual([{ kind: 'invalidJson' }]);
  });

  it('names each key that is not allowed', () => {
    expect(qrConfigProblems('{"body":"x","size":3,"color":"red"}')).toEqual([
      { kind: 'unknownKey', key: 'size' },
      { kind: 'unknownKey', key: 'color' },
    ]);
  });
});
