import type { ListSaved } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import {
  clearRange,
  insertColumn,
  insertRow,
  moveColumnToStart,
  removeColumn,
  removeRow,
  renameColumn,
  setCell,
} from '../grid/gridData';
import type { GridData } from '../grid/gridTypes';
import { type EditorList, type ListMeta, newEditorList } from './listModel';
import { applySaved, buildDelta, buildFullSave } from './listSave';
import { ListStreamAssembler } from './listStream';

const UPDATED = '2024-01-05T15:04:00.000Z';

/** The list "Regions" as the editor reads it: its stream's head and runs (Region has a gap at row 2). */
function read(): EditorList {
  const column = (id: number, name: string, precedence: number, row_count: number) => ({
    id,
    name,
    precedence,
    list_id: 7,
    powered_template_field_id: null,
    row_count,
  });
  const assembler = new ListStreamAssembler();
  assembler.take({
    id: 7,
    name: 'Regions',
    notes: '',
    type: 'drill-down',
    powered_template_id: null,
    created_at: UPDATED,
    updated_at: UPDATED,
    list_columns: [column(2, 'Country', 1, 2), column(1, 'Region', 0, 4)],
  });
  assembler.take([2, 0, 21, 'France', 22, 'Japan']);
  assembler.take([1, 0, 11, 'Europe', 12, 'Asia']);
  assembler.take([1, 3, 13, 'Africa']);
  return assembler.list(true);
}

const meta: ListMeta = { name: 'Regions', notes: '', type: 'drill-down' };
const snapshot = () => ({ meta, data: read().data });
const delta = (data: GridData, m: ListMeta = meta) =>
  buildDelta(snapshot(), { meta: m, data }, UPDATED, new Map());

describe('loading a list', () => {
  it('orders columns by precedence into column-major arrays with gaps as empty cells', () => {
    const list = read();
    const { data } = list;
    expect(data.rowCount).toBe(4);
    expect(data.columns.map((c) => c.name)).toEqual(['Region', 'Country']);
    expect(data.columns[0]).toMatchObject({
      id: 1,
      values: ['Europe', 'Asia', '', 'Africa'],
      ids: [11, 12, 0, 13],
    });
    expect(data.columns[1]).toMatchObject({ id: 2, values: ['France', 'Japan'], ids: [21, 22] });
    expect(list).toMatchObject({ id: 7, updatedAt: UPDATED, meta });
  });
});

describe('buildDelta', () => {
  it('sends only updated_at when nothing changed', () => {
    expect(delta(snapshot().data).body).toEqual({ updated_at: UPDATED });
  });

  it('sends changed form fields', () => {
    const { body } = delta(snapshot().data, { name: ' World ', notes: 'n', type: 'dependent' });
    expect(body).toEqual({ updated_at: UPDATED, name: 'World', notes: 'n', type: 'dependent' });
  });

  it('updates changed cells by saved id, adds new cells with temporary ids and deletes emptied ones', () => {
    let data = snapshot().data;
    data = setCell(data, { row: 0, col: 1 }, ' Spain ');
    data = setCell(data, { row: 2, col: 0 }, 'Oceania');
    data = clearRange(data, { top: 1, left: 0, bottom: 1, right: 0 });
    const { body, writeBack } = delta(data);
    expect(body.columns).toBeUndefined();
    expect(body.values).toEqual({
      upsert: [
        { id: 'lv0_2', list_column_id: 1, row_number: 2, value: 'Oceania' },
        { id: 21, list_column_id: 2, row_number: 0, value: 'Spain' },
      ],
      deleted_ids: [12],
    });
    expect(writeBack.map((w) => [w.key, w.newRows, w.touchedRows])).toEqual([
      ['c1', [2], [1]],
      ['c2', [], [0]],
    ]);
  });

  it('moves cells by saved id when a row is inserted or removed', () => {
    const inserted = delta(insertRow(snapshot().data, 1)).body;
    expect(inserted.values?.upsert).toEqual([
      { id: 12, list_column_id: 1, row_number: 2, value: 'Asia' },
      { id: 13, list_column_id: 1, row_number: 4, value: 'Africa' },
      { id: 22, list_column_id: 2, row_number: 2, value: 'Japan' },
    ]);
    expect(inserted.values?.deleted_ids).toEqual([]);
    const removed = delta(removeRow(snapshot().data, 0)).body;
    expect(removed.values).toEqual({
      upsert: [
        { id: 12, list_column_id: 1, row_number: 0, value: 'Asia' },
        { id: 13, list_column_id: 1, row_number: 2, value: 'Africa' },
        { id: 22, list_column_id: 2, row_number: 0, value: 'Japan' },
      ],
      deleted_ids: [11, 21],
    });
  });

  it('sends column upserts and deletions; a removed column takes its cells along', () => {
    let data = snapshot().data;
    data = insertColumn(data, 1, 'Subregion');
    data = setCell(data, { row: 0, col: 1 }, 'Western Europe');
    data = renameColumn(data, 0, 'Continent');
    data = removeColumn(data, 2);
    const tempId = data.columns[1]!.id;
    const { body } = delta(data);
    expect(body.columns).toEqual({
      upsert: [
        { id: 1, name: 'Continent', precedence: 0 },
        { id: tempId, name: 'Subregion', precedence: 1 },
      ],
      deleted_ids: [2],
    });
    expect(body.values).toEqual({
      upsert: [{ id: 'lv1_0', list_column_id: tempId, row_number: 0, value: 'Western Europe' }],
      deleted_ids: [],
    });
  });

  it('sends new precedences when a column moves to the start', () => {
    const { body } = delta(moveColumnToStart(snapshot().data, 1));
    expect(body.columns?.upsert).toEqual([
      { id: 2, name: 'Country', precedence: 0 },
      { id: 1, name: 'Region', precedence: 1 },
    ]);
    expect(body.values).toBeUndefined();
  });
});

