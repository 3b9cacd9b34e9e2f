import { AppError } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import {
  PATTERN_DELETE_FAILED_MESSAGE,
  patternDeleteErrorMessage,
  patternsDeletedMessage,
} from './patternMessages';

describe('patternDeleteErrorMessage', () => {
  it("shows the server's reason on 400", () => {
    const error = new AppError('BAD_REQUEST', 'Campaign code is used by the template "Paid Social".');
    expect(patternDeleteErrorMessage(error)).toBe('Campaign code is used by the template "Paid Social".');
  });

  it('says "Pattern failed to delete" otherwise', () => {
    expect(patternDeleteErrorMessage(new AppError('NOT_FOUND', 'Patterns not found: 9'))).toBe(
      PATTERN_DELETE_FAILED_MESSAGE,
    );
    expect(patternDeleteErrorMessage(new Error('offline'))).toBe(PATTERN_DELETE_FAILED_MESSAGE);
  });
});

describe('patternsDeletedMessage', () => {
  it('counts the deleted patterns', () => {
    expect(patternsDeletedMessage(1)).toBe('Pattern deleted');
    expect(patternsDeletedMessage(3)).toBe('3 patterns deleted');
  });
});
