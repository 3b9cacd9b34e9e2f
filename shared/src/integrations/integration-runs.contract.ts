import { z } from 'zod';
import { endpoint } from '../core/contract';
import { idParamSchema, intSchema } from '../core/schemas';

/**
 * The inbound slugs Nomen pulls (issue 12 item 5): on the 8-hour schedule and with "Sync now".
 * Other inbound assignments are saved and checked but not pulled yet.
 */
export const PULLABLE_INBOUND_SLUGS = [
  'sftp-pull',
  'aws-s3-inbound',
  'facebook-marketing-inbound',
  // Ad platforms and Marketing Cloud (server/src/integrations/<provider>/reader.ts).
  'tiktok-inbound',
  'snapchat-marketing-inbound',
  'pinterest-inbound',
  'amazon-ads-inbound',
  'google-ads-inbound',
  'salesforce-marketing-cloud-inbound',
  // Google ad servers, analytics and content (server/src/integrations/cm360/reader.ts, …).
  'google-dcm',
  'google-cm360-inbound',
  'google-dv360-inbound',
  'google-analytics',
  'adobe-inbound',
  'adobe-experience-manager-inbound',
  'workfront-project-pull-task-trigger',
] as const;

/** Whether Nomen pulls assignments of this slug. */
export function isPullableSlug(slug: string): boolean {
  return (PULLABLE_INBOUND_SLUGS as readonly string[]).includes(slug);
}

/** States of an integration run (issue 12 item 4): queued, running, waiting to retry, ended. */
export const INTEGRATION_RUN_STATUSES = ['Queued', 'Running', 'Retrying', 'Success', 'Failed'] as const;
/** One run state. */
export type IntegrationRunStatus = (typeof INTEGRATION_RUN_STATUSES)[number];

/**
 * One run of an integration, with its log (issue 12 items 4, 5): an outbound run delivers one
 * submission (`submission_id`); an inbound run (`direction` INPUT) pulls data and names the
 * submission it made (null until then, or when nothing new was found).
 */
export const integrationRunSchema = z.object({
  id: z.number(),
  assignment_id: z.number().nullable(),
  assignment_name: z.string(),
  /** The analytics target an upload run feeds (its name is `assignment_name`); null otherwise. */
  target_id: z.number().nullable(),
  slug: z.string(),
  direction: z.enum(['OUTPUT', 'INPUT']),
  template_id: z.number().nullable(),
  submission_id: z.number().nullable(),
  status: z.enum(INTEGRATION_RUN_STATUSES),
  attempts: z.number(),
  message: z.string(),
  /** Names delivered: object keys, remote paths or attachment names. */
  files: z.array(z.string()),
  log: z.array(z.object({ at: z.string(), attempt: z.number(), message: z.string() })),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
/** One integration run as the API answers it. */
export type IntegrationRun = z.infer<typeof integrationRunSchema>;

/**
 * One link a link integration made from a row (issue 12 item 4; server/src/entities/submissions/
 * README.md "Shortened links and QR codes"): a bitlink (`kind` bitly, `short_url`) or a QR image
 * (`kind` qr, its `file_type`, `content_type` and `image_url` to download it).
 */
export const integrationLinkSchema = z.object({
  id: z.number(),
  assignment_id: z.number(),
  cv_id: z.string(),
  template_field_id: z.number(),
  kind: z.enum(['bitly', 'qr']),
  long_url: z.string(),
  short_url: z.string().nullable(),
  file_type: z.string().nullable(),
  content_type: z.string().nullable(),
  image_url: z.string().nullable(),
});
/** One made link or QR image as the API answers it. */
export type IntegrationLink = z.infer<typeof integrationLinkSchema>;

/** A submission id and one of its links' ids in a path. */
const linkParamsSchema = idParamSchema.extend({ linkId: idParamSchema.shape.id });

/**
 * Run logs of outbound integrations (issue 12 item 4), served by
 * `server/src/entities/integration-runs/`:
 * - `assignmentRuns`: the last runs of one saved assignment, newest first (`limit` 1-50, default
 *   10); manage_templates; another account's assignment answers 404. The connect step's "Last runs".
 * - `submissionRuns`: every run of one submission, oldest first, for whoever may read the
 *   submission (404 otherwise).
 * - `submissionLinks`: the bitlinks and QR images the link integrations made from the
 *   submission's rows, oldest first, for whoever may read the submission (404 otherwise).
 * - `linkImage`: one QR image's bytes (its content type); 404 for a link of another submission
 *   or account, or one that is not an image.
 */
export const integrationRunsApi = {
  assignmentRuns: endpoint({
    method: 'GET',
    path: '/api/v1/integration-assignments/:id/runs',
    tag: 'Templates',
    summary:
      'The last runs of a saved integration (outbound deliveries, inbound pulls), newest first, with their logs.',
    permission: 'manage_templates',
    params: idParamSchema,
    query: z.object({ limit: z.coerce.number().pipe(intSchema(1, 50)).default(10) }),
    response: z.object({ data: z.array(integrationRunSchema) }),
  }),
  /**
   * "Sync now" of a saved inbound assignment (issue 12 item 5): queues a pull at once and answers
   * its run (201); when a pull of the assignment is already queued or running, answers that run
   * instead. manage_templates; another account's assignment answers 404, an outbound one or a
   * slug Nomen does not pull 400.
   */
  syncNow: endpoint({
    method: 'POST',
    path: '/api/v1/integration-assignments/:id/sync',
    tag: 'Templates',
    summary: 'Sync now: queue a pull of a saved inbound integration and answer its run.',
    permission: 'manage_templates',
    status: 201,
    params: idParamSchema,
    response: integrationRunSchema,
  }),
  submissionRuns: endpoint({
    method: 'GET',
    path: '/api/v1/account/submissions/:id/integration-runs',
    tag: 'Submissions',
    summary: 'The outbound integration runs of a submission, oldest first, for those who may read it.',
    permission: 'signed-in',
    params: idParamSchema,
    response: z.object({ data: z.array(integrationRunSchema) }),
  }),
  submissionLinks: endpoint({
    method: 'GET',
    path: '/api/v1/account/submissions/:id/integration-links',
    tag: 'Submissions',
    summary: 'The bitlinks and QR images made from the links of a submission, oldest first.',
    permission: 'signed-in',
    params: idParamSchema,
    response: z.object({ data: z.array(integrationLinkSchema) }),
  }),
  linkImage: endpoint({
    method: 'GET',
    path: '/api/v1/account/submissions/:id/integration-links/:linkId/image',
    tag: 'Submissions',
    summary: 'One QR image made from a link of a submission (PNG, SVG, PDF or EPS).',
    permission: 'signed-in',
    params: linkParamsSchema,
    response: z.string().describe('The image'),
  }),
};
