import { AppError } from '@nomen/shared';

/**
 * Refuses a stale write (ARCHITECTURE.md, Data): when the client sends the `updated_at` it
 * read and the stored one differs, throws 409 and nothing is written.
 */
export function assertNotStale(stored: Date, clientUpdatedAt: string | null | undefined, what: string): void {
  if (!clientUpdatedAt) return;
  const read = Date.parse(clientUpdatedAt);
  if (Number.isNaN(read)) throw AppError.badField('body.updated_at', 'updated_at must be an ISO 8601 time');
  if (read !== stored.getTime()) {
    throw new AppError(
      'STALE_WRITE',
      `This ${what} was changed by someone else since you opened it. Reload to see their changes.`,
    );
  }
}

/**
 * Refuses a request naming ids the account does not have (issue 2: a bulk operation naming any
 * unknown or foreign id answers 404 and changes nothing). `found` are the ids that exist.
 */
export function assertAllFound(requested: readonly number[], found: readonly number[], what: string): void {
  const known = new Set(found);
  const missing = [...new Set(requested)].filter((id) => !known.has(id));
  if (missing.length > 0) throw new AppError('NOT_FOUND', `${what} not found: ${missing.join(', ')}`);
}
