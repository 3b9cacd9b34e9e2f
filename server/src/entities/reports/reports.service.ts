import {
  AppError,
  type ChartPoint,
  chartMonths,
  defaultGlobalRange,
  defaultUsageRange,
  type GlobalRow,
  likePattern,
  type ReportSummary,
  type reportRangeQuerySchema,
  SEARCH_MAX_RESULTS,
  type SearchResult,
  type TemplateReportRow,
  type TopUser,
  type UsageRow,
  type UserReport,
} from '@nomen/shared';
import type { z } from 'zod';
import type { Actor, AppDeps } from '../../http/context';
import * as repo from './reports.repository';

/** Most rows of the top-users report. */
export const TOP_USERS_LIMIT = 100;

type RangeQuery = z.output<typeof reportRangeQuerySchema>;

function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function isoOrNull(value: Date | string | null): string | null {
  return value === null ? null : iso(value);
}

/** Summary counts of the actor's account (spec 01 §2.9, §3.3). */
export async function summary(deps: AppDeps, actor: Actor): Promise<ReportSummary> {
  const row = await repo.summary(deps.db, actor.accountId);
  return { activeUsers: row.active_users, numCodesSubmitted: row.codes, submissions: row.submissions };
}

/**
 * Codes submitted per month over the last 6 months in `tz`, oldest first, months without codes
 * as 0 (spec 01 §2.9, §9).
 */
export async function charts(
  deps: AppDeps,
  actor: Actor,
  tz: string,
  now: Date = new Date(),
): Promise<{ data: ChartPoint[] }> {
  const months = chartMonths(tz, now);
  const rows = await repo.codesPerMonth(deps.db, actor.accountId, tz, `${months[0]}-01`);
  const byMonth = new Map(rows.map((r) => [r.month, r.codes]));
  return { data: months.map((month) => ({ month, codes_submitted: byMonth.get(month) ?? 0 })) };
}

/** The top users (spec 01 §3.3): users with submitted codes, most first, at most 100. */
export async function topUsers(deps: AppDeps, actor: Actor): Promise<{ data: TopUser[] }> {
  const rows = await repo.topUsers(deps.db, actor.accountId, TOP_USERS_LIMIT);
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      submitted_codes: r.codes,
      last_login: isoOrNull(r.last_login),
      last_submission: isoOrNull(r.last_submission),
    })),
  };
}

/** The single-user report (spec 01 §2.9, §3.3); 404 when the user is not in the account. */
export async function userReport(
  deps: AppDeps,
  actor: Actor,
  userId: number,
  tz: string,
): Promise<UserReport> {
  const user = await repo.findUser(deps.db, actor.accountId, userId);
  if (!user) throw AppError.notFound('User');
  const [totals, templates, months] = await Promise.all([
    repo.userTotals(deps.db, actor.accountId, userId),
    repo.userCodesPerTemplate(deps.db, actor.accountId, userId),
    repo.userCodesPerMonth(deps.db, actor.accountId, userId, tz),
  ]);
  return {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      title: user.title,
      role: user.role,
      disabled: user.disabled,
      created_at: iso(user.created_at as Date),
      last_login: isoOrNull(user.last_login as Date | null),
    },
    submitted_codes: totals.codes,
    last_submission: isoOrNull(totals.last_submission),
    templates,
    summary: months,
  };
}

/** Fills a range query's defaults (usage: last 3 months; global: last 7 days) in its time zone. */
function resolveRange(q: RangeQuery, kind: 'usage' | 'global', now: Date): repo.RangePage {
  const fallback = kind === 'usage' ? defaultUsageRange(q.tz, now) : defaultGlobalRange(q.tz, now);
  const from = q.from ?? (q.to && q.to < fallback.from ? q.to : fallback.from);
  const to = q.to ?? (q.from && q.from > fallback.to ? q.from : fallback.to);
  return { from, to, tz: q.tz, limit: q.limit, offset: q.offset };
}

