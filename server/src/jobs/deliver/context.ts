import type { IntegrationAssignment, OutputFile } from '@nomen/shared';
import type { IntegrationRunRow } from '@nomen/shared/db';
import { type ReadConnector, readConnector } from '../../entities/connectors/connectors.read';
import type * as submissionsRepo from '../../entities/submissions/submissions.repository';
import type { RunTemplate } from '../../entities/templates/templates.service';
import { ProviderError } from '../../integrations/provider-error';
import { DeliveryError, type Destination } from '../delivery';
import type { JobDeps } from '../types';

/** The submission a run delivers, as the repository reads it. */
export type RunSubmission = NonNullable<Awaited<ReturnType<typeof submissionsRepo.findSubmission>>>;

/** One row of the submission as of the run's commit: its cv_id and values by template field id. */
export interface RunRow {
  cv_id: string;
  data: Readonly<Record<string, string>>;
}

/**
 * What a deliverer gets (issue 12 item 4): the run, the template and assignment as saved, the
 * submission, its rows as of the run's commit, the files built from them as the assignment says,
 * and the assignment's destination. `connector()` reads the assignment's connected account
 * (DeliveryError, permanent, when it has none or it cannot be read); `fence()` and `attemptTag`
 * keep a delivery to one attempt.
 */
export interface DeliveryContext {
  deps: JobDeps;
  run: IntegrationRunRow;
  /** What the run reads of its template: id, name and template fields (`loadRunAssignment`). */
  template: RunTemplate;
  assignment: IntegrationAssignment;
  submission: RunSubmission;
  rows: readonly RunRow[];
  /** The template's fields in order: template field id and field name. */
  fields: readonly { id: number; name: string }[];
  files: readonly OutputFile[];
  metadata: Readonly<Record<string, unknown>>;
  destination: Destination;
  connector(): Promise<ReadConnector>;
  /** A tag of this attempt, unique per attempt, for its temporary file names. */
  attemptTag: string;
  /**
   * Checks that this attempt still holds the run (./lease.ts); call right before what must happen
   * once (renaming a file into place, sending mail). Throws LeaseLostError when it does not.
   */
  fence(): Promise<void>;
}

/**
 * The template field that holds saved field `fieldId` in the run's template, as its template field
 * id (the key of the rows' values), or null when the template has no such field. Mapping rows
 * (`cvFieldId`) and the identifier metadata name saved fields (spec 03 §3; the editor offers the
 * template's fields by field id), while rows are keyed by template field.
 */
export function templateFieldOf(ctx: Pick<DeliveryContext, 'template'>, fieldId: unknown): number | null {
  if (fieldId === null || fieldId === undefined || String(fieldId).trim() === '') return null;
  const tf = ctx.template.template_fields.find((f) => String(f.field_id) === String(fieldId));
  return typeof tf?.id === 'number' ? tf.id : null;
}

/**
 * What a delivery made: the names, keys or links delivered (the run's `files`), and optionally
 * the run log's message (default "Delivered N files: …").
 */
export type DeliveryResult = string[] | { items: string[]; message: string };

/** Delivers a run's output; answers what was delivered for the run log. */
export type Deliverer = (ctx: DeliveryContext) => Promise<DeliveryResult>;

/** Reads the assignment's connected account; DeliveryError (permanent) when missing or unreadable. */
export async function assignmentConnector(
  deps: JobDeps,
  accountId: number,
  connectorId: number | null | undefined,
): Promise<ReadConnector> {
  if (connectorId === null || connectorId === undefined)
    throw new DeliveryError('The integration has no connected account', true);
  try {
    return await readConnector(deps, accountId, connectorId);
  } catch (error) {
    throw new DeliveryError(
      `The connected account cannot be read: ${error instanceof Error ? error.message : String(error)}`,
      true,
    );
  }
}

/**
 * The access token of an OAuth account for a provider client, refreshed once when the provider
 * refuses it. DeliveryError (permanent) when the account was never authorised.
 */
export function oauthAccess(deps: JobDeps, connector: ReadConnector) {
  if (!connector.tokens)
    throw new DeliveryError(
      `"${connector.name}" is not authorised yet: sign in with the provider from Connected accounts`,
      true,
    );
  let current = connector.tokens.access_token;
  return {
    getAccessToken: async () => current,
    onUnauthorized: async () => {
      const fresh = await readConnector(deps, connector.accountId, connector.id, { forceRefresh: true });
      current = fresh.tokens?.access_token ?? current;
    },
  };
}

/**
 * A provider failure as a delivery failure: refused credentials and the provider's 400, 403,
 * 404, 409 and 422 answers are permanent (a retry would get the same answer, so no retry storm);
 * timeouts, network faults, 408, 429 and 5xx are retried. Other errors are retried as they are.
 */
export function deliveryFailure(error: unknown, what: string): DeliveryError {
  if (error instanceof DeliveryError) return error;
  if (error instanceof ProviderError) {
    const permanent =
      error.code === 'UNAUTHORIZED' ||
      (error.code === 'HTTP' && error.status !== null && [400, 403, 404, 409, 422].includes(error.status));
    return new DeliveryError(`${what} failed: ${error.message}`, permanent);
  }
  return new DeliveryError(
    `${what} failed: ${error instanceof Error ? error.message : String(error)}`,
    false,
  );
}

/** Whether a metadata flag is on (1, '1', true). */
export function flagOn(value: unknown): boolean {
  return value === 1 || value === '1' || value === true;
}

/** A metadata value as trimmed text ('' when absent). */
export function metadataText(metadata: Readonly<Record<string, unknown>>, key: string): string {
  const value = metadata[key];
  return value === undefined || value === null ? '' : String(value).trim();
}
