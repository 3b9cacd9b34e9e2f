import { createHash } from 'node:crypto';
import { AppError, type IntegrationAssignment, integrationFor } from '@nomen/shared';
import { ReportError } from '../../integrations/async-report';
import { OAuthFlowError } from '../../integrations/oauth/oauth-client';
import { ProviderError } from '../../integrations/provider-error';
import { describe } from '../delivery';
import type { AdObjectsRead } from './ad-readers/types';
import { InboundError } from './inbound-error';

/**
 * Helpers the provider readers share (`server/src/integrations/<provider>/reader.ts`; spec 03 §3): the table and per-row key/version of what was read, the assignment's
 * filter values and date window, and the mapping of a provider failure to a run failure.
 */

/** A table cell: objects as JSON, nothing as ''. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A short hash of a value, the version of an object that carries no change time. */
export function versionHash(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32);
}

/**
 * The read of `objects` as a table with `header` (each column's cell is `cell(object, column)`),
 * each row keyed by `key(object)` and versioned by `version(object)` (or a hash of the row's cells
 * when it answers undefined).
 */
export function objectsRead<T>(
  label: string,
  objects: readonly T[],
  header: readonly string[],
  cell: (object: T, column: string) => unknown,
  key: (object: T) => string,
  version: (object: T) => string | undefined,
): AdObjectsRead {
  const rows = objects.map((o) => header.map((c) => cellText(cell(o, c))));
  const items = objects.map((o, i) => ({ key: key(o), version: version(o) ?? versionHash(rows[i]) }));
  return { label, table: { header: [...header], rows }, items };
}

/** The non-empty values of the assignment's filter `id` (integrationFilterId), trimmed. */
export function filterValues(assignment: IntegrationAssignment, id: string): string[] {
  return (assignment.filters ?? [])
    .filter((f) => String(f.integrationFilterId) === id)
    .flatMap((f) => f.values.map((v) => String(v).trim()))
    .filter((v) => v !== '');
}

/**
 * The earliest time an import reads (spec 03 §9 date filters): the assignment's date filter
 * (CM360 and DV360 `updated_after`, the legacy campaign manager's `start_date`) when set, never
 * more than the row's two years back; one year back when unset. Null for slugs without one.
 */
export function importSince(assignment: IntegrationAssignment, now = new Date()): Date | null {
  const rule = integrationFor(assignment.slug).dateFilter;
  if (!rule) return null;
  const yearsBack = (years: number) => {
    const d = new Date(now);
    d.setUTCFullYear(d.getUTCFullYear() - years);
    return d;
  };
  const chosen = filterValues(assignment, rule.filterId)[0];
  const parsed = chosen ? new Date(chosen) : null;
  if (!parsed || Number.isNaN(parsed.getTime())) return yearsBack(rule.defaultYearsBack);
  const floor = yearsBack(rule.maxYearsBack);
  return parsed < floor ? floor : parsed;
}

/**
 * The run failure of a provider call that failed while reading `what`: an incomplete or
 * unauthorised account, refused credentials and other 4xx answers (a missing object, a bad filter) are permanent and name what to fix; timeouts,
 * throttling and provider faults are retried. A delivery report that failed or was not ready within
 * the wait (ReportError) is permanent, its message naming the platform and the report id.
 */
export function readFailure(error: unknown, provider: string, what: string): InboundError {
  if (error instanceof InboundError) return error;
  // A delivery report that failed or was not ready in time: another run asks for a new one.
  if (error instanceof ReportError) return new InboundError(error.message, true);
  // An account that is incomplete or not authorised (the client could not be built).
  if (error instanceof AppError) return new InboundError(error.message, true);
  if (error instanceof OAuthFlowError)
    return new InboundError(
      `The connected account must be authorised again reading ${what}: ${error.message}`,
      true,
    );
  if (error instanceof ProviderError) {
    if (error.code === 'UNAUTHORIZED')
      return new InboundError(
        `${provider} refused the connected account's credentials reading ${what}: reconnect the account in Connected accounts (${error.providerMessage})`,
        true,
      );
    const permanent = error.status !== null && error.status < 500 && error.status !== 429;
    return new InboundError(`${provider} refused ${what}: ${error.providerMessage}`, permanent);
  }
  return new InboundError(`${provider} could not be read: ${describe(error)}`, false);
}
