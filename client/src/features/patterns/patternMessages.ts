import { AppError } from '@nomen/shared';

/** The toast after a pattern save (spec 02 §8: 5 s). */
export const PATTERN_SAVED_MESSAGE = 'Pattern saved';

/** The failure toast of a pattern save without a readable server message (spec 02 §8). */
export const PATTERN_SAVE_FAILED_MESSAGE = 'Pattern failed to save. Please try again.';

/** The failure toast of a pattern delete when the server gives no reason (spec 02 §8). */
export const PATTERN_DELETE_FAILED_MESSAGE = 'Pattern failed to delete';

/** The success toast of a pattern delete (spec 02 §8: 5 s): "Pattern deleted" or "3 patterns deleted". */
export function patternsDeletedMessage(count: number): string {
  return count === 1 ? 'Pattern deleted' : `${count} patterns deleted`;
}

/**
 * The failure toast of a pattern delete (spec 02 §8: error toast, 5 s): on HTTP 400 the
 * server's reason (e.g. a template uses the pattern), otherwise "Pattern failed to delete".
 */
export function patternDeleteErrorMessage(error: unknown): string {
  if (error instanceof AppError && error.status === 400 && error.message.trim() !== '') return error.message;
  return PATTERN_DELETE_FAILED_MESSAGE;
}
