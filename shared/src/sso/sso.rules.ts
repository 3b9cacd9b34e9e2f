import type { Role } from '../core/permissions';

/**
 * Pure rules of single sign-on (README "Single sign-on"), shared by the server's sign-in and the
 * settings page: email domains, reading a claim or attribute, and the role and group mapping. They
 * know nothing of OpenID Connect or SAML: a protocol hands over the claims (or attributes) as one
 * object.
 */

/** A domain as an IdP routes it: labels of letters, digits and hyphens, at least one dot, lower case. */
export const EMAIL_DOMAIN_PATTERN =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/** The domain of a normalised email address (after the last @), lower case; '' without one. */
export function emailDomainOf(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? '' : email.slice(at + 1).toLowerCase();
}

/** One mapping rule: when claim `claim` equals or contains `value`, give the role or the group. */
export interface MappingRule {
  claim: string;
  value: string;
  role?: Role | null;
  group_id?: number | null;
}

/**
 * The values of a claim (OIDC) or attribute (SAML) as text: `claim` may be a dotted path into
 * nested objects (Keycloak's `realm_access.roles`); a list gives each of its items, a string,
 * number or boolean itself; anything else (absent, null, objects) gives nothing. A claim whose name
 * itself holds dots (`https://example.com/groups`, Auth0's namespaced claims) is read whole first.
 */
export function claimValues(claims: Record<string, unknown>, claim: string): string[] {
  let value: unknown = claims[claim];
  if (value === undefined && claim.includes('.')) {
    value = claim.split('.').reduce<unknown>((at, key) => {
      if (at !== null && typeof at === 'object' && !Array.isArray(at))
        return (at as Record<string, unknown>)[key];
      return undefined;
    }, claims);
  }
  const items = Array.isArray(value) ? value : [value];
  return items.flatMap((item) =>
    typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean' ? [String(item)] : [],
  );
}

/** Most privileged first: when several rules give a role, the first of these wins. */
const ROLE_ORDER: readonly Role[] = ['ADMIN', 'MANAGER', 'USER'];

/** What the mapping gives one person at one sign-in. */
export interface MappedAccess {
  /** The role of the most privileged matching rule, else the provider's default role. */
  role: Role;
  /** Whether a rule gave the role (false: the default role). */
  roleFromClaim: boolean;
  /** The groups whose rules matched, ascending. */
  groupIds: number[];
  /** Every group some rule names: the memberships the IdP governs, re-applied at every sign-in. */
  governedGroupIds: number[];
}

/**
 * Applies the mapping rules to the claims (README "Single sign-on": re-applied at every sign-in).
 * A rule matches when any value of its claim equals its value exactly (case-sensitive, as IdPs
 * send group names and ids). Groups no rule names are not the IdP's to change.
 */
export function mapAccess(
  rules: readonly MappingRule[],
  defaultRole: Role,
  claims: Record<string, unknown>,
): MappedAccess {
  const matched = rules.filter((rule) => claimValues(claims, rule.claim).includes(rule.value));
  const roles = matched.flatMap((rule) => (rule.role ? [rule.role] : []));
  const role = ROLE_ORDER.find((r) => roles.includes(r));
  const ids = (list: readonly MappingRule[]) =>
    [...new Set(list.flatMap((rule) => (rule.group_id ? [rule.group_id] : [])))].sort((a, b) => a - b);
  return {
    role: role ?? defaultRole,
    roleFromClaim: role !== undefined,
    groupIds: ids(matched),
    governedGroupIds: ids(rules),
  };
}
