import { AppError } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import { googleProfileInput, PROFILES_EMPTY, PROFILES_NEED_SIGN_IN } from './googleProfileChoice';

const base = {
  connected: true,
  status: 'success' as const,
  profiles: [
    { id: '5001', name: 'grace · Acme Network (76)' },
    { id: '400', name: '400' },
  ],
  error: null,
  current: '',
  typing: false,
};

describe('googleProfileInput (spec 01 §5 googleProfileId)', () => {
  it('offers the signed-in user’s profiles by name and ID', () => {
    expect(googleProfileInput(base)).toEqual({
      kind: 'list',
      options: [
        { value: '5001', label: 'grace · Acme Network (76) (5001)' },
        { value: '400', label: '400' },
      ],
    });
  });

  it('keeps a stored ID the list lacks as the first choice', () => {
    const input = googleProfileInput({ ...base, current: '9999' });
    expect(input.kind === 'list' && input.options[0]).toEqual({
      value: '9999',
      label: '9999 (not among the signed-in user’s profiles)',
    });
  });

  it('falls back to typing: before sign-in, on Google’s refusal with its words, on an empty list, or by choice', () => {
    expect(googleProfileInput({ ...base, connected: false })).toEqual({
      kind: 'typed',
      reason: PROFILES_NEED_SIGN_IN,
    });
    const refused = new AppError('PROVIDER_CREDENTIALS', 'The provider refused the access token.');
    expect(googleProfileInput({ ...base, status: 'error', error: refused })).toEqual({
      kind: 'typed',
      reason: 'The profiles could not be read: The provider refused the access token. Type the Profile ID.',
    });
    expect(googleProfileInput({ ...base, status: 'error', error: new Error('offline') })).toMatchObject({
      reason: 'The profiles could not be read: Google did not answer. Type the Profile ID.',
    });
    expect(googleProfileInput({ ...base, profiles: [] })).toEqual({ kind: 'typed', reason: PROFILES_EMPTY });
    expect(googleProfileInput({ ...base, typing: true })).toEqual({ kind: 'typed', reason: null });
    expect(googleProfileInput({ ...base, status: 'pending', profiles: undefined })).toEqual({
      kind: 'loading',
    });
  });
});
