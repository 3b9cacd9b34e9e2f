import { z } from 'zod';
import { endpoint } from '../core/contract';
import {
  documentAs,
  INT4_MAX,
  idParamSchema,
  idSchema,
  intSchema,
  isSafeText,
  requiredName,
  text,
  UNSAFE_TEXT_MESSAGE,
  updatedAtSchema,
} from '../core/schemas';
import { submissionFormSchema } from './submission-form';
import { SUBMISSION_MESSAGES } from './submission-messages';

/**
 * The submissions and datasets API (issue 11; spec 02 §7, spec 03 §7 datasets query; spec 01 §6
 * edit_submissions). Paths other than the datasets query are ours ("not shown"), beside their
 * siblings under /api/v1/account/.
 */

/** Statuses of a submission (issue 11 items 4, 5). Submitted: accepted without approval. */
export const SUBMISSION_STATUSES = ['Draft', 'Pending', 'Approved', 'Rejected', 'Submitted'] as const;
/** One submission status. */
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** Statuses whose rows are in the template's dataset. */
export const IN_DATASET_STATUSES: readonly SubmissionStatus[] = ['Approved', 'Submitted'];

/** Most rows one submission holds (issue 11 item 3: imports up to 50,000 rows). */
export const SUBMISSION_MAX_ROWS = 50_000;
/** Longest cell value, in characters (as a list value). */
export const SUBMISSION_MAX_VALUE_LENGTH = 2000;
/**
 * Body limit of a submission save, submit or edit, in bytes: its largest legal input is 50,000
 * rows of the widest template the product sizes for (20 fields), which measures 53.5 MB with
 * 40-character cells and 76.4 MB with 64-character cells under 10-digit field ids; 96 MB leaves
 * room above that (README "Security").
 */
export const SUBMISSION_BODY_LIMIT = 96 * 1024 * 1024;
/** Rows one submission body may hold, counted while the body arrives (413 past it). */
export const SUBMISSION_ARRAY_LIMIT = { max: SUBMISSION_MAX_ROWS, items: 'rows' } as const;
/** Default and largest `limit` of the datasets query (spec 02 §9 "template-powered query: 100 rows"; the cap is ours). */
export const DATASET_QUERY_DEFAULT_LIMIT = 100;
export const DATASET_QUERY_MAX_LIMIT = 1000;
/** Most values one uniqueness check asks about. */
export const UNIQUENESS_MAX_VALUES = SUBMISSION_MAX_ROWS;
/**
 * Body limit of a uniqueness check, in bytes: 50,000 values of 256 characters (codes and links)
 * measure 12.9 MB; 16 MB leaves room above that.
 */
export const UNIQUENESS_BODY_LIMIT = 16 * 1024 * 1024;
/** The header that makes a submit safe to repeat (issue 11 item 4). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

const ROW_KEY = /^(?:[1-9][0-9]{0,9}|TEMP_[A-Za-z0-9_-]{1,58})$/;

/**
 * The rows of a submission: objects of template field id → text. Checked in one pass that names
 * the offending cell (`rows.N.<field id>`), since zod's object parsing would copy a million cells:
 * keys are template field ids (or TEMP_ ids in a preview), values text of at most
 * SUBMISSION_MAX_VALUE_LENGTH characters without U+0000 or lone surrogates (null counts as empty).
 */
export const submissionRowsSchema = documentAs(
  z
    .array(z.unknown())
    .max(SUBMISSION_MAX_ROWS, `At most ${SUBMISSION_MAX_ROWS} rows`)
    .superRefine((rows, ctx) => {
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i];
        if (typeof row !== 'object' || row === null || Array.isArray(row)) {
          ctx.addIssue({ code: 'custom', path: [i], message: 'A row is an object of field id to value' });
          return;
        }
        for (const key in row) {
          const value = (row as Record<string, unknown>)[key];
          if (!ROW_KEY.test(key)) {
            ctx.addIssue({ code: 'custom', path: [i, key], message: 'A key is a template field id' });
            return;
          }
          if (value === null) continue;
          if (typeof value !== 'string') {
            ctx.addIssue({ code: 'custom', path: [i, key], message: 'A value is text' });
            return;
          }
          if (value.length > SUBMISSION_MAX_VALUE_LENGTH) {
            ctx.addIssue({
              code: 'custom',
              path: [i, key],
              message: `A cell holds at most ${SUBMISSION_MAX_VALUE_LENGTH} characters`,
            });
            return;
          }
          if (!isSafeText(value)) {
            ctx.addIssue({ code: 'custom', path: [i, key], message: UNSAFE_TEXT_MESSAGE });
            return;
          }
        }
      }
    })
    .transform((rows) => rows as Record<string, string | null>[])
    .describe('Rows: objects of template field id (as text) to the cell value'),
  z
    .array(
      z.record(
        z.string().regex(ROW_KEY),
        z.string().max(SUBMISSION_MAX_VALUE_LENGTH).refine(isSafeText).nullable(),
      ),
    )
    .max(SUBMISSION_MAX_ROWS)
    .describe('Rows: objects of template field id (as text) to the cell value'),
);

