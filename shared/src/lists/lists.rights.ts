import type { FeatureFlag } from '../core/feature-flags';
import { hasPermission, type Permission } from '../core/permissions';

/**
 * Why the signed-in user may not save or delete a saved list, or null when they may (issue 8
 * item 15; spec 02 §6): with the live-collaboration flag on, changing an existing list needs
 * approve_suggestions; without it a user comments and suggests. The server refuses the same
 * with 403; screens disable their controls and show this reason.
 */
export function savedListChangeRefusal(
  me: { features: readonly FeatureFlag[]; permissions: readonly Permission[] },
  action: 'save' | 'delete',
): string | null {
  if (!me.features.includes('live-collaboration')) return null;
  if (hasPermission([...me.permissions], 'approve_suggestions')) return null;
  return action === 'delete'
    ? 'Only approvers (approve suggestions) can delete saved lists while live collaboration is on'
    : 'Only approvers (approve suggestions) can save changes to a saved list while live collaboration is on; comment or suggest instead';
}
