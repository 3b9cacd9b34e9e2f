import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LIST_STREAM_MAX_RUN } from '@nomen/shared';
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

/**
 * The complete lines of COPY TO STDOUT text output, across chunks: `next(chunk)` answers the
 * bytes holding every complete line so far (a partial last line is carried to the next chunk)
 * and the offset of each line's newline, found in one pass.
 */
class CopyLines {
  private carry: Buffer | null = null;
  /** Offsets of the newlines of the last `next` (the first `count` entries). */
  ends = new Int32Array(1024);
  count = 0;

  /** Takes a chunk; answers the bytes whose lines `ends[0, count)` end (empty when no line ended). */
  next(chunk: Buffer): Buffer {
    const input = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    let count = 0;
    let ends = this.ends;
    for (let i = 0; i < input.length; i++) {
      if (input[i] !== NEWLINE) continue;
      if (count === ends.length) {
        const grown = new Int32Array(ends.length * 2);
        grown.set(ends);
        ends = grown;
      }
      ends[count++] = i;
    }
    this.ends = ends;
    this.count = count;
    const last = count > 0 ? ends[count - 1]! : -1;
    this.carry = last + 1 < input.length ? input.subarray(last + 1) : null;
    return input;
  }

  /** Throws unless the output ended on a line boundary. */
  end(): void {
    if (this.carry && this.carry.length > 0) throw new Error('COPY output ended inside a line');
  }
}

/**
 * Writes the COPY text value `input[from, to)` into `out` at `at` as the inside of a JSON string
 * (COPY's escapes \\ \t \n \r \b \f \v become JSON escapes; quotes and raw control bytes are
 * escaped; UTF-8 passes through); answers the offset after it. `out` needs up to 6 bytes per
 * input byte. A plain loop: a million values make native calls per value costlier.
 */
