import { AppError } from '@nomen/shared';

/** The folder-delete success toast (spec 01 §8). */
export const FOLDER_DELETED_MESSAGE = 'Folder deleted successfully';

/** The folder-delete failure toast when the server's answer is not a 400 (spec 01 §8). */
export const FOLDER_DELETE_FAILED_MESSAGE = 'Folder failed to delete';

/**
 * The folder-delete failure toast (spec 01 §8): on HTTP 400 the server's message (e.g. the folder
 * still holds templates), otherwise "Folder failed to delete".
 */
export function folderDeleteErrorMessage(error: unknown): string {
  if (error instanceof AppError && error.status === 400 && error.message.trim() !== '') return error.message;
  return FOLDER_DELETE_FAILED_MESSAGE;
}
