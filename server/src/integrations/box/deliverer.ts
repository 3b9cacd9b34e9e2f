import { type Deliverer, deliveryFailure, oauthAccess } from '../../jobs/deliver/context';
import { BoxClient } from './client';

/**
 * The Box deliverer of box-push, box-push-general and box-push-v2 (issue 12 item 4): finds the
 * folder (a path such as `/Exports/Weekly`, made when missing, or a folder id) and uploads each
 * file into it with the box account's OAuth token. A name already in the folder (Box's 409
 * item_name_in_use) gets a new version of that file, so a retried run leaves one file. A refused
 * token (after one refresh) and a missing folder are permanent.
 */
export const boxDeliverer: Deliverer = async (ctx) => {
  const connector = await ctx.connector();
  const { providers } = ctx.deps.config;
  const client = new BoxClient({
    fetch: ctx.deps.config.outbound.fetch,
    apiUrl: providers.box.apiUrl,
    uploadUrl: providers.box.uploadUrl,
    timeoutMs: providers.timeoutMs,
    ...oauthAccess(ctx.deps, connector),
  });
  const folder = ctx.destination.folder || '/';
  let folderId: string;
  try {
    folderId = await client.folderIdFor(folder);
  } catch (error) {
    throw deliveryFailure(error, `Finding the Box folder ${folder}`);
  }
  const names: string[] = [];
  for (const file of ctx.files) {
    const name = `${ctx.destination.filePrefix}${file.name}`;
    try {
      await client.uploadFile(folderId, name, file.body, file.contentType);
    } catch (error) {
      throw deliveryFailure(error, `Upload of ${name} to Box`);
    }
    names.push(`${folder.replace(/\/+$/, '')}/${name}`);
  }
  return names;
};
