import { AppError, ERROR_STATUS, type ErrorCode, errorBodySchema, type Issue } from '@nomen/shared';

const CODE_BY_STATUS = new Map<number, ErrorCode>(
  (Object.entries(ERROR_STATUS) as [ErrorCode, number][])
    // STALE_WRITE and CONFLICT share 409; a bare 409 is read as a conflict. A bare 424, 502 or
    // 504 (a proxy's page) is not a provider's answer: the PROVIDER_ codes come only from bodies.
    .filter(([code]) => code !== 'STALE_WRITE' && !code.startsWith('PROVIDER_'))
    .map(([code, status]) => [status, code]),
);

/** The message shown when the server answered without a readable error body (spec 01 §8 default). */
export const UNREADABLE_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/** The message shown when the server could not be reached at all (spec 01 §8 default). */
export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/**
 * Rebuilds the server's error answer as the shared AppError (ARCHITECTURE.md, HTTP API: errors
 * answer `{message, code, issues?}`). Bodies that do not match fall back to a code derived from
 * the HTTP status and a generic message.
 */
export function errorFromResponse(status: number, body: unknown): AppError {
  const parsed = errorBodySchema.safeParse(body);
  const fallbackCode = CODE_BY_STATUS.get(status) ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
  if (!parsed.success) return new AppError(fallbackCode, UNREADABLE_ERROR_MESSAGE);
  const code = parsed.data.code in ERROR_STATUS ? (parsed.data.code as ErrorCode) : fallbackCode;
  return new AppError(code, parsed.data.message, parsed.data.issues);
}

/**
 * The text to show for a failed call (spec 01 §8: "the server's message, otherwise a default"):
 * an AppError's message, else `fallback`.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof AppError && error.message.trim() !== '') return error.message;
  return fallback;
}

/** The HTTP status of a failed call, or undefined when it is not an AppError (ARCHITECTURE.md, HTTP API). */
export function errorStatus(error: unknown): number | undefined {
  return error instanceof AppError ? error.status : undefined;
}

/**
 * Maps the issues of a 400/409 answer onto form field names (ARCHITECTURE.md, HTTP API): an issue
 * at `body.email` becomes `{ email: message }`. Only the first message per field is kept; issues
 * outside `prefix` or naming no field are left out.
 */
export function issuesByField(issues: readonly Issue[] | undefined, prefix = 'body'): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of issues ?? []) {
    if (!issue.path.startsWith(`${prefix}.`)) continue;
    const field = issue.path.slice(prefix.length + 1);
    if (field !== '' && !(field in result)) result[field] = issue.message;
  }
  return result;
}
