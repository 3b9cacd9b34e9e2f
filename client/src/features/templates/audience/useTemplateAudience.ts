import { type TemplateAudience, templateAdminsApi, templateAudienceApi } from '@nomen/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../api/apiFetch';
import { TEMPLATES_QUERY_KEY } from '../api';

const AUDIENCE_QUERY_KEY = [...TEMPLATES_QUERY_KEY, 'audience'] as const;

/**
 * Who can submit through the account's templates (GET /api/v1/account/template/choices/audience;
 * spec 01 §2.7, spec 03 §2 "Setup step"): the groups with member counts and the templates and
 * folders they reach, and the admins who reach every template. Needs manage_templates; not
 * fetched while `isEnabled` is false.
 */
export function useTemplateAudience(isEnabled = true) {
  return useQuery({
    queryKey: AUDIENCE_QUERY_KEY,
    queryFn: ({ signal }) => apiFetch(templateAudienceApi.get, { signal }),
    enabled: isEnabled,
  });
}

/**
 * Shares a template with a group (POST /api/v1/account/template/share-with-group; spec 01 §2.7):
 * the answer, the audience after the change, replaces the cached audience. Errors (404 for an
 * unknown template or group, 403 without manage_groups) surface on the mutation.
 */
export function useShareTemplateWithGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { template_id: number; group_id: number }) =>
      apiFetch(templateAudienceApi.share, { body }),
    onSuccess: (audience: TemplateAudience) => queryClient.setQueryData(AUDIENCE_QUERY_KEY, audience),
  });
}

/**
 * The account's enabled admins by name (GET /api/v1/account/who-to-ask; spec 01 §2.7): whom a
 * person with no template should ask. Any signed-in person may read it; not fetched while
 * `isEnabled` is false.
 */
export function useTemplateAdmins(isEnabled: boolean) {
  return useQuery({
    queryKey: [...TEMPLATES_QUERY_KEY, 'who-to-ask'],
    queryFn: ({ signal }) => apiFetch(templateAdminsApi.list, { signal }),
    enabled: isEnabled,
    staleTime: 60_000,
  });
}

/** "Ada", "Ada or Bea", "Ada, Bea or Cy". */
export function namesWithOr(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}
