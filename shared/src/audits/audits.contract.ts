import { z } from 'zod';
import { emailSchema } from '../auth/auth.contract';
import { DOWNLOAD_MEDIA_TYPES, endpoint } from '../core/contract';
import {
  INT4_MAX,
  idListSchema,
  idParamSchema,
  idSchema,
  intSchema,
  okSchema,
  requiredName,
  text,
  timestampSchema,
  updatedAtSchema,
} from '../core/schemas';
import { integrationFor } from '../integrations/registry';

/**
 * Audits (README "Audits"): Nomen reads the names and links live in a connected ad platform through
 * the inbound readers, parses each name against a template's pattern and lists, checks each link
 * against the template's link governance, and answers a compliance score, the violations with
 * their reasons and the name the template would produce. Ours: the specs have no audits; the
 * wording follows spec 02 (patterns, segments, lists) and spec 03 (templates, link parameters,
 * inbound data types).
 */

/** How often an audit runs by itself (manual: only "Run now"). */
export const AUDIT_SCHEDULES = ['manual', 'daily', 'weekly'] as const;
/** One audit schedule. */
export type AuditSchedule = (typeof AUDIT_SCHEDULES)[number];
/** How the audit form names each schedule. */
export const AUDIT_SCHEDULE_LABELS: Readonly<Record<AuditSchedule, string>> = {
  manual: 'Manual',
  daily: 'Daily',
  weekly: 'Weekly',
};

/**
 * The inbound slugs whose readers an audit reads through (the ad platforms with a reader of
 * their objects; spec 03 §2 INPUT rows): the connected account's platform.
 */
export const AUDITABLE_SLUGS = [
  'facebook-marketing-inbound',
  'tiktok-inbound',
  'snapchat-marketing-inbound',
  'pinterest-inbound',
  'amazon-ads-inbound',
  'google-ads-inbound',
  'google-cm360-inbound',
  'google-dv360-inbound',
] as const;
/** One auditable slug. */
export type AuditableSlug = (typeof AUDITABLE_SLUGS)[number];

/** How an audit names the platform of each slug (breakdowns, findings). */
export const AUDIT_PLATFORM_LABELS: Readonly<Record<AuditableSlug, string>> = {
  'facebook-marketing-inbound': 'Meta',
  'tiktok-inbound': 'TikTok',
  'snapchat-marketing-inbound': 'Snapchat',
  'pinterest-inbound': 'Pinterest',
  'amazon-ads-inbound': 'Amazon Ads',
  'google-ads-inbound': 'Google Ads',
  'google-cm360-inbound': 'Campaign Manager 360',
  'google-dv360-inbound': 'Display & Video 360',
};

/** The dimensions a run's score is broken down by. */
export const AUDIT_BREAKDOWNS = ['platform', 'account', 'campaign', 'owner'] as const;
/** One breakdown dimension. */
export type AuditBreakdownKey = (typeof AUDIT_BREAKDOWNS)[number];

/** An audit's filters: active objects only, objects changed since a day, names containing a text. */
export const auditFiltersSchema = z.object({
  active_only: z.boolean().default(false),
  updated_since: z.iso
    .date({ error: 'updated_since must be a date (YYYY-MM-DD)' })
    .nullish()
    .transform((v) => v ?? null),
  name_contains: text(255)
    .trim()
    .nullish()
    .transform((v) => (v ? v : null)),
});
/** An audit's filters. */
export type AuditFilters = z.output<typeof auditFiltersSchema>;

/** Most recipients of an audit's digest. */
export const AUDIT_MAX_RECIPIENTS = 50;

/**
 * The audit form's save: create without id, update with id. `settings` are the reader's settings
 * (e.g. `adAccountsLinked`, the ad account or advertiser); `data_type` must be one the slug offers;
 * `pattern_field_id` the template's pattern field naming the objects (default: its first).
 */
export const auditSaveSchema = z
  .object({
    id: idSchema.nullish(),
    name: requiredName,
    connector_id: idSchema,
    slug: z.enum(AUDITABLE_SLUGS),
    data_type: text(100).trim().min(1, 'Choose the data type'),
    settings: z.record(z.string().regex(/^[A-Za-z_]{1,100}$/), text(1000)).default({}),
    template_id: idSchema,
    pattern_field_id: idSchema.nullish().transform((v) => v ?? null),
    filters: auditFiltersSchema.default({ active_only: false, updated_since: null, name_contains: null }),
    schedule: z.enum(AUDIT_SCHEDULES).default('manual'),
    recipients: z.array(emailSchema).max(AUDIT_MAX_RECIPIENTS).default([]),
    updated_at: updatedAtSchema,
  })
  .superRefine((audit, ctx) => {
    const offered = integrationFor(audit.slug).dataTypes.map((t) => t.value);
    if (!offered.includes(audit.data_type))
      ctx.addIssue({
        code: 'custom',
        path: ['data_type'],
        message: `Choose one of the data types ${offered.join(', ')}`,
      });
  });
/** An audit as saved. */
export type AuditSave = z.input<typeof auditSaveSchema>;

