import type { folderSaveSchema } from '@nomen/shared';
import { AppError, type Folder } from '@nomen/shared';
import type { FolderRow } from '@nomen/shared/db';
import type { z } from 'zod';
import type { Actor, AppDeps } from '../../http/context';
import { recordActivity } from '../activities/activities.service';
import { assertAllFound, assertNotStale } from '../guards';
import * as repo from './folders.repository';

function toFolder(row: FolderRow): Folder {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    updated_at: row.updated_at.toISOString(),
  };
}

/** The attributes the activity log compares. */
function audited(f: Folder) {
  return { name: f.name, description: f.description };
}

/** The account's folders (spec 01 §2.8). */
export async function listFolders(deps: AppDeps, actor: Actor): Promise<{ data: Folder[] }> {
  return { data: (await repo.listFolders(deps.db, actor.accountId)).map(toFolder) };
}

/**
 * Creates (no id) or updates (id) a folder, with its activity entry, in one transaction
 * (spec 01 §2.8). Throws 404 for an id of another account, 409 for a stale write.
 */
export async function saveFolder(
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof folderSaveSchema>,
): Promise<{ folder: Folder }> {
  return deps.db.transaction().execute(async (trx) => {
    const values = { name: input.name, description: input.description };
    if (!input.id) {
      const folder = toFolder(await repo.insertFolder(trx, actor.accountId, values));
      await recordActivity(trx, actor, {
        configuredObject: 'folder',
        objectName: folder.name,
        objectId: folder.id,
        before: null,
        after: audited(folder),
      });
      return { folder };
    }
    const [existing] = await repo.findFoldersForUpdate(trx, actor.accountId, [input.id]);
    if (!existing) throw AppError.notFound('Folder');
    assertNotStale(existing.updated_at, input.updated_at, 'folder');
    const folder = toFolder(await repo.updateFolder(trx, actor.accountId, input.id, values));
    await recordActivity(trx, actor, {
      configuredObject: 'folder',
      objectName: folder.name,
      objectId: folder.id,
      before: audited(toFolder(existing)),
      after: audited(folder),
    });
    return { folder };
  });
}

/**
 * Deletes folders (spec 01 §2.8, §8). All or nothing: 404 when any id is unknown, 400 naming
 * the folder when one still holds templates.
 */
export async function deleteFolders(deps: AppDeps, actor: Actor, ids: number[]): Promise<{ ok: true }> {
  await deps.db.transaction().execute(async (trx) => {
    const folders = await repo.findFoldersForUpdate(trx, actor.accountId, ids);
    assertAllFound(
      ids,
      folders.map((f) => f.id),
      'Folders',
    );
    const inUse = await repo.countTemplatesInFolders(trx, actor.accountId, ids);
    const busy = inUse[0];
    if (busy) {
      const name = folders.find((f) => f.id === busy.folder_id)?.name ?? '';
      const n = Number(busy.n);
      throw new AppError(
        'BAD_REQUEST',
        `Folder "${name}" holds ${n} template${n === 1 ? '' : 's'}. Move or delete them before deleting the folder.`,
      );
    }
    await repo.deleteFolders(trx, actor.accountId, ids);
    await recordActivity(
      trx,
      actor,
      ...folders.map((f) => ({
        configuredObject: 'folder' as const,
        objectName: f.name,
        objectId: f.id,
        before: audited(toFolder(f)),
        after: null,
      })),
    );
  });
  return { ok: true };
}
