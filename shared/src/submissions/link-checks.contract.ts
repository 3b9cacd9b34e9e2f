import { z } from 'zod';
import { endpoint } from '../core/contract';
import { idParamSchema } from '../core/schemas';

/** States of one link's check (issue 12 item 6): waiting for the link-check job, or checked. */
export const LINK_CHECK_STATUSES = ['Pending', 'Checked'] as const;
/** One link check state. */
export type LinkCheckStatus = (typeof LINK_CHECK_STATUSES)[number];

/** One result of a link check as stored and answered (see `analyseLinkPage`). */
export const linkCheckResultSchema = z.object({
  validation: z.string(),
  option: z.string(),
  ok: z.boolean(),
  message: z.string(),
});

/**
 * One distinct link of a submission with its check (issue 12 item 6): the rows carrying it (row
 * numbers from 0, as stored), whether it was checked, when, and its results. Warnings are the
 * results that did not pass.
 */
export const submissionLinkCheckSchema = z.object({
  url: z.string(),
  row_numbers: z.array(z.number()),
  cv_ids: z.array(z.string()),
  status: z.enum(LINK_CHECK_STATUSES),
  results: z.array(linkCheckResultSchema),
  checked_at: z.string().nullable(),
});
/** One link of a submission with its check. */
export type SubmissionLinkCheck = z.infer<typeof submissionLinkCheckSchema>;

/** The link checks of a submission, and whether its template has any enabled link validation now. */
export const submissionLinkChecksSchema = z.object({
  validations_configured: z.boolean(),
  data: z.array(submissionLinkCheckSchema),
});
/** The link checks of a submission as the API answers them. */
export type SubmissionLinkChecks = z.infer<typeof submissionLinkChecksSchema>;

/**
 * Link checks of a submission (issue 12 item 6), served by `server/src/entities/link-checks/`:
 * `submissionLinkChecks` answers each distinct link of the template's link field in the rows that
 * entered the dataset, in first-row order, with its results, for whoever may read the submission
 * (another account's, or one the reader may not read, answers 404; a bad id 400).
 */
export const linkChecksApi = {
  submissionLinkChecks: endpoint({
    method: 'GET',
    path: '/api/v1/account/submissions/:id/link-checks',
    tag: 'Submissions',
    summary:
      "The link checks of a submission's links: per link, the template's link validations and their warnings.",
    permission: 'signed-in',
    params: idParamSchema,
    response: submissionLinkChecksSchema,
  }),
};
