import { describe, expect, it } from 'vitest';
import { rangeLabel } from '../activities/activities.contract';
import { canSaveFolder } from '../folders/folders.contract';
import { userSaveSchema } from './users.contract';
import { canResendActivation } from './users.rules';

describe('userSaveSchema (spec 01 §5)', () => {
  it('trims name and email and lower-cases the email', () => {
    const parsed = userSaveSchema.parse({ name: '  Ana ', email: ' ANA@Example.TEST ', role: 'USER' });
    expect(parsed).toMatchObject({
      name: 'Ana',
      email: 'ana@example.test',
      title: '',
      location: '',
      permissions: [],
      group_ids: [],
    });
  });

  it.each([
    [{ name: '   ', email: 'a@b.test', role: 'USER' }, 'name'],
    [{ name: 'A', email: '   ', role: 'USER' }, 'email'],
    [{ name: 'A', email: 'a@b.test' }, 'role'],
  ])('requires name, email and role: %j fails on %s', (input, field) => {
    const result = userSaveSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });
});

describe('canResendActivation (spec 01 §2.6)', () => {
  it('is active only when every selected user never signed in', () => {
    expect(canResendActivation([])).toBe(false);
    expect(canResendActivation([{ last_login: null }, { last_login: null }])).toBe(true);
    expect(canResendActivation([{ last_login: null }, { last_login: '2026-01-01T00:00:00Z' }])).toBe(false);
  });
});

describe('canSaveFolder (spec 01 §5)', () => {
  it('needs a name and, when editing, a change', () => {
    expect(canSaveFolder({ name: '  ', description: 'x' }, null)).toBe(false);
    expect(canSaveFolder({ name: 'Social', description: '' }, null)).toBe(true);
    const original = { name: 'Social', description: 'Paid and organic' };
    expect(canSaveFolder({ ...original }, original)).toBe(false);
    expect(canSaveFolder({ ...original, description: 'Organic' }, original)).toBe(true);
  });
});

describe('rangeLabel (spec 01 §2.10)', () => {
  it('reads "x-y of total"', () => {
    expect(rangeLabel(0, 30, 65)).toBe('1-30 of 65');
    expect(rangeLabel(60, 5, 65)).toBe('61-65 of 65');
    expect(rangeLabel(0, 0, 0)).toBe('0 of 0');
  });
});
