import { templatesApi } from '@nomen/shared';
import { apiFetch } from '../../../../api/apiFetch';

/**
 * The saved template's fields mapped to integrations, with those integrations (GET
 * /api/v1/account/template/{id}/fieldsMappedToIntegrations; spec 03 §2 "Deletion is blocked when
 * the field … is mapped to an integration", §7). Read when a field of a saved template is deleted.
 */
export async function fetchFieldsMappedToIntegrations(templateId: number) {
  const { data } = await apiFetch(templatesApi.fieldsMappedToIntegrations, { params: { id: templateId } });
  return data;
}
