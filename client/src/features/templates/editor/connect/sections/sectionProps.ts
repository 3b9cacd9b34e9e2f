import type { IntegrationAssignment, IntegrationDefinition, IntegrationIssue } from '@nomen/shared';
import type { IntegrationEditing } from '../useIntegrationEditing';

/**
 * What every section component of an integration form gets (docs ARCHITECTURE "Integrations":
 * forms are composed from section components): the assignment, its registry row, its edits, and the
 * issues about this section (spec 03 §5), which it shows next to its inputs.
 */
export interface IntegrationSectionProps {
  assignment: IntegrationAssignment;
  definition: IntegrationDefinition;
  editing: IntegrationEditing;
  issues: readonly IntegrationIssue[];
}
