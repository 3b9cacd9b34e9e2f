import type { IntegrationAssignment } from '@nomen/shared';
import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import type { AdObjectsRead } from '../../jobs/inbound/ad-readers/types';
import { InboundError } from '../../jobs/inbound/inbound-error';
import { objectsRead, readFailure } from '../../jobs/inbound/source-objects';
import { buildAdobeAnalyticsClient } from './build';
import type { AdobeDimensionItem } from './client';

/**
 * The Adobe Analytics inbound pull (spec 03 §3 adobe-inbound):
 * adobe-inbound reads the values of the dimension that the chosen classification dataset
 * (metadata reportLinked) classifies in the chosen report suite (realmLinked), seen over the last
 * year (a ranked report of the Reports API), one row per value: `Key` (the value, as Adobe's
 * classification files name the key column) and `itemId`; keyed by the item id, so each value is
 * imported once, for people to classify in the Draft.
 */

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
    const { client, company } = buildAdobeAnalyticsClient(deps, connector);
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
