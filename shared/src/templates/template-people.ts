import { z } from 'zod';
import { endpoint } from '../core/contract';
import type { FeatureFlag } from '../core/feature-flags';
import { ROLES, type Role } from '../core/permissions';

/**
 * Whether a user of `role` may approve templates in an account with `features` (spec 01 §5
 * "only owners, or managers when the manager-approvals feature is on, can be chosen"; spec 03
 * §2 "Approvers"). Owners are the ADMIN role. The server's approvers add and the setup step's
 * approvers picker both ask this.
 */
export function mayApproveTemplates(role: Role, features: readonly FeatureFlag[]): boolean {
  return role === 'ADMIN' || (role === 'MANAGER' && features.includes('manager-approvals'));
}

/**
 * Why a user may not be a template's approver (spec 01 §5; spec 03 §2 "Approvers"), naming them,
 * or null when they may ({@link mayApproveTemplates}). The one rule of every place that sets
 * approvers: the template save and the approvers add.
 */
export function approverRefusal(
  user: { name: string; role: Role },
  features: readonly FeatureFlag[],
): string | null {
  if (mayApproveTemplates(user.role, features)) return null;
  const who = features.includes('manager-approvals') ? 'owners or managers' : 'owners';
  return `${user.name} cannot approve templates: approvers must be ${who}`;
}

/**
 * One person the template editor's setup step can name (spec 03 §2 "Setup step"): an enabled
 * user of the account, with whether they may approve templates (`can_approve`, from
 * {@link mayApproveTemplates} with the account's flags) for the approvers picker; any of them may
 * receive submission status notices (spec 03 §3 submissionStatusRecipients).
 */
export const templatePersonSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  can_approve: z.boolean(),
});
/** A person the setup step can name. */
export type TemplatePerson = z.infer<typeof templatePersonSchema>;

/**
 * The people endpoint of the template editor (ours; spec 03 §7 leaves the user list fetch path
 * "not shown"). It needs only `manage_templates`, so an editor of templates without `manage_users`
 * can still choose approvers and recipients; it answers names, emails and roles, nothing more.
 */
export const templatePeopleApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/account/template/choices/people',
    tag: 'Templates',
    summary:
      "The account's enabled users a template can name: approvers (can_approve: owners, managers too with manager-approvals) and submission status recipients.",
    permission: 'manage_templates',
    response: z.object({ data: z.array(templatePersonSchema) }),
  }),
};
