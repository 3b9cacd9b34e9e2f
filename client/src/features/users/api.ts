import { groupsApi, type Role, type UserSave, usersApi } from '@nomen/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/apiFetch';

/** Query key root of everything about users (spec 01 §2.6). */
export const USERS_QUERY_KEY = ['users'] as const;

/** The account's users (spec 01 §2.6). */
export function useUsers() {
  return useQuery({
    queryKey: [...USERS_QUERY_KEY, 'list'],
    queryFn: ({ signal }) => apiFetch(usersApi.list, { signal }),
  });
}

/** Query of the permissions the drawer offers for `role` (spec 01 §6, §7 permissions-by-role). */
export function permissionOptionsQuery(role: Role) {
  return queryOptions({
    queryKey: [...USERS_QUERY_KEY, 'permissions', role],
    queryFn: ({ signal }) => apiFetch(usersApi.permissionsByRole, { query: { role }, signal }),
    staleTime: 5 * 60_000,
  });
}

/** The permission checkboxes for `role` (spec 01 §2.6). */
export function usePermissionOptions(role: Role) {
  return useQuery(permissionOptionsQuery(role));
}

/**
 * The account's groups for the drawer's membership field (spec 01 §2.6). Only fetched for
 * holders of manage_groups, since the server refuses others.
 */
export function useGroupChoices(isEnabled: boolean) {
  return useQuery({
    queryKey: ['groups', 'list'],
    queryFn: ({ signal }) => apiFetch(groupsApi.list, { signal }),
    enabled: isEnabled,
  });
}

/** Invalidates the users (and the groups, whose member counts change) after a change. */
function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: ['groups'] }),
    ]);
}

/** Creates or updates a user (spec 01 §2.6, §7 user edit); creating mails an activation link. */
export function useSaveUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: UserSave) => apiFetch(usersApi.save, { body }),
    onSuccess: invalidate,
  });
}

/** Deletes users (spec 01 §7 POST /user/bulk/delete). */
export function useDeleteUsers() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (userIds: number[]) => apiFetch(usersApi.bulkDelete, { body: { user_ids: userIds } }),
    onSuccess: invalidate,
  });
}

/** Forces a password reset (spec 01 §7 POST /user/bulk/force-password-reset). */
export function useForcePasswordReset() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (userIds: number[]) => apiFetch(usersApi.forcePasswordReset, { body: { user_ids: userIds } }),
    onSuccess: invalidate,
  });
}

/** Mails new activation links (spec 01 §7 POST /user/bulk/resend-activation-links). */
export function useResendActivation() {
  return useMutation({
    mutationFn: (userIds: number[]) => apiFetch(usersApi.resendActivation, { body: { user_ids: userIds } }),
  });
}

/** Reloads the users after a stale-write answer (ARCHITECTURE.md, Data: offer to reload). */
export function useReloadUsers() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
}
