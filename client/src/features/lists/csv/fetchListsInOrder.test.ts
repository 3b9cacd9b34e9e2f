import { AppError, type ListDetail } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import { type ExportProgress, fetchListsInOrder, ListExportError } from './fetchListsInOrder';

function detail(id: number, name: string): ListDetail {
  return {
    id,
    name,
    notes: '',
    type: 'drop-down',
    powered_template_id: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    list_columns: [],
  };
}

const lists = [
  { id: 3, name: 'Third' },
  { id: 1, name: 'First' },
  { id: 2, name: 'Second' },
];

describe('fetchListsInOrder', () => {
  it('fetches one list at a time in the given order and reports progress', async () => {
    const calls: number[] = [];
    const progress: ExportProgress[] = [];
    let inFlight = 0;
    const result = await fetchListsInOrder(
      lists,
      async (id) => {
        inFlight += 1;
        expect(inFlight).toBe(1);
        calls.push(id);
        await Promise.resolve();
        inFlight -= 1;
        return detail(id, `List ${id}`);
      },
      (p) => progress.push(p),
    );
    expect(calls).toEqual([3, 1, 2]);
    expect(result.map((l) => l.id)).toEqual([3, 1, 2]);
    expect(progress).toEqual([
      { done: 0, total: 3, current: 'Third' },
      { done: 1, total: 3, current: 'First' },
      { done: 2, total: 3, current: 'Second' },
      { done: 3, total: 3, current: null },
    ]);
  });

  it('names the list whose fetch failed, with the server’s message, and stops there', async () => {
    const calls: number[] = [];
    const failing = fetchListsInOrder(
      lists,
      async (id) => {
        calls.push(id);
        if (id === 1) throw new AppError('NOT_FOUND', 'List not found');
        return detail(id, 'x');
      },
      () => {},
    );
    await expect(failing).rejects.toBeInstanceOf(ListExportError);
    await expect(failing).rejects.toThrow('Could not fetch “First”: List not found');
    expect(calls).toEqual([3, 1]);
  });

  it('stops with an AbortError when aborted', async () => {
    const controller = new AbortController();
    const aborted = fetchListsInOrder(
      lists,
      async (id) => {
        controller.abort();
        return detail(id, 'x');
      },
      () => {},
      controller.signal,
    );
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
  });
});
