import { z } from 'zod';
import { endpoint } from '../core/contract';
import { INT4_MAX, text } from '../core/schemas';

/** Page size of the activity log (spec 01 §9). */
export const ACTIVITY_PAGE_SIZE = 30;

/** One changed attribute of a configured object: its value before and after. */
export const activityChangeSchema = z.object({
  field: z.string(),
  old: z.unknown(),
  new: z.unknown(),
});
export type ActivityChange = z.infer<typeof activityChangeSchema>;

/**
 * What happened to the object, by name (spec 01 §2.10 "operation"): a configuration change
 * (created, updated, deleted), a submission's life (submitted, approved, rejected) or how an
 * integration run ended (delivered, failed).
 */
export const ACTIVITY_OPERATIONS = [
  'created',
  'updated',
  'deleted',
  'submitted',
  'approved',
  'rejected',
  'delivered',
  'failed',
] as const;
/** One activity operation. */
export type ActivityOperation = (typeof ACTIVITY_OPERATIONS)[number];

/** The objects the activity log names (spec 01 §2.10 "configured object"). */
export const CONFIGURED_OBJECTS = [
  'account',
  'user',
  'group',
  'folder',
  'settings',
  'list',
  'template',
  'pattern',
  'field set',
  'connected account',
  'target',
  'multi-target',
  'submission',
  'integration assignment',
  'api token',
  'identity provider',
  'audit',
] as const;
/** One configured object of the activity log. */
export type ConfiguredObject = (typeof CONFIGURED_OBJECTS)[number];

/** One activity-log entry (spec 01 §2.10, §3.1). */
export const activitySchema = z.object({
  id: z.number(),
  timestamp: z.string(),
  username: z.string(),
  configuredObject: z.string(),
  objectName: z.string(),
  operation: z.enum(ACTIVITY_OPERATIONS),
  objectId: z.number().nullable(),
  changes: z.array(activityChangeSchema),
});
export type Activity = z.infer<typeof activitySchema>;

/**
 * The activity query (spec 01 §7: cursor, timeFrom, timeTo, limit), with the log page's filters
 * (spec 01 §2.10): the user who acted (`userId`; another account's user finds nothing), the
 * configured object and the operation. Each answers 400 naming it when it is not one of its values.
 */
export const activityQuerySchema = z.object({
  cursor: text(500).optional(),
  userId: z.coerce
    .number({ error: 'userId must be a user id' })
    .int('userId must be a user id')
    .min(1, 'userId must be a user id')
    .max(INT4_MAX, 'userId must be a user id')
    .optional(),
  configuredObject: z
    .enum(CONFIGURED_OBJECTS, { error: `configuredObject must be one of: ${CONFIGURED_OBJECTS.join(', ')}` })
    .optional(),
  operation: z
    .enum(ACTIVITY_OPERATIONS, { error: `operation must be one of: ${ACTIVITY_OPERATIONS.join(', ')}` })
    .optional(),
  timeFrom: z.iso.datetime({ offset: true, error: 'timeFrom must be an ISO 8601 time' }).optional(),
  timeTo: z.iso.datetime({ offset: true, error: 'timeTo must be an ISO 8601 time' }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(ACTIVITY_PAGE_SIZE),
});

/**
 * Page metadata (spec 01 §3.1) plus `previous` and `offset`. Every cursor is opaque: `next`
 * and `previous` are the neighbouring pages (null at the ends), `firstCursor` and `lastCursor`
 * the first and last pages; `offset` is the 0-based position of the page's first entry.
 */
export const activityPageSchema = z.object({
  metadata: z.object({
    limit: z.number(),
    totalItems: z.number(),
    offset: z.number(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    firstCursor: z.string(),
    lastCursor: z.string(),
  }),
  data: z.array(activitySchema),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

/** Activity endpoints (spec 01 §2.10; the path is ours). */
export const activitiesApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/account/activities',
    tag: 'Activity log',
    summary:
      'Configuration changes, submissions, decisions and integration runs, newest first, one cursor page at a time; filtered by time, user, configured object and operation.',
    permission: 'all_privileges',
    feature: 'user-activity-log',
    query: activityQuerySchema,
    response: activityPageSchema,
  }),
};

/** The "x-y of total" label of the activity table (spec 01 §2.10). */
export function rangeLabel(offset: number, count: number, total: number): string {
  if (total === 0 || count === 0) return `0 of ${total}`;
  return `${offset + 1}-${offset + count} of ${total}`;
}
