import { describe, expect, it } from 'vitest';
import type { DraftCommandRequest } from './draftRows';
import { splitDraftCommand } from './splitCommand';

const rowsOf = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `row-${String(i).padStart(6, '0')}`,
    cells: { '101': `Campaign ${i}` },
  }));

describe('splitDraftCommand', () => {
  it('sends a small command as it is', () => {
    const command: DraftCommandRequest = {
      type: 'cells.set',
      cells: [{ row: 'row-000001', field: '101', value: 'A' }],
    };
    expect(splitDraftCommand(command)).toEqual([command]);
  });

  it('splits a 5,000-row insert into parts under the limit that chain their places and keep every row once', () => {
    const rows = rowsOf(5000);
    const parts = splitDraftCommand({ type: 'rows.insert', after: 'row-top0001', rows }, 20_000);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(JSON.stringify(part).length).toBeLessThanOrEqual(20_000 + 200);
    const inserts = parts as Extract<DraftCommandRequest, { type: 'rows.insert' }>[];
    expect(inserts[0]!.after).toBe('row-top0001');
    for (let i = 1; i < inserts.length; i++) expect(inserts[i]!.after).toBe(inserts[i - 1]!.rows.at(-1)!.id);
    expect(inserts.flatMap((p) => p.rows)).toEqual(rows);
  });

  it('splits a large cells.set and rows.remove in order', () => {
    const cells = Array.from({ length: 3000 }, (_, i) => ({
      row: `row-${String(i).padStart(6, '0')}`,
      field: '102',
      value: 'x'.repeat(20),
    }));
    const parts = splitDraftCommand({ type: 'cells.set', cells }, 10_000);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.flatMap((p) => (p.type === 'cells.set' ? p.cells : []))).toEqual(cells);
    const ids = cells.map((c) => c.row);
    const removes = splitDraftCommand({ type: 'rows.remove', rows: ids }, 5_000);
    expect(removes.length).toBeGreaterThan(1);
    expect(removes.flatMap((p) => (p.type === 'rows.remove' ? p.rows : []))).toEqual(ids);
  });

  it('never splits a comment', () => {
    const command: DraftCommandRequest = { type: 'comment.add', cell: null, body: 'y'.repeat(1900) };
    expect(splitDraftCommand(command, 100)).toEqual([command]);
  });
});
