import { AppError } from '@nomen/shared';

/** The toast after a field set save (spec 02 §8: 5 s). */
export const FIELDSET_SAVED_MESSAGE = 'Field set saved';

/** The failure toast of a field set save without a readable server message (spec 02 §8). */
export const FIELDSET_SAVE_FAILED_MESSAGE = 'Field set failed to save. Please try again.';

/** The default failure toast of a field set delete (spec 02 §8). */
export const FIELDSET_DELETE_FAILED_MESSAGE = 'Field set failed to delete. Please try again.';

/** The delete button's tooltip while a selected field set powers a list (spec 02 §2, §5). */
export const FIELDSET_POWERS_LIST_REASON = 'A field set that powers a list cannot be deleted';

/** The remove button's tooltip on a field that powers a list (spec 02 §2, §5). */
export const FIELD_POWERS_LIST_REASON = 'This field powers a list and cannot be deleted';

/** The success toast of a field set delete (spec 02 §8: 5 s): "Field set deleted" or "3 field sets deleted". */
export function fieldsetsDeletedMessage(count: number): string {
  return count === 1 ? 'Field set deleted' : `${count} field sets deleted`;
}

/**
 * The failure toast of a field set delete (spec 02 §8): the server's message when it says a
 * set powers a List, otherwise the default.
 */
export function fieldsetDeleteErrorMessage(error: unknown): string {
  if (error instanceof AppError && /powers the list/i.test(error.message)) return error.message;
  return FIELDSET_DELETE_FAILED_MESSAGE;
}
