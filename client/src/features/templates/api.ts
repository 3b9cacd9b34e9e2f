import {
  approversApi,
  previewApi,
  type QueryOf,
  type TemplateSave,
  templatePeopleApi,
  templatesApi,
} from '@nomen/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/apiFetch';

/** Query key root of everything about templates (spec 03 §2). */
export const TEMPLATES_QUERY_KEY = ['templates'] as const;

/** Query key of one template for the editor. */
export function templateQueryKey(id: number) {
  return [...TEMPLATES_QUERY_KEY, 'detail', id] as const;
}

/** The account's templates, newest first (GET /api/v1/account/template; spec 03 §2 "Template list"). */
export function useTemplates() {
  return useQuery({
    queryKey: [...TEMPLATES_QUERY_KEY, 'list'],
    queryFn: ({ signal }) => apiFetch(templatesApi.list, { signal }),
  });
}

/**
 * One template with its fields, field sets, integrations, parameters, validations and approvers'
 * ids (GET /api/v1/account/template/{id}; spec 03 §3, §7); not fetched while `id` is null (a new
 * template that copies nothing). Always read fresh when the editor opens: another admin may have
 * saved it since.
 */
export function useTemplate(id: number | null) {
  return useQuery({
    queryKey: templateQueryKey(id ?? 0),
    queryFn: ({ signal }) => apiFetch(templatesApi.get, { params: { id: id! }, signal }),
    enabled: id !== null,
    staleTime: 0,
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

/** Sends a whole template (PUT /api/v1/account/template/; spec 03 §4, §7); answers its id at once. */
export function putTemplate(body: TemplateSave): Promise<{ id: number }> {
  return apiFetch(templatesApi.save, { body });
}

/**
 * Reads a template's last log (GET /api/v1/account/template/{id}/template-logs; spec 03 §4, §7):
 * `mode` "isSaving" on load (save detection), "poll" while polling after a save, "last" for the
 * bare read. Answers null when the template has no log yet.
 */
export async function readTemplateLog(id: number, mode: 'isSaving' | 'poll' | 'last') {
  const query: QueryOf<typeof templatesApi.logs> =
    mode === 'isSaving' ? { isSaving: 'true' } : mode === 'poll' ? { poll: 'true' } : {};
  const answer = await apiFetch(templatesApi.logs, { params: { id }, query });
  return answer.log;
}

/**
 * A template's approvers (GET /api/v1/account/approvers/{templateId}; spec 03 §7, "cached"):
 * id, name and email of each. Not fetched for a new template.
 */
export function useTemplateApprovers(templateId: number | null) {
  return useQuery({
    queryKey: [...TEMPLATES_QUERY_KEY, 'approvers', templateId ?? 0],
    queryFn: ({ signal }) => apiFetch(approversApi.get, { params: { id: templateId! }, signal }),
    enabled: templateId !== null,
    staleTime: 5 * 60_000,
  });
}

/**
 * Sends a template's approvers after its save (spec 03 §4): with require_approval set, POST
 * /api/v1/account/approvers/add with the chosen ids; without it, DELETE
 * /api/v1/account/approvers/{templateId}.
 */
export async function sendApprovers(templateId: number, requireApproval: boolean, approvers: number[]) {
  if (requireApproval && approvers.length > 0) {
    await apiFetch(approversApi.add, { body: { template_id: templateId, approvers } });
  } else {
    await apiFetch(approversApi.remove, { params: { id: templateId } });
  }
}

/**
 * The people the setup step can name (GET /api/v1/account/template/choices/people; spec 03 §2
 * "Setup step"): the account's enabled users with `can_approve` (spec 01 §5), for the approvers and
 * the submission status recipients pickers. Needs only manage_templates.
 */
export function useTemplatePeople() {
  return useQuery({
    queryKey: [...TEMPLATES_QUERY_KEY, 'people'],
    queryFn: ({ signal }) => apiFetch(templatePeopleApi.list, { signal }),
    staleTime: 60_000,
  });
}

/**
 * The lists a template under edit depends on, with their rows, for the dataset preview (POST
 * /api/v1/account/template/preview-dependencies; spec 03 §2, §7): `listIds` is the shared
 * `previewDependencyIds` of the draft's fields. Read fresh each time the preview opens; stores
 * nothing. Not fetched while `isEnabled` is false.
 */
export function usePreviewDependencies(listIds: readonly number[], isEnabled: boolean) {
  return useQuery({
    queryKey: [...TEMPLATES_QUERY_KEY, 'preview-dependencies', listIds.join(',')],
    queryFn: ({ signal }) => apiFetch(previewApi.dependencies, { body: { list_ids: [...listIds] }, signal }),
    enabled: isEnabled,
    staleTime: 0,
  });
}