/** The usage report (spec 01 §3.3): one page of submissions in the range, newest first. */
export async function usage(
  deps: AppDeps,
  actor: Actor,
  q: RangeQuery,
  now: Date = new Date(),
): Promise<{ data: UsageRow[]; total: number; range: { from: string; to: string; tz: string } }> {
  const range = resolveRange(q, 'usage', now);
  const { rows, total } = await repo.usage(deps.db, actor.accountId, range);
  return {
    data: rows.map((r) => ({
      submission_id: r.id,
      dataset_id: r.dataset_id,
      template_name: r.template_name,
      submission_name: r.name,
      submitter_name: r.submitter_name,
      number_of_codes: r.row_count,
      created_at: iso(r.submitted_at),
    })),
    total,
    range: { from: range.from, to: range.to, tz: range.tz },
  };
}

/** The template report (spec 01 §3.3): every template of the account with its codes. */
export async function templateReport(deps: AppDeps, actor: Actor): Promise<{ data: TemplateReportRow[] }> {
  const rows = await repo.templateReport(deps.db, actor.accountId);
  return {
    data: rows.map((r) => ({
      id: r.id,
      identifier: r.name,
      user_name: r.user_name,
      updated_at: iso(r.updated_at),
      codes: r.codes,
    })),
  };
}

/**
 * The global report (spec 01 §2.9, global-report flag): one page of rows of the submissions
 * (any status but Draft) submitted in the range, with their values in field order.
 */
export async function globalReport(
  deps: AppDeps,
  actor: Actor,
  q: RangeQuery,
  now: Date = new Date(),
): Promise<{ data: GlobalRow[]; total: number; range: { from: string; to: string; tz: string } }> {
  const range = resolveRange(q, 'global', now);
  const { rows, total } = await repo.globalRows(deps.db, actor.accountId, range);
  const ids = new Set<number>();
  for (const r of rows)
    for (const key of Object.keys(r.data)) if (/^\d{1,10}$/.test(key)) ids.add(Number(key));
  const fields = await repo.templateFieldNames(deps.db, actor.accountId, [...ids]);
  const byId = new Map(fields.map((f) => [String(f.id), f]));
  return {
    data: rows.map((r) => ({
      submission_id: r.submission_id,
      dataset_id: r.dataset_id,
      template_name: r.template_name,
      submission_name: r.submission_name,
      submitted_by: r.submitted_by,
      status: r.status,
      submitted_at: iso(r.submitted_at),
      row_number: r.row_number + 1,
      cv_id: r.cv_id,
      values: Object.entries(r.data)
        .map(([key, value]) => ({ field: byId.get(key), key, value }))
        .filter((v) => v.field?.governance_type !== 'cv_id')
        .sort(
          (a, b) => (a.field?.precedence ?? 1e9) - (b.field?.precedence ?? 1e9) || a.key.localeCompare(b.key),
        )
        .map((v) => ({ field_name: v.field?.name ?? `Field ${v.key}`, value: String(v.value ?? '') })),
    })),
    total,
    range: { from: range.from, to: range.to, tz: range.tz },
  };
}

/**
 * The search report (spec 01 §2.9, §7): submitted values of the account containing `term`, case
 * aside, in any script; at most SEARCH_MAX_RESULTS, `truncated` when there were more.
 */
export async function search(
  deps: AppDeps,
  actor: Actor,
  term: string,
): Promise<{ data: SearchResult[]; truncated: boolean }> {
  const rows = await repo.search(deps.db, actor.accountId, likePattern(term), SEARCH_MAX_RESULTS);
  return {
    data: rows.slice(0, SEARCH_MAX_RESULTS).map((r) => ({
      template_name: r.template_name,
      identifier: r.identifier,
      created_at: iso(r.created_at),
      submitted_by: r.submitted_by,
      field_name: r.field_name ?? '',
      cell_value: r.cell_value,
      dataset_id: r.dataset_id,
      submission_id: r.submission_id,
      cv_id: r.cv_id,
    })),
    truncated: rows.length > SEARCH_MAX_RESULTS,
  };
}
