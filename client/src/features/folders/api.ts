import { type FolderSave, foldersApi } from '@nomen/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/apiFetch';

/** Query key root of everything about folders (spec 01 §2.8). */
export const FOLDERS_QUERY_KEY = ['folders'] as const;

/** The account's folders (spec 01 §2.8, §7 GET /folder). */
export function useFolders() {
  return useQuery({
    queryKey: [...FOLDERS_QUERY_KEY, 'list'],
    queryFn: ({ signal }) => apiFetch(foldersApi.list, { signal }),
  });
}

/** Invalidates folders and the group drawer's options, which list folders. */
function useInvalidateFolders() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: FOLDERS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: ['groups', 'select-options'] }),
    ]);
}

/** Creates or updates a folder (spec 01 §7 PUT /folder). */
export function useSaveFolder() {
  const invalidate = useInvalidateFolders();
  return useMutation({
    mutationFn: (body: FolderSave) => apiFetch(foldersApi.save, { body }),
    onSuccess: invalidate,
  });
}

/** Deletes folders (spec 01 §7 POST /folder/bulk/delete). */
export function useDeleteFolders() {
  const invalidate = useInvalidateFolders();
  return useMutation({
    mutationFn: (folderIds: number[]) => apiFetch(foldersApi.bulkDelete, { body: { folder_ids: folderIds } }),
    onSuccess: invalidate,
  });
}

/** Reloads the folders after a stale-write answer (ARCHITECTURE.md, Data: offer to reload). */
export function useReloadFolders() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: FOLDERS_QUERY_KEY });
}
