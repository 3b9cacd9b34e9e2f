import { z } from 'zod';
import { ProviderError } from '../provider-error';
import { multipart, type ProviderClientOptions, ProviderHttp, seg, stringAt } from '../provider-http';

/**
 * Box API client (README.md beside this file): folders by path and file uploads into a folder,
 * where a name already in use gets a new version of that file instead of a second file. Serves
 * issue 12 item 4 (box-push, box-push-general, box-push-v2).
 */
export interface BoxClientOptions extends Omit<ProviderClientOptions, 'baseUrl'> {
  /** The API root for folders (BOX_API_URL, `https://api.box.com/2.0`). */
  apiUrl: string;
  /** The upload root for file content (BOX_UPLOAD_API_URL, `https://upload.box.com/api/2.0`). */
  uploadUrl: string;
}

const fileSchema = z.object({ type: z.literal('file'), id: z.string().min(1), name: z.string() });
/** A file as uploads answer it (type file, id, name). */
export type BoxFile = z.output<typeof fileSchema>;

const uploadAnswer = z.object({ total_count: z.number().optional(), entries: z.array(fileSchema).min(1) });

const itemSchema = z.object({ type: z.string(), id: z.string().min(1), name: z.string() });
const itemsPage = z.object({
  entries: z.array(itemSchema),
  total_count: z.number().int(),
  offset: z.number().int().optional(),
  limit: z.number().int().optional(),
});

/** What an upload did: a new file, or a new version of the file holding the name. */
export interface BoxUpload {
  file: BoxFile;
  newVersion: boolean;
}

/** Reads Box's error envelope `{ type: 'error', status, code, message, context_info }`. */
function readBoxError(body: unknown) {
  const conflicts = (body as { context_info?: { conflicts?: unknown } } | null)?.context_info?.conflicts;
  return {
    message: stringAt(body, 'message'),
    code: stringAt(body, 'code'),
    data: conflicts === undefined ? undefined : { conflicts },
  };
}

/** The id of the item a 409 item_name_in_use names (Box answers one conflict object or a list). */
function conflictId(error: unknown): string | null {
  if (!(error instanceof ProviderError) || error.status !== 409) return null;
  if (error.providerCode !== 'item_name_in_use') return null;
  const conflicts = (error.providerData as { conflicts?: unknown } | undefined)?.conflicts;
  const first = Array.isArray(conflicts) ? conflicts[0] : conflicts;
  const id = (first as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' && id !== '' ? id : null;
}

/** The Box client. Every method throws ProviderError on failure. */
export class BoxClient {
  private readonly api: ProviderHttp;
  private readonly upload: ProviderHttp;

  constructor(options: BoxClientOptions) {
    const common = {
      provider: 'box' as const,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      onUnauthorized: options.onUnauthorized,
      authHeaders: async () => ({ authorization: `Bearer ${await options.getAccessToken()}` }),
      readError: readBoxError,
    };
    this.api = new ProviderHttp({ ...common, baseUrl: options.apiUrl });
    this.upload = new ProviderHttp({ ...common, baseUrl: options.uploadUrl });
  }

  /**
   * The id of the folder at `path` (`/Exports/Weekly`, root `/` is folder "0"), creating each
   * missing folder (`POST /folders`; a folder made meanwhile by another push is taken from the
   * 409's conflict). A path that is all digits is taken as a folder id as it is.
   */
  async folderIdFor(path: string): Promise<string> {
    const trimmed = path.trim();
    if (/^\d+$/.test(trimmed)) return trimmed;
    let id = '0';
    for (const name of trimmed.split('/').filter((p) => p !== '' && p !== '.' && p !== '..')) {
      const found = await this.findItem(id, name, 'folder');
      if (found) {
        id = found;
        continue;
      }
      try {
        const made = await this.api.request({
          method: 'POST',
          path: '/folders',
          body: { name, parent: { id } },
          schema: itemSchema,
        });
        id = made.id;
      } catch (error) {
        const existing = conflictId(error);
        if (!existing) throw error;
        id = existing;
      }
    }
    return id;
  }

  /** The id of the item named `name` of `type` in folder `folderId`, or null (`GET /folders/{id}/items`, offset paging). */
  private async findItem(folderId: string, name: string, type: string): Promise<string | null> {
    const limit = 1000;
    for (let offset = 0, page = 0; page < 1000; page++) {
      const answer = await this.api.get(`/folders/${seg(folderId)}/items`, itemsPage, {
        fields: 'name',
        limit,
        offset,
      });
      const hit = answer.entries.find((e) => e.type === type && e.name === name);
      if (hit) return hit.id;
      offset += answer.entries.length;
      if (answer.entries.length === 0 || offset >= answer.total_count) return null;
    }
    return null;
  }

  /**
   * Uploads `data` as file `name` into folder `folderId` (`POST /files/content`, multipart with
   * `attributes` then `file`). When Box answers 409 item_name_in_use, the named file gets a new
   * version instead (`POST /files/{id}/content`), so a retried push leaves one file.
   */
  async uploadFile(
    folderId: string,
    name: string,
    data: Uint8Array,
    contentType: string,
  ): Promise<BoxUpload> {
    try {
      const answer = await this.upload.request({
        method: 'POST',
        path: '/files/content',
        rawBody: multipart([
          { name: 'attributes', value: JSON.stringify({ name, parent: { id: folderId } }) },
          { name: 'file', value: data, filename: name, contentType },
        ]),
        schema: uploadAnswer,
      });
      return { file: answer.entries[0]!, newVersion: false };
    } catch (error) {
      const existing = conflictId(error);
      if (!existing) throw error;
      const answer = await this.upload.request({
        method: 'POST',
        path: `/files/${seg(existing)}/content`,
        rawBody: multipart([
          { name: 'attributes', value: JSON.stringify({ name }) },
          { name: 'file', value: data, filename: name, contentType },
        ]),
        schema: uploadAnswer,
      });
      return { file: answer.entries[0]!, newVersion: true };
    }
  }
}
