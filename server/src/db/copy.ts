import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

/** Escapes one text value for COPY's text format (backslash, tab, newline, carriage return). */
export function escapeCopyText(value: string): string {
  if (!/[\\\t\n\r]/.test(value)) return value;
  return value.replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  );
}

/**
 * Loads rows into `table` with COPY FROM STDIN on `client` (PostgreSQL only), in ~1 MB chunks so
 * a million rows never sit in memory as one string. Each row is an array of numbers and strings
 * in `columns` order. Runs in the client's current transaction; throws what PostgreSQL throws.
 */
export async function copyRowsIn(
  client: pg.PoolClient,
  table: string,
  columns: readonly string[],
  rows: Iterable<readonly (string | number)[]>,
): Promise<void> {
  function* chunks() {
    let chunk = '';
    for (const row of rows) {
      chunk += `${row.map((v) => (typeof v === 'number' ? String(v) : escapeCopyText(v))).join('\t')}\n`;
      if (chunk.length > 1_000_000) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  const sql = `COPY ${table} (${columns.join(', ')}) FROM STDIN`;
  await pipeline(Readable.from(chunks()), client.query(copyFrom(sql)));
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const TAB = 0x09;
const NEWLINE = 0x0a;
const HEX = '0123456789abcdef';

/**
 * Turns COPY TO STDOUT text lines `id<TAB>row_number<TAB>value` into the API's list-value JSON
 * objects `{"id":…,"row_number":…,"value":"…","list_column_id":…}` joined by commas, byte by
 * byte and without building strings, so a million cells stream out at close to COPY's speed.
 * COPY's escapes (\\ \t \n \r \b \f \v) become JSON escapes; quotes and raw control bytes are
 * escaped; UTF-8 passes through unchanged. Feed chunks with `push`, then call `end`.
 */
export class CopyJsonEncoder {
  private carry: Buffer | null = null;
  private first = true;
  private readonly suffix: Buffer;

  /** `columnId` is written into every object as list_column_id. */
  constructor(columnId: number) {
    this.suffix = Buffer.from(`","list_column_id":${columnId}}`);
  }

  /** Encodes the complete lines of `chunk` (and any carried partial line); returns the JSON bytes. */
  push(chunk: Buffer): Buffer {
    const input = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    const lastNewline = input.lastIndexOf(NEWLINE);
    if (lastNewline === -1) {
      this.carry = input;
      return Buffer.alloc(0);
    }
    this.carry = lastNewline + 1 < input.length ? input.subarray(lastNewline + 1) : null;
    // Worst case: every value byte becomes \u00XX (6 bytes), plus fixed text per line.
    let lines = 0;
    for (let i = input.indexOf(NEWLINE); i !== -1 && i <= lastNewline; i = input.indexOf(NEWLINE, i + 1))
      lines++;
    const out = Buffer.allocUnsafe((lastNewline + 1) * 6 + lines * (48 + this.suffix.length));
    let o = 0;
    let i = 0;
    const suffix = this.suffix;
    while (i <= lastNewline) {
      if (!this.first) out[o++] = 0x2c;
      this.first = false;
      o += out.write('{"id":', o, 'latin1');
      while (input[i] !== TAB) out[o++] = input[i++]!;
      i++;
      o += out.write(',"row_number":', o, 'latin1');
      while (input[i] !== TAB) out[o++] = input[i++]!;
      i++;
      o += out.write(',"value":"', o, 'latin1');
      for (let b = input[i]!; b !== NEWLINE; b = input[++i]!) {
        if (b === BACKSLASH) {
          const next = input[++i]!;
          if (next === 0x76) {
            o += out.write('\\u000b', o, 'latin1');
          } else {
            // \\ \t \n \r \b \f are the same two characters in JSON.
            out[o++] = BACKSLASH;
            out[o++] = next;
          }
        } else if (b === QUOTE) {
          out[o++] = BACKSLASH;
          out[o++] = QUOTE;
        } else if (b < 0x20) {
          o += out.write(`\\u00${HEX[b >> 4]}${HEX[b & 15]}`, o, 'latin1');
        } else {
          out[o++] = b;
        }
      }
      i++;
      suffix.copy(out, o);
      o += suffix.length;
    }
    return out.subarray(0, o);
  }

  /** Checks that the stream ended on a line boundary. */
  end(): void {
    if (this.carry && this.carry.length > 0) throw new Error('COPY output ended inside a line');
  }
}

/**
 * Streams the cells of one list column as JSON list values to `write` using COPY TO STDOUT on
 * `client` (PostgreSQL only), ordered by row_number. `write` may return a promise to apply
 * back-pressure.
 */
export async function copyColumnCellsAsJson(
  client: pg.PoolClient,
  columnId: number,
  write: (bytes: Buffer) => void | Promise<void>,
): Promise<void> {
  const encoder = new CopyJsonEncoder(columnId);
  const stream = client.query(
    copyTo(
      `COPY (SELECT id, row_number, value FROM list_values WHERE list_column_id = ${Number(columnId)} ORDER BY row_number) TO STDOUT`,
    ),
  );
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const bytes = encoder.push(chunk);
    if (bytes.length > 0) await write(bytes);
  }
  encoder.end();
}
