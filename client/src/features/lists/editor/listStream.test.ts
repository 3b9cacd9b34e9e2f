import { AppError, LIST_STREAM_FIRST_ROWS } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import type { EditorList } from './listModel';
import { type ListReadProgress, ListStreamAssembler, readListBody } from './listStream';

const AT = '2026-11-24T05:00:00.000Z';

/** A stream's head: columns 4 (precedence 1, `rows` rows) and 9 (precedence 0, 3 rows). */
function head(rows: number) {
  const column = (id: number, precedence: number, row_count: number) => ({
    id,
    name: `Column ${id}`,
    precedence,
    list_id: 2,
    powered_template_field_id: null,
    row_count,
  });
  return {
    id: 2,
    name: 'Markets',
    notes: 'Where we sell',
    type: 'drill-down' as const,
    powered_template_id: null,
    created_at: AT,
    updated_at: AT,
    list_columns: [column(4, 1, rows), column(9, 0, 3)],
  };
}

/** The stream of a list: column 4 with `rows` rows (first rows first), column 9 with a gap at row 1. */
function streamText(rows: number): string {
  const run = (column: number, first: number, count: number, text: (row: number) => string) => [
    column,
    first,
    ...Array.from({ length: count }, (_, k) => [column * 100_000 + first + k, text(first + k)]).flat(),
  ];
  const cell = (row: number) => `Market "${row}"\n東京`;
  const first = Math.min(rows, LIST_STREAM_FIRST_ROWS);
  const lines = [
    head(rows),
    run(4, 0, first, cell),
    run(9, 0, 1, () => 'North'),
    run(9, 2, 1, () => 'South'),
    ...(rows > first ? [run(4, first, rows - first, cell)] : []),
  ];
  return lines.map((line) => `${JSON.stringify(line)}\n`).join('');
}

/** A body that delivers `text` in chunks of `size` bytes (cutting characters and lines anywhere). */
function body(text: string, size: number, end: 'close' | 'error' = 'close'): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at < bytes.length) {
        controller.enqueue(bytes.slice(at, at + size));
        at += size;
      } else if (end === 'close') controller.close();
      else controller.error(new TypeError('network error'));
    },
  });
}

describe('readListBody', () => {
  it('builds the list from a stream cut anywhere: columns by precedence, gaps empty, ids kept', async () => {
    const text = streamText(3);
    for (const size of [1, 7, 100, text.length]) {
      const list = await readListBody(body(text, size));
      expect(list).toMatchObject({ id: 2, updatedAt: AT, meta: { name: 'Markets', type: 'drill-down' } });
      expect(list.data.rowCount).toBe(3);
      expect(list.data.columns.map((c) => c.id)).toEqual([9, 4]);
      expect(list.data.columns[0]!.values).toEqual(['North', '', 'South']);
      expect(list.data.columns[0]!.ids).toEqual([900_000, 0, 900_002]);
      expect(list.data.columns[1]!.values).toEqual([
        'Market "0"\n東京',
        'Market "1"\n東京',
        'Market "2"\n東京',
      ]);
    }
  });

  it('hands over the first rows before the rest has arrived, with its progress', async () => {
    const rows = LIST_STREAM_FIRST_ROWS + 400;
    // What each partial list showed when it was handed over (its arrays fill in place later).
    const partials: { list: EditorList; firstScreen: string; lastRow: string; progress: ListReadProgress }[] =
      [];
    const text = streamText(rows);
    const list = await readListBody(body(text, 512), (partial, progress) => {
      const values = partial.data.columns[1]!.values;
      partials.push({
        list: partial,
        firstScreen: values[LIST_STREAM_FIRST_ROWS - 1] ?? '',
        lastRow: values[rows - 1] ?? '',
        progress,
      });
    });
    const early = partials.find((p) => p.firstScreen !== '' && p.lastRow === '');
    // No partial list before cells are in (the head alone would only repaint an empty grid).
    expect(partials.every((p) => p.progress.loaded > 0)).toBe(true);
    expect(early).toBeDefined();
    expect(early!.list.data.rowCount).toBe(rows);
    expect(early!.progress.loaded).toBeLessThan(early!.progress.total);
    expect(early!.progress.total).toBe(rows + 3);
    expect(list.data.columns[1]!.values[rows - 1]).toBe(`Market "${rows - 1}"\n東京`);
    // Each partial list is a new grid state, so the grid repaints.
    expect(new Set(partials.map((p) => p.list.data.columns)).size).toBe(partials.length);
  });

  it('fails with a clear error when the body breaks off, ends inside a line, or is not a list stream', async () => {
    const text = streamText(3);
    await expect(readListBody(body(text, 16, 'error'))).rejects.toBeInstanceOf(AppError);
    await expect(readListBody(body(text.slice(0, -5), 16))).rejects.toThrow(AppError);
    await expect(readListBody(body('', 16))).rejects.toThrow(AppError);
    const unknownColumn = `${JSON.stringify(head(1))}\n[77,0,1,"x"]\n`;
    await expect(readListBody(body(unknownColumn, 16))).rejects.toThrow(AppError);
    await expect(readListBody(body('not json\n', 16))).rejects.toThrow(AppError);
    const pastItsRows = `${JSON.stringify(head(1))}\n[4,5,1,"x"]\n`;
    await expect(readListBody(body(pastItsRows, 16))).rejects.toThrow(AppError);
  });
});

describe('ListStreamAssembler', () => {
  it('knows the first rows are in once a later run arrives', () => {
    const assembler = new ListStreamAssembler();
    expect(assembler.hasHead).toBe(false);
    expect(() => assembler.list()).toThrow(AppError);
    assembler.take(head(LIST_STREAM_FIRST_ROWS + 1));
    assembler.take([4, 0, 1, 'a']);
    expect(assembler.hasFirstRows).toBe(false);
    assembler.take([4, LIST_STREAM_FIRST_ROWS, 2, 'b']);
    expect(assembler.hasFirstRows).toBe(true);
    expect(assembler.loaded).toBe(2);
  });
});
