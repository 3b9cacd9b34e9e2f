import type { IntegrationAssignment } from '@nomen/shared';
import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import { adobeClientOf, gaDataClientOf } from '../../entities/targets/provider-clients';
import type { AdobeDimensionItem } from '../../integrations/index';
import type { AdObjectsRead } from './ad-platform-sources';
import { InboundError } from './inbound-error';
import { objectsRead, readFailure, versionHash } from './source-objects';

/**
 * Analytics inbound pulls (issue 12 item 5; spec 03 §3 "Google Analytics data set types"):
 * google-analytics reads, for the chosen data set type (metadata ga_data_set_type, or
 * ga_data_type), the distinct values of its GA4 dimensions in property ga_property_id over the
 * last year through the Data API's runReport, as columns named like the type's import fields
 * (catalogue.ts GA_DEFAULT_FIELDS: campaign_id, source, …), which the assignment's mapping fields
 * map onto template fields. A row is keyed by its values, so each combination is imported once.
 * Custom data (a Data Import source's uploads) and user data (user and client ids) are not
 * readable through the Data API: those types fail naming the types that are.
 *
 * adobe-inbound reads the values of the dimension that the chosen classification dataset
 * (metadata reportLinked) classifies in the chosen report suite (realmLinked), seen over the last
 * year (a ranked report of the Reports API), one row per value: `Key` (the value, as Adobe's
 * classification files name the key column) and `itemId`; keyed by the item id, so each value is
 * imported once, for people to classify in the Draft.
 */

/** The GA4 dimension (API name) of each import field, per data set type. */
export const GA_DATA_SET_DIMENSIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  campaign_data: {
    campaign_id: 'sessionCampaignId',
    campaign_name: 'sessionCampaignName',
    source: 'sessionSource',
    medium: 'sessionMedium',
    term: 'sessionManualTerm',
    content: 'sessionManualAdContent',
  },
  geography_data: { city: 'city', region: 'region', country: 'country' },
  content_data: { page_path: 'pagePath', page_title: 'pageTitle', content_group: 'contentGroup' },
  product_data: {
    item_id: 'itemId',
    item_name: 'itemName',
    item_brand: 'itemBrand',
    item_category: 'itemCategory',
    item_variant: 'itemVariant',
  },
};

/** GA's "(not set)" placeholder, read as an empty cell. */
const NOT_SET = '(not set)';

/**
 * Reads a google-analytics assignment's data set type (settings as the module says). Throws
 * InboundError: permanent for an unreadable type, a missing property or refused credentials;
 * retried for timeouts and Google faults.
 */
export async function readGoogleAnalytics(
  deps: ConnectorDeps,
  connector: ReadConnector,
  assignment: IntegrationAssignment,
): Promise<AdObjectsRead> {
  const metadata = assignment.metadata ?? {};
  const type = String(metadata.ga_data_set_type ?? metadata.ga_data_type ?? '').trim();
  const dimensions = GA_DATA_SET_DIMENSIONS[type];
  if (!dimensions)
    throw new InboundError(
      `Nomen reads ${Object.keys(GA_DATA_SET_DIMENSIONS).join(', ')} from Google Analytics: choose one of those data set types${type ? ` (not ${type})` : ''}`,
      true,
    );
  const property = String(metadata.ga_property_id ?? '').trim();
  if (property === '') throw new InboundError('Choose the Google Analytics property to import from', true);
  const columns = Object.keys(dimensions);
  const what = `the ${type.replace(/_/g, ' ')} of property ${property.replace(/^properties\//, '')}`;
  let rows: string[][];
  try {
    rows = await gaDataClientOf(deps, connector).dimensionValues(
      property,
      columns.map((c) => dimensions[c]!),
      '365daysAgo',
      'today',
    );
  } catch (error) {
    throw readFailure(error, 'Google Analytics', what);
  }
  const cleaned = rows
    .map((r) => r.map((v) => (v === NOT_SET ? '' : v)))
    .filter((r) => r.some((v) => v !== ''))
    .filter((r, i, all) => all.findIndex((o) => o.join('\u0000') === r.join('\u0000')) === i);
  return objectsRead(
    what.replace(/^the /, ''),
    cleaned,
    columns,
    (r, c) => r[columns.indexOf(c)],
    (r) => `row:${versionHash(r)}`,
    () => '1',
  );
}

/** An Adobe report date: `YYYY-MM-DDT00:00:00.000` of `date` (UTC). */
function adobeDay(date: Date): string {
  return `${date.toISOString().slice(0, 10)}T00:00:00.000`;
}

/**
 * Reads an adobe-inbound assignment (settings as the module says). Throws InboundError: permanent
 * for a missing report suite or dataset, a dataset that does not classify a dimension of the
 * report suite, an incomplete account or refused credentials; retried for timeouts and faults.
 */
export async function readAdobeDimension(
  deps: ConnectorDeps,
  connector: ReadConnector,
  assignment: IntegrationAssignment,
): Promise<AdObjectsRead> {
  const rsid = String(assignment.metadata?.realmLinked ?? '').trim();
  const datasetId = String(assignment.metadata?.reportLinked ?? '').trim();
  if (rsid === '' || datasetId === '')
    throw new InboundError('Choose the Adobe Analytics report suite and report to import from', true);
  let what = `the report ${datasetId} of ${rsid}`;
  let items: AdobeDimensionItem[];
  try {
    const { client, company } = adobeClientOf(deps, connector);
    const dataset = await client.getDataset(company, datasetId);
    const subscription = dataset.subscriptions.find((s) => s.rsid === rsid);
    if (!subscription)
      throw new InboundError(
        `The report "${dataset.name}" does not classify a dimension of report suite ${rsid}: choose another report`,
        true,
      );
    what = `the ${subscription.dimension.replace(/^variables\//, '')} values of ${rsid}`;
    const now = new Date();
    const yearAgo = new Date(now);
    yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
    items = await client.dimensionItems(
      company,
      rsid,
      subscription.dimension,
      adobeDay(yearAgo),
      adobeDay(new Date(now.getTime() + 86_400_000)),
    );
  } catch (error) {
    throw readFailure(error, 'Adobe Analytics', what);
  }
  return objectsRead(
    what.replace(/^the /, ''),
    items.filter((i) => i.value.trim() !== ''),
    ['Key', 'itemId'],
    (i, c) => (c === 'Key' ? i.value : i.itemId),
    (i) => `item:${i.itemId}`,
    () => '1',
  );
}
