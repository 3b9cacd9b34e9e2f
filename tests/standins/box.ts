import {
  multipartParts,
  type StandinAnswer,
  type StandinRequest,
  type StandinRoute,
  StandinServer,
} from './standin-server';

/**
 * Box API stand-in (tests/standins/README.md). Follows https://developer.box.com/reference/:
 * `GET /2.0/folders/{id}/items` (offset paging, `total_count`), `POST /2.0/folders` (409
 * item_name_in_use with `context_info.conflicts`), `POST /api/2.0/files/content` (multipart:
 * `attributes` JSON `{ name, parent: { id } }` must come before `file`; 201 `{ total_count,
 * entries }`; 409 item_name_in_use naming the existing file) and `POST /api/2.0/files/{id}/content`
 * (a new version). The error envelope is `{ type: 'error', status, code, message, context_info,
 * help_url, request_id }`; a refused token answers 401 with an empty body and WWW-Authenticate.
 * API base URL `standin.apiUrl` (`/2.0`), upload base URL `standin.uploadUrl` (`/api/2.0`).
 */

/** A folder or file as stored. */
export interface BoxItem {
  type: 'folder' | 'file';
  id: string;
  name: string;
  parent: string;
  /** A file's versions, oldest first. */
  versions: Buffer[];
}

/** The Box stand-in server. */
export class BoxStandin extends StandinServer {
  /** Items by id; folder 0 is the root. */
  readonly items = new Map<string, BoxItem>([
    ['0', { type: 'folder', id: '0', name: 'All Files', parent: '', versions: [] }],
  ]);
  private next = 1000;
  private faults = new Map<string, StandinAnswer>();

  /** Answers the next upload (new file or version) of a file named `name` with `answer`, once. */
  failUploadOnce(name: string, answer: StandinAnswer): void {
    this.faults.set(name, answer);
  }

  private fault(name: string): StandinAnswer | undefined {
    const answer = this.faults.get(name);
    this.faults.delete(name);
    return answer;
  }

  constructor(validTokens: string[]) {
    super(validTokens);
  }

  /** BOX_API_URL. */
  get apiUrl(): string {
    return `${this.url}/2.0`;
  }

  /** BOX_UPLOAD_API_URL. */
  get uploadUrl(): string {
    return `${this.url}/api/2.0`;
  }

  /** The items in folder `id`. */
  childrenOf(id: string): BoxItem[] {
    return [...this.items.values()].filter((i) => i.parent === id);
  }

  /** The item at `/a/b/c`, or undefined. */
  itemAt(path: string): BoxItem | undefined {
    let current = this.items.get('0');
    for (const name of path.split('/').filter(Boolean))
      current = current && this.childrenOf(current.id).find((i) => i.name === name);
    return current;
  }

  protected isAuthorized(req: StandinRequest): boolean {
    const token = this.bearer(req);
    return token !== undefined && this.validCredentials.has(token);
  }

  protected unauthorized(): StandinAnswer {
    return {
      status: 401,
      raw: '',
      headers: { 'www-authenticate': 'Bearer realm="Service", error="invalid_token"' },
    };
  }

  protected override notFound(): StandinAnswer {
    return boxError(404, 'not_found', 'Not Found');
  }

  protected routes(): StandinRoute[] {
    return [
      { method: 'GET', path: '/2.0/folders/:id/items', handle: (req, p) => this.list(req, p.id!) },
      { method: 'POST', path: '/2.0/folders', handle: (req) => this.makeFolder(req) },
      { method: 'POST', path: '/api/2.0/files/content', handle: (req) => this.uploadNew(req) },
      {
        method: 'POST',
        path: '/api/2.0/files/:id/content',
        handle: (req, p) => this.uploadVersion(req, p.id!),
      },
    ];
  }

  private list(req: StandinRequest, id: string): StandinAnswer {
    const folder = this.items.get(id);
    if (folder?.type !== 'folder') return boxError(404, 'not_found', 'Not Found');
    const limit = Number(req.query.get('limit') ?? 100);
    const offset = Number(req.query.get('offset') ?? 0);
    if (!(limit >= 1 && limit <= 1000)) return boxError(400, 'bad_request', 'Invalid value for limit');
    const all = this.childrenOf(id);
    return {
      status: 200,
      body: {
        total_count: all.length,
        entries: all
          .slice(offset, offset + limit)
          .map((i) => ({ type: i.type, id: i.id, etag: '0', name: i.name })),
        offset,
        limit,
        order: [{ by: 'type', direction: 'ASC' }],
      },
    };
  }

