import { AppError } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import {
  FIELDSET_DELETE_FAILED_MESSAGE,
  fieldsetDeleteErrorMessage,
  fieldsetsDeletedMessage,
} from './fieldsetMessages';

describe('fieldsetDeleteErrorMessage', () => {
  it("shows the server's message when it says the set powers a List", () => {
    const message =
      'The field set "Campaign fields" cannot be deleted: its field Campaign name powers the List "Campaign names".';
    expect(fieldsetDeleteErrorMessage(new AppError('BAD_REQUEST', message))).toBe(message);
  });

  it('shows the default for any other failure', () => {
    expect(fieldsetDeleteErrorMessage(new AppError('NOT_FOUND', 'Field sets not found: 9'))).toBe(
      FIELDSET_DELETE_FAILED_MESSAGE,
    );
    expect(fieldsetDeleteErrorMessage(new AppError('BAD_REQUEST', 'Something else'))).toBe(
      FIELDSET_DELETE_FAILED_MESSAGE,
    );
    expect(fieldsetDeleteErrorMessage(new Error('offline'))).toBe(FIELDSET_DELETE_FAILED_MESSAGE);
  });
});

describe('fieldsetsDeletedMessage', () => {
  it('counts the deleted sets', () => {
    expect(fieldsetsDeletedMessage(1)).toBe('Field set deleted');
    expect(fieldsetsDeletedMessage(2)).toBe('2 field sets deleted');
  });
});
