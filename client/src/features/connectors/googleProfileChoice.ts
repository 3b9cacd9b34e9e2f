import type { GoogleProfile } from '@nomen/shared';
import { errorMessage } from '../../api/errors';

/** One choice of the Profile ID select: the ID, and the profile's name with it. */
export interface ProfileOption {
  value: string;
  label: string;
}

/**
 * How the drawer edits a Google ad server's Profile ID (spec 01 §5 googleProfileId):
 * - `loading`: the signed-in user's profiles are being read;
 * - `list`: choose one of them (the stored ID is kept as a choice when the list lacks it);
 * - `typed`: a text input, with the reason the list is not offered (null when the user chose to
 *   type): not signed in yet, Google's refusal or failure, or an empty list.
 */
export type ProfileInput =
  | { kind: 'loading' }
  | { kind: 'list'; options: ProfileOption[] }
  | { kind: 'typed'; reason: string | null };

/** Why the list is not offered before the account signed in. */
export const PROFILES_NEED_SIGN_IN =
  'Sign in with Google to choose from your profiles, or type the Profile ID.';
/** Why the list is not offered when Google answers none. */
export const PROFILES_EMPTY = 'The signed-in Google user has no profiles here. Type the Profile ID.';

/**
 * The Profile ID input of the drawer from what is known: whether the account holds Google tokens,
 * the state of `GET .../google-profiles`, the current ID and whether the user chose to type it.
 * A failed list names Google's reason and falls back to typing.
 */
export function googleProfileInput(input: {
  connected: boolean;
  status: 'pending' | 'error' | 'success';
  profiles: readonly GoogleProfile[] | undefined;
  error: unknown;
  current: string;
  typing: boolean;
}): ProfileInput {
  if (!input.connected) return { kind: 'typed', reason: PROFILES_NEED_SIGN_IN };
  if (input.typing) return { kind: 'typed', reason: null };
  if (input.status === 'pending') return { kind: 'loading' };
  if (input.status === 'error') {
    const why = errorMessage(input.error, 'Google did not answer').replace(/\.$/, '');
    return { kind: 'typed', reason: `The profiles could not be read: ${why}. Type the Profile ID.` };
  }
  const profiles = input.profiles ?? [];
  if (profiles.length === 0) return { kind: 'typed', reason: PROFILES_EMPTY };
  const options = profiles.map((p) => ({
    value: p.id,
    label: p.name === p.id ? p.id : `${p.name} (${p.id})`,
  }));
  const current = input.current.trim();
  if (current && !options.some((o) => o.value === current))
    options.unshift({ value: current, label: `${current} (not among the signed-in user’s profiles)` });
  return { kind: 'list', options };
}
