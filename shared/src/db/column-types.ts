import type { ColumnType } from 'kysely';

/**
 * The column types database.generated.ts imports for what the schema alone cannot say: the shape
 * of a jsonb column, named in the `overrides` of .kysely-codegenrc.json (README.md here).
 */

/** A jsonb column without a default: read as T, written as JSON text. */
export type JsonColumn<T> = ColumnType<T, string, string>;

/** A jsonb column with a database default: read as T, written as JSON text, optional on insert. */
export type JsonColumnWithDefault<T> = ColumnType<T, string | undefined, string>;

/** A line of an integration run's log (`integration_runs.log`). */
export interface IntegrationRunLogEntry {
  at: string;
  attempt: number;
  message: string;
}
