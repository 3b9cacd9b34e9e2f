import { fetchLinkPage } from '../link-fetch';
import type { JobDeps } from '../types';

/**
 * The landing pages of an audit run (README "Audits"): each distinct http(s) link among the
 * objects is fetched once with the link checks' fetcher (its SSRF guard, redirects, timeout and
 * body cap; LINK_CHECKS_ALLOW_PRIVATE_NETWORKS and the outbound rule apply), at most
 * LINK_CHECK_CONCURRENCY at a time and at most AUDIT_LANDING_PAGE_LIMIT links a run, the first
 * ones in the platform's order (a larger audit checks the rest on none of its runs: the limit
 * keeps a run of 100,000 objects from making 100,000 requests). Bare query strings (Meta's
 * url_tags) have no page.
 */

/** Most distinct landing pages one run fetches. */
export const AUDIT_LANDING_PAGE_LIMIT = 500;

/** The distinct absolute http(s) links of `links`, in order, at most `limit`. */
export function landingPagesOf(links: Iterable<string>, limit = AUDIT_LANDING_PAGE_LIMIT): string[] {
  const out = new Set<string>();
  for (const link of links) {
    if (out.size >= limit) break;
    if (/^https?:\/\//i.test(link)) out.add(link);
  }
  return [...out];
}

/**
 * Fetches `links`; answers, for each that did not end in a 2xx page after its redirects, what
 * to tell ("landing page answers 404", "landing page cannot be reached: timed out after 10 s").
 */
export async function landingPageProblems(
  deps: Pick<JobDeps, 'config'>,
  links: readonly string[],
): Promise<Map<string, string>> {
  const problems = new Map<string, string>();
  let next = 0;
  const lane = async () => {
    while (next < links.length) {
      const link = links[next++]!;
      const page = await fetchLinkPage(link, {
        allowPrivateNetworks: deps.config.linkChecks.allowPrivateNetworks,
        outbound: deps.config.outbound,
      });
      if (page.status === null)
        problems.set(link, `landing page cannot be reached: ${page.error ?? 'no answer'}`);
      else if (page.status < 200 || page.status > 299)
        problems.set(link, `landing page answers ${page.status}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(deps.config.linkChecks.concurrency, links.length) }, lane));
  return problems;
}
