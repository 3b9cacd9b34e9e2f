import { normalizeDomainRestriction, templateMessageText } from '@nomen/shared';

/** The domain restrictions typed into the link drawer, once checked. */
export interface SettledDomains {
  /** The valid domains, lower-case, without duplicates, in the order typed. */
  domains: string[];
  /** The message of the last refused entry (invalid or duplicate), or null. */
  error: string | null;
  /** The last invalid entry (trimmed), kept in the input to be corrected; null when none. */
  rejected: string | null;
}

/**
 * Checks typed domain restrictions (spec 03 §3 link_governance.domain_restrictions, §5 link
 * messages): each is normalised; an invalid one is refused with linkDomainInvalid, a repeated one
 * with linkDomainDuplicate. Pure.
 */
export function settleDomainRestrictions(values: readonly string[]): SettledDomains {
  const domains: string[] = [];
  let error: string | null = null;
  let rejected: string | null = null;
  for (const value of values) {
    const domain = normalizeDomainRestriction(value);
    if (domain === null) {
      error = templateMessageText('linkDomainInvalid', { domain: value.trim() });
      rejected = value.trim();
    } else if (domains.includes(domain)) {
      error = templateMessageText('linkDomainDuplicate', { domain });
    } else domains.push(domain);
  }
  return { domains, error, rejected };
}
