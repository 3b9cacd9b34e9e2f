import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { binaryCopyChunks, CopyJsonEncoder, CopyRunEncoder } from './copy';

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

const head = (id: number) => Buffer.from(`{"id":${id},"name":"C${id}","list_values":[`);

/** Encodes `columns` (cells per column, in order) as PostgreSQL's COPY would send them, in chunks of `chunkSize`. */
function encodeColumns(columns: { id: number; values: string[] }[], chunkSize: number): unknown[] {
  const text = columns
    .flatMap((c) => c.values.map((v, i) => `${c.id}\t${1000 * c.id + i}\t${i}\t${pgCopyOut(v)}\n`))
    .join('');
  const bytes = Buffer.from(text, 'utf8');
  const encoder = new CopyJsonEncoder(columns.map((c) => ({ id: c.id, head: head(c.id) })));
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize)
    parts.push(encoder.push(bytes.subarray(i, i + chunkSize)));
  parts.push(encoder.end());
  return JSON.parse(`[${Buffer.concat(parts).toString('utf8')}]`);
}

function encode(values: string[], chunkSize: number): unknown[] {
  const [column] = encodeColumns([{ id: 7, values }], chunkSize) as { list_values: unknown[] }[];
  return column!.list_values;
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
        values.map((value, i) => ({ id: 7000 + i, row_number: i, value, list_column_id: 7 })),
      );
    }
  });

  it('escapes control characters COPY leaves raw', () => {
    expect(encode(['\u0001\u001f\v\b\f'], 5)).toEqual([
      { id: 7000, row_number: 0, value: '\u0001\u001f\v\b\f', list_column_id: 7 },
    ]);
  });

  // A hundred random cases at chunk sizes down to one byte: seconds on a loaded machine.
  it('round-trips any string (property)', { timeout: 30_000 }, () => {
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

  it('writes every column in order, empty ones included', () => {
    const columns = encodeColumns(
      [
        { id: 5, values: [] },
        { id: 3, values: ['a', 'b'] },
        { id: 9, values: [] },
        { id: 4, values: ['c'] },
        { id: 8, values: [] },
      ],
      4,
    );
    expect(columns).toEqual([
      { id: 5, name: 'C5', list_values: [] },
      {
        id: 3,
        name: 'C3',
        list_values: [
          { id: 3000, row_number: 0, value: 'a', list_column_id: 3 },
          { id: 3001, row_number: 1, value: 'b', list_column_id: 3 },
        ],
      },
      { id: 9, name: 'C9', list_values: [] },
      { id: 4, name: 'C4', list_values: [{ id: 4000, row_number: 0, value: 'c', list_column_id: 4 }] },
      { id: 8, name: 'C8', list_values: [] },
    ]);
    expect(encodeColumns([], 3)).toEqual([]);
  });

  it('throws when the stream ends inside a line or names a column out of order', () => {
    const encoder = new CopyJsonEncoder([{ id: 1, head: head(1) }]);
    encoder.push(Buffer.from('1\t5\t0\tunfinished'));
    expect(() => encoder.end()).toThrow('inside a line');
    const unknown = new CopyJsonEncoder([{ id: 1, head: head(1) }]);
    expect(() => unknown.push(Buffer.from('2\t5\t0\tx\n'))).toThrow('out of order');
  });
});

/** Runs a list stream's encoder over COPY lines of `cells` in chunks of `chunkSize`; answers the parsed runs. */
function encodeRuns(cells: { column: number; row: number; value: string }[], chunkSize: number): unknown[] {
  const text = cells
    .map((c) => `${c.column}\t${1000 * c.column + c.row}\t${c.row}\t${pgCopyOut(c.value)}\n`)
    .join('');
  const bytes = Buffer.from(text, 'utf8');
  const encoder = new CopyRunEncoder();
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize)
    parts.push(encoder.push(bytes.subarray(i, i + chunkSize)));
  parts.push(encoder.end());
  const out = Buffer.concat(parts).toString('utf8');
  if (out === '') return [];
  expect(out.endsWith('\n')).toBe(true);
  return out
    .slice(0, -1)
    .split('\n')
    .map((line) => JSON.parse(line));
}

