import { describe, expect, it } from 'vitest';
import {
  EDITOR_STEPS,
  editorStepOf,
  editorStepPath,
  isInsideEditor,
  newestFirst,
  templateDuplicatePath,
  templateEditorPath,
} from './templatePaths';

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

describe('editor steps and the leave guard (spec 03 §2)', () => {
  it('knows the three steps by index and nothing else', () => {
    expect(EDITOR_STEPS).toEqual(['setup', 'govern', 'connect']);
    expect(editorStepOf('govern')).toBe('govern');
    expect(editorStepOf('creative')).toBeNull();
    expect(editorStepOf(undefined)).toBeNull();
  });

  it("lets moves between one template's steps through, not moves to another page or template", () => {
    expect(isInsideEditor(templateEditorPath(42, 'connect'), 42)).toBe(true);
    expect(isInsideEditor(templateEditorPath('new', 'govern'), 'new')).toBe(true);
    expect(isInsideEditor(templateEditorPath(43, 'setup'), 42)).toBe(false);
    expect(isInsideEditor('/admin/templates', 42)).toBe(false);
    expect(isInsideEditor('/admin/templates/edit-template/420/setup', 42)).toBe(false);
  });
});

describe('editorStepPath (spec 03 §2: Next and Previous replace the URL)', () => {
  it("keeps an unsaved copy's source, so moving between steps keeps the copy", () => {
    const search = new URLSearchParams('duplicate=7&open=TEMP_x');
    expect(editorStepPath('new', 'govern', search)).toBe(
      '/admin/templates/edit-template/new/govern?duplicate=7',
    );
  });

  it('drops every other parameter, and the source once the template is saved', () => {
    expect(editorStepPath('new', 'connect', new URLSearchParams('open=12'))).toBe(
      '/admin/templates/edit-template/new/connect',
    );
    expect(editorStepPath(42, 'setup', new URLSearchParams('duplicate=7'))).toBe(
      '/admin/templates/edit-template/42/setup',
    );
  });
});