/** A person as a submission names them. */
const personSchema = z.object({ id: z.number().nullable(), name: z.string() });

/** A submission without its rows (issue 11 items 1, 4, 5). */
export const submissionSummarySchema = z.object({
  id: z.number(),
  template_id: z.number().nullable(),
  template_name: z.string(),
  dataset_id: z.number(),
  name: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  submitter: personSchema,
  row_count: z.number(),
  /** The dataset commit that entered (or last edited) its rows; null while not in the dataset. */
  commit_id: z.number().nullable(),
  decided_by: personSchema.nullable(),
  decided_at: z.string().nullable(),
  /** The approver's comment with the last decision (a rejection always has one). */
  decision_comment: z.string().nullable(),
  submitted_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * Whether it is shared (ARCHITECTURE.md "Shared drafts"): with everyone who may use its
   * template, or with someone by name. A shared Draft is edited together in its room.
   */
  shared: z.boolean(),
  /** Who it is shared with: everyone who may use its template, and the people named. */
  shared_with: z.object({
    everyone: z.boolean(),
    people: z.array(z.object({ id: z.number(), name: z.string() })),
  }),
});
/** A submission summary. */
export type SubmissionSummary = z.infer<typeof submissionSummarySchema>;

/** One row of a submission as stored: its place, its identifier (cv_id) and its governed values. */
export const storedRowSchema = z.object({
  row_number: z.number(),
  cv_id: z.string(),
  data: z.record(z.string(), z.string()),
  /** The commit that made this version of the row (null while not in the dataset). */
  commit_id: z.number().nullable(),
});
/** A stored row. */
export type StoredRow = z.infer<typeof storedRowSchema>;

/** Actions in a submission's history (issue 11 item 6). */
export const SUBMISSION_ACTIONS = [
  'created',
  'saved',
  'submitted',
  'approved',
  'rejected',
  'edited',
] as const;

/** One entry of a submission's history. */
export const submissionEventSchema = z.object({
  action: z.enum(SUBMISSION_ACTIONS),
  user: personSchema,
  comment: z.string(),
  commit_id: z.number().nullable(),
  created_at: z.string(),
});

/** A submission with its rows (at a commit, or the latest) and its history (issue 11 item 6). */
export const submissionDetailSchema = submissionSummarySchema.extend({
  rows: z.array(storedRowSchema),
  history: z.array(submissionEventSchema),
  /**
   * The template's approvers while it is Pending (empty otherwise); the submitter among them
   * decides only with the account setting allow_self_approval (shared `mayDecide`).
   */
  approvers: z.array(personSchema),
  /**
   * Whether the reader may approve or reject it: an approver of its template, while Pending, and
   * not its submitter unless the account allows self-approval.
   */
  can_decide: z.boolean(),
  /** Whether the reader may edit its rows (edit_submissions, while in the dataset). */
  can_edit: z.boolean(),
});
/** A submission with rows. */
export type SubmissionDetail = z.infer<typeof submissionDetailSchema>;

/** One problem of a refused submission, with its text (the 400 answer's `problems`). */
export const submissionProblemSchema = z.object({
  row: z.number(),
  fieldId: z.union([z.number(), z.string()]).nullable(),
  messageId: z.enum(Object.keys(SUBMISSION_MESSAGES) as [keyof typeof SUBMISSION_MESSAGES]),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  message: z.string(),
});

/**
 * A new submission (issue 11 items 2, 4): the template, a name and the rows; `draft` true stores
 * it as a Draft (rows as typed, nothing validated but their shape), otherwise it is submitted.
 * Send the Idempotency-Key header to make a submit safe to repeat.
 */
export const submissionCreateSchema = z.object({
  template_id: idSchema,
  name: requiredName,
  rows: submissionRowsSchema,
  draft: z.boolean().default(false),
});

/**
 * A save of a Draft (or a Rejected submission being corrected): name and rows; `submit` true
 * submits it. `updated_at` is the value read; a different stored one answers 409.
 */
export const submissionSaveSchema = z.object({
  name: requiredName,
  rows: submissionRowsSchema,
  submit: z.boolean().default(false),
  updated_at: updatedAtSchema,
});

/**
 * An edit of submitted rows by a holder of edit_submissions (spec 01 §6): rows named by cv_id,
 * each with the values to change; a key given empty (or null) clears its cell, keys not given keep
 * their stored values.
 */
