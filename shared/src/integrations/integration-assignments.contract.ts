import { z } from 'zod';
import { endpoint } from '../core/contract';
import { idListSchema, idParamSchema } from '../core/schemas';

/**
 * One notification setting as GET /api/v1/integration-email-notifications/{assignmentId} answers it
 * (spec 03 §3 "Integration notification", §7): snake_case, `email_to` as JSON text of a list of
 * addresses. `integrationNotificationRowSchema` parses it into the editor's shape.
 */
export const integrationNotificationResponseSchema = z.object({
  id: z.number(),
  email_to: z.string(),
  subject: z.string(),
  email_on_failure: z.boolean(),
  email_on_success: z.boolean(),
});
/** A notification setting as the server answers it (spec 03 §7). */
export type IntegrationNotificationResponse = z.infer<typeof integrationNotificationResponseSchema>;

/**
 * Integration assignment endpoints of the connect step (spec 03 §4 "Deleting is immediate in the
 * editor and is also sent to the server", §7), permission `manage_templates`, served by
 * `server/src/entities/templates/integration-assignments.routes.ts`.
 * - `bulkDelete`: deletes saved assignments of the account's templates, all or nothing (another
 *   account's or an unknown id answers 404 and deletes nothing); answers the deleted ids and a message.
 * - `notifications`: the notification settings of one assignment (404 when not the account's).
 */
export const integrationAssignmentsApi = {
  bulkDelete: endpoint({
    method: 'POST',
    path: '/api/v1/integration-assignments/bulk/delete',
    tag: 'Templates',
    summary: 'Delete saved integration assignments of templates (with their notification settings).',
    permission: 'manage_templates',
    body: z.object({ ids: idListSchema }),
    response: z.object({ message: z.string(), deleted_ids: z.array(z.number()) }),
  }),
  notifications: endpoint({
    method: 'GET',
    path: '/api/v1/integration-email-notifications/:id',
    tag: 'Templates',
    summary: 'The notification settings of one integration assignment (the path id is the assignment).',
    permission: 'manage_templates',
    params: idParamSchema,
    response: z.object({ data: z.array(integrationNotificationResponseSchema) }),
  }),
};
