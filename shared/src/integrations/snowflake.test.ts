import { describe, expect, it } from 'vitest';
import { integrationMessageText } from './messages';
import { defaultSnowflakeTableName, snowflakeTableNameError } from './snowflake';

const message = (name: string) => {
  const id = snowflakeTableNameError(name);
  return id === null ? null : integrationMessageText(id);
};

describe('Snowflake table name (spec 03 §5)', () => {
  it('accepts letters, digits and underscores not starting with a digit', () => {
    expect(snowflakeTableNameError('Spring_Launch_2026')).toBeNull();
    expect(snowflakeTableNameError('_x')).toBeNull();
    expect(snowflakeTableNameError('a'.repeat(255))).toBeNull();
    expect(snowflakeTableNameError('selection')).toBeNull();
  });

  it('gives each message the spec quotes', () => {
    expect(message('   ')).toBe('Table Name cannot be empty.');
    expect(message('select')).toBe('Cannot be a reserved SQL keyword.');
    expect(message('Exception')).toBe('Cannot be a reserved SQL keyword.');
    expect(message('a'.repeat(256))).toBe('Must be up to 255 characters.');
    expect(message('2026_launch')).toBe('Cannot start with a digit.');
    expect(message('spring-launch')).toBe('Must contain only letters, numbers, and underscores.');
    expect(message('café')).toBe('Must contain only letters, numbers, and underscores.');
  });

  it('defaults to the sanitised template name', () => {
    expect(defaultSnowflakeTableName('  Spring  Launch (EU) 2026!  ')).toBe('Spring_Launch_EU_2026');
    expect(defaultSnowflakeTableName('tab\tand\nline')).toBe('tab_and_line');
    expect(defaultSnowflakeTableName('x'.repeat(300))).toHaveLength(255);
    expect(snowflakeTableNameError(defaultSnowflakeTableName('Q3 — Brand/Awareness'))).toBeNull();
  });
});
