import { listsApi } from '@nomen/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/apiFetch';

/** Query key root of what the governance settings editor reads (lists and their columns). */
export const GOVERNANCE_QUERY_KEY = ['governance'] as const;

// A list read only for its column names changes rarely while a field is edited.
const LIST_COLUMNS_STALE_MS = 5 * 60_000;

/** The lists a list-governed field may use: id and name (GET /api/v1/account/lists/; spec 02 §7). */
export function useListChoices() {
  return useQuery({
    queryKey: [...GOVERNANCE_QUERY_KEY, 'list-choices'],
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
    queryKey: [...GOVERNANCE_QUERY_KEY, 'list-columns', listId ?? 0],
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
