import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

/** One cell row as COPY writes it: id, list column id, row number, value. */
export interface CopyCell {
  id: number;
  list_column_id: number;
  row_number: number;
  value: string;
}

const BINARY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const CHUNK_BYTES = 1 << 20;

/**
 * Encodes cells in PostgreSQL's binary COPY format (header, then per row 4 fields: int8 id, int4
 * column, int4 row, text value as UTF-8, then the trailer), in chunks of about 1 MB written
 * straight into buffers: no per-row strings and no text parsing on the server.
 */
export function* binaryCopyChunks(cells: Iterable<CopyCell>): Generator<Buffer> {
  let buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  let o = BINARY_SIGNATURE.copy(buffer, 0);
  o = buffer.writeInt32BE(0, o);
  o = buffer.writeInt32BE(0, o);
  for (const cell of cells) {
    const valueBytes = Buffer.byteLength(cell.value, 'utf8');
    const need = 2 + 12 + 8 + 8 + 4 + valueBytes;
    if (o + need > buffer.length) {
      yield buffer.subarray(0, o);
      buffer = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, need));
      o = 0;
    }
    o = buffer.writeInt16BE(4, o);
    o = buffer.writeInt32BE(8, o);
    o = buffer.writeBigInt64BE(BigInt(cell.id), o);
    o = buffer.writeInt32BE(4, o);
    o = buffer.writeInt32BE(cell.list_column_id, o);
    o = buffer.writeInt32BE(4, o);
    o = buffer.writeInt32BE(cell.row_number, o);
    o = buffer.writeInt32BE(valueBytes, o);
    o += buffer.write(cell.value, o, 'utf8');
  }
  if (o + 2 > buffer.length) {
    yield buffer.subarray(0, o);
    buffer = Buffer.allocUnsafe(2);
    o = 0;
  }
  o = buffer.writeInt16BE(-1, o);
  yield buffer.subarray(0, o);
}

/**
 * Loads cells into `table` (list_values or a table of the same shape) with binary COPY FROM
 * STDIN on `client` (PostgreSQL only), in the client's current transaction. Throws what
 * PostgreSQL throws.
 */
export async function copyCellsIn(
  client: pg.PoolClient,
  table: string,
  cells: Iterable<CopyCell>,
): Promise<void> {
  const sql = `COPY ${table} (id, list_column_id, row_number, value) FROM STDIN (FORMAT binary)`;
  await pipeline(Readable.from(binaryCopyChunks(cells)), client.query(copyFrom(sql)));
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
    for (let i = 0; i <= lastNewline; i++) if (input[i] === NEWLINE) lines++;
    // Worst case: every value byte becomes \u00XX (6 bytes), plus fixed text per line, plus heads.
    let headBytes = 0;
    for (const c of this.columns) headBytes += c.head.length + 3;
    const out = Buffer.allocUnsafe((lastNewline + 1) * 6 + lines * 64 + headBytes);
    let o = 0;
    let i = 0;
    // One pass over the bytes in plain loops: a million lines make native calls per field costlier
    // than copying bytes by hand.
    while (i <= lastNewline) {
      const columnStart = i;
      while (input[i] !== TAB) i++;
      if (!this.sameColumn(input, columnStart, i))
        o = this.switchColumn(input.toString('latin1', columnStart, i), out, o);
      const columnEnd = i++;
      if (!this.firstValue) out[o++] = COMMA;
      this.firstValue = false;
      for (let k = 0; k < ID.length; k++) out[o++] = ID[k]!;
      for (let b = input[i]!; b !== TAB; b = input[++i]!) out[o++] = b;
      i++;
      for (let k = 0; k < ROW.length; k++) out[o++] = ROW[k]!;
      for (let b = input[i]!; b !== TAB; b = input[++i]!) out[o++] = b;
      i++;
      for (let k = 0; k < VALUE.length; k++) out[o++] = VALUE[k]!;
      for (let b = input[i]!; b !== NEWLINE; b = input[++i]!) {
        if (b >= 0x20 && b !== QUOTE && b !== BACKSLASH) {
          out[o++] = b;
        } else if (b === BACKSLASH) {
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
        } else {
          o += out.write(`\\u00${HEX[b >> 4]}${HEX[b & 15]}`, o, 'latin1');
        }
      }
      i++;
      for (let k = 0; k < COLUMN.length; k++) out[o++] = COLUMN[k]!;
      for (let k = columnStart; k < columnEnd; k++) out[o++] = input[k]!;
      out[o++] = 0x7d;
    }
    return out.subarray(0, o);
  }

  /** Whether the bytes `input[start, end)` spell the id of the column being written. */
  private sameColumn(input: Buffer, start: number, end: number): boolean {
    const id = this.currentIdText;
    if (end - start !== id.length) return false;
    for (let k = 0; k < id.length; k++) if (input[start + k] !== id.charCodeAt(k)) return false;
    return true;
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
