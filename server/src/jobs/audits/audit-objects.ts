import { AUDIT_BREAKDOWNS, type AuditBreakdownKey, type AuditRules, checkAuditObject } from '@nomen/shared';
import type { FindingValues, RunResult } from '../../entities/audits/audits.repository';
import type { AdObjectsRead } from '../inbound/ad-readers/types';

/**
 * From a reader's table to an audit's result (README "Audits"): which column holds each object's
 * id, name, link, campaign, owner and last change (readers name their columns after the
 * platform's fields), the filters Nomen applies itself, and the score with its breakdowns.
 * Pure: the run (run-audit.ts) reads and stores.
 */

/** One live object as an audit reads it. */
export interface AuditObject {
  objectId: string;
  name: string;
  url: string;
  campaign: string;
  owner: string;
  updated: string;
}

/** Columns holding an object's link, first found wins: full URLs, then Meta's url_tags. */
const URL_COLUMNS = [
  'url',
  'link',
  'link_url',
  'landing_page_url',
  'landingPageUrl',
  'clickThroughUrl',
  'click_through_url',
  'final_url',
  'finalUrls',
  'url_tags',
];
const NAME_COLUMNS = ['name', 'campaign_name', 'adgroup_name', 'ad_name', 'displayName'];
const CAMPAIGN_COLUMNS = ['campaign_name', 'campaignName', 'campaign', 'campaign_id', 'campaignId'];
const OWNER_COLUMNS = ['owner', 'created_by', 'createdBy', 'creator', 'owner_name'];
const UPDATED_COLUMNS = ['updated_time', 'modify_time', 'updated_at', 'updateTime', 'lastModifiedTime'];

function columnOf(header: readonly string[], names: readonly string[]): number {
  for (const name of names) {
    const i = header.indexOf(name);
    if (i >= 0) return i;
  }
  return -1;
}

/** Fields of a link held as an object (CM360's ClickThroughUrl), first found wins. */
const LINK_FIELDS = ['computedClickThroughUrl', 'customClickThroughUrl', 'url', 'link'];

/**
 * The link of a link cell: the text itself, or, for a cell holding JSON (readers write objects
 * and arrays as JSON: CM360's ClickThroughUrl, a list of final URLs), its first link; '' when it
 * holds none.
 */
export function linkOf(cell: string): string {
  const text = cell.trim();
  if (!text.startsWith('{') && !text.startsWith('[')) return text;
  try {
    const value: unknown = JSON.parse(text);
    const candidates = Array.isArray(value)
      ? value
      : LINK_FIELDS.map((k) => (value as Record<string, unknown> | null)?.[k]);
    return candidates.find((c): c is string => typeof c === 'string' && c.trim() !== '') ?? '';
  } catch {
    return text;
  }
}

/** The objects of a read, one per table row; the name column is required (else an Error names the columns). */
export function auditObjectsOf(read: AdObjectsRead): AuditObject[] {
  const { header, rows } = read.table;
  const column = {
    id: Math.max(0, header.indexOf('id')),
    name: columnOf(header, NAME_COLUMNS),
    url: columnOf(header, URL_COLUMNS),
    campaign: columnOf(header, CAMPAIGN_COLUMNS),
    owner: columnOf(header, OWNER_COLUMNS),
    updated: columnOf(header, UPDATED_COLUMNS),
  };
  if (column.name < 0) throw new Error(`${read.label}: no name column (columns: ${header.join(', ')})`);
  const cell = (row: readonly string[], i: number) => (i < 0 ? '' : (row[i] ?? ''));
  return rows.map((row) => ({
    objectId: cell(row, column.id),
    name: cell(row, column.name),
    url: linkOf(cell(row, column.url)),
    campaign: cell(row, column.campaign),
    owner: cell(row, column.owner),
    updated: cell(row, column.updated),
  }));
}

