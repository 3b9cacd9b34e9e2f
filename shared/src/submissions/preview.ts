import { z } from 'zod';
import { endpoint } from '../core/contract';
import { idSchema } from '../core/schemas';
import type { TemplateField } from '../templates/templates.contract';
import { submissionListSchema } from './submission-form';

/** Most lists one preview asks for. */
export const PREVIEW_MAX_LISTS = 500;

/**
 * The lists the dataset preview of a template under edit depends on (spec 03 §2 "Dataset
 * preview": it loads list dependencies for the template's list-governed fields): the list of
 * every list-governed template field (pattern segments included, since each is a template field),
 * each once, in the order the fields first name them. Fields whose list is not chosen yet are
 * skipped.
 */
export function previewDependencyIds(
  fields: readonly Pick<TemplateField, 'governance_type' | 'list_governance'>[],
): number[] {
  const ids: number[] = [];
  const seen = new Set<number>();
  for (const field of fields) {
    if (field.governance_type !== 'list') continue;
    const id = field.list_governance?.list_id;
    if (typeof id !== 'number' || seen.has(id)) continue;
    seen.add(id);
    ids.push(id);
  }
  return ids;
}

/** The preview-dependencies request (spec 03 §7: "Payload: list ids"). */
export const previewDependenciesSchema = z.object({
  list_ids: z.array(idSchema).max(PREVIEW_MAX_LISTS, `At most ${PREVIEW_MAX_LISTS} lists`),
});

/** The dataset preview's endpoint (spec 03 §2, §7; issue 11 item 7). */
export const previewApi = {
  dependencies: endpoint({
    method: 'POST',
    path: '/api/v1/account/template/preview-dependencies',
    tag: 'Templates',
    summary:
      'The lists a template under edit depends on (send `previewDependencyIds` of its fields), with columns and rows, for the dataset preview; nothing is stored. 404 naming any list id not in the account.',
    permission: 'manage_templates',
    body: previewDependenciesSchema,
    response: z.object({ lists: z.array(submissionListSchema) }),
  }),
};
