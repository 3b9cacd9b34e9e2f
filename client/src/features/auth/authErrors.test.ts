import { AppError } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import { INVALID_LOGIN_MESSAGE, isRefusedLink, loginErrorMessage, RATE_LIMITED_MESSAGE } from './authErrors';

describe('loginErrorMessage', () => {
  it('says "Invalid email or password" for 401', () => {
    expect(loginErrorMessage(new AppError('UNAUTHENTICATED', 'Please sign in'))).toBe(INVALID_LOGIN_MESSAGE);
  });

  it("shows the server's rate-limit message for 429, or a default", () => {
    expect(loginErrorMessage(new AppError('RATE_LIMITED', 'Wait 15 minutes'))).toBe('Wait 15 minutes');
    expect(loginErrorMessage(new AppError('RATE_LIMITED', ''))).toBe(RATE_LIMITED_MESSAGE);
  });

  it('passes other server messages on and falls back for unknown errors', () => {
    expect(loginErrorMessage(new AppError('BAD_REQUEST', 'body.email: Required'))).toBe(
      'body.email: Required',
    );
    expect(loginErrorMessage(new TypeError('x'))).toBe('Signing in failed. Please try again.');
  });
});

describe('isRefusedLink', () => {
  it('recognises a 400 naming the token', () => {
    expect(isRefusedLink(AppError.badField('body.token', 'This link is invalid or has expired.'))).toBe(true);
  });

  it('ignores other failures', () => {
    expect(isRefusedLink(AppError.badField('body.password', 'Use at least 8 characters'))).toBe(false);
    expect(isRefusedLink(new AppError('INTERNAL', 'Something went wrong'))).toBe(false);
    expect(isRefusedLink(new Error('x'))).toBe(false);
  });
});