/** A run of an audit, as lists and the trend read it. */
export const auditRunSchema = z.object({
  id: z.number(),
  audit_id: z.number(),
  status: z.enum(['Queued', 'Running', 'Success', 'Failed']),
  trigger: z.enum(['manual', 'schedule']),
  objects: z.number(),
  compliant: z.number(),
  violations: z.number(),
  exceptions: z.number(),
  /** Share of compliant objects (exceptions count as compliant), 0..1; null before the run ends. */
  score: z.number().nullable(),
  message: z.string(),
  submission_id: z.number().nullable(),
  created_at: timestampSchema,
  started_at: timestampSchema.nullable(),
  finished_at: timestampSchema.nullable(),
});
/** A run of an audit. */
export type AuditRun = z.infer<typeof auditRunSchema>;

/** One group of a breakdown: its key (a platform, account, campaign or owner) and its counts. */
export const auditBreakdownRowSchema = z.object({
  key: z.string(),
  objects: z.number(),
  compliant: z.number(),
});
/** One group of a breakdown. */
export type AuditBreakdownRow = z.infer<typeof auditBreakdownRowSchema>;

/** A run with its breakdowns and the count of violations per reason. */
export const auditRunDetailSchema = auditRunSchema.extend({
  breakdown: z.record(z.enum(AUDIT_BREAKDOWNS), z.array(auditBreakdownRowSchema)),
  reason_counts: z.record(z.string(), z.number()),
});
/** A run with its breakdowns. */
export type AuditRunDetail = z.infer<typeof auditRunDetailSchema>;

/** An audit as the API answers it. */
export const auditSchema = z.object({
  id: z.number(),
  name: z.string(),
  connector_id: z.number(),
  connector_name: z.string(),
  slug: z.enum(AUDITABLE_SLUGS),
  data_type: z.string(),
  settings: z.record(z.string(), z.string()),
  template_id: z.number(),
  template_name: z.string(),
  pattern_field_id: z.number().nullable(),
  filters: auditFiltersSchema,
  schedule: z.enum(AUDIT_SCHEDULES),
  recipients: z.array(z.string()),
  next_run_at: timestampSchema.nullable(),
  updated_at: timestampSchema,
  last_run: auditRunSchema.nullable(),
  /** The score of the finished run before the last one, for "change since last run". */
  previous_score: z.number().nullable(),
});
/** An audit. */
export type Audit = z.infer<typeof auditSchema>;

/**
 * One reason an object is not compliant. `kind`: the name parser's reasons (`no_match`,
 * `not_in_list`, `invalid_date`, `too_short`, `trailing_text`, `too_long`, `invalid_pattern`; see
 * shared/src/patterns/parse.ts), `missing_name`, and the link's: `missing_parameter` (a link
 * parameter of the template is not in the URL), `disallowed_value` (its value is not in the
 * parameter field's list), `domain_not_allowed` (the host is outside the link field's domain
 * restrictions), `invalid_url`, `landing_page` (the page did not end in a 2xx answer).
 */
export const auditReasonSchema = z.object({
  kind: z.string(),
  message: z.string(),
  segment: z.string().nullish(),
});
/** One reason. */
export type AuditReason = z.infer<typeof auditReasonSchema>;

/** A violation (or an accepted exception) of a run. */
export const auditFindingSchema = z.object({
  id: z.number(),
  object_id: z.string(),
  name: z.string(),
  url: z.string(),
  platform: z.string(),
  ad_account: z.string(),
  campaign: z.string(),
  owner: z.string(),
  verdict: z.enum(['violation', 'exception']),
  reasons: z.array(auditReasonSchema),
  suggested_name: z.string().nullable(),
  suggested_url: z.string().nullable(),
  /** The exception's comment, when the object is accepted. */
  exception_comment: z.string().nullable(),
});
/** A finding. */
export type AuditFinding = z.infer<typeof auditFindingSchema>;

/** Most findings one page holds. */
export const AUDIT_FINDINGS_MAX_LIMIT = 500;

/** The findings page's query: a text filter, a reason kind, a verdict and the page. */
export const auditFindingsQuerySchema = z.object({
  q: text(200)
    .trim()
    .default('')
    .describe('Keeps findings whose name, URL, object id or campaign contains this text (any case)'),
  reason: text(50).trim().default('').describe('Keeps findings with a reason of this kind'),
  verdict: z.enum(['violation', 'exception', '']).default(''),
  limit: z.coerce.number().pipe(intSchema(1, AUDIT_FINDINGS_MAX_LIMIT)).default(100),
  offset: z.coerce.number().pipe(intSchema(0, INT4_MAX)).default(0),
});

/** An exception: an object the audit accepts as it is. */
export const auditExceptionSaveSchema = z.object({
  object_id: text(255).trim().min(1, 'Required'),
  comment: text(2000).trim().min(1, 'Say why this object is accepted'),
});

/** "Fix": the findings to send into a pending submission (all violations of the run when empty). */
export const auditFixSchema = z.object({
  finding_ids: z.array(z.number().int().min(1)).max(50_000).default([]),
});

