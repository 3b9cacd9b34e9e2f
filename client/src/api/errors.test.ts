import { AppError } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import { errorFromResponse, errorMessage, issuesByField, UNREADABLE_ERROR_MESSAGE } from './errors';

describe('errorFromResponse', () => {
  it('rebuilds an AppError from a well-formed error body', () => {
    const error = errorFromResponse(409, {
      message: 'This user was changed by someone else',
      code: 'STALE_WRITE',
    });
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe('STALE_WRITE');
    expect(error.status).toBe(409);
    expect(error.message).toBe('This user was changed by someone else');
  });

  it('keeps the issues of a 400 answer', () => {
    const issues = [{ path: 'body.email', message: 'Enter a valid email address' }];
    const error = errorFromResponse(400, { message: 'Invalid input', code: 'BAD_REQUEST', issues });
    expect(error.issues).toEqual(issues);
  });

  it('derives the code from the status when the body is unreadable', () => {
    expect(errorFromResponse(429, '<html>').code).toBe('RATE_LIMITED');
    expect(errorFromResponse(404, null).code).toBe('NOT_FOUND');
    expect(errorFromResponse(409, undefined).code).toBe('CONFLICT');
    expect(errorFromResponse(502, {}).code).toBe('INTERNAL');
    expect(errorFromResponse(502, {}).message).toBe(UNREADABLE_ERROR_MESSAGE);
  });

  it('falls back to the status code for an unknown code in the body', () => {
    expect(errorFromResponse(403, { message: 'No', code: 'WHATEVER' }).code).toBe('FORBIDDEN');
  });
});

describe('errorMessage', () => {
  it("prefers the server's message", () => {
    expect(errorMessage(new AppError('BAD_REQUEST', 'Folder holds templates'), 'Default')).toBe(
      'Folder holds templates',
    );
  });

  it('uses the default for other errors', () => {
    expect(errorMessage(new Error('boom'), 'Default')).toBe('Default');
    expect(errorMessage(new AppError('INTERNAL', '  '), 'Default')).toBe('Default');
  });
});

describe('issuesByField', () => {
  it('maps body paths to field names, first message wins', () => {
    expect(
      issuesByField([
        { path: 'body.email', message: 'Taken' },
        { path: 'body.email', message: 'Second' },
        { path: 'body.permissions.0', message: 'Not grantable' },
        { path: 'query.role', message: 'Ignored' },
        { path: 'body', message: 'Malformed JSON' },
      ]),
    ).toEqual({ email: 'Taken', 'permissions.0': 'Not grantable' });
  });

  it('answers an empty map without issues', () => {
    expect(issuesByField(undefined)).toEqual({});
  });
});
