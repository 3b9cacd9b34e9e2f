import { authApi, type BodyOf } from '@nomen/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/apiFetch';
import { ME_QUERY_KEY } from '../auth/api';

/** Saves the signed-in user's own name and title; the answer replaces the cached /auth/me. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof authApi.updateProfile>) => apiFetch(authApi.updateProfile, { body }),
    onSuccess: (me) => queryClient.setQueryData(ME_QUERY_KEY, me),
  });
}

/** Changes the signed-in user's password given the current one (400 on `current_password` when wrong). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof authApi.changePassword>) => apiFetch(authApi.changePassword, { body }),
  });
}

/** Ends the signed-in user's other sessions; answers `{ ended }`. */
export function useSignOutOtherSessions() {
  return useMutation({ mutationFn: () => apiFetch(authApi.signOutOtherSessions, {}) });
}
