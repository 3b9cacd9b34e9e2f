import type { IntegrationMessageId } from './messages';

/** Longest Snowflake table name (spec 03 §5, §9). */
export const SNOWFLAKE_TABLE_NAME_MAX_LENGTH = 255;

/** SQL keywords a table name may not be, compared without case (spec 03 §5 "Snowflake table name"). */
export const SNOWFLAKE_RESERVED_KEYWORDS: readonly string[] = [
  'SELECT',
  'FROM',
  'WHERE',
  'INSERT',
  'UPDATE',
  'DELETE',
  'CREATE',
  'DROP',
  'ALTER',
  'TABLE',
  'VIEW',
  'INDEX',
  'TRIGGER',
  'GRANT',
  'REVOKE',
  'COMMIT',
  'ROLLBACK',
  'SAVEPOINT',
  'CURSOR',
  'PROCEDURE',
  'FUNCTION',
  'PACKAGE',
  'LOOP',
  'END',
  'IF',
  'THEN',
  'ELSE',
  'FOR',
  'WHILE',
  'BEGIN',
  'EXCEPTION',
];

/**
 * The first rule a Snowflake table name breaks, as a message id, or null when it is valid (spec 03
 * §5), checked in the spec's order: empty (after trimming), a reserved keyword, over 255
 * characters, starting with a digit, characters other than ASCII letters, digits and underscores.
 */
export function snowflakeTableNameError(tableName: string): IntegrationMessageId | null {
  const name = tableName.trim();
  if (name === '') return 'snowflakeTableNameEmpty';
  if (SNOWFLAKE_RESERVED_KEYWORDS.includes(name.toUpperCase())) return 'snowflakeTableNameReserved';
  if (name.length > SNOWFLAKE_TABLE_NAME_MAX_LENGTH) return 'snowflakeTableNameTooLong';
  if (/^[0-9]/.test(name)) return 'snowflakeTableNameStartsWithDigit';
  if (!/^[A-Za-z0-9_]+$/.test(name)) return 'snowflakeTableNameInvalidCharacters';
  return null;
}

/**
 * The default Snowflake table name of a template (spec 03 §5): the template name trimmed, each run
 * of whitespace made one underscore, every other character that is not an ASCII letter, digit or
 * underscore dropped, cut to 255 characters. A name that then starts with a digit or is a keyword is
 * left as it is for {@link snowflakeTableNameError} to report.
 */
export function defaultSnowflakeTableName(templateName: string): string {
  return templateName
    .trim()
    .replace(/\s+/g, '_')
    .replace(/[^A-Za-z0-9_]/g, '')
    .slice(0, SNOWFLAKE_TABLE_NAME_MAX_LENGTH);
}

/**
 * The governance type of the identifier field that a Snowflake push always sends: selected and
 * read-only among its output fields (spec 03 §5 "the identifier field is selected and read-only").
 */
export const SNOWFLAKE_IDENTIFIER_GOVERNANCE_TYPE = 'cv_id';

/** The governance types whose output fields a family locks (selected, read-only); none but Snowflake's. */
export function lockedOutputGovernanceTypes(family: string): readonly string[] {
  return family === 'snowflake' ? [SNOWFLAKE_IDENTIFIER_GOVERNANCE_TYPE] : [];
}
