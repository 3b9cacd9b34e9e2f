import { type GroupSave, groupsApi } from '@nomen/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/apiFetch';

/** Query key root of everything about groups (spec 01 §2.7). */
export const GROUPS_QUERY_KEY = ['groups'] as const;

/** The account's groups (spec 01 §2.7). */
export function useGroups() {
  return useQuery({
    queryKey: [...GROUPS_QUERY_KEY, 'list'],
    queryFn: ({ signal }) => apiFetch(groupsApi.list, { signal }),
  });
}

/** Users, folders and templates the group drawer can select (spec 01 §2.7, §7 select-options). */
export function useGroupSelectOptions(isEnabled: boolean) {
  return useQuery({
    queryKey: [...GROUPS_QUERY_KEY, 'select-options'],
    queryFn: ({ signal }) => apiFetch(groupsApi.selectOptions, { signal }),
    enabled: isEnabled,
  });
}

/** Invalidates groups and users (whose memberships change with a group). */
function useInvalidateGroups() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: GROUPS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: ['users'] }),
    ]);
}

/** Creates or updates a group (spec 01 §7 POST /groups/merge-or-create). */
export function useSaveGroup() {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: (body: GroupSave) => apiFetch(groupsApi.save, { body }),
    onSuccess: invalidate,
  });
}

/** Deletes groups (spec 01 §7 POST /groups/bulk/delete). */
export function useDeleteGroups() {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: (groupIds: number[]) => apiFetch(groupsApi.bulkDelete, { body: { group_ids: groupIds } }),
    onSuccess: invalidate,
  });
}

/** Reloads the groups after a stale-write answer (ARCHITECTURE.md, Data: offer to reload). */
export function useReloadGroups() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: GROUPS_QUERY_KEY });
}
