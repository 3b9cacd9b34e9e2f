import { AppError } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import { FOLDER_DELETE_FAILED_MESSAGE, folderDeleteErrorMessage } from './folderMessages';

describe('folderDeleteErrorMessage', () => {
  it("shows the server's message on 400", () => {
    const error = new AppError('BAD_REQUEST', 'Folder "Social" holds 2 templates.');
    expect(folderDeleteErrorMessage(error)).toBe('Folder "Social" holds 2 templates.');
  });

  it('says "Folder failed to delete" otherwise', () => {
    expect(folderDeleteErrorMessage(new AppError('NOT_FOUND', 'Folders not found: 9'))).toBe(
      FOLDER_DELETE_FAILED_MESSAGE,
    );
    expect(folderDeleteErrorMessage(new AppError('INTERNAL', 'Something went wrong'))).toBe(
      FOLDER_DELETE_FAILED_MESSAGE,
    );
    expect(folderDeleteErrorMessage(new Error('offline'))).toBe(FOLDER_DELETE_FAILED_MESSAGE);
  });
});
