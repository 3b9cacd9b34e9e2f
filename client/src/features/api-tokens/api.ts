import { type ApiTokenCreate, apiTokensApi } from '@nomen/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/apiFetch';

/** Query key root of the signed-in person's API tokens (issue 11 item 10). */
export const API_TOKENS_QUERY_KEY = ['api-tokens'] as const;

/** The signed-in person's API tokens, newest first. */
export function useApiTokens() {
  return useQuery({
    queryKey: [...API_TOKENS_QUERY_KEY, 'list'],
    queryFn: ({ signal }) => apiFetch(apiTokensApi.list, { signal }),
  });
}

/** Makes a token; the answer holds its secret, shown once. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiTokenCreate) => apiFetch(apiTokensApi.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_TOKENS_QUERY_KEY }),
  });
}

/** Revokes tokens one after another; they stop working at once. */
export function useRevokeApiTokens() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: number[]) => {
      for (const id of ids) await apiFetch(apiTokensApi.revoke, { params: { id } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_TOKENS_QUERY_KEY }),
  });
}
