import { describe, expect, it } from 'vitest';
import { formatChangeValue, objectLabel } from './activityFormat';

describe('formatChangeValue', () => {
  it('shows missing and empty values plainly', () => {
    expect(formatChangeValue(null)).toBe('—');
    expect(formatChangeValue(undefined)).toBe('—');
    expect(formatChangeValue('')).toBe('(empty)');
    expect(formatChangeValue([])).toBe('(none)');
  });

  it('shows scalars and lists as text', () => {
    expect(formatChangeValue('Chicago')).toBe('Chicago');
    expect(formatChangeValue(3)).toBe('3');
    expect(formatChangeValue(true)).toBe('true');
    expect(formatChangeValue(['manage_lists', 'manage_users'])).toBe('manage_lists, manage_users');
  });

  it('shows objects as JSON and shortens long values', () => {
    expect(formatChangeValue({ a: 1 })).toBe('{"a":1}');
    const long = formatChangeValue('x'.repeat(500));
    expect(long).toHaveLength(160);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('objectLabel', () => {
  it('capitalises and spaces the configured object', () => {
    expect(objectLabel('user', 'template')).toBe('User');
    expect(objectLabel('field_set', 'template')).toBe('Field set');
  });

  it('follows the template wording', () => {
    expect(objectLabel('template', 'dataset')).toBe('Dataset');
    expect(objectLabel('template', 'template')).toBe('Template');
  });
});
