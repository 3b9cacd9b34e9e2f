import { MarketingCloudClient } from '../../integrations/index';
import { DeliveryError } from '../delivery';
import { type Deliverer, deliveryFailure, metadataText, templateFieldOf } from './context';
import { cell } from './mapped-rows';

/** How many times a run reads the status of its upsert before trying again later. */
const STATUS_READS = 20;
/** The pause between two status reads, in ms. */
const STATUS_PAUSE_MS = 500;

/**
 * The Salesforce Marketing Cloud deliverer of salesforce-marketing-cloud-outbound (issue 12 item
 * 4): upserts the submission's rows into the data extension whose external key metadata
 * data_extension_key holds, one data extension row per submission row with the mapped fields as
 * columns (mapping fieldName = column name, its template field = the value). Rows whose primary key
 * exists are updated, others added, so a retried run leaves each row once. The run waits for the
 * asynchronous request to complete; rows Marketing Cloud refuses end the run Failed with its
 * messages; a refused client id or secret and an unknown data extension are permanent.
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
  try {
    const requestId = await client.upsertRows(key, items);
    for (let read = 0; read < STATUS_READS; read++) {
      const status = await client.requestStatus(requestId);
      if (
        status.requestStatus.toLowerCase() === 'complete' ||
        status.requestStatus.toLowerCase() === 'error'
      ) {
        if (status.hasErrors || status.requestStatus.toLowerCase() === 'error') {
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
      await new Promise((resolve) => setTimeout(resolve, STATUS_PAUSE_MS));
    }
  } catch (error) {
    throw deliveryFailure(error, `Upserting rows into data extension ${key}`);
  }
  // Still pending: try again later (the upsert is idempotent).
  throw new DeliveryError(`Marketing Cloud has not finished the upsert into ${key} yet`, false);
};
