import { templatesApi } from '@nomen/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../../api/apiFetch';
import { TEMPLATES_QUERY_KEY } from '../../../api';

/**
 * The link validation types and their option slugs (GET /api/v1/link-validation/types; spec 03
 * §2, §7), for the link drawer's add-validation choices. The types are fixed per release, so the
 * answer is cached for the session.
 */
export function useLinkValidationTypes() {
  return useQuery({
    queryKey: [...TEMPLATES_QUERY_KEY, 'link-validation-types'],
    queryFn: ({ signal }) => apiFetch(templatesApi.linkValidationTypes, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