describe('CopyRunEncoder', () => {
  it('writes runs of consecutive rows per column, a new run at each gap or column, whatever the chunking', () => {
    const cells = [
      { column: 3, row: 0, value: 'a' },
      { column: 3, row: 1, value: 'say "hi"\tthere' },
      { column: 3, row: 4, value: '東京' },
      { column: 12, row: 4, value: 'back\\slash' },
      { column: 12, row: 5, value: 'two\nlines' },
      { column: 3, row: 5, value: 'again' },
    ];
    for (const size of [1, 2, 5, 64, 100_000])
      expect(encodeRuns(cells, size)).toEqual([
        [3, 0, 3000, 'a', 3001, 'say "hi"\tthere'],
        [3, 4, 3004, '東京'],
        [12, 4, 12004, 'back\\slash', 12005, 'two\nlines'],
        [3, 5, 3005, 'again'],
      ]);
    expect(encodeRuns([], 4)).toEqual([]);
  });

  it('closes a run early on flush and throws when the stream ends inside a line', () => {
    const encoder = new CopyRunEncoder();
    const first = encoder.push(Buffer.from('1\t10\t0\tx\n'));
    expect(Buffer.concat([first, encoder.flush()]).toString()).toBe('[1,0,10,"x"]\n');
    expect(encoder.push(Buffer.from('1\t11\t1\ty\n')).toString()).toBe('[1,1,11,"y"');
    encoder.push(Buffer.from('1\t12\t2\tunfinished'));
    expect(() => encoder.end()).toThrow('inside a line');
  });

  // A hundred random cases at chunk sizes down to one byte: seconds on a loaded machine.
  it('round-trips any strings (property)', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'binary' }), { maxLength: 20 }),
        fc.integer({ min: 1, max: 50 }),
        (values, size) => {
          const runs = encodeRuns(
            values.map((value, row) => ({ column: 7, row, value })),
            size,
          ) as unknown[][];
          expect(runs.flatMap((r) => r.slice(2).filter((_, k) => k % 2 === 1))).toEqual(values);
        },
      ),
    );
  });
});

describe('binaryCopyChunks', () => {
  it('writes the binary COPY header, one tuple per cell and the trailer', () => {
    const bytes = Buffer.concat([
      ...binaryCopyChunks([{ id: 2 ** 40, list_column_id: 7, row_number: 3, value: 'Zürich' }]),
    ]);
    expect(bytes.subarray(0, 11).toString('latin1')).toBe('PGCOPY\n\xff\r\n\0');
    // After the 19-byte header: field count, then (length, value) for id, column, row and text.
    expect(bytes.readInt16BE(19)).toBe(4);
    expect(bytes.readInt32BE(21)).toBe(8);
    expect(bytes.readBigInt64BE(25)).toBe(2n ** 40n);
    expect(bytes.readInt32BE(33)).toBe(4);
    expect(bytes.readInt32BE(37)).toBe(7);
    expect(bytes.readInt32BE(41)).toBe(4);
    expect(bytes.readInt32BE(45)).toBe(3);
    const length = bytes.readInt32BE(49);
    expect(length).toBe(Buffer.byteLength('Zürich'));
    expect(bytes.subarray(53, 53 + length).toString('utf8')).toBe('Zürich');
    expect(bytes.readInt16BE(53 + length)).toBe(-1);
    expect(bytes.length).toBe(53 + length + 2);
  });

  it('splits long input into chunks without cutting a tuple', () => {
    const cells = Array.from({ length: 60_000 }, (_, i) => ({
      id: i + 1,
      list_column_id: 1,
      row_number: i,
      value: `value ${i} ${'é'.repeat(i % 7)}`,
    }));
    const chunks = [...binaryCopyChunks(cells)];
    expect(chunks.length).toBeGreaterThan(1);
    const all = Buffer.concat(chunks);
    let o = 19;
    let count = 0;
    while (all.readInt16BE(o) === 4) {
      o += 2 + 12 + 8 + 8;
      o += 4 + all.readInt32BE(o);
      count++;
    }
    expect(count).toBe(60_000);
    expect(all.readInt16BE(o)).toBe(-1);
  });
});
