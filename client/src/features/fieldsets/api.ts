import { type FieldsetSave, fieldsetsApi } from '@nomen/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/apiFetch';

/** Query key root of everything about field sets (spec 02 §2). */
export const FIELDSETS_QUERY_KEY = ['fieldsets'] as const;

/** Query key of one field set for the editor. */
export function fieldsetQueryKey(id: number) {
  return [...FIELDSETS_QUERY_KEY, 'detail', id] as const;
}

/** The query of the account's field sets, for `useFieldsets` and for screens that prefetch it (usePrefetchQuery). */
export const fieldsetsListQuery = queryOptions({
  queryKey: [...FIELDSETS_QUERY_KEY, 'list'],
  queryFn: ({ signal }) => apiFetch(fieldsetsApi.list, { signal }),
});

/** The account's field sets (GET /api/v1/account/fieldsets; spec 02 §2). */
export function useFieldsets() {
  return useQuery(fieldsetsListQuery);
}

/** One field set with its fields (GET /api/v1/account/fieldsets/{id}); idle while `id` is null. */
export function useFieldset(id: number | null) {
  return useQuery({
    queryKey: fieldsetQueryKey(id ?? 0),
    queryFn: ({ signal }) => apiFetch(fieldsetsApi.get, { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}

/**
 * Saves a field set with all its fields (PUT /api/v1/account/fieldsets; spec 02 §2, §4). The
 * answer is cached under its id, so the editor shows it at once after the route is replaced.
 */
export function useSaveFieldset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FieldsetSave) => apiFetch(fieldsetsApi.save, { body }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(fieldsetQueryKey(answer.fieldset.id), answer);
      await queryClient.invalidateQueries({ queryKey: [...FIELDSETS_QUERY_KEY, 'list'] });
    },
  });
}

/** Deletes field sets (spec 02 §7 POST /api/v1/account/fieldsets/bulk/delete). */
export function useDeleteFieldsets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fieldsetIds: number[]) =>
      apiFetch(fieldsetsApi.bulkDelete, { body: { fieldset_ids: fieldsetIds } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FIELDSETS_QUERY_KEY }),
  });
}
