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
const COMMA = 0x2c;
const HEX = '0123456789abcdef';
const ID = Buffer.from('{"id":');
const ROW = Buffer.from(',"row_number":');
const VALUE = Buffer.from(',"value":"');
const COLUMN = Buffer.from('","list_column_id":');
const CLOSE_COLUMN = Buffer.from(']}');

/** A column the encoder writes: its id and the JSON that opens it, up to `"list_values":[`. */
export interface EncodedColumn {
  id: number;
  head: Buffer;
}

/**
 * Turns COPY TO STDOUT text lines `list_column_id<TAB>id<TAB>row_number<TAB>value` (ordered by
 * column, in the order of `columns`) into the body of the API's `list_columns` array: each
 * column object with its `list_values` `{"id":…,"row_number":…,"value":"…","list_column_id":…}`,
 * byte by byte without building strings, so a million cells stream out at close to COPY's speed.
 * Columns without cells are written empty. COPY's escapes (\\ \t \n \r \b \f \v) become
 * JSON escapes; quotes and raw control bytes are escaped; UTF-8 passes through. Feed chunks with
 * `push`, then call `end`. Throws when a line names a column out of order or unknown.
 */
export class CopyJsonEncoder {
  private carry: Buffer | null = null;
  /** Index in `columns` of the column being written; -1 before the first. */
  private current = -1;
  private firstValue = true;
  private currentIdText = '';

  constructor(private readonly columns: readonly EncodedColumn[]) {}

  /** Encodes the complete lines of `chunk` (and any carried partial line); returns the JSON bytes. */
  push(chunk: Buffer): Buffer {
    const input = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    const lastNewline = input.lastIndexOf(NEWLINE);
    if (lastNewline === -1) {
      this.carry = input;
      return Buffer.alloc(0);
    }
    this.carry = lastNewline + 1 < input.length ? input.subarray(lastNewline + 1) : null;
    let lines = 0;
    for (let i = input.indexOf(NEWLINE); i !== -1 && i <= lastNewline; i = input.indexOf(NEWLINE, i + 1))
      lines++;
    // Worst case: every value byte becomes \u00XX (6 bytes), plus fixed text per line, plus heads.
    let headBytes = 0;
    for (const c of this.columns) headBytes += c.head.length + 3;
    const out = Buffer.allocUnsafe((lastNewline + 1) * 6 + lines * 64 + headBytes);
    let o = 0;
    let i = 0;
    while (i <= lastNewline) {
      const columnEnd = input.indexOf(TAB, i);
      const idText = input.toString('latin1', i, columnEnd);
      if (idText !== this.currentIdText) o = this.switchColumn(idText, out, o);
      const idEnd = input.indexOf(TAB, columnEnd + 1);
      const rowEnd = input.indexOf(TAB, idEnd + 1);
      const valueEnd = input.indexOf(NEWLINE, rowEnd + 1);
      if (!this.firstValue) out[o++] = COMMA;
      this.firstValue = false;
      o += ID.copy(out, o);
      o += input.copy(out, o, columnEnd + 1, idEnd);
      o += ROW.copy(out, o);
      o += input.copy(out, o, idEnd + 1, rowEnd);
      o += VALUE.copy(out, o);
      o = this.writeValue(input, rowEnd + 1, valueEnd, out, o);
      o += COLUMN.copy(out, o);
      o += input.copy(out, o, i, columnEnd);
      out[o++] = 0x7d;
      i = valueEnd + 1;
    }
    return out.subarray(0, o);
  }

  /** Closes the open column and opens the one named `idText`, writing empty columns between. */
  private switchColumn(idText: string, out: Buffer, at: number): number {
    let o = at;
    const id = Number(idText);
    let next = this.current + 1;
    while (next < this.columns.length && this.columns[next]!.id !== id) next++;
    if (next >= this.columns.length) throw new Error(`COPY output names column ${idText} out of order`);
    o = this.openThrough(next, out, o);
    this.currentIdText = idText;
    return o;
  }

  /** Closes the open column, writes empty columns, and opens column `index`. */
  private openThrough(index: number, out: Buffer, at: number): number {
    let o = at;
    for (let k = this.current; k < index; k++) {
      if (k >= 0) o += CLOSE_COLUMN.copy(out, o);
      const next = k + 1;
      if (next < this.columns.length) {
        if (next > 0) out[o++] = COMMA;
        o += this.columns[next]!.head.copy(out, o);
      }
    }
    this.current = index;
    this.firstValue = true;
    return o;
  }

  /** Writes one COPY-escaped value as JSON string content; bulk-copies values with nothing to escape. */
  private writeValue(input: Buffer, start: number, end: number, out: Buffer, at: number): number {
    let plain = true;
    for (let k = start; k < end; k++) {
      const b = input[k]!;
      if (b < 0x20 || b === QUOTE || b === BACKSLASH) {
        plain = false;
        break;
      }
    }
    if (plain) return at + input.copy(out, at, start, end);
    let o = at;
    for (let k = start; k < end; k++) {
      const b = input[k]!;
      if (b === BACKSLASH) {
        const next = input[++k]!;
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
    return o;
  }

  /** Closes the last column and writes the empty columns after it; checks the stream ended on a line boundary. */
  end(): Buffer {
    if (this.carry && this.carry.length > 0) throw new Error('COPY output ended inside a line');
    let headBytes = 0;
    for (const c of this.columns) headBytes += c.head.length + 3;
    const out = Buffer.allocUnsafe(headBytes + 3);
    const o = this.openThrough(this.columns.length, out, 0);
    return out.subarray(0, o);
  }
}

/**
 * Streams the `list_columns` array body of a list (its columns in the given order, each with
 * its cells by row) to `write`, from one COPY TO STDOUT on `client` (PostgreSQL only). `write`
 * may return a promise to apply back-pressure. Output is gathered into ~1 MB writes.
 */
export async function copyColumnsAsJson(
  client: pg.PoolClient,
  columns: readonly EncodedColumn[],
  write: (bytes: Buffer) => void | Promise<void>,
): Promise<void> {
  const encoder = new CopyJsonEncoder(columns);
  const ids = columns.map((c) => Number(c.id)).join(',');
  // The lateral join keeps the columns in the given order without sorting the cells again.
  const stream = client.query(
    copyTo(`COPY (
      SELECT v.list_column_id, v.id, v.row_number, v.value
      FROM unnest('{${ids}}'::int[]) WITH ORDINALITY AS o(column_id, position)
      CROSS JOIN LATERAL (
        SELECT * FROM list_values x WHERE x.list_column_id = o.column_id ORDER BY x.row_number
      ) v
      ORDER BY o.position) TO STDOUT`),
  );
  let pending: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const bytes = encoder.push(chunk);
    pending.push(bytes);
    size += bytes.length;
    if (size >= 1 << 20) {
      await write(Buffer.concat(pending, size));
      pending = [];
      size = 0;
    }
  }
  pending.push(encoder.end());
  await write(Buffer.concat(pending));
}