describe('after a save', () => {
  it('maps temporary ids to saved ids so the next delta uses them', () => {
    let data = snapshot().data;
    data = insertColumn(data, 2, 'Code');
    data = setCell(data, { row: 0, col: 2 }, 'FR ');
    data = setCell(data, { row: 1, col: 0 }, '   ');
    const tempId = String(data.columns[2]!.id);
    const plan = delta(data);
    const saved: ListSaved = {
      id: 7,
      updated_at: '2024-01-05T15:05:00.000Z',
      list_columns: [
        { id: 1, name: 'Region', precedence: 0, temp_id: null },
        { id: 2, name: 'Country', precedence: 1, temp_id: null },
        { id: 3, name: 'Code', precedence: 2, temp_id: tempId },
      ],
      value_ids: { lv2_0: 31 },
    };
    const after = applySaved(data, plan.writeBack, saved, new Map());
    expect(after.columnIds.get(tempId)).toBe(3);
    expect(after.data.columns[2]).toMatchObject({ id: 3, values: ['FR'], ids: [31] });
    expect(after.data.columns[0]).toMatchObject({
      values: ['Europe', '', '', 'Africa'],
      ids: [11, 0, 0, 13],
    });
    expect(after.data.columns[1]).toBe(data.columns[1]);

    const next = setCell(after.data, { row: 0, col: 2 }, 'FRA');
    const second = buildDelta(
      { meta, data: after.data },
      { meta, data: next },
      saved.updated_at,
      after.columnIds,
    );
    expect(second.body).toEqual({
      updated_at: saved.updated_at,
      values: { upsert: [{ id: 31, list_column_id: 3, row_number: 0, value: 'FRA' }], deleted_ids: [] },
    });
    // An older undo state still naming the temporary column id resolves to the saved one.
    const old = buildDelta({ meta, data: after.data }, { meta, data }, saved.updated_at, after.columnIds);
    expect(old.body.columns).toBeUndefined();
  });

  it('builds the first save of a new list with temporary ids and writes the answer back', () => {
    const fresh = newEditorList();
    let data = setCell(fresh.data, { row: 0, col: 0 }, 'USD');
    data = setCell(data, { row: 2, col: 0 }, ' EUR');
    const plan = buildFullSave({ name: 'Currencies ', notes: '', type: 'drop-down' }, data);
    const columnId = String(data.columns[0]!.id);
    expect(plan.body).toEqual({
      id: null,
      name: 'Currencies',
      notes: '',
      type: 'drop-down',
      list_columns: [
        {
          id: columnId,
          name: 'Column 1',
          precedence: 0,
          list_values: [
            { id: 'lv0_0', row_number: 0, value: 'USD' },
            { id: 'lv0_2', row_number: 2, value: 'EUR' },
          ],
        },
      ],
    });
    const after = applySaved(
      data,
      plan.writeBack,
      {
        id: 9,
        updated_at: UPDATED,
        list_columns: [{ id: 90, name: 'Column 1', precedence: 0, temp_id: columnId }],
        value_ids: { lv0_0: 900, lv0_2: 901 },
      },
      new Map(),
    );
    expect(after.data.columns[0]).toMatchObject({ id: 90, values: ['USD', '', 'EUR'], ids: [900, 0, 901] });
  });
});
