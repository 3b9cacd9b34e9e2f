import { type PatternSave, patternsApi } from '@nomen/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/apiFetch';

/** Query key root of everything about patterns (spec 02 §2). */
export const PATTERNS_QUERY_KEY = ['patterns'] as const;

/** Query key of one pattern for the builder. */
export function patternQueryKey(id: number) {
  return [...PATTERNS_QUERY_KEY, 'detail', id] as const;
}

/** The query of the account's patterns, for `usePatterns` and for screens that prefetch it (usePrefetchQuery). */
export const patternsListQuery = queryOptions({
  queryKey: [...PATTERNS_QUERY_KEY, 'list'],
  queryFn: ({ signal }) => apiFetch(patternsApi.list, { signal }),
});

/** The account's patterns (spec 02 §7 GET /api/v1/account/field/patterns). */
export function usePatterns() {
  return useQuery(patternsListQuery);
}

/**
 * One pattern with its segments (spec 02 §7 GET /api/v1/account/field/{id}); not fetched while
 * `id` is null (a new pattern that copies nothing).
 */
export function usePattern(id: number | null) {
  return useQuery({
    queryKey: patternQueryKey(id ?? 0),
    queryFn: ({ signal }) => apiFetch(patternsApi.get, { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}

/**
 * Creates or updates a pattern (spec 02 §7 PUT /api/v1/account/field/). On success the saved
 * pattern is put in the cache under its id, so the builder shows it at once after the route is
 * replaced, and the pattern list is refetched.
 */
export function useSavePattern() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PatternSave) => apiFetch(patternsApi.save, { body }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(patternQueryKey(answer.pattern.id), answer);
      await queryClient.invalidateQueries({ queryKey: [...PATTERNS_QUERY_KEY, 'list'] });
    },
  });
}

/** Deletes patterns (spec 02 §7 POST /api/v1/account/field/patterns/bulk/delete). */
export function useDeletePatterns() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patternIds: number[]) =>
      apiFetch(patternsApi.bulkDelete, { body: { pattern_ids: patternIds } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PATTERNS_QUERY_KEY }),
  });
}