export const submissionEditSchema = z.object({
  rows: submissionRowsSchema,
  updated_at: updatedAtSchema,
});

/** An approver's decision: approval (comment optional) or rejection (comment required). */
export const approveSchema = z.object({ comment: text(2000).trim().default('') });
export const rejectSchema = z.object({
  comment: text(2000).trim().min(1, 'Say why the submission is rejected'),
});

/** A uniqueness question: which of these values of a template field are already in its dataset. */
export const uniquenessSchema = z.object({
  template_id: idSchema,
  field_id: idSchema,
  values: z.array(text(SUBMISSION_MAX_VALUE_LENGTH)).max(UNIQUENESS_MAX_VALUES),
});

/** A template a person may submit through (issue 11 item 1). */
export const submittableTemplateSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  folder_id: z.number().nullable(),
  require_approval: z.boolean(),
  updated_at: z.string(),
});

const commitRefSchema = text(20)
  .trim()
  .regex(/^(HEAD|[1-9][0-9]{0,9})$/, 'HEAD or a commit id')
  .default('HEAD');

/**
 * The datasets query (spec 02 §7, spec 03 §7): `select` field ids (template field ids) or `*`,
 * `distinct` rows, `commitRef` HEAD (the latest commit) or a commit id, `limit` (default 100, at
 * most 1000) and `offset` (ours, for paging).
 */
export const datasetQuerySchema = z.object({
  limit: intSchema(1, DATASET_QUERY_MAX_LIMIT).default(DATASET_QUERY_DEFAULT_LIMIT),
  offset: intSchema(0, INT4_MAX).default(0),
  commitRef: commitRefSchema,
  distinct: z.boolean().default(false),
  select: z
    .union([
      z.literal('*'),
      z
        .array(z.union([idSchema, z.literal('*')]))
        .min(1)
        .max(200),
    ])
    .default('*'),
});
/** A datasets query as sent. */
export type DatasetQuery = z.input<typeof datasetQuerySchema>;

/** One dataset row as the query answers it: data by field id, each holding a value (spec 02 §7). */
export const datasetRowSchema = z.object({
  data: z.record(z.string(), z.object({ value: z.string() })),
});

/** Most matches a code lookup answers. */
export const CODE_LOOKUP_MAX_MATCHES = 20;

/** A code lookup: the exact value of a field of a row in a dataset (issue 11 item 10). */
export const codeLookupQuerySchema = z.object({
  code: text(SUBMISSION_MAX_VALUE_LENGTH).min(1, 'Required'),
});

/** One row that holds a looked-up code: its submission, the template field and the row. */
export const codeMatchSchema = z.object({
  submission: submissionSummarySchema,
  /** The template field whose value is the code. */
  template_field_id: z.number(),
  row: storedRowSchema,
});

/** The answer of a code lookup: every row of the reader's datasets at HEAD that holds the code. */
export const codeLookupSchema = z.object({
  code: z.string(),
  matches: z.array(codeMatchSchema),
});
/** A code lookup answer. */
export type CodeLookup = z.infer<typeof codeLookupSchema>;

/** The Idempotency-Key header as the API reference documents it. */
const idempotencyHeader = {
  name: IDEMPOTENCY_HEADER,
  description:
    'Makes the submit safe to repeat: 1-255 visible ASCII characters, unique per account. The same key with the same body answers the first result and issues no new numbers; with another body, 409.',
} as const;

