import { createIntegrationAssignment } from '../integrations/editing';
import type { IntegrationAssignment, IntegrationAssignmentId } from '../integrations/integration-assignment';
import type { IntegrationDefaultsContext } from '../integrations/issues';
import { integrationFor, integrationListOf } from '../integrations/registry';
import type { TemplateDraft } from './template-editing';

/**
 * Adds a new integration assignment of `slug` at the end of the template's integrations (spec 03
 * §4 "A new integration is created in the editor with a temporary id and defaults from its type");
 * answers the new template and the assignment's TEMP_ id. Other assignments keep their identity.
 */
export function addIntegration(
  template: TemplateDraft,
  slug: string,
  context: IntegrationDefaultsContext,
): { template: TemplateDraft; id: IntegrationAssignmentId } {
  const assignment = createIntegrationAssignment(slug, context);
  return {
    template: { ...template, integrations: [...template.integrations, assignment] },
    id: assignment.id,
  };
}

/**
 * Replaces one assignment with `recipe(assignment)` (spec 03 §4 edits). The same template comes back
 * when the id is unknown or the recipe answers the same assignment, so the editor's store sees no
 * change; the other assignments keep their identity (their panels do not re-render).
 */
export function updateIntegration(
  template: TemplateDraft,
  id: IntegrationAssignmentId,
  recipe: (assignment: IntegrationAssignment) => IntegrationAssignment,
): TemplateDraft {
  const index = template.integrations.findIndex((a) => a.id === id);
  if (index < 0) return template;
  const current = template.integrations[index]!;
  const next = recipe(current);
  if (next === current) return template;
  const integrations = [...template.integrations];
  integrations[index] = next;
  return { ...template, integrations };
}

/**
 * The ids of a template's assignments by editor list (spec 03 §2 "An Inbound list and an Outbound
 * list"): INPUT inbound; OUTPUT and SUPPLEMENTAL outbound; unknown slugs by their own direction.
 */
export function integrationIdsByList(integrations: readonly IntegrationAssignment[]): {
  inbound: IntegrationAssignmentId[];
  outbound: IntegrationAssignmentId[];
} {
  const lists = { inbound: [] as IntegrationAssignmentId[], outbound: [] as IntegrationAssignmentId[] };
  for (const a of integrations) {
    const list = integrationListOf({ direction: a.integration_type ?? integrationFor(a.slug).direction });
    lists[list].push(a.id);
  }
  return lists;
}
