import { z } from 'zod';
import { endpoint } from '../core/contract';
import {
  idListSchema,
  idSchema,
  okSchema,
  optionalText,
  requiredName,
  updatedAtSchema,
} from '../core/schemas';

/** A folder (spec 01 §3.1). */
export const folderSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  updated_at: z.string(),
});
export type Folder = z.infer<typeof folderSchema>;

/** The folder drawer's save (spec 01 §2.8, §5). */
export const folderSaveSchema = z.object({
  id: idSchema.nullish(),
  name: requiredName,
  description: optionalText(2000),
  updated_at: updatedAtSchema,
});
export type FolderSave = z.input<typeof folderSaveSchema>;

/** Folder endpoints (spec 01 §2.8, §7). */
export const foldersApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/account/folder',
    tag: 'Folders',
    summary: "The account's folders, by name.",
    permission: 'manage_folders',
    response: z.object({ data: z.array(folderSchema) }),
  }),
  save: endpoint({
    method: 'PUT',
    path: '/api/v1/account/folder',
    tag: 'Folders',
    summary: 'Create a folder (no id) or update one (with id).',
    permission: 'manage_folders',
    body: folderSaveSchema,
    response: z.object({ folder: folderSchema }),
  }),
  bulkDelete: endpoint({
    method: 'POST',
    path: '/api/v1/account/folder/bulk/delete',
    tag: 'Folders',
    summary: 'Delete folders. 400 with a message when a folder still holds templates; 404 for unknown ids.',
    permission: 'manage_folders',
    body: z.object({ folder_ids: idListSchema }),
    response: okSchema,
  }),
};

/** Whether the folder drawer's save is enabled (spec 01 §5): a name, and something changed. */
export function canSaveFolder(
  draft: { name: string; description: string },
  original: { name: string; description: string } | null,
): boolean {
  if (draft.name.trim() === '') return false;
  if (!original) return true;
  return draft.name !== original.name || draft.description !== original.description;
}