/** Keeps the objects changed since the filter's day (those without a readable change time stay). */
export function changedSince(objects: AuditObject[], updatedSince: string | null): AuditObject[] {
  if (!updatedSince) return objects;
  const since = Date.parse(`${updatedSince}T00:00:00Z`);
  return objects.filter((o) => {
    const raw = o.updated.trim();
    const time = /^\d{9,10}$/.test(raw) ? Number(raw) * 1000 : Date.parse(raw.replace(' ', 'T'));
    return Number.isNaN(time) || time >= since;
  });
}

/** Where the objects were read: the platform's and the ad account's names for breakdowns. */
export interface AuditSource {
  platform: string;
  account: string;
}

/** Most groups a breakdown keeps (the largest). */
const BREAKDOWN_MAX_GROUPS = 200;

/**
 * Checks every object and answers the findings to store (violations, and exceptions for accepted
 * ids) and the run's result: score = (compliant + exceptions) / objects (null without objects),
 * a link in `pageProblems` (landing-pages.ts) adding its page's problem to the object's reasons,
 * breakdowns by platform, account, campaign and owner (objects without a campaign or owner are
 * not counted there), and the violations per reason kind.
 */
export function scoreObjects(
  rules: AuditRules,
  objects: readonly AuditObject[],
  accepted: ReadonlySet<string>,
  source: AuditSource,
  pageProblems: ReadonlyMap<string, string> = new Map(),
): { findings: FindingValues[]; result: Omit<RunResult, 'status' | 'message'> } {
  const findings: FindingValues[] = [];
  const groups = Object.fromEntries(
    AUDIT_BREAKDOWNS.map((k) => [k, new Map<string, { objects: number; compliant: number }>()]),
  ) as Record<AuditBreakdownKey, Map<string, { objects: number; compliant: number }>>;
  const reasonCounts: Record<string, number> = {};
  let compliant = 0;
  let exceptions = 0;
  for (const o of objects) {
    const verdict = checkAuditObject(rules, o.name, o.url);
    const page = pageProblems.get(o.url);
    if (page !== undefined) verdict.reasons.push({ kind: 'landing_page', message: page });
    const isException = verdict.reasons.length > 0 && accepted.has(o.objectId);
    const passes = verdict.reasons.length === 0 || isException;
    if (verdict.reasons.length === 0) compliant++;
    else if (isException) exceptions++;
    else for (const r of verdict.reasons) reasonCounts[r.kind] = (reasonCounts[r.kind] ?? 0) + 1;
    const keys: Record<AuditBreakdownKey, string> = {
      platform: source.platform,
      account: source.account,
      campaign: o.campaign,
      owner: o.owner,
    };
    for (const k of AUDIT_BREAKDOWNS) {
      if (keys[k] === '') continue;
      const group = groups[k].get(keys[k]) ?? { objects: 0, compliant: 0 };
      group.objects++;
      if (passes) group.compliant++;
      groups[k].set(keys[k], group);
    }
    if (verdict.reasons.length === 0) continue;
    findings.push({
      object_id: o.objectId,
      name: o.name,
      url: o.url,
      platform: source.platform,
      ad_account: source.account,
      campaign: o.campaign,
      owner: o.owner,
      verdict: isException ? 'exception' : 'violation',
      reasons: verdict.reasons,
      suggested_name: verdict.suggestedName,
      suggested_url: verdict.suggestedUrl,
    });
  }
  const breakdown = Object.fromEntries(
    AUDIT_BREAKDOWNS.map((k) => [
      k,
      [...groups[k]]
        .map(([key, g]) => ({ key, ...g }))
        .sort((a, b) => b.objects - a.objects || a.key.localeCompare(b.key))
        .slice(0, BREAKDOWN_MAX_GROUPS),
    ]),
  );
  return {
    findings,
    result: {
      objects: objects.length,
      compliant,
      violations: objects.length - compliant - exceptions,
      exceptions,
      score: objects.length === 0 ? null : (compliant + exceptions) / objects.length,
      breakdown,
      reason_counts: reasonCounts,
    },
  };
}
