/**
 * The editor route of a template's setup step (spec 03 §2 "Template editor routes"):
 * `/admin/templates/edit-template/{id}/setup`, `id` "new" for a new template.
 */
export function templateEditorPath(id: number | 'new'): string {
  return `/admin/templates/edit-template/${id}/setup`;
}

/**
 * The editor route that starts a new template as a copy of template `id` (spec 03 §2
 * "duplicate"): `/admin/templates/edit-template/new/setup?duplicate={id}`.
 */
export function templateDuplicatePath(id: number): string {
  return `${templateEditorPath('new')}?duplicate=${id}`;
}

/** Newest first by created date (spec 03 §2 "Sorted by created date, newest first"); ties by id, higher first. */
export function newestFirst<T extends { id: number; created_at: string }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id);
}
