import { describe, expect, it } from 'vitest';
import { newestFirst, templateDuplicatePath, templateEditorPath } from './templatePaths';

describe('template editor paths (spec 03 §2)', () => {
  it('opens the setup step of a saved or a new template', () => {
    expect(templateEditorPath(42)).toBe('/admin/templates/edit-template/42/setup');
    expect(templateEditorPath('new')).toBe('/admin/templates/edit-template/new/setup');
  });

  it('duplicates through the new template route with the source id', () => {
    expect(templateDuplicatePath(7)).toBe('/admin/templates/edit-template/new/setup?duplicate=7');
    expect(templateDuplicatePath(7)).not.toBe(templateEditorPath(7));
  });
});

describe('newestFirst (spec 03 §2: created date, newest first)', () => {
  it('puts the most recently created template first, whatever the given order', () => {
    const rows = [
      { id: 1, created_at: '2026-01-01T10:00:00.000Z' },
      { id: 2, created_at: '2026-03-01T10:00:00.000Z' },
      { id: 3, created_at: '2026-02-01T10:00:00.000Z' },
    ];
    expect(newestFirst(rows).map((r) => r.id)).toEqual([2, 3, 1]);
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('orders templates created at the same moment by id, higher first', () => {
    const at = '2026-01-01T10:00:00.000Z';
    expect(
      newestFirst([
        { id: 4, created_at: at },
        { id: 9, created_at: at },
      ]).map((r) => r.id),
    ).toEqual([9, 4]);
  });
});
