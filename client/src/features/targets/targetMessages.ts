/** Where the targets table lives (spec 01 §2.2). */
export const TARGETS_PATH = '/admin/targets';

/** The editor path of a target, or of a new one (spec 01 §2.4). */
export function targetEditorPath(id: number | 'new'): string {
  return `${TARGETS_PATH}/${id}`;
}

/** Target save toasts (spec 01 §4, §8: "generic success and failure toasts", wording ours). */
export const TARGET_SAVED_MESSAGE = 'Target saved';
export const TARGET_SAVE_FAILED_MESSAGE = 'Target failed to save. Please try again.';

/** Target bulk delete failure (spec 01 §8: "a default error message"). */
export const TARGET_DELETE_FAILED_MESSAGE = 'Targets failed to delete. Please try again.';

/** Multi-target toasts, worded as spec 01 §8 says. */
export const MULTI_TARGETS_UPDATED_MESSAGE = 'Multi Targets Updated';
export const MULTI_TARGETS_FAILED_MESSAGE = 'Multi Targets failed to update.';

/** The success toast of a target bulk delete: the server's message, e.g. "2 targets deleted". */
export function targetsDeletedMessage(serverMessage: string | undefined, count: number): string {
  return serverMessage || (count === 1 ? 'Target deleted' : `${count} targets deleted`);
}
