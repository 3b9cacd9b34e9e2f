import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CopyJsonEncoder, escapeCopyText } from './copy';

/** What PostgreSQL's COPY TO text format writes for a value (its documented escapes). */
function pgCopyOut(value: string): string {
  return value.replace(/[\\\b\f\n\r\t\v]/g, (c) =>
    c === '\\'
      ? '\\\\'
      : c === '\b'
        ? '\\b'
        : c === '\f'
          ? '\\f'
          : c === '\n'
            ? '\\n'
            : c === '\r'
              ? '\\r'
              : c === '\t'
                ? '\\t'
                : '\\v',
  );
}

function encode(values: string[], chunkSize: number, columnId = 7): unknown[] {
  const text = values.map((v, i) => `${100 + i}\t${i}\t${pgCopyOut(v)}\n`).join('');
  const bytes = Buffer.from(text, 'utf8');
  const encoder = new CopyJsonEncoder(columnId);
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize)
    parts.push(encoder.push(bytes.subarray(i, i + chunkSize)));
  encoder.end();
  return JSON.parse(`[${Buffer.concat(parts).toString('utf8')}]`);
}

describe('CopyJsonEncoder', () => {
  it('turns COPY lines into list-value objects, whatever the chunking', () => {
    const values = [
      'United States',
      'Côte d’Ivoire',
      'say "hi"',
      'back\\slash',
      'tab\there',
      'two\nlines',
      '東京',
      '',
    ];
    for (const size of [1, 3, 7, 64, 100_000]) {
      expect(encode(values, size)).toEqual(
        values.map((value, i) => ({ id: 100 + i, row_number: i, value, list_column_id: 7 })),
      );
    }
  });

  it('escapes control characters COPY leaves raw', () => {
    expect(encode(['\u0001\u001f\v\b\f'], 5)).toEqual([
      { id: 100, row_number: 0, value: '\u0001\u001f\v\b\f', list_column_id: 7 },
    ]);
  });

  it('round-trips any string (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'binary' }), { maxLength: 20 }),
        fc.integer({ min: 1, max: 50 }),
        (values, size) => {
          const decoded = encode(values, size) as { value: string }[];
          expect(decoded.map((d) => d.value)).toEqual(values);
        },
      ),
    );
  });

  it('throws when the stream ends inside a line', () => {
    const encoder = new CopyJsonEncoder(1);
    encoder.push(Buffer.from('1\t0\tunfinished'));
    expect(() => encoder.end()).toThrow('inside a line');
  });
});

describe('escapeCopyText', () => {
  it('escapes what COPY FROM reads specially', () => {
    expect(escapeCopyText('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
    expect(escapeCopyText('plain "text"')).toBe('plain "text"');
  });
});
