import { AppError, type Issue } from '@nomen/shared';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

/** Where applyServerIssues may put the server's issues. */
export interface ServerIssueOptions<TValues extends FieldValues> {
  /**
   * The fields the form shows problems on. An issue at a listed field or inside it lands on that
   * field (`permissions.0` on `permissions`, for an input that shows one message for its whole
   * value); issues elsewhere (`updated_at`, `id`) are left for the caller. Without `fields` and
   * `nested`, every issue lands at its own path.
   */
  fields?: readonly FieldPath<TValues>[];
  /**
   * Fields whose inside the form shows problem by problem (a field array: `segments.2.name`):
   * an issue inside one keeps its own path; an issue at the field itself lands on it.
   */
  nested?: readonly FieldPath<TValues>[];
  /** Where the form's values sit in the issue paths: `body` (the default) for a request body. */
  prefix?: string;
}

/** What applyServerIssues did with the issues of an answer. */
export interface ServerIssuesResult {
  /** The form paths that got an error, in the order of the issues (`name`, `segments.2.name`). */
  placed: string[];
  /** The messages of issues that belong to no field the form shows, for a toast. */
  unplaced: string[];
}

/**
 * Puts the issues of a refused save (a 400 or 409 AppError whose `issues` name `body.…` paths,
 * ARCHITECTURE.md "HTTP API") onto the form's fields with `setError` (type `server`), the first
 * message per field, and answers what it placed and the messages it could not place. Anything
 * else (a network failure, a 500, an answer without issues) places nothing and leaves no
 * messages: the caller shows its usual failure toast when `placed` is empty.
 */
export function applyServerIssues<TValues extends FieldValues>(
  form: { setError: UseFormSetError<TValues> },
  error: unknown,
  options: ServerIssueOptions<TValues> = {},
): ServerIssuesResult {
  const issues: readonly Issue[] = error instanceof AppError ? (error.issues ?? []) : [];
  const start = `${options.prefix ?? 'body'}.`;
  const placed: string[] = [];
  const unplaced: string[] = [];
  for (const issue of issues) {
    const path = issue.path.startsWith(start) ? issue.path.slice(start.length) : '';
    const target = path === '' ? null : targetOf(path, options);
    if (target === null) {
      unplaced.push(issue.message);
    } else if (!placed.includes(target)) {
      placed.push(target);
      // The path is the form's: a listed field, a path inside a nested one, or (with no list)
      // the issue's own, as the form's values were sent.
      form.setError(target as FieldPath<TValues>, { type: 'server', message: issue.message });
    }
  }
  return { placed, unplaced };
}

/** The form path an issue at `path` lands on, or null when the form does not show it. */
function targetOf<TValues extends FieldValues>(path: string, options: ServerIssueOptions<TValues>) {
  const { fields, nested } = options;
  if (!fields && !nested) return path;
  const isAtOrIn = (field: string) => path === field || path.startsWith(`${field}.`);
  if (nested?.some(isAtOrIn)) return path;
  return fields?.find(isAtOrIn) ?? null;
}
