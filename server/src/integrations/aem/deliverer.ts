import { AppError } from '@nomen/shared';
import { type Deliverer, deliveryFailure, metadataText, templateFieldOf } from '../../jobs/deliver/context';
import { cell, mappedFieldId, updateEach, updateReport } from '../../jobs/deliver/mapped-rows';
import { DeliveryError } from '../../jobs/delivery';
import { buildAemClient } from './build';

/**
 * The Adobe Experience Manager deliverer of adobe-experience-manager-outbound (issue 12 item 4;
 * spec 03 §3 aem_data_type, folderFilter; §5 one content-management outbound per template).
 * Without an asset mapping (the editor's form has none) the submission's output files are stored
 * as assets of the chosen folder (created, or their binary replaced when the name is taken, so a
 * retry leaves one asset each). With the id mapping, each row names an asset of the chosen folder (the id mapping: its file name or path under the folder)
 * and writes the row's mapped values into the asset's metadata (the name mapping as `dc:title`,
 * any other mapping under its own name, e.g. `dc:description`) through the Assets HTTP API. Writing
 * the same values again changes nothing, so a retry is harmless. Assets not in the folder are
 * reported and end the run Failed; refused credentials are permanent. Pages are not assets: the
 * Assets HTTP API cannot write them, so that data type fails at once naming the fix.
 */
export const aemDeliverer: Deliverer = async (ctx) => {
  const dataType = metadataText(ctx.metadata, 'aem_data_type') || 'file_assets';
  if (dataType !== 'file_assets')
    throw new DeliveryError(
      `Adobe Experience Manager outbound writes file asset metadata; "${dataType}" cannot be written: choose file assets`,
      true,
    );
  const folder = metadataText(ctx.metadata, 'folderFilter') || '/';
  if (!folder.startsWith('/')) throw new DeliveryError('Folder must start with /', true);
  const idField = mappedFieldId(ctx, 'id');
  const properties = (ctx.assignment.mapping_fields ?? [])
    .filter((m) => m.fieldName !== 'id' && m.fieldName.trim() !== '')
    .flatMap((m) => {
      const field = templateFieldOf(ctx, m.cvFieldId);
      return field === null
        ? []
        : [{ property: m.fieldName === 'name' ? 'dc:title' : m.fieldName.trim(), field }];
    });
  if (idField !== null && properties.length === 0)
    throw new DeliveryError('Map at least one metadata field (such as the name) to a template field', true);
  const connector = await ctx.connector();
  let client: ReturnType<typeof buildAemClient>;
  try {
    client = buildAemClient(ctx.deps, connector);
  } catch (error) {
    if (error instanceof AppError) throw new DeliveryError(error.message, true);
    throw error;
  }
  if (idField === null) {
    // No asset mapping (the editor's form has none): the submission's files become assets of the folder.
    const names: string[] = [];
    for (const file of ctx.files) {
      const name = `${ctx.destination.filePrefix}${file.name}`;
      try {
        await client.putAsset(folder, name, file.body, file.contentType);
      } catch (error) {
        throw deliveryFailure(error, `Storing ${name} in the AEM folder ${folder}`);
      }
      names.push(`${folder.replace(/\/+$/, '')}/${name}`);
    }
    return names;
  }
  const base = folder.replace(/\/+$/, '');
  const items = ctx.rows
    .map((row) => ({
      id: cell(row, idField).replace(/^\/+/, ''),
      values: Object.fromEntries(
        properties.map((p) => [p.property, cell(row, p.field)]).filter(([, v]) => v !== ''),
      ) as Record<string, string>,
    }))
    .filter((i) => i.id !== '' && Object.keys(i.values).length > 0);
  const done = await updateEach(items, 'the AEM asset', async (item) => {
    const path = item.id.startsWith('content/dam/') ? `/${item.id}` : `${base}/${item.id}`;
    try {
      await client.updateAssetMetadata(path, item.values);
    } catch (error) {
      if (error instanceof RangeError) return 'not-found';
      throw error;
    }
    return 'updated';
  });
  return updateReport(
    { ...done, skipped: ctx.rows.length - items.length },
    { one: 'asset', many: 'assets' },
    'without an asset or values',
  );
};