function writeCopyValueAsJson(input: Buffer, from: number, to: number, out: Buffer, at: number): number {
  let o = at;
  for (let i = from; i < to; i++) {
    const b = input[i]!;
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
  return o;
}

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
 * Columns without cells are written empty. Values as `writeCopyValueAsJson` writes them. Feed
 * chunks with `push`, then call `end`. Throws when a line names a column out of order or unknown.
 */
export class CopyJsonEncoder {
  private readonly lines = new CopyLines();
  /** Index in `columns` of the column being written; -1 before the first. */
  private current = -1;
  private firstValue = true;
  private currentIdText = '';

  constructor(private readonly columns: readonly EncodedColumn[]) {}

  /** Encodes the complete lines of `chunk` (and any carried partial line); returns the JSON bytes. */
  push(chunk: Buffer): Buffer {
    const input = this.lines.next(chunk);
    const { ends, count } = this.lines;
    if (count === 0) return Buffer.alloc(0);
    // Worst case: every value byte becomes \u00XX (6 bytes), plus fixed text per line, plus heads.
    let headBytes = 0;
    for (const c of this.columns) headBytes += c.head.length + 3;
    const out = Buffer.allocUnsafe((ends[count - 1]! + 1) * 6 + count * 64 + headBytes);
    let o = 0;
    let i = 0;
    for (let line = 0; line < count; line++) {
      const lineEnd = ends[line]!;
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
      o = writeCopyValueAsJson(input, i, lineEnd, out, o);
      i = lineEnd + 1;
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
    this.lines.end();
    let headBytes = 0;
    for (const c of this.columns) headBytes += c.head.length + 3;
    const out = Buffer.allocUnsafe(headBytes + 3);
    const o = this.openThrough(this.columns.length, out, 0);
    return out.subarray(0, o);
  }
}

const RUN_END = Buffer.from(']\n');

/**
 * Turns COPY TO STDOUT text lines `list_column_id<TAB>id<TAB>row_number<TAB>value` into the
 * lines of a list stream (issue 14 item 5; `listStreamRunSchema`): runs of cells of one column on
 * consecutive rows, `[list_column_id,first_row_number,id,"value",id,"value",…]` and a newline,
 * at most LIST_STREAM_MAX_RUN cells each. A line starts wherever the column changes or a row is
 * skipped, so any order of input is encoded correctly; input ordered by column and row gives the
 * fewest lines. Values as `writeCopyValueAsJson` writes them. Feed chunks with `push` (answers
 * the complete lines so far, a run left open), then call `end` (closes it); `flush` closes the
 * open run early so a reader gets every cell so far.
 */
export class CopyRunEncoder {
  private readonly lines = new CopyLines();
  private isRunOpen = false;
  private runColumn = '';
  private nextRow = -1;
  private runCells = 0;

  /** Encodes the complete lines of `chunk` (and any carried partial line). */
  push(chunk: Buffer): Buffer {
    const input = this.lines.next(chunk);
    const { ends, count } = this.lines;
    if (count === 0) return Buffer.alloc(0);
    // Worst case: every value byte becomes \u00XX (6 bytes), plus a new run per line.
    const out = Buffer.allocUnsafe((ends[count - 1]! + 1) * 6 + count * 48 + RUN_END.length);
    let o = 0;
    let i = 0;
    for (let line = 0; line < count; line++) {
      const lineEnd = ends[line]!;
      const columnStart = i;
      while (input[i] !== TAB) i++;
      const columnEnd = i++;
      const idStart = i;
      while (input[i] !== TAB) i++;
      const idEnd = i++;
      const rowStart = i;
      let row = 0;
      for (let b = input[i]!; b !== TAB; b = input[++i]!) row = row * 10 + (b - 0x30);
      const rowEnd = i++;
      if (
        !this.isRunOpen ||
        row !== this.nextRow ||
        this.runCells >= LIST_STREAM_MAX_RUN ||
        !this.sameColumn(input, columnStart, columnEnd)
      ) {
        if (this.isRunOpen) o += RUN_END.copy(out, o);
        out[o++] = 0x5b;
        for (let k = columnStart; k < columnEnd; k++) out[o++] = input[k]!;
        out[o++] = COMMA;
        for (let k = rowStart; k < rowEnd; k++) out[o++] = input[k]!;
        this.runColumn = input.toString('latin1', columnStart, columnEnd);
        this.isRunOpen = true;
        this.runCells = 0;
      }
      out[o++] = COMMA;
      for (let k = idStart; k < idEnd; k++) out[o++] = input[k]!;
      out[o++] = COMMA;
      out[o++] = QUOTE;
      o = writeCopyValueAsJson(input, i, lineEnd, out, o);
      out[o++] = QUOTE;
      i = lineEnd + 1;
      this.nextRow = row + 1;
      this.runCells++;
    }
    return out.subarray(0, o);
  }

  /** Closes the open run (the next cell starts a new one); answers its end, or nothing. */
  flush(): Buffer {
    if (!this.isRunOpen) return Buffer.alloc(0);
    this.isRunOpen = false;
    return RUN_END;
  }

  /** Closes the open run; throws unless the stream ended on a line boundary. */
  end(): Buffer {
    this.lines.end();
    return this.flush();
  }

  /** Whether the bytes `input[start, end)` spell the open run's column id. */
  private sameColumn(input: Buffer, start: number, end: number): boolean {
    const id = this.runColumn;
    if (end - start !== id.length) return false;
    for (let k = 0; k < id.length; k++) if (input[start + k] !== id.charCodeAt(k)) return false;
    return true;
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
  await pipeCopy(client, cellsQuery(columns.map((c) => c.id)), encoder, write);
}

/**
 * Streams the cells of the columns `columnIds` whose row numbers are in [fromRow, toRow) (toRow
 * null: no end) as list-stream runs (`CopyRunEncoder`) to `write`, from one COPY TO STDOUT on
 * `client` (PostgreSQL only), column by column in the given order; the last run is closed, so
 * what was written is every cell of the range. Output is gathered into ~512 KB writes.
 */
export async function copyCellRuns(
  client: pg.PoolClient,
  columnIds: readonly number[],
  fromRow: number,
  toRow: number | null,
  write: (bytes: Buffer) => void | Promise<void>,
): Promise<void> {
  const rows = `AND x.row_number >= ${Math.trunc(fromRow)}${toRow === null ? '' : ` AND x.row_number < ${Math.trunc(toRow)}`}`;
  await pipeCopy(client, cellsQuery(columnIds, rows), new CopyRunEncoder(), write, 1 << 19);
}

/**
 * The COPY of the cells of `columnIds` (integers), column by column in the given order, each by
 * row, with `rows` (SQL on `x`) narrowing the rows. The lateral join keeps the columns in the
 * given order without sorting the cells again.
 */
function cellsQuery(columnIds: readonly number[], rows = ''): string {
  const ids = columnIds.map((id) => Math.trunc(Number(id))).join(',');
  return `COPY (
      SELECT v.list_column_id, v.id, v.row_number, v.value
      FROM unnest('{${ids}}'::int[]) WITH ORDINALITY AS o(column_id, position)
      CROSS JOIN LATERAL (
        SELECT * FROM list_values x WHERE x.list_column_id = o.column_id ${rows} ORDER BY x.row_number
      ) v
      ORDER BY o.position) TO STDOUT`;
}

/**
 * Runs `sql` (a COPY TO STDOUT) on `client` through `encoder` into `write`, in writes of about
 * `gather` bytes. When `write` or the COPY fails midway, closes `client`'s connection and rethrows.
 */
async function pipeCopy(
  client: pg.PoolClient,
  sql: string,
  encoder: { push(chunk: Buffer): Buffer; end(): Buffer },
  write: (bytes: Buffer) => void | Promise<void>,
  gather = 1 << 20,
): Promise<void> {
  const stream = client.query(copyTo(sql));
  let pending: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const bytes = encoder.push(chunk);
      pending.push(bytes);
      size += bytes.length;
      if (size >= gather) {
        await write(Buffer.concat(pending, size));
        pending = [];
        size = 0;
      }
    }
  } catch (error) {
    // Stopped mid-COPY (the reader went away): the rest of the COPY is never read, so PostgreSQL
    // would wait to send it and the transaction would wait for the COPY, both for good. The
    // connection is closed (its backend ends; the pool drops it).
    stream.destroy();
    await client.end();
    throw error;
  }
  pending.push(encoder.end());
  await write(Buffer.concat(pending));
}
