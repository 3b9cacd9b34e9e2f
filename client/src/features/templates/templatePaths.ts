/** The template list (spec 03 §2). */
export const TEMPLATES_PATH = '/admin/templates';

/** The editor steps in order; their index is the step index of spec 03 §2 (0 setup, 1 govern, 2 connect). */
export const EDITOR_STEPS = ['setup', 'govern', 'connect'] as const;
/** One editor step of the route (spec 03 §2). */
export type EditorStep = (typeof EDITOR_STEPS)[number];

/** The step named by a route parameter, or null for anything else (the fallback page). */
export function editorStepOf(param: string | undefined): EditorStep | null {
  return (EDITOR_STEPS as readonly string[]).includes(param ?? '') ? (param as EditorStep) : null;
}

/**
 * The editor route of a template's step (spec 03 §2 "Template editor routes"):
 * `/admin/templates/edit-template/{id}/{step}`, `id` "new" for a new template, step setup by default.
 */
export function templateEditorPath(id: number | 'new', step: EditorStep = 'setup'): string {
  return `${TEMPLATES_PATH}/edit-template/${id}/${step}`;
}

/**
 * The editor route that starts a new template as a copy of template `id` (spec 03 §2
 * "duplicate"): `/admin/templates/edit-template/new/setup?duplicate={id}`.
 */
export function templateDuplicatePath(id: number): string {
  return `${templateEditorPath('new')}?duplicate=${id}`;
}

/**
 * The route of another step of the editor at hand (spec 03 §2 "Next and Previous move between them
 * and replace the URL"): an unsaved copy keeps its `?duplicate=`, which names what the editor holds;
 * other query parameters (a consumed `?open=`) are dropped.
 */
export function editorStepPath(id: number | 'new', step: EditorStep, search: URLSearchParams): string {
  const duplicate = id === 'new' ? search.get('duplicate') : null;
  return templateEditorPath(id, step) + (duplicate ? `?duplicate=${encodeURIComponent(duplicate)}` : '');
}

/**
 * Whether `pathname` is a step of the editor of template `id` ("new" before the first save):
 * moving between steps passes the leave guard (spec 03 §2 "unless navigating inside the editor").
 */
export function isInsideEditor(pathname: string, id: number | 'new'): boolean {
  return pathname.startsWith(`${TEMPLATES_PATH}/edit-template/${id}/`);
}

/** Newest first by created date (spec 03 §2 "Sorted by created date, newest first"); ties by id, higher first. */
export function newestFirst<T extends { id: number; created_at: string }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id);
}
