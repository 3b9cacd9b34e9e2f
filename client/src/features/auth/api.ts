import { authApi, type BodyOf, type Me } from '@nomen/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { apiFetch } from '../../api/apiFetch';

/** Query key of the signed-in user's /auth/me answer (ARCHITECTURE.md, sign-in and sessions). */
export const ME_QUERY_KEY = ['auth', 'me'] as const;

/**
 * The signed-in user, account, effective permissions, feature flags and settings
 * (ARCHITECTURE.md, sign-in and sessions); navigation and the landing redirect are built on it.
 */
export function useMe() {
  return useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: ({ signal }) => apiFetch(authApi.me, { signal }),
    staleTime: 60_000,
  });
}

/**
 * The signed-in user inside the admin shell, which renders its pages only once /auth/me has
 * answered (spec 01 §2). Throws when used outside it.
 */
export function useSignedIn(): Me {
  const { data } = useMe();
  if (!data) throw new Error('useSignedIn is only available inside the admin shell');
  return data;
}

/** Starts a fresh cache for a newly signed-in user and stores their /auth/me answer. */
function useStartSession() {
  const queryClient = useQueryClient();
  return (me: Me) => {
    queryClient.clear();
    queryClient.setQueryData(ME_QUERY_KEY, me);
  };
}

/** Signs in with email and password (issue 2 §2); 401 and 429 answers stay on the form. */
export function useLogin() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: BodyOf<typeof authApi.login>) => apiFetch(authApi.login, { body }),
    onSuccess: startSession,
  });
}

/** Asks for a password-reset link; the server always answers 202 (issue 2 §2). */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof authApi.forgotPassword>) => apiFetch(authApi.forgotPassword, { body }),
  });
}

/** Sets a password from an activation or reset link, which signs the user in (issue 2 §2). */
export function useSetPassword(purpose: 'activation' | 'reset') {
  const startSession = useStartSession();
  const endpoint = purpose === 'activation' ? authApi.activate : authApi.resetPassword;
  return useMutation({
    mutationFn: (body: BodyOf<typeof authApi.activate>) => apiFetch(endpoint, { body }),
    onSuccess: startSession,
  });
}

/**
 * Signs out (issue 2 §2: sign-out item in the shell): ends the session, goes to /login and only
 * then forgets every cached answer, so no page refetches as a signed-out user.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({ mutationFn: () => apiFetch(authApi.logout) });
  const signOut = () =>
    mutation.mutate(undefined, {
      onSettled: async () => {
        await navigate('/login', { replace: true });
        queryClient.clear();
      },
    });
  return { signOut, isPending: mutation.isPending };
}
