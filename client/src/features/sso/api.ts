import { type BodyOf, type IdentityProviderSave, ssoApi, ssoAuthApi } from '@nomen/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/apiFetch';

/** Query key root of Settings → Single sign-on (README "Single sign-on"). */
export const SSO_QUERY_KEY = ['sso'] as const;

/** The account's identity providers and the redirect URI to register at an OpenID provider. */
export function useSsoProviders() {
  return useQuery({
    queryKey: [...SSO_QUERY_KEY, 'providers'],
    queryFn: ({ signal }) => apiFetch(ssoApi.list, { signal }),
  });
}

/** "Require SSO", the break-glass admin and who may be it. */
export function useSsoEnforcement() {
  return useQuery({
    queryKey: [...SSO_QUERY_KEY, 'enforcement'],
    queryFn: ({ signal }) => apiFetch(ssoApi.enforcement, { signal }),
  });
}

function useInvalidateSso() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SSO_QUERY_KEY });
}

/** Adds (id null) or changes an identity provider. */
export function useSaveProvider() {
  const invalidate = useInvalidateSso();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: IdentityProviderSave }) =>
      id === null ? apiFetch(ssoApi.create, { body }) : apiFetch(ssoApi.update, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

/** Deletes an identity provider. */
export function useDeleteProvider() {
  const invalidate = useInvalidateSso();
  return useMutation({
    mutationFn: (id: number) => apiFetch(ssoApi.delete, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** Saves "Require SSO" and the break-glass admin. */
export function useSaveEnforcement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ssoApi.saveEnforcement>) => apiFetch(ssoApi.saveEnforcement, { body }),
    onSuccess: (saved) => queryClient.setQueryData([...SSO_QUERY_KEY, 'enforcement'], saved),
  });
}

/** Starts a test sign-in: answers the URL for the popup and the test's id. */
export function useStartTest() {
  return useMutation({ mutationFn: (id: number) => apiFetch(ssoApi.startTest, { params: { id } }) });
}

/** A test's outcome, asked every second while it is pending. */
export function useTestResult(testId: string | null) {
  return useQuery({
    queryKey: [...SSO_QUERY_KEY, 'test', testId],
    queryFn: ({ signal }) => apiFetch(ssoApi.testResult, { params: { testId: testId! }, signal }),
    enabled: testId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 1000 : false),
  });
}

/** The sign-in page's routing: which providers an email's domain goes to. */
export function useDiscoverSso() {
  return useMutation({
    mutationFn: (email: string) => apiFetch(ssoAuthApi.discover, { body: { email } }),
  });
}
