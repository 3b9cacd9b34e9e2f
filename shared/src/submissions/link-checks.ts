import {
  LINK_VALIDATION_TYPES,
  type LinkValidation,
  type LinkValidationSlug,
} from '../templates/templates.contract';

/**
 * Link checks (issue 12 item 6; spec 03 §2 "Link validation cards", §3 "Link validation", §5 "Link
 * governance"): what the template's link validations say about one fetched landing page. Pure: the
 * server fetches the page (server/src/jobs/link-checks.ts) and stores what this answers per row.
 *
 * Decisions (ours where spec 03 is silent):
 * - Every link with at least one enabled option first gets a "page reachable" result: a 2xx answer
 *   after redirects passes; another status or a network error is a warning naming it, and every
 *   option is then "not checked" (a 404 page's tags say nothing about the landing page).
 * - The page is read as served (static HTML, scripts not run): tags a tag manager injects later
 *   are not seen, so a missing tag is a warning, never an error.
 * - Adobe Analytics tag: AppMeasurement, s_code.js, the Adobe tag manager (adobedtm.com, a
 *   `launch-….js` library) or the Web SDK (alloy). Report suite: the ids in `s.account`,
 *   `s_account`, `s_gi("…")` and report-suite settings (`reportSuite(s)`, `rsid`); in target mode
 *   the expected id is the target's report suite (the caller resolves it). Report: the report's
 *   variable set on the page (`evar5` → `eVar5`, `prop3` → `prop3`, `trackingcode` → `s.campaign`),
 *   else the id itself anywhere in the page.
 * - Google Analytics tag: gtag/js, analytics.js, ga.js or gtm.js. Property: the expected id
 *   (G-…, UA-…, GTM-…) present in the page, any case.
 * - Facebook pixel: fbevents.js, `fbq('init', …)` or the noscript `facebook.com/tr` image; pixel
 *   id: the id given to `fbq('init', …)` or the `tr?id=` image.
 * - Generic pixel: the expected URL (scheme optional, `&amp;` read as `&`) present in the page.
 * - An enabled option without its expected value is a warning saying so (a saved template cannot
 *   have one; spec 03 §5).
 */

/** A fetched landing page: the final status (null when no answer), the URL after redirects and its HTML. */
export interface LinkPage {
  /** HTTP status of the last answer, or null when the page could not be reached. */
  status: number | null;
  /** The URL answered after following redirects (the link itself when none). */
  finalUrl: string;
  /** The page's text (at most the fetcher's body cap), '' when none. */
  html: string;
  /** Why the page could not be reached (timeout, refused address, DNS, TLS…), when status is null. */
  error?: string | null;
}

/** The pseudo validation slug of the "page reachable" result. */
export const LINK_PAGE_CHECK = 'page';
/** The option slug of the "page reachable" result. */
export const LINK_PAGE_REACHABLE = 'page_reachable';

/** One result of a link check: which validation and option, whether it passed and what to show. */
export interface LinkCheckResult {
  /** The validation's slug, or {@link LINK_PAGE_CHECK} for the reachability result. */
  validation: LinkValidationSlug | typeof LINK_PAGE_CHECK;
  /** The option's slug (spec 03 §3), or {@link LINK_PAGE_REACHABLE}. */
  option: string;
  ok: boolean;
  message: string;
}

/** What the caller resolved for the analysis: report suites of targets by target id (Adobe target mode). */
export interface LinkAnalysisContext {
  targetReportSuites?: Readonly<Record<string, string>>;
}

/** Whether any option of `validations` is enabled (the link checks run only then). */
export function hasEnabledLinkValidations(validations: readonly LinkValidation[]): boolean {
  return validations.some((v) => Object.values(v.options).some((o) => o.enabled));
}

