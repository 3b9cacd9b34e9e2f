import { templatesApi } from '@nomen/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/apiFetch';

/** Query key root of everything about templates (spec 03 §2). */
export const TEMPLATES_QUERY_KEY = ['templates'] as const;

/** The account's templates, newest first (GET /api/v1/account/template; spec 03 §2 "Template list"). */
export function useTemplates() {
  return useQuery({
    queryKey: [...TEMPLATES_QUERY_KEY, 'list'],
    queryFn: ({ signal }) => apiFetch(templatesApi.list, { signal }),
  });
}

/**
 * Deletes templates (POST /api/v1/account/template/bulk/delete; spec 03 §7). Answers the
 * server's `message` and `powered_template_ids`: templates powering a list are kept and named.
 */
export function useDeleteTemplates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateIds: number[]) =>
      apiFetch(templatesApi.bulkDelete, { body: { template_ids: templateIds } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TEMPLATES_QUERY_KEY }),
  });
}