/** The submission endpoints (issue 11). */
export const submissionsApi = {
  templates: endpoint({
    method: 'GET',
    path: '/api/v1/account/submissions/templates',
    tag: 'Submissions',
    summary:
      'The templates the signed-in person may submit through: all with manage_templates, otherwise those of their groups and their groups’ folders.',
    permission: 'signed-in',
    response: z.object({ data: z.array(submittableTemplateSchema) }),
  }),
  form: endpoint({
    method: 'GET',
    path: '/api/v1/account/submissions/templates/:id/form',
    tag: 'Submissions',
    summary:
      'What the submission table needs to govern a template’s cells: fields, link parameters, patterns, lists and the dataset id.',
    permission: 'signed-in',
    params: idParamSchema,
    response: submissionFormSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/v1/account/submissions',
    tag: 'Submissions',
    summary:
      'Submissions, newest first: the reader’s own, with scope=approvals those awaiting the reader’s approval, or with scope=shared the shared drafts the reader is in (shared with them by name or with everyone, through a template they may use, and their own shared drafts).',
    permission: 'signed-in',
    query: z.object({
      scope: z.enum(['mine', 'approvals', 'shared']).default('mine'),
      template_id: z.coerce.number().pipe(idSchema).optional(),
      limit: z.coerce.number().pipe(intSchema(1, 500)).default(100),
    }),
    response: z.object({ data: z.array(submissionSummarySchema) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v1/account/submissions',
    tag: 'Submissions',
    summary:
      'Save a draft or submit rows through a template. The server governs every row again; a submission with any problem is refused whole (400 with problems) and nothing is stored. With an Idempotency-Key header a repeated request answers the first result and issues no new numbers.',
    permission: 'signed-in',
    headers: [idempotencyHeader],
    body: submissionCreateSchema,
    response: submissionSummarySchema,
    status: 201,
    bodyLimit: SUBMISSION_BODY_LIMIT,
    arrayLimit: SUBMISSION_ARRAY_LIMIT,
  }),
  lookup: endpoint({
    method: 'GET',
    path: '/api/v1/account/submissions/lookup',
    tag: 'Submissions',
    summary:
      'Which submission and row made a code: every row of the account’s datasets at HEAD (Approved or Submitted) with a field whose value is exactly `code`, among the submissions the reader may read; 404 when none.',
    permission: 'signed-in',
    query: codeLookupQuerySchema,
    response: codeLookupSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v1/account/submissions/:id',
    tag: 'Submissions',
    summary:
      'One submission with its rows (the latest version, or as of commitRef) and history; for its submitter, its template’s approvers, holders of edit_submissions and the people it is shared with. While a Draft is shared its rows are its room’s, each row’s id as cv_id.',
    permission: 'signed-in',
    params: idParamSchema,
    query: z.object({ commitRef: commitRefSchema }),
    response: submissionDetailSchema,
  }),
  save: endpoint({
    method: 'PUT',
    path: '/api/v1/account/submissions/:id',
    tag: 'Submissions',
    summary:
      'Save a Draft (or correct a Rejected submission) and, with submit true, submit it; only its submitter may, and the people a shared Draft is shared with. A shared Draft’s save merges into its room (no updated_at check; rows matched by position, only cells that differ written, new rows added, none removed) and its submit submits the room’s rows.',
    permission: 'signed-in',
    params: idParamSchema,
    body: submissionSaveSchema,
    response: submissionSummarySchema,
    bodyLimit: SUBMISSION_BODY_LIMIT,
    arrayLimit: SUBMISSION_ARRAY_LIMIT,
  }),
  approve: endpoint({
    method: 'POST',
    path: '/api/v1/account/submissions/:id/approve',
    tag: 'Submissions',
    summary:
      'Approve a Pending submission (an approver of its template; not its submitter unless the account allows self-approval); its rows enter the dataset.',
    permission: 'signed-in',
    params: idParamSchema,
    body: approveSchema,
    response: submissionSummarySchema,
  }),
  reject: endpoint({
    method: 'POST',
    path: '/api/v1/account/submissions/:id/reject',
    tag: 'Submissions',
    summary:
      'Reject a Pending submission with a comment (an approver of its template; not its submitter unless the account allows self-approval).',
    permission: 'signed-in',
    params: idParamSchema,
    body: rejectSchema,
    response: submissionSummarySchema,
  }),
  edit: endpoint({
    method: 'POST',
    path: '/api/v1/account/submissions/:id/edit',
    tag: 'Submissions',
    summary:
      'Edit rows of a submission in the dataset (rows named by their cv_id); the edit is a new version of the dataset and earlier versions stay readable.',
    permission: 'edit_submissions',
    params: idParamSchema,
    body: submissionEditSchema,
    response: submissionSummarySchema,
    bodyLimit: SUBMISSION_BODY_LIMIT,
    arrayLimit: SUBMISSION_ARRAY_LIMIT,
  }),
  uniqueness: endpoint({
    method: 'POST',
    path: '/api/v1/account/submissions/uniqueness',
    tag: 'Submissions',
    summary:
      'Which of these values of a template field are already in the template’s dataset (must_be_unique).',
    permission: 'signed-in',
    body: uniquenessSchema,
    response: z.object({ taken: z.array(z.string()) }),
    bodyLimit: UNIQUENESS_BODY_LIMIT,
    arrayLimit: { max: UNIQUENESS_MAX_VALUES, items: 'values' },
  }),
};

/** The datasets query (spec 02 §7, spec 03 §7), account-scoped. */
export const datasetsApi = {
  query: endpoint({
    method: 'POST',
    path: '/api/core/v1/datasets/:id/query',
    tag: 'Datasets',
    summary:
      'Rows of a template’s dataset (its rollup_dataset_id), for those who may use the template (404 for others): select field ids or *, distinct, commitRef HEAD or a commit id, limit (default 100).',
    permission: 'signed-in',
    params: idParamSchema,
    body: datasetQuerySchema,
    response: z.object({ rows: z.array(datasetRowSchema), commit_id: z.number().nullable() }),
  }),
};
