import { AppError, buildPath, type ListDetail, type ListSave, listsApi } from '@nomen/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/apiFetch';
import { errorFromResponse, NETWORK_ERROR_MESSAGE, UNREADABLE_ERROR_MESSAGE } from '../../api/errors';

/** Query key root of everything about lists (spec 02 §2). */
export const LISTS_QUERY_KEY = ['lists'] as const;

/**
 * The account's lists without their cells, newest change first (spec 02 §2 lists page and lists
 * manager, §7 GET /api/v1/account/lists/).
 */
export function useLists() {
  return useQuery({
    queryKey: [...LISTS_QUERY_KEY, 'list'],
    queryFn: ({ signal }) => apiFetch(listsApi.list, { signal }),
  });
}

/**
 * Fetches one list with its columns and values (spec 02 §7 GET /api/v1/account/lists/{id}).
 * A 10,000 x 100 list is about 90 MB of JSON, so the answer is read with `response.json()` and
 * not parsed again with the contract's zod schema (which would double the time and memory).
 * Throws AppError: the server's error (404 when the list is gone), or INTERNAL when the server
 * cannot be reached or answers something unreadable; rethrows AbortError when `signal` aborts.
 */
export async function fetchListDetail(id: number, signal?: AbortSignal): Promise<ListDetail> {
  let response: Response;
  try {
    response = await fetch(buildPath(listsApi.get.path, { id }), {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new AppError('INTERNAL', NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw errorFromResponse(response.status, body);
  }
  try {
    return (await response.json()) as ListDetail;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new AppError('INTERNAL', UNREADABLE_ERROR_MESSAGE);
  }
}

/** Invalidates every cached list query after a change. */
function useInvalidateLists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: LISTS_QUERY_KEY });
}

/** Deletes lists (spec 02 §7 POST /api/v1/account/lists/bulk/delete with list_ids). */
export function useDeleteLists() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: (listIds: number[]) => apiFetch(listsApi.bulkDelete, { body: { list_ids: listIds } }),
    onSettled: invalidate,
  });
}

/** What the new-list screen sends (spec 02 §7: "the payload is id, name, notes, type"). */
export type NewList = Pick<ListSave, 'name' | 'notes' | 'type'>;

/**
 * Creates a list from the new-list screen (spec 02 §2 /admin/lists-manager/new, §7 PUT
 * /api/v1/account/lists/ with id null); the answer's id leads to the edit screen. The server
 * gives the new list one empty column.
 */
export function useCreateList() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: (list: NewList) => apiFetch(listsApi.save, { body: { id: null, ...list } }),
    onSuccess: invalidate,
  });
}

/** A saved list as the link dialog sends it back (spec 02 §7 PUT lists/ attributes). */
export interface ListAttributes {
  readonly id: number | null;
  readonly updatedAt: string | null;
  readonly name: string;
  readonly notes: string;
  readonly type: ListSave['type'];
}

/**
 * Links a list to a template (spec 02 §2 link dialog, §7 PUT lists/ with powered_template_id;
 * issue 11 item 9): one column per chosen template field, named after it, no values (the server
 * fills them from the template's dataset). Creates the list when its id is null. Answers the
 * save; throws AppError (400 naming the column, 409 when the list changed meanwhile).
 */
export function powerList(
  list: ListAttributes,
  templateId: number,
  fields: readonly { id: number; name: string }[],
) {
  return apiFetch(listsApi.save, {
    body: {
      id: list.id,
      name: list.name,
      notes: list.notes,
      type: list.type,
      updated_at: list.updatedAt ?? undefined,
      powered_template_id: templateId,
      list_columns: fields.map((field, precedence) => ({
        id: `lc${precedence}`,
        name: field.name,
        precedence,
        powered_template_field_id: field.id,
        list_values: [],
      })),
    },
  });
}

/**
 * Unlinks a saved list from its template (spec 02 §7 PUT lists/ without powered_template_id): its
 * values stay as the list's own and can be edited again. Throws AppError (409 when stale).
 */
export function unpowerList(list: ListAttributes & { id: number }) {
  return apiFetch(listsApi.save, {
    body: {
      id: list.id,
      name: list.name,
      notes: list.notes,
      type: list.type,
      updated_at: list.updatedAt ?? undefined,
      powered_template_id: null,
    },
  });
}
