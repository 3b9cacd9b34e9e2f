import type { IntegrationAssignment } from './integration-assignment';
import { type IntegrationCheckContext, type IntegrationIssue, integrationIssue } from './issues';

/**
 * Mappings whose source is a creative classification rather than a template field (spec 03 §3
 * "Mapping field source types: field, template_classification"; §5 Content ID). Such a mapping row
 * holds the classification category's id in `cvFieldId`; the categories are the template's
 * creative classification categories (ids 1-9, shared/src/templates) plus Content ID.
 */

/** The category id of Content ID, the special classification (spec 03 §3 "content_id is special"). */
export const CONTENT_ID_CATEGORY_ID = 10;
/** The key of Content ID (spec 03 §3 categoryKey). */
export const CONTENT_ID_CATEGORY_KEY = 'content_id';

/** The metadata key of an inbound integration's minimum classification confidence (spec 03 §9). */
export const CLASSIFICATION_CONFIDENCE_KEY = 'classification_confidence';
/** The inbound confidence slider: range 0-100, default 80, marks every 10 (spec 03 §9). */
export const INBOUND_CONFIDENCE = { min: 0, max: 100, defaultValue: 80, markStep: 10 } as const;

/** Whether an assignment maps any classification (a row with source type template_classification). */
export function hasClassificationMappings(
  assignment: Pick<IntegrationAssignment, 'mapping_fields'>,
): boolean {
  return assignment.mapping_fields.some((m) => m.source_type === 'template_classification');
}

/**
 * The checks of classification mappings (spec 03 §5): Content ID needs a content comprehension
 * field in the template ('Add a Content Comprehension field to this template to enable Content
 * ID'); any classification needs a template field classified as the source URL ('Choose a
 * Classifications Source URL below.'); the confidence, when set, is a whole number from 0 to 100.
 * Nothing when the assignment maps no classification.
 */
export function checkClassificationMappings(
  assignment: IntegrationAssignment,
  context: IntegrationCheckContext,
): IntegrationIssue[] {
  if (!hasClassificationMappings(assignment)) return [];
  const issues: IntegrationIssue[] = [];
  const usesContentId = assignment.mapping_fields.some(
    (m) => m.source_type === 'template_classification' && m.cvFieldId === CONTENT_ID_CATEGORY_ID,
  );
  if (usesContentId && !context.hasCreativeField)
    issues.push(integrationIssue(assignment, 'contentIdNeedsCreativeField'));
  if (!context.hasClassificationSourceUrl)
    issues.push(integrationIssue(assignment, 'classificationSourceUrlRequired'));
  const confidence = assignment.metadata[CLASSIFICATION_CONFIDENCE_KEY];
  if (
    confidence !== undefined &&
    confidence !== null &&
    confidence !== '' &&
    !(Number.isInteger(Number(confidence)) && Number(confidence) >= 0 && Number(confidence) <= 100)
  )
    issues.push(integrationIssue(assignment, 'classificationConfidenceInvalid'));
  return issues;
}
