import type { User } from './users.contract';

/**
 * Whether the resend-activation action is active for a selection (spec 01 §2.6): only when at
 * least one user is selected and every selected user has never signed in.
 */
export function canResendActivation(selected: readonly Pick<User, 'last_login'>[]): boolean {
  return selected.length > 0 && selected.every((u) => u.last_login === null);
}