  private conflict(existing: BoxItem): StandinAnswer {
    return boxError(409, 'item_name_in_use', 'Item with the same name already exists', {
      conflicts: { type: existing.type, id: existing.id, name: existing.name, etag: '0' },
    });
  }

  private makeFolder(req: StandinRequest): StandinAnswer {
    const body = req.body as { name?: string; parent?: { id?: string } } | undefined;
    const parent = this.items.get(body?.parent?.id ?? '');
    if (!body?.name || !parent) return boxError(400, 'bad_request', 'parent and name are required');
    const existing = this.childrenOf(parent.id).find((i) => i.name === body.name);
    if (existing) return this.conflict(existing);
    const item: BoxItem = {
      type: 'folder',
      id: String(this.next++),
      name: body.name,
      parent: parent.id,
      versions: [],
    };
    this.items.set(item.id, item);
    return { status: 201, body: { type: 'folder', id: item.id, name: item.name, etag: '0' } };
  }

  private uploadNew(req: StandinRequest): StandinAnswer {
    const form = parseMultipart(req);
    if ('error' in form) return boxError(400, 'bad_request', form.error);
    const attributes = JSON.parse(form.attributes) as { name?: string; parent?: { id?: string } };
    const parent = this.items.get(attributes.parent?.id ?? '');
    if (!attributes.name) return boxError(400, 'bad_request', 'attributes.name is required');
    const fault = this.fault(attributes.name);
    if (fault) return fault;
    if (parent?.type !== 'folder') return boxError(404, 'not_found', 'Not Found');
    const existing = this.childrenOf(parent.id).find((i) => i.name === attributes.name);
    if (existing) return this.conflict(existing);
    const item: BoxItem = {
      type: 'file',
      id: String(this.next++),
      name: attributes.name,
      parent: parent.id,
      versions: [form.file],
    };
    this.items.set(item.id, item);
    return { status: 201, body: { total_count: 1, entries: [fileBody(item)] } };
  }

  private uploadVersion(req: StandinRequest, id: string): StandinAnswer {
    const item = this.items.get(id);
    if (item?.type !== 'file') return boxError(404, 'not_found', 'Not Found');
    const form = parseMultipart(req);
    if ('error' in form) return boxError(400, 'bad_request', form.error);
    const fault = this.fault(item.name);
    if (fault) return fault;
    item.versions.push(form.file);
    return { status: 201, body: { total_count: 1, entries: [fileBody(item)] } };
  }
}

function fileBody(item: BoxItem) {
  return {
    type: 'file',
    id: item.id,
    name: item.name,
    size: item.versions.at(-1)!.length,
    etag: String(item.versions.length - 1),
    file_version: { type: 'file_version', id: `${item.id}-v${item.versions.length}` },
    parent: { type: 'folder', id: item.parent },
  };
}

/** The `attributes` and `file` parts of a Box upload; `attributes` must come first. */
function parseMultipart(req: StandinRequest): { attributes: string; file: Buffer } | { error: string } {
  const parts = multipartParts(req);
  if (!parts) return { error: 'Expected multipart/form-data' };
  const names = parts.map((p) => p.name);
  const a = names.indexOf('attributes');
  const f = names.indexOf('file');
  if (f < 0) return { error: 'file is required' };
  if (a < 0 || a > f) return { error: 'attributes must come before file' };
  return { attributes: parts[a]!.data.toString('utf8'), file: Buffer.from(parts[f]!.data) };
}

function boxError(status: number, code: string, message: string, contextInfo?: unknown): StandinAnswer {
  return {
    status,
    body: {
      type: 'error',
      status,
      code,
      message,
      ...(contextInfo ? { context_info: contextInfo } : {}),
      help_url: 'http://developers.box.com/docs/#errors',
      request_id: 'standin',
    },
  };
}
