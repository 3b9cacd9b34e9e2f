import { AppError } from '@nomen/shared';
import { errorMessage } from '../../api/errors';

/** What the sign-in form says for a 401 (issue 2 §2). */
export const INVALID_LOGIN_MESSAGE = 'Invalid email or password';

/** What the sign-in form says for a 429 when the server gives no message (issue 2 §2). */
export const RATE_LIMITED_MESSAGE = 'Too many sign-in attempts. Wait a few minutes and try again.';

/**
 * The sign-in form's error text (issue 2 §2): "Invalid email or password" for 401, the rate-limit
 * message for 429, otherwise the server's message or a generic one.
 */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof AppError && error.status === 401) return INVALID_LOGIN_MESSAGE;
  if (error instanceof AppError && error.status === 429) return errorMessage(error, RATE_LIMITED_MESSAGE);
  return errorMessage(error, 'Signing in failed. Please try again.');
}

/**
 * Whether a set-password answer refused the link itself (400 naming body.token: unknown, used or
 * expired, or a disabled account), so the page offers to request a new link (issue 2 §2).
 */
export function isRefusedLink(error: unknown): boolean {
  return (
    error instanceof AppError &&
    error.status === 400 &&
    (error.issues ?? []).some((issue) => issue.path === 'body.token')
  );
}
