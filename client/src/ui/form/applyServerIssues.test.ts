import { AppError } from '@nomen/shared';
import { createFormControl } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { applyServerIssues } from './applyServerIssues';

interface UserValues {
  name: string;
  email: string;
  permissions: string[];
  updated_at: string | null;
}

interface PatternValues {
  name: string;
  description: string;
  segments: { id: string; name: string }[];
}

/** A real react-hook-form form, outside React. */
function userForm() {
  return createFormControl<UserValues>({
    defaultValues: { name: 'Ann', email: 'ann@example.com', permissions: [], updated_at: null },
  });
}

function patternForm() {
  return createFormControl<PatternValues>({
    defaultValues: { name: 'UTM', description: '', segments: [{ id: 'TEMP_1', name: 'Channel' }] },
  });
}

const refused = (...issues: { path: string; message: string }[]) =>
  new AppError('BAD_REQUEST', 'Invalid input', issues);

describe('applyServerIssues', () => {
  it('shows a 400 answer’s problem on the field it names', () => {
    const form = userForm();
    const result = applyServerIssues(form, refused({ path: 'body.email', message: 'Enter a valid email' }), {
      fields: ['name', 'email', 'permissions'],
    });
    expect(result).toEqual({ placed: ['email'], unplaced: [] });
    expect(form.getFieldState('email').error).toMatchObject({
      type: 'server',
      message: 'Enter a valid email',
    });
    expect(form.getFieldState('name').error).toBeUndefined();
  });

  it('puts a problem inside a listed field on that field', () => {
    const form = userForm();
    const result = applyServerIssues(
      form,
      refused({ path: 'body.permissions.1', message: 'You cannot grant manage_users' }),
      { fields: ['name', 'email', 'permissions'] },
    );
    expect(result.placed).toEqual(['permissions']);
    expect(form.getFieldState('permissions').error?.message).toBe('You cannot grant manage_users');
  });

  it('answers the problems no shown field takes, so the caller can toast them', () => {
    const form = userForm();
    const result = applyServerIssues(
      form,
      refused(
        { path: 'body.updated_at', message: 'Reload before saving' },
        { path: 'query.page', message: 'Too large' },
        { path: 'body', message: 'Nothing to save' },
      ),
      { fields: ['name', 'email'] },
    );
    expect(result).toEqual({
      placed: [],
      unplaced: ['Reload before saving', 'Too large', 'Nothing to save'],
    });
    expect(form.getFieldState('updated_at').error).toBeUndefined();
  });

  it('keeps the first message when the server names a field twice', () => {
    const form = userForm();
    const result = applyServerIssues(
      form,
      refused({ path: 'body.name', message: 'Required' }, { path: 'body.name', message: 'Too short' }),
      { fields: ['name'] },
    );
    expect(result.placed).toEqual(['name']);
    expect(form.getFieldState('name').error?.message).toBe('Required');
  });

  it('keeps the path of a problem inside a nested field (a segment’s setting)', () => {
    const form = patternForm();
    const result = applyServerIssues(
      form,
      refused(
        { path: 'body.name', message: 'A pattern with this name exists' },
        { path: 'body.segments.0.name', message: 'Required' },
        { path: 'body.id', message: 'Unknown pattern' },
      ),
      { fields: ['name', 'description'], nested: ['segments'] },
    );
    expect(result).toEqual({ placed: ['name', 'segments.0.name'], unplaced: ['Unknown pattern'] });
    expect(form.getFieldState('segments.0.name').error?.message).toBe('Required');
    expect(form.getFieldState('name').error?.message).toBe('A pattern with this name exists');
  });

  it('places every problem at its own path when the form names no fields', () => {
    const form = patternForm();
    const result = applyServerIssues(form, refused({ path: 'body.segments.0.name', message: 'Required' }));
    expect(result.placed).toEqual(['segments.0.name']);
    expect(form.getFieldState('segments.0.name').error?.message).toBe('Required');
  });

  it('reads the paths under another prefix when told', () => {
    const form = userForm();
    const result = applyServerIssues(form, refused({ path: 'query.name', message: 'Too long' }), {
      fields: ['name'],
      prefix: 'query',
    });
    expect(result.placed).toEqual(['name']);
  });

  it('places nothing for a failure without issues, a stale write or a network error', () => {
    for (const error of [
      new AppError('INTERNAL', 'Something went wrong'),
      new AppError('STALE_WRITE', 'This user was changed by someone else'),
      new TypeError('Failed to fetch'),
      undefined,
    ]) {
      const form = userForm();
      expect(applyServerIssues(form, error, { fields: ['name'] })).toEqual({ placed: [], unplaced: [] });
      expect(form.getFieldState('name').error).toBeUndefined();
    }
  });

  it('leaves the form’s values as they were', () => {
    const form = userForm();
    applyServerIssues(form, refused({ path: 'body.email', message: 'Taken' }), { fields: ['email'] });
    expect(form.getValues()).toEqual({
      name: 'Ann',
      email: 'ann@example.com',
      permissions: [],
      updated_at: null,
    });
  });
});