/**
 * What the audit form offers (README "Audits"): the account's templates with a pattern field, each
 * with its pattern fields in the template's order (the first names the objects unless another is
 * chosen), and the connected accounts of a platform an audit reads, by name. No secrets.
 */
export const auditChoicesSchema = z.object({
  templates: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      pattern_fields: z.array(z.object({ id: z.number(), name: z.string() })),
    }),
  ),
  connectors: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      /** The connector type's slug (spec 01 §2.5), e.g. `facebook-marketing`. */
      type_slug: z.string(),
      /** The connector type's name, e.g. "Meta". */
      type: z.string(),
    }),
  ),
});
/** What the audit form offers. */
export type AuditChoices = z.infer<typeof auditChoicesSchema>;

const auditIdParams = idParamSchema;

/** Audit endpoints (README "Audits"). */
export const auditsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/account/audits',
    tag: 'Audits',
    summary: "The account's audits by name, each with its last run and the score of the run before.",
    permission: 'access_reports',
    response: z.object({ data: z.array(auditSchema) }),
  }),
  choices: endpoint({
    method: 'GET',
    path: '/api/v1/account/audits/choices',
    tag: 'Audits',
    summary:
      "What the audit form offers: the account's templates with a pattern field (with those fields) and its connected accounts of a platform an audit reads.",
    permission: 'manage_audits',
    response: auditChoicesSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v1/account/audits/:id',
    tag: 'Audits',
    summary: 'One audit with its last 52 runs, oldest first (the trend).',
    permission: 'access_reports',
    params: auditIdParams,
    response: z.object({ audit: auditSchema, runs: z.array(auditRunSchema) }),
  }),
  save: endpoint({
    method: 'PUT',
    path: '/api/v1/account/audits',
    tag: 'Audits',
    summary:
      'Create an audit (no id) or update one (with id). 400 naming the field when the connected account, template, pattern field or data type does not fit.',
    permission: 'manage_audits',
    body: auditSaveSchema,
    response: z.object({ audit: auditSchema }),
  }),
  bulkDelete: endpoint({
    method: 'POST',
    path: '/api/v1/account/audits/bulk/delete',
    tag: 'Audits',
    summary: 'Delete audits with their runs, findings and exceptions; 404 for unknown ids.',
    permission: 'manage_audits',
    body: z.object({ audit_ids: idListSchema }),
    response: okSchema,
  }),
  run: endpoint({
    method: 'POST',
    path: '/api/v1/account/audits/:id/run',
    tag: 'Audits',
    summary: '"Run now": queues a run (or answers the one already queued or running).',
    permission: 'manage_audits',
    params: auditIdParams,
    response: z.object({ run: auditRunSchema }),
  }),
  getRun: endpoint({
    method: 'GET',
    path: '/api/v1/account/audit-runs/:id',
    tag: 'Audits',
    summary:
      'One run with its score, counts, breakdowns by platform, account, campaign and owner, and reasons.',
    permission: 'access_reports',
    params: idParamSchema,
    response: z.object({ run: auditRunDetailSchema }),
  }),
  findings: endpoint({
    method: 'GET',
    path: '/api/v1/account/audit-runs/:id/findings',
    tag: 'Audits',
    summary: 'The violations and accepted exceptions of a run, a page at a time, with the total.',
    permission: 'access_reports',
    params: idParamSchema,
    query: auditFindingsQuerySchema,
    response: z.object({ data: z.array(auditFindingSchema), total: z.number() }),
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/v1/account/audit-runs/:id/download',
    tag: 'Audits',
    summary: 'Every finding of a run as a file: CSV (UTF-8) or XLSX.',
    permission: 'access_reports',
    params: idParamSchema,
    query: z.object({ format: z.enum(['csv', 'xlsx']).default('csv') }),
    response: z.string(),
    responseMediaType: DOWNLOAD_MEDIA_TYPES,
  }),
  saveException: endpoint({
    method: 'PUT',
    path: '/api/v1/account/audits/:id/exceptions',
    tag: 'Audits',
    summary:
      'Accept one object as it is, with a comment (again: the comment is replaced); its findings count as exceptions from now on.',
    permission: 'manage_audits',
    params: auditIdParams,
    body: auditExceptionSaveSchema,
    response: okSchema,
  }),
  deleteException: endpoint({
    method: 'POST',
    path: '/api/v1/account/audits/:id/exceptions/delete',
    tag: 'Audits',
    summary: 'No longer accept an object; 404 when it is not an exception of the audit.',
    permission: 'manage_audits',
    params: auditIdParams,
    body: auditExceptionSaveSchema.pick({ object_id: true }),
    response: okSchema,
  }),
  fix: endpoint({
    method: 'POST',
    path: '/api/v1/account/audit-runs/:id/fix',
    tag: 'Audits',
    summary:
      'Sends violations into a pending submission of the template (the inbound path): one row per object with its id and the suggested name, to be fixed, submitted and approved; approval pushes the names back through the template’s outbound integrations.',
    permission: 'manage_audits',
    params: idParamSchema,
    body: auditFixSchema,
    response: z.object({ submission_id: z.number(), rows: z.number() }),
  }),
};
