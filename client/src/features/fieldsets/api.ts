import { type FieldsetSave, fieldsetsApi, listsApi } from '@nomen/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/apiFetch';

/** Query key root of everything about field sets (spec 02 §2). */
export const FIELDSETS_QUERY_KEY = ['fieldsets'] as const;

/** Query key of one field set for the editor. */
export function fieldsetQueryKey(id: number) {
  return [...FIELDSETS_QUERY_KEY, 'detail', id] as const;
}

// A list read only for its column names changes rarely while a field is edited.
const LIST_COLUMNS_STALE_MS = 5 * 60_000;

/** The account's field sets (GET /api/v1/account/fieldsets; spec 02 §2). */
export function useFieldsets() {
  return useQuery({
    queryKey: [...FIELDSETS_QUERY_KEY, 'list'],
    queryFn: ({ signal }) => apiFetch(fieldsetsApi.list, { signal }),
  });
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

/** The lists a list-governed field may use: id and name (GET /api/v1/account/lists/; spec 02 §7). */
export function useListChoices() {
  return useQuery({
    queryKey: [...FIELDSETS_QUERY_KEY, 'list-choices'],
    queryFn: async ({ signal }) => {
      const { data } = await apiFetch(listsApi.list, { signal });
      return data.map((list) => ({ id: list.id, name: list.name }));
    },
  });
}

/**
 * The columns of one list, in order (GET /api/v1/account/lists/{id}; spec 02 §7). The answer
 * carries every cell of the list, so it is read once per chosen list and only the column ids
 * and names are kept. Idle while `listId` is null.
 */
export function useListColumns(listId: number | null) {
  return useQuery({
    queryKey: [...FIELDSETS_QUERY_KEY, 'list-columns', listId ?? 0],
    queryFn: async ({ signal }) => {
      const list = await apiFetch(listsApi.get, { params: { id: listId! }, signal });
      return [...list.list_columns]
        .sort((a, b) => a.precedence - b.precedence)
        .map((column) => ({ id: column.id, name: column.name }));
    },
    enabled: listId !== null,
    staleTime: LIST_COLUMNS_STALE_MS,
  });
}
