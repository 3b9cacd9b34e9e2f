import { createHash } from 'node:crypto';
import type { ImportTable, IntegrationAssignment } from '@nomen/shared';
import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import { metaClientOf } from '../../entities/targets/provider-clients';
import type { MetaAdObjectEdge, MetaFilter } from '../../integrations/meta/client';
import { ProviderError } from '../../integrations/provider-error';
import { describeError, InboundError } from './inbound-error';

/**
 * Ad-platform inbound pulls (issue 12 item 5; spec 03 §3 "Data types per connector", filters):
 * facebook-marketing-inbound reads the chosen data type (campaigns, ad sets, ads, ad creatives) of
 * the linked ad account through the Marketing API with the assignment's filters, as a table whose
 * columns are the object's fields, plus each object's id and a version that changes when the object
 * does (its `updated_time`, or a hash of the values read where the object has none).
 */

/** What a pull read: the table, and per table row the object's id and version. */
export interface AdObjectsRead {
  /** The ad account and data type, for messages. */
  label: string;
  table: ImportTable;
  items: { key: string; version: string }[];
}

/** The Marketing API edge and the fields read per data type (spec 03 §3 ad platform data types). */
const FACEBOOK_DATA_TYPES: Record<string, { edge: MetaAdObjectEdge; fields: string[]; label: string }> = {
  campaigns: {
    edge: 'campaigns',
    fields: ['name', 'status', 'effective_status', 'objective', 'updated_time'],
    label: 'campaigns',
  },
  ad_sets: {
    edge: 'adsets',
    fields: ['name', 'campaign_id', 'status', 'effective_status', 'updated_time'],
    label: 'ad sets',
  },
  ads: {
    edge: 'ads',
    fields: ['name', 'campaign_id', 'adset_id', 'status', 'effective_status', 'updated_time'],
    label: 'ads',
  },
  ad_creatives: {
    edge: 'adcreatives',
    fields: ['name', 'title', 'body', 'url_tags', 'status'],
    label: 'ad creatives',
  },
};

/**
 * The assignment's filters (catalogue.ts `integrationFilters`: campaign_ids, name_contains,
 * status) as Graph `filtering` conditions. Campaigns filter their own id; other objects their
 * campaign's (`campaign.id`).
 */
export function facebookFiltering(dataType: string, filters: IntegrationAssignment['filters']): MetaFilter[] {
  const out: MetaFilter[] = [];
  for (const f of filters) {
    const values = f.values.map((v) => String(v).trim()).filter((v) => v !== '');
    if (values.length === 0) continue;
    const id = String(f.integrationFilterId);
    if (id === 'campaign_ids')
      out.push({ field: dataType === 'campaigns' ? 'id' : 'campaign.id', operator: 'IN', value: values });
    else if (id === 'name_contains') out.push({ field: 'name', operator: 'CONTAIN', value: values[0]! });
    else if (id === 'status') out.push({ field: 'effective_status', operator: 'IN', value: values });
  }
  return out;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * Reads the chosen data type of a facebook-marketing-inbound assignment (metadata data_type and
 * adAccountsLinked, filters). Missing settings, a refused token and unknown objects are permanent
 * failures naming what to fix; timeouts and provider faults are retried.
 */
export async function readFacebookObjects(
  deps: ConnectorDeps,
  connector: ReadConnector,
  assignment: IntegrationAssignment,
): Promise<AdObjectsRead> {
  const metadata = assignment.metadata ?? {};
  const dataType = String(metadata.data_type ?? '').trim();
  const spec = FACEBOOK_DATA_TYPES[dataType];
  if (!spec)
    throw new InboundError(
      `Choose the data type to import (${Object.keys(FACEBOOK_DATA_TYPES).join(', ')})`,
      true,
    );
  const adAccount = String(metadata.adAccountsLinked ?? '').trim();
  if (adAccount === '' || adAccount === '0' || adAccount === '1')
    throw new InboundError('Choose the ad account to import from', true);
  let objects: Awaited<ReturnType<ReturnType<typeof metaClientOf>['listAdObjects']>>;
  try {
    objects = await metaClientOf(deps, connector).listAdObjects(
      adAccount,
      spec.edge,
      spec.fields,
      facebookFiltering(dataType, assignment.filters ?? []),
    );
  } catch (error) {
    if (error instanceof ProviderError) {
      const permanent =
        error.code === 'UNAUTHORIZED' ||
        (error.status !== null && error.status < 500 && error.status !== 429);
      throw new InboundError(
        `Facebook refused the ${spec.label} of ${adAccount}: ${error.providerMessage}`,
        permanent,
      );
    }
    throw new InboundError(`Facebook could not be read: ${describeError(error)}`, false);
  }
  const header = ['id', ...spec.fields];
  const rows = objects.map((o) => header.map((f) => cellText((o as Record<string, unknown>)[f])));
  const items = objects.map((o, i) => ({
    key: `${spec.edge}:${o.id}`,
    version:
      typeof o.updated_time === 'string'
        ? o.updated_time
        : createHash('sha256').update(JSON.stringify(rows[i])).digest('hex').slice(0, 32),
  }));
  return { label: `${spec.label} of ${adAccount}`, table: { header, rows }, items };
}
