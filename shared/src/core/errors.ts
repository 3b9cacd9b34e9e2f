import { z } from 'zod';

/** One problem with a request's input: where it is and what is wrong (ARCHITECTURE.md, HTTP API). */
export const issueSchema = z.object({
  path: z.string().describe('Dotted path of the offending field, e.g. "body.email"'),
  message: z.string(),
});
export type Issue = z.infer<typeof issueSchema>;

/** The body of every error answer: a message for people, issues for bad input, a request id on 500. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  issues: z.array(issueSchema).optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Error codes and the HTTP status each maps to (ARCHITECTURE.md, HTTP API). */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  STALE_WRITE: 409,
  PAYLOAD_TOO_LARGE: 413,
  LOCKED: 423,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** Too many large requests are being worked at once: send again after Retry-After (README "Security"). */
  BUSY: 503,
  /** A connected account's provider refused its credentials: reconnect the account (spec 01 §7 look-ups). */
  PROVIDER_CREDENTIALS: 424,
  /** A connected account's provider failed or answered something unreadable. */
  PROVIDER_ERROR: 502,
  /** A connected account's provider did not answer in time. */
  PROVIDER_TIMEOUT: 504,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * The errors of a call that reads from or writes to a connected account's provider while the
 * request waits: credentials refused (424), a provider fault or no answer from it (502), no
 * answer in time (504).
 */
export const PROVIDER_ERRORS = [
  'PROVIDER_CREDENTIALS',
  'PROVIDER_ERROR',
  'PROVIDER_TIMEOUT',
] as const satisfies readonly ErrorCode[];

/**
 * The one error class of the project. Thrown by services, mapped to HTTP by the server's error
 * handler, and rebuilt from an error body by the client, so both sides speak of the same codes.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly issues: Issue[] | undefined;
  constructor(code: ErrorCode, message: string, issues?: Issue[]) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.issues = issues;
  }
  /** The HTTP status of this error. */
  get status(): number {
    return ERROR_STATUS[this.code];
  }
  /** Convenience for 404 with the usual wording. */
  static notFound(what: string): AppError {
    return new AppError('NOT_FOUND', `${what} not found`);
  }
  /** Convenience for 400 on one field, so the message names the field. */
  static badField(path: string, message: string): AppError {
    return new AppError('BAD_REQUEST', message, [{ path, message }]);
  }
}
