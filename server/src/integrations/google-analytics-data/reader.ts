import {
  GA_CUSTOM_DIMENSION_SCOPES,
  GA_DATA_SET_TYPES,
  GA_MAX_REPORT_DIMENSIONS,
  type IntegrationAssignment,
} from '@nomen/shared';
import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import type { AdObjectsRead } from '../../jobs/inbound/ad-readers/types';
import { InboundError } from '../../jobs/inbound/inbound-error';
import { objectsRead, readFailure, versionHash } from '../../jobs/inbound/source-objects';
import { buildGaAdminClient } from '../google-analytics-admin/build';
import { buildGaDataClient } from './build';
import { customDimensionApiName } from './client';

/**
 * The Google Analytics inbound pull (spec 03 §3 "Google Analytics data set types"; spec 03 §3 "Google Analytics data set types"):
 * google-analytics reads, for the chosen data set type (metadata ga_data_set_type, or
 * ga_data_type), the distinct values of its GA4 dimensions in property ga_property_id over the
 * last year through the Data API's runReport, one row per distinct combination ("(not set)" read
 * as empty, rows with nothing set left out), keyed by its values so each combination is imported
 * once. The columns, which the assignment's mapping fields map onto template fields:
 * - campaign, geography, content and product data: the type's import fields (catalogue.ts
 *   GA_DEFAULT_FIELDS: campaign_id, source, …), each read from a fixed GA4 dimension;
 * - custom data: the property's event-scoped custom dimensions, user data: its user-scoped ones
 *   (listed by the Admin API's customDimensions.list, archived ones are not listed), read as
 *   `customEvent:<parameterName>` / `customUser:<parameterName>`, a column per dimension named by
 *   its parameter name. runReport takes at most 9 dimensions: with more, the first 9 in the Admin
 *   API's order are read and the run says so ("… (the first 9 of its 12 event-scoped custom
 *   dimensions)"). A property with none of that scope fails the run for good.
 */

/** The GA4 dimension (API name) of each import field, per data set type with fixed dimensions. */
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

/** The columns of a read and the GA4 dimension (API name) of each, in the same order. */
interface GaColumns {
  columns: string[];
  dimensions: string[];
  /** Said after the label when not every custom dimension could be read. */
  note: string;
}

/**
 * The columns of custom or user data of `property`: its custom dimensions of `scope`, the first
 * {@link GA_MAX_REPORT_DIMENSIONS} in the Admin API's order. Throws InboundError (permanent) when it
 * has none of that scope; provider failures as the admin client throws them.
 */
async function customDimensionColumns(
  deps: ConnectorDeps,
  connector: ReadConnector,
  property: string,
  scope: 'EVENT' | 'USER',
): Promise<GaColumns> {
  const all = await buildGaAdminClient(deps, connector).listCustomDimensions(property);
  const ofScope = all.filter((d) => d.scope === scope);
  const scoped = `${scope === 'EVENT' ? 'event' : 'user'}-scoped`;
  if (ofScope.length === 0)
    throw new InboundError(
      `Property ${property} has no ${scoped} custom dimensions: register one in Google Analytics (Admin, Custom definitions) or choose another data set type`,
      true,
    );
  const read = ofScope.slice(0, GA_MAX_REPORT_DIMENSIONS);
  return {
    columns: read.map((d) => d.parameterName),
    dimensions: read.map((d) => customDimensionApiName(scope, d.parameterName)),
    note:
      ofScope.length > read.length
        ? ` (the first ${read.length} of its ${ofScope.length} ${scoped} custom dimensions)`
        : '',
  };
}

/**
 * Reads a google-analytics assignment's data set type (settings as the module says). Throws
 * InboundError: permanent for an unreadable type, a missing property, a property without custom
 * dimensions of the type's scope or refused credentials; retried for timeouts and Google faults.
 */
export async function readGoogleAnalytics(
  deps: ConnectorDeps,
  connector: ReadConnector,
  assignment: IntegrationAssignment,
): Promise<AdObjectsRead> {
  const metadata = assignment.metadata ?? {};
  const type = String(metadata.ga_data_set_type ?? metadata.ga_data_type ?? '').trim();
  const fixed = GA_DATA_SET_DIMENSIONS[type];
  const scope = GA_CUSTOM_DIMENSION_SCOPES[type];
  if (!fixed && !scope)
    throw new InboundError(
      `Nomen reads ${GA_DATA_SET_TYPES.map((t) => t.value).join(', ')} from Google Analytics: choose one of those data set types${type ? ` (not ${type})` : ''}`,
      true,
    );
  const property = String(metadata.ga_property_id ?? '')
    .trim()
    .replace(/^properties\//, '');
  if (property === '') throw new InboundError('Choose the Google Analytics property to import from', true);
  let what = `the ${type.replace(/_/g, ' ')} of property ${property}`;
  let read: GaColumns;
  let rows: string[][];
  try {
    read = scope
      ? await customDimensionColumns(deps, connector, property, scope)
      : { columns: Object.keys(fixed!), dimensions: Object.values(fixed!), note: '' };
    what += read.note;
    rows = await buildGaDataClient(deps, connector).dimensionValues(
      property,
      read.dimensions,
      '365daysAgo',
      'today',
    );
  } catch (error) {
    throw readFailure(error, 'Google Analytics', what);
  }
  const { columns } = read;
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
