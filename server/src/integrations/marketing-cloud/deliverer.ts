import * as runs from '../../entities/integration-runs/integration-runs.repository';
import { type Deliverer, deliveryFailure, metadataText, templateFieldOf } from '../../jobs/deliver/context';
import { cell } from '../../jobs/deliver/mapped-rows';
import { DeliveryError } from '../../jobs/delivery';
import { MarketingCloudClient, type MarketingCloudRequestStatus } from '../index';
import { ProviderError } from '../provider-error';

/** How many times a run reads the status of its upsert before trying again later. */
const STATUS_READS = 20;
/** The pause between two status reads, in ms. */
const STATUS_PAUSE_MS = 500;

/** What a run keeps of its upsert (`provider_jobs` by data extension key). */
type MarketingCloudRecord = {
  /** The asynchronous request Marketing Cloud answered. */
  request_id?: string;
};

/** The status of request `requestId`, or null when Marketing Cloud no longer knows it (404). */
async function statusOrNull(
  client: MarketingCloudClient,
  requestId: string,
): Promise<MarketingCloudRequestStatus | null> {
  try {
    return await client.requestStatus(requestId);
  } catch (error) {
    if (error instanceof ProviderError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The Salesforce Marketing Cloud deliverer of salesforce-marketing-cloud-outbound (issue 12 item
 * 4): upserts the submission's rows into the data extension whose external key metadata
 * data_extension_key holds, one data extension row per submission row with the mapped fields as
 * columns (mapping fieldName = column name, its template field = the value). Rows whose primary key
 * exists are updated, others added, so a retried run leaves each row once. The request id is kept
 * on the run (`provider_jobs` by data extension key) as soon as Marketing Cloud answers, so a later
 * attempt (after a crash, or a request still pending) follows that request instead of sending the
 * rows again; only a request Marketing Cloud no longer knows (404) is sent again, which the upsert
 * makes harmless. The run waits for the asynchronous request to complete; rows Marketing Cloud
 * refuses end the run Failed with its messages; a refused client id or secret and an unknown data
 * extension are permanent.
 */
export const marketingCloudDeliverer: Deliverer = async (ctx) => {
  const key = metadataText(ctx.metadata, 'data_extension_key');
  if (!key) throw new DeliveryError('Enter the external key of the data extension to update', true);
  const columns = (ctx.assignment.mapping_fields ?? []).flatMap((m) => {
    const field = m.fieldName.trim() === '' ? null : templateFieldOf(ctx, m.cvFieldId);
    return field === null ? [] : [{ column: m.fieldName.trim(), field }];
  });
  if (columns.length === 0)
    throw new DeliveryError('Map at least one data extension column to a template field', true);
  const connector = await ctx.connector();
  const c = connector.credentials;
  if (c.family !== 'marketing-cloud' || !c.subdomain || !c.client_id || !c.client_secret)
    throw new DeliveryError(
      `"${connector.name}" lacks its subdomain, client id or client secret: complete it in Connected accounts`,
      true,
    );
  const secret = c.client_secret;
  const { providers } = ctx.deps.config;
  const client = new MarketingCloudClient({
    fetch: ctx.deps.config.outbound.fetch,
    authUrl: providers.marketingCloud.authUrlFor(c.subdomain.trim()),
    restUrlFor: providers.marketingCloud.restUrlFor,
    clientId: c.client_id,
    getClientSecret: async () => secret,
    accountId: c.account_id,
    timeoutMs: providers.timeoutMs,
  });
  const items = ctx.rows
    .map((row) => Object.fromEntries(columns.map((m) => [m.column, cell(row, m.field)])))
    .filter((item) => Object.values(item).some((v) => v !== ''));
  if (items.length === 0) return { items: [], message: 'No rows with mapped values to upsert' };
  // The request of an earlier attempt (recorded under the key) is followed rather than sent again.
  const recorded = (ctx.run.provider_jobs[key] ?? {}) as MarketingCloudRecord;
  try {
    let requestId = recorded.request_id;
    let status = requestId ? await statusOrNull(client, requestId) : null;
    if (!requestId || !status) {
      requestId = await client.upsertRows(key, items);
      await runs.recordProviderJob(ctx.deps.db, ctx.run.id, key, {
        request_id: requestId,
      } satisfies MarketingCloudRecord);
      status = await client.requestStatus(requestId);
    }
    for (let read = 1; ; read++) {
      const state = status.requestStatus.toLowerCase();
      if (state === 'complete' || state === 'error') {
        if (status.hasErrors || state === 'error') {
          const errors = await client.requestErrors(requestId);
          throw new DeliveryError(
            `Marketing Cloud refused rows of data extension ${key}: ${errors.slice(0, 5).join('; ') || 'no reason given'}`,
            true,
          );
        }
        return {
          items: [key],
          message: `Upserted ${items.length} ${items.length === 1 ? 'row' : 'rows'} into data extension ${key}`,
        };
      }
      if (read >= STATUS_READS) break;
      await new Promise((resolve) => setTimeout(resolve, STATUS_PAUSE_MS));
      status = await client.requestStatus(requestId);
    }
  } catch (error) {
    throw deliveryFailure(error, `Upserting rows into data extension ${key}`);
  }
  // Still pending: the next attempt reads the recorded request's status again.
  throw new DeliveryError(`Marketing Cloud has not finished the upsert into ${key} yet`, false);
};
