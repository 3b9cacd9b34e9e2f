import { foldersApi } from '@nomen/shared';
import type { ApiBuilder } from '../../http/route';
import * as service from './folders.service';

/** Mounts the folder endpoints (spec 01 §2.8, §7). */
export function foldersRoutes(api: ApiBuilder): void {
  const { deps } = api;
  api.mount(foldersApi.list, ({ actor }) => service.listFolders(deps, actor));
  api.mount(foldersApi.save, ({ actor, body }) => service.saveFolder(deps, actor, body));
  api.mount(foldersApi.bulkDelete, ({ actor, body }) => service.deleteFolders(deps, actor, body.folder_ids));
}
