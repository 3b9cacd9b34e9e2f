import { createHash } from 'node:crypto';
import type { IntegrationAssignment } from '@nomen/shared';
import type { ReadConnector } from '../../../entities/connectors/connectors.read';
import { ReportError } from '../../../integrations/async-report';
import { PROVIDER_LABELS, ProviderError, type ProviderName } from '../../../integrations/provider-error';
import { describe } from '../../delivery';
import { InboundError } from '../inbound-error';
import { cellText } from '../source-objects';
import type { AdObjectsRead } from './types';

/**
 * What every ad-platform reader shares (issue 12 item 5; spec 03 §3 "Data types per connector",
 * filters): the chosen data type and settings, the assignment's filters (catalogue.ts
 * `integrationFilters`: campaign_ids, name_contains, status), the table a read makes, and how a
 * provider failure becomes a run failure.
 */

export type { AdObjectsRead, AdReader } from './types';

/** The data type spec of `metadata.data_type`, or a permanent failure listing the choices. */
export function chosenDataType<T>(assignment: IntegrationAssignment, specs: Record<string, T>): [string, T] {
  const dataType = String(assignment.metadata?.data_type ?? '').trim();
  const spec = specs[dataType];
  if (!spec)
    throw new InboundError(`Choose the data type to import (${Object.keys(specs).join(', ')})`, true);
  return [dataType, spec];
}

/** A metadata setting that must be filled (an ad account, a profile), or a permanent failure saying so. */
export function chosenSetting(assignment: IntegrationAssignment, key: string, what: string): string {
  const value = String(assignment.metadata?.[key] ?? '').trim();
  if (value === '' || value === '0' || value === '1')
    throw new InboundError(`Choose the ${what} to import from`, true);
  return value;
}

/** The assignment's filters: campaign ids, the name text, and the statuses (ACTIVE, PAUSED, ARCHIVED). */
export interface AdFilters {
  campaignIds: string[];
  nameContains: string | null;
  statuses: string[];
}

/** Reads the assignment's filters (values trimmed, empty ones left out). */
export function adFilters(assignment: IntegrationAssignment): AdFilters {
  const out: AdFilters = { campaignIds: [], nameContains: null, statuses: [] };
  for (const f of assignment.filters ?? []) {
    const values = f.values.map((v) => String(v).trim()).filter((v) => v !== '');
    if (values.length === 0) continue;
    const id = String(f.integrationFilterId);
    if (id === 'campaign_ids') out.campaignIds.push(...values);
    else if (id === 'name_contains') out.nameContains = values[0]!;
    else if (id === 'status') out.statuses.push(...values.map((v) => v.toUpperCase()));
  }
  return out;
}

/**
 * Keeps the objects that pass the filters a provider's list cannot apply itself: `campaign` names
 * the field holding the campaign id (null: the filter does not apply to this data type), `name`
 * the name field (case-insensitive "contains"), `status` the status field with the provider's
 * value for each of ours.
 */
export function keepMatching<T extends Record<string, unknown>>(
  objects: T[],
  filters: AdFilters,
  fields: { campaign?: string | null; name?: string | null; status?: string | null },
  statusOf: (ours: string) => string = (s) => s,
): T[] {
  const ids = new Set(filters.campaignIds);
  const needle = filters.nameContains?.toLowerCase() ?? null;
  const statuses = new Set(filters.statuses.map(statusOf));
  return objects.filter(
    (o) =>
      (!fields.campaign || ids.size === 0 || ids.has(cellText(o[fields.campaign]))) &&
      (!fields.name || needle === null || cellText(o[fields.name]).toLowerCase().includes(needle)) &&
      (!fields.status || statuses.size === 0 || statuses.has(cellText(o[fields.status]).toUpperCase())),
  );
}

export { cellText };

/**
 * The table of `objects` (columns `header`, cells read by `cell`, default the field of that name),
 * each row keyed by `keyPrefix:<id field>` and versioned by `versionField` when the object has it,
 * else by a hash of the row, so an unchanged object is not imported again.
 */
export function objectsTable<T>(
  label: string,
  header: string[],
  objects: T[],
  keyOf: (o: T) => string,
  versionOf: (o: T) => unknown = () => undefined,
  cell: (o: T, column: string) => unknown = (o, column) => (o as Record<string, unknown>)[column],
): AdObjectsRead {
  const rows = objects.map((o) => header.map((column) => cellText(cell(o, column))));
  const items = objects.map((o, i) => {
    const version = versionOf(o);
    return {
      key: keyOf(o),
      version:
        version !== undefined && version !== null && version !== ''
          ? String(version)
          : createHash('sha256').update(JSON.stringify(rows[i])).digest('hex').slice(0, 32),
    };
  });
  return { label, table: { header, rows }, items };
}

/**
 * Runs a provider read and turns its failure into a run failure: a refused credential (naming the
 * connected account to reconnect) and other 4xx answers end the run at once; 429, 5xx, timeouts
 * and network faults are retried. A delivery report that failed or was not ready within the wait
 * (ReportError) ends the run at once, its message naming the platform and the report id.
 */
export async function readFromProvider<T>(
  provider: ProviderName,
  connector: ReadConnector,
  what: string,
  read: () => Promise<T>,
): Promise<T> {
  const who = PROVIDER_LABELS[provider];
  try {
    return await read();
  } catch (error) {
    if (error instanceof InboundError) throw error;
    if (error instanceof ReportError) throw new InboundError(error.message, true);
    if (error instanceof ProviderError) {
      if (error.code === 'UNAUTHORIZED')
        throw new InboundError(
          `${who} refused the credentials of "${connector.name}" (${error.providerMessage}): reconnect it in Connected accounts`,
          true,
        );
      const permanent = error.status !== null && error.status < 500 && error.status !== 429;
      throw new InboundError(`${who} refused the ${what}: ${error.providerMessage}`, permanent);
    }
    throw new InboundError(`${who} could not be read: ${describe(error)}`, false);
  }
}
