import type { FeatureFlag } from '../core/feature-flags';
import type { IntegrationAssignment, IntegrationAssignmentId } from './integration-assignment';
import type { IntegrationMessageId, MessageParams } from './messages';

/** Issue severities (spec 03 §2 "Issue types are ERROR and WARNING"). */
export const ISSUE_TYPES = ['ERROR', 'WARNING'] as const;
/** One issue severity. */
export type IssueType = (typeof ISSUE_TYPES)[number];

/**
 * One problem of an integration assignment (spec 03 §5): its severity, the catalogue message id
 * and params (always with `name`, the assignment's name or its type's label), the editor step to
 * jump to (always `connect`) and the assignment's id. Errors block a save; warnings do not.
 */
export interface IntegrationIssue {
  type: IssueType;
  messageId: IntegrationMessageId;
  params: MessageParams;
  step: 'connect';
  integrationId: IntegrationAssignmentId;
}

/**
 * What the per-integration checks need to know of the template (spec 03 §5), kept small so that
 * they do not depend on the template types:
 * - `templateName`: the template's name;
 * - `hasLinkField`: whether the template has a link-type field;
 * - `isAutoSubmitOn`: the template's auto-submit setting (enable_auto_submit) with its flag on;
 * - `templateFieldIds`: the ids of the template's fields (identifier fields must be among them);
 * - `featureFlags`: the account's enabled flags;
 * - `hasCreativeField`: whether the template has a content comprehension (creative) field;
 * - `hasClassificationSourceUrl`: whether a template field is classified as the source URL;
 * - `assignments`: all of the template's assignments (filled in by `checkIntegrations`);
 * - `now`: the time date filters are measured from (default: the current time).
 */
export interface IntegrationCheckContext {
  templateName: string;
  hasLinkField: boolean;
  isAutoSubmitOn: boolean;
  templateFieldIds: readonly number[];
  featureFlags: readonly FeatureFlag[];
  hasCreativeField?: boolean;
  hasClassificationSourceUrl?: boolean;
  assignments?: readonly IntegrationAssignment[];
  now?: Date;
}

/**
 * What a new assignment's defaults depend on (spec 03 §9): the template name (Snowflake table
 * name), the current time (date filters) and the AWS regions configured (the first is the default).
 */
export interface IntegrationDefaultsContext {
  templateName: string;
  now: Date;
  awsRegions?: readonly string[];
}

/** Builds one connect-step issue of an assignment; `name` defaults to the assignment's name. */
export function integrationIssue(
  assignment: Pick<IntegrationAssignment, 'id' | 'name'>,
  messageId: IntegrationMessageId,
  params: MessageParams = {},
  type: IssueType = 'ERROR',
): IntegrationIssue {
  return {
    type,
    messageId,
    params: { name: assignment.name, ...params },
    step: 'connect',
    integrationId: assignment.id,
  };
}
