import {
  type AdReader,
  adFilters,
  chosenDataType,
  chosenSetting,
  keepMatching,
  objectsTable,
  readFromProvider,
} from '../../jobs/inbound/ad-readers/common';
import { buildMarketingCloudClient } from './build';
import type { MarketingCloudRow } from './client';

/**
 * salesforce-marketing-cloud-inbound (issue 12 item 5; spec 03 §3 SFMC inbound: campaigns, assets,
 * journeys): the rows of the data extension (metadata data_extension_key) that holds the chosen
 * data type, read by its external key. Columns are the data extension's; a row's key is its
 * primary key values. The filters apply to the columns named like them (case-insensitive:
 * campaign_id or id for campaigns, name, status); versions are a hash of the row.
 */
const SFMC_DATA_TYPES: Record<string, { label: string }> = {
  campaigns: { label: 'campaigns' },
  assets: { label: 'assets' },
  journeys: { label: 'journeys' },
};

/** The column of `row` named like `wanted` (case-insensitive), or null. */
function columnLike(columns: string[], ...wanted: string[]): string | null {
  for (const w of wanted) {
    const found = columns.find((c) => c.toLowerCase() === w);
    if (found) return found;
  }
  return null;
}

/** Reads a salesforce-marketing-cloud-inbound assignment (metadata data_type and data_extension_key; filters). */
export const readSfmcObjects: AdReader = async (deps, connector, assignment) => {
  const [dataType, spec] = chosenDataType(assignment, SFMC_DATA_TYPES);
  const key = chosenSetting(assignment, 'data_extension_key', 'data extension (external key)');
  const what = `${spec.label} of data extension ${key}`;
  const rows: MarketingCloudRow[] = await readFromProvider('marketing-cloud', connector, what, () =>
    buildMarketingCloudClient(deps, connector).rows(key),
  );
  const header = [...new Set(rows.flatMap((r) => Object.keys(r.values)))];
  // A data extension without a primary key: the row's values are its key.
  const values = rows.map((r) => ({
    ...r.values,
    __key: JSON.stringify(Object.keys(r.keys).length > 0 ? r.keys : r.values),
  }));
  const kept = keepMatching(values, adFilters(assignment), {
    campaign: columnLike(header, ...(dataType === 'campaigns' ? ['campaign_id', 'id'] : ['campaign_id'])),
    name: columnLike(header, 'name'),
    status: columnLike(header, 'status'),
  });
  // An `id` column (the primary key values) unless the data extension has one: a default mapping field.
  const keyColumns = [...new Set(rows.flatMap((r) => Object.keys(r.keys)))];
  const withId = header.includes('id') || keyColumns.length === 0 ? header : ['id', ...header];
  return objectsTable(
    what,
    withId,
    kept,
    (r) => `${key}:${r.__key}`,
    () => undefined,
    (r, column) =>
      column === 'id' && !header.includes('id')
        ? keyColumns.map((k) => (r as Record<string, string>)[k] ?? '').join('|')
        : (r as Record<string, string>)[column],
  );
};