const ADOBE_TAG =
  /AppMeasurement|\bs_code(?:\.js)?\b|adobedtm\.com|\/launch-[\w-]+(?:\.min)?\.js|\balloy(?:\.min)?\.js|__alloyNS|\balloy\s*\(\s*["']configure/i;
const GA_TAG =
  /googletagmanager\.com\/gtag\/js|google-analytics\.com\/(?:analytics|ga)\.js|googletagmanager\.com\/gtm\.js/i;
const FB_TAG = /connect\.facebook\.net\/[\w-]+\/fbevents\.js|\bfbq\s*\(\s*["']init["']|facebook\.com\/tr\?/i;

function quotedStrings(text: string): string[] {
  return [...text.matchAll(/["']([^"']*)["']/g)].map((m) => m[1]!);
}

function splitIds(text: string): string[] {
  return text
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
}

/** The Adobe report suite ids a page names (s.account, s_account, s_gi, report-suite settings), first-seen order. */
export function reportSuitesOf(html: string): string[] {
  const found: string[] = [];
  const add = (ids: string[]) => {
    for (const id of ids) if (!found.some((f) => f.toLowerCase() === id.toLowerCase())) found.push(id);
  };
  for (const m of html.matchAll(/\b(?:s\.account|s_account)\s*=\s*["']([^"']+)["']/g)) add(splitIds(m[1]!));
  for (const m of html.matchAll(/\bs_gi\s*\(\s*["']([^"']+)["']/g)) add(splitIds(m[1]!));
  for (const m of html.matchAll(
    /["']?\b(?:reportSuites?|reportSuiteIds?|report_suite(?:_id)?|rsid)["']?\s*[:=]\s*(\[[^\]]*\]|["'][^"']*["'])/gi,
  ))
    add(quotedStrings(m[1]!).flatMap(splitIds));
  return found;
}

/** The Google tag ids a page names (G-…, UA-…, GTM-…, AW-…), upper case, first-seen order. */
export function googleTagIdsOf(html: string): string[] {
  const ids = [...html.matchAll(/\b(G-[A-Z0-9]{4,}|UA-\d{4,}-\d+|GTM-[A-Z0-9]{4,}|AW-\d{4,})\b/gi)].map((m) =>
    m[1]!.toUpperCase(),
  );
  return [...new Set(ids)];
}

/** The Facebook pixel ids a page initialises (`fbq('init', id)`, `facebook.com/tr?id=`), first-seen order. */
export function facebookPixelIdsOf(html: string): string[] {
  const ids = [
    ...[...html.matchAll(/\bfbq\s*\(\s*["']init["']\s*,\s*["']?(\d+)/g)].map((m) => m[1]!),
    ...[...html.matchAll(/facebook\.com\/tr\/?\?(?:[^"'\s>]*?(?:&amp;|&))?id=(\d+)/g)].map((m) => m[1]!),
  ];
  return [...new Set(ids)];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether the page sets the Adobe report `reportId` (see the notes at the top of this file). */
function setsAdobeReport(html: string, reportId: string): boolean {
  const id = reportId.trim().toLowerCase();
  const variable = /^(evar|prop|list)(\d+)$/.exec(id);
  if (variable) return new RegExp(`\\b${variable[1]}${variable[2]}\\b`, 'i').test(html);
  if (id === 'trackingcode' || id === 'campaign')
    return /\bs\.campaign\s*=|["']campaign["']\s*:|\btrackingCode\b/i.test(html);
  return html.toLowerCase().includes(id);
}

function listed(ids: readonly string[]): string {
  return ids.join(', ');
}

type OptionCheck = (
  html: string,
  metadata: Readonly<Record<string, string>>,
) => { ok: boolean; message: string };

function expectedValueMissing(label: string) {
  return { ok: false, message: `No expected ${label} is configured for this check` };
}

function reportSuiteCheck(context: LinkAnalysisContext): OptionCheck {
  return (html, metadata) => {
    const mode = metadata.report_suite_mode ?? 'target';
    const expected =
      mode === 'target'
        ? (context.targetReportSuites?.[metadata.expected_target_id ?? ''] ?? '')
        : (metadata.expected_report_suite_id ?? '');
    if (expected.trim() === '')
      return mode === 'target' && metadata.expected_target_id
        ? { ok: false, message: 'The target of this check has no report suite' }
        : expectedValueMissing('report suite');
    const found = reportSuitesOf(html);
    if (found.some((id) => id.toLowerCase() === expected.trim().toLowerCase()))
      return { ok: true, message: `The tag reports to the report suite ${expected.trim()}` };
    return {
      ok: false,
      message:
        found.length === 0
          ? `No report suite found on the page; expected ${expected.trim()}`
          : `The tag reports to ${listed(found)}, not the expected report suite ${expected.trim()}`,
    };
  };
}

const OPTION_CHECKS: Readonly<Record<string, (context: LinkAnalysisContext) => OptionCheck>> = {
  aa_pixel_exists: () => (html) =>
    ADOBE_TAG.test(html)
      ? { ok: true, message: 'The Adobe Analytics tag is on the page' }
      : { ok: false, message: 'No Adobe Analytics tag found on the page' },
  aa_correct_report_suite: reportSuiteCheck,
  aa_correct_report: () => (html, metadata) => {
    const expected = (metadata.expected_report_id ?? '').trim();
    if (expected === '') return expectedValueMissing('report');
    return setsAdobeReport(html, expected)
      ? { ok: true, message: `The page sets the report ${expected}` }
      : { ok: false, message: `The page does not set the expected report ${expected}` };
  },
  ga_pixel_exists: () => (html) =>
    GA_TAG.test(html)
      ? { ok: true, message: 'The Google Analytics tag is on the page' }
      : { ok: false, message: 'No Google Analytics tag found on the page' },
  ga_correct_property: () => (html, metadata) => {
    const expected = (metadata.expected_property_id ?? '').trim();
    if (expected === '') return expectedValueMissing('property');
    if (new RegExp(`(^|[^A-Za-z0-9-])${escapeRegExp(expected)}($|[^A-Za-z0-9-])`, 'i').test(html))
      return { ok: true, message: `The tag reports to the property ${expected}` };
    const found = googleTagIdsOf(html);
    return {
      ok: false,
      message:
        found.length === 0
          ? `No Google tag ID found on the page; expected ${expected}`
          : `The page names ${listed(found)}, not the expected property ${expected}`,
    };
  },
  fb_pixel_exists: () => (html) =>
    FB_TAG.test(html)
      ? { ok: true, message: 'The Facebook pixel is on the page' }
      : { ok: false, message: 'No Facebook pixel found on the page' },
  fb_pixel_correct_id: () => (html, metadata) => {
    const expected = (metadata.expected_property_id ?? '').trim();
    if (expected === '') return expectedValueMissing('pixel ID');
    const found = facebookPixelIdsOf(html);
    if (found.includes(expected)) return { ok: true, message: `The pixel ${expected} is initialised` };
    return {
      ok: false,
      message:
        found.length === 0
          ? `No Facebook pixel ID found on the page; expected ${expected}`
          : `The page initialises the pixel ${listed(found)}, not the expected ${expected}`,
    };
  },
  generic_pixel_exists: () => (html, metadata) => {
    const expected = (metadata.expected_pixel_url ?? '').trim();
    if (expected === '') return expectedValueMissing('pixel URL');
    const bare = expected
      .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
      .replace(/^\/\//, '')
      .toLowerCase();
    const page = html.replace(/&amp;/gi, '&').toLowerCase();
    return page.includes(bare)
      ? { ok: true, message: `The page calls the pixel ${expected}` }
      : { ok: false, message: `The page does not call the pixel ${expected}` };
  },
};

/** Whether an HTTP status means the page was reached (2xx). */
function reached(page: LinkPage): boolean {
  return page.status !== null && page.status >= 200 && page.status < 300;
}

function reachability(page: LinkPage): LinkCheckResult {
  const base = { validation: LINK_PAGE_CHECK, option: LINK_PAGE_REACHABLE } as const;
  if (reached(page)) return { ...base, ok: true, message: `The page answered ${page.status}` };
  if (page.status === null)
    return { ...base, ok: false, message: `The page could not be reached: ${page.error || 'no answer'}` };
  return { ...base, ok: false, message: `The page answered ${page.status} at ${page.finalUrl}` };
}

/**
 * The results of one landing page against the template's link validations (see the notes at the
 * top of this file): the reachability result, then one result per enabled option in validation
 * and option order. No enabled option answers []. Options this version does not know are warned
 * about, never ignored silently. Pure; never throws.
 */
export function analyseLinkPage(
  page: LinkPage,
  validations: readonly LinkValidation[],
  context: LinkAnalysisContext = {},
): LinkCheckResult[] {
  if (!hasEnabledLinkValidations(validations)) return [];
  const first = reachability(page);
  const results: LinkCheckResult[] = [first];
  for (const validation of validations) {
    const known = Object.keys(LINK_VALIDATION_TYPES[validation.slug]?.options ?? {});
    const order = [
      ...known.filter((o) => validation.options[o]),
      ...Object.keys(validation.options).filter((o) => !known.includes(o)),
    ];
    for (const option of order) {
      const settings = validation.options[option]!;
      if (!settings.enabled) continue;
      const base = { validation: validation.slug, option };
      if (!first.ok) {
        results.push({ ...base, ok: false, message: 'Not checked: the page did not load' });
        continue;
      }
      const check = OPTION_CHECKS[option];
      results.push(
        check
          ? { ...base, ...check(context)(page.html, settings.metadata) }
          : { ...base, ok: false, message: `Unknown check ${option}` },
      );
    }
  }
  return results;
}
