import { describe, expect, it } from 'vitest';
import { createIntegrationAssignment } from './editing';
import { SNOWFLAKE_FORCED_SETTINGS, withForcedSettings } from './families';
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

describe('withForcedSettings (spec 03 §5 "Snowflake forces file defaults")', () => {
  const context = { templateName: 'T', now: new Date('2026-01-01T00:00:00Z') };

  it('forces csv, comma and the filename pattern "output" on a Snowflake push', () => {
    const sent = {
      ...createIntegrationAssignment('snowflake-push', context),
      file_type: ['xlsx' as const],
      delimiter: 'tab' as const,
      filename_pattern: '{template_name}',
    };
    const forced = withForcedSettings(sent);
    expect(forced).toMatchObject({ file_type: ['csv'], delimiter: 'comma', filename_pattern: 'output' });
    expect(forced.metadata).toBe(sent.metadata);
    expect(sent.file_type).toEqual(['xlsx']);
  });

  it('returns an assignment that already has them, or of a family without them, as it is', () => {
    const snowflake = createIntegrationAssignment('snowflake-push', context);
    expect(snowflake).toMatchObject(SNOWFLAKE_FORCED_SETTINGS);
    expect(withForcedSettings(snowflake)).toBe(snowflake);
    const email = { ...createIntegrationAssignment('email-output', context), delimiter: 'tab' as const };
    expect(withForcedSettings(email)).toBe(email);
  });
});
