import {
  intParam,
  pageOf,
  type StandinAnswer,
  type StandinRequest,
  type StandinRoute,
  StandinServer,
} from './standin-server';

/**
 * Adobe Experience Manager Assets HTTP API stand-in (tests/standins/README.md). Follows
 * https://experienceleague.adobe.com/en/docs/experience-manager-cloud-service/content/assets/admin/mac-api-assets
 * (folder listing `GET /api/assets/<folder path>.json`, `GET /api/assets.json` for the DAM root,
 * Siren answers with `class`, `properties`, `entities` and `links`; folder entities have class
 * `assets/folder`, assets `assets/asset`; `jcr:title` is answered as `dc:title`) and the paging
 * section of .../assets-api-content-fragments (`offset` and `limit`, `srn:paging` with total,
 * offset and limit in `properties`). Accepts a bearer token (AEM as a Cloud Service) or basic
 * credentials (self-hosted AEM). `PUT /api/assets/<folder path>/<asset name>` with `{ class:
 * 'asset', properties }` updates the asset's metadata ("Update asset metadata" on the same page:
 * `dc:title` is the title; answers 200 with a Sling status body, 404 for a missing asset, 400
 * for a body that is not an asset update). `POST /api/assets/<folder>/<name>` with bytes creates an
 * asset ("Create an asset": 201, 409 when the name is taken, 404 for a missing folder) and `PUT`
 * with a non-JSON body replaces its binary ("Update an asset binary").
 *
 * Pages: the QueryBuilder JSON servlet `GET /bin/querybuilder.json` as
 * https://experienceleague.adobe.com/en/docs/experience-manager-65/content/implementing/developing/platform/query-builder/querybuilder-api
 * and the predicate reference (…/query-builder/querybuilder-predicate-reference) describe it,
 * over the seeded pages (cq:Page), site folders (sling:Folder, sling:OrderedFolder) and
 * /content/dam (a sling:OrderedFolder, as in every AEM):
 * the `path` predicate (everything under the node; the node too with `path.self=true`; with
 * `path.flat=true` only its direct children, the node itself left out), `type` (cq:Page, sling:Folder — which sling:OrderedFolder
 * extends — or sling:OrderedFolder), `property` (only `jcr:primaryType` is modelled) with `value`
 * or numbered `N_value`s, OR-ed unless `property.and=true`,
 * `tagid` with `tagid.property` (a relative path, default `cq:tags` on the hit node itself, so a
 * page's tags are at `jcr:content/cq:tags`), numbered predicates (`1_tagid`) and a `group` with
 * `p.or`, `orderby` (`path` or a `@`property), and the root group's `p.offset`, `p.limit` (default
 * 10, -1 for all), `p.hits` (`simple`: path, name, title, lastModified; `selective`: the space
 * separated relative paths of `p.properties`, deeper ones as child objects, `jcr:path` the hit's
 * path) and `p.guessTotal`. Answers `{ success, results, total, more, offset, hits }`. A
 * parameter it does not know, or a bad number, answers 400 `{ success: false, errorMessage }`
 * (the reference does not show the servlet's error body; the stand-in refuses rather than ignores
 * so a misspelt predicate fails a test).
 */

/**
 * An asset: name, title, and the metadata answered in its entity's `properties.metadata`
 * (`dc:format`, `cq:tags`, `jcr:lastModified`; the reference's listing shows asset metadata there).
 */
export interface AemAssetSeed {
  name: string;
  title?: string;
  format?: string;
  tags?: string[];
  lastModified?: string;
  /** Metadata properties written by `PUT /api/assets/<path>` (the outbound update). */
  metadata?: Record<string, string>;
  /** The binary stored by `POST` (create) or `PUT` (replace) with a non-JSON body. */
  binary?: Buffer;
  contentType?: string | undefined;
  /** How many binaries the asset has had (1 when created, +1 per replacement). */
  versions?: number;
}

/** A folder under /content/dam with its child folders and assets. */
export interface AemFolderSeed {
  name: string;
  title?: string;
  folders?: AemFolderSeed[];
  assets?: AemAssetSeed[];
}

/** A page (cq:Page) under /content with the jcr:content properties the pages query reads. */
export interface AemPageSeed {
  /** Full path, `/content/acme/en/spring`. */
  path: string;
  title?: string;
  template?: string;
  tags?: string[];
  lastModified?: string;
}

/** A Sling folder under /content (a site's container), read by the site folders query. */
export interface AemSiteFolderSeed {
  /** Full path, `/content/acme`. */
  path: string;
  title?: string;
  /** sling:OrderedFolder rather than sling:Folder. */
  ordered?: boolean;
}

/** Seed data of the AEM stand-in. */
export interface AemSeed {
  validTokens: string[];
  /** Accepted basic credentials (self-hosted AEM). */
  basicUsers?: { username: string; password: string }[];
  /** The folders directly under /content/dam. */
  folders: AemFolderSeed[];
  /** Assets directly under /content/dam. */
  assets?: AemAssetSeed[];
  /** Pages under /content (sites), any depth, for the QueryBuilder servlet. */
  pages?: AemPageSeed[];
  /** Sling folders under /content, any depth, for the QueryBuilder servlet. */
  siteFolders?: AemSiteFolderSeed[];
}

/** A node the QueryBuilder servlet searches: a page, a site folder or /content/dam. */
type QueryNode =
  | { kind: 'page'; path: string; type: 'cq:Page'; page: AemPageSeed }
  | { kind: 'folder'; path: string; type: 'sling:Folder' | 'sling:OrderedFolder'; title?: string };

/** Node types the `type` predicate matches, with their modelled subtypes. */
const TYPE_MATCHES: Record<string, readonly string[]> = {
  'cq:Page': ['cq:Page'],
  'sling:Folder': ['sling:Folder', 'sling:OrderedFolder'],
  'sling:OrderedFolder': ['sling:OrderedFolder'],
};

/** Default page size of a listing when no limit is given. */
const DEFAULT_LIMIT = 20;
/** The QueryBuilder servlet's default `p.limit`. */
const QUERY_DEFAULT_LIMIT = 10;
/** Root-group parameters of the QueryBuilder servlet the stand-in takes. */
const QUERY_PARAMS = new Set([
  'path',
  'path.flat',
  'path.self',
  'type',
  'property',
  'property.value',
  'property.and',
  'orderby',
  'orderby.sort',
  'p.offset',
  'p.limit',
  'p.hits',
  'p.properties',
  'p.guessTotal',
  'group.p.or',
]);
/** A tagid predicate, alone, numbered or in the group: `[group.][N_]tagid[.property]`. */
const TAGID_PARAM = /^(?:group\.)?(?:\d+_)?tagid(?:\.property)?$/;
/** A numbered value of the property predicate: `property.N_value`. */
const PROPERTY_VALUE_PARAM = /^property\.\d+_value$/;

/** The AEM stand-in server. */
export class AemStandin extends StandinServer {
  private readonly seed: AemSeed;

  constructor(seed: AemSeed) {
    super([...seed.validTokens, ...(seed.basicUsers ?? []).map((u) => `basic:${u.username}:${u.password}`)]);
    this.seed = structuredClone(seed);
  }

  /** The asset at a DAM path under /content/dam (`campaigns/banner.png`), or undefined. */
  assetAt(path: string): AemAssetSeed | undefined {
    const segments = path.split('/').filter(Boolean);
    const name = segments.pop();
    return this.folderAt(segments)?.assets?.find((a) => a.name === name);
  }

  protected isAuthorized(req: StandinRequest): boolean {
    const header = req.headers.authorization ?? '';
    const basic = /^Basic (.+)$/.exec(header);
    if (basic) return this.validCredentials.has(`basic:${Buffer.from(basic[1]!, 'base64').toString('utf8')}`);
    const token = this.bearer(req);
    return token !== undefined && this.validCredentials.has(token);
  }

  protected unauthorized(req: StandinRequest): StandinAnswer {
    return slingError(401, req.path, 'Unauthorized');
  }

  protected override notFound(req: StandinRequest): StandinAnswer {
    return slingError(404, req.path, 'Not Found');
  }

  protected routes(): StandinRoute[] {
    return [
      { method: 'GET', path: '/bin/querybuilder.json', handle: (req) => this.query(req) },
      { method: 'GET', path: '/api/assets.json', handle: (req) => this.listing(req, []) },
      {
        method: 'GET',
        path: '/api/assets/*path.json',
        handle: (req, p) => this.listing(req, p.path!.split('/').filter(Boolean)),
      },
      { method: 'PUT', path: '/api/assets/*path', handle: (req, p) => this.update(req, p.path!) },
      { method: 'POST', path: '/api/assets/*path', handle: (req, p) => this.create(req, p.path!) },
    ];
  }

  private create(req: StandinRequest, path: string): StandinAnswer {
    const segments = path.split('/').filter(Boolean);
    const name = segments.pop()!;
    const folder = this.folderAt(segments);
    if (!folder) return slingError(404, req.path, 'Not Found');
    if (folder.assets?.some((a) => a.name === name)) return slingError(409, req.path, 'Asset already exists');
    folder.assets = [
      ...(folder.assets ?? []),
      { name, binary: req.raw, contentType: req.headers['content-type'] },
    ];
    return slingError(201, req.path, 'Created');
  }

  private update(req: StandinRequest, path: string): StandinAnswer {
    if ((req.headers['content-type'] ?? '').startsWith('application/json'))
      return this.updateMetadata(req, path);
    const asset = this.assetAt(path);
    if (!asset) return slingError(404, req.path, 'Not Found');
    asset.binary = req.raw;
    asset.contentType = req.headers['content-type'];
    asset.versions = (asset.versions ?? 1) + 1;
    return slingError(200, req.path, 'OK');
  }

  private updateMetadata(req: StandinRequest, path: string): StandinAnswer {
    const asset = this.assetAt(path);
    if (!asset) return slingError(404, req.path, 'Not Found');
    const body = req.body as { class?: unknown; properties?: unknown } | undefined;
    if (body?.class !== 'asset' || typeof body.properties !== 'object' || body.properties === null)
      return slingError(400, req.path, 'Bad Request');
    const properties = body.properties as Record<string, unknown>;
    asset.metadata = {
      ...asset.metadata,
      ...Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, String(v)])),
    };
    if (typeof properties['dc:title'] === 'string') asset.title = properties['dc:title'];
    return slingError(200, req.path, 'OK');
  }

  /** The QueryBuilder servlet over the seeded pages and folders (header comment). */
  private query(req: StandinRequest): StandinAnswer {
    const q = req.query;
    for (const key of q.keys())
      if (!QUERY_PARAMS.has(key) && !TAGID_PARAM.test(key) && !PROPERTY_VALUE_PARAM.test(key))
        return queryError(`unknown predicate ${key}`);
    const root = q.get('path');
    if (!root?.startsWith('/')) return queryError('path must be an absolute path');
    const flat = q.get('path.flat');
    if (flat !== null && !['true', 'on', 'false'].includes(flat))
      return queryError('path.flat is true or false');
    const isFlat = flat === 'true' || flat === 'on';
    const self = q.get('path.self');
    if (self !== null && !['true', 'false'].includes(self)) return queryError('path.self is true or false');
    const type = q.get('type');
    if (type !== null && !Object.hasOwn(TYPE_MATCHES, type))
      return queryError(`type ${type} is not modelled`);
    // The property predicate: only jcr:primaryType is modelled; values OR-ed unless property.and.
    const property = q.get('property');
    const values = [...q.keys()]
      .filter((k) => k === 'property.value' || PROPERTY_VALUE_PARAM.test(k))
      .map((k) => q.get(k)!);
    if (property === null && (values.length > 0 || q.has('property.and')))
      return queryError('property.value needs a property');
    if (property !== null && property !== 'jcr:primaryType')
      return queryError(`property ${property} is not modelled`);
    if (property !== null && values.length === 0) return queryError('property needs a value');
    const isAnd = q.get('property.and') === 'true';
    const offset = intParam(q, 'p.offset', 0);
    const limit =
      q.get('p.limit') === '-1' ? Number.POSITIVE_INFINITY : intParam(q, 'p.limit', QUERY_DEFAULT_LIMIT);
    if (Number.isNaN(offset) || Number.isNaN(limit)) return queryError('p.offset and p.limit are numbers');
    const hitsMode = q.get('p.hits') ?? 'simple';
    if (hitsMode !== 'simple' && hitsMode !== 'selective')
      return queryError(`p.hits ${hitsMode} is not modelled`);
    // The tagid predicates: each value with the property it reads; grouped ones OR-ed when p.or.
    const tagPredicates = (prefix: string) =>
      [...q.keys()]
        .filter((k) => k.startsWith(prefix) && /^(?:\d+_)?tagid$/.test(k.slice(prefix.length)))
        .map((k) => ({ tag: q.get(k)!, property: q.get(`${k}.property`) ?? 'cq:tags' }));
    const rootTags = tagPredicates('');
    const groupTags = tagPredicates('group.');
    const isOr = q.get('group.p.or') === 'true';
    const tagsAt = (node: QueryNode, property: string) =>
      node.kind === 'page' && property === 'jcr:content/cq:tags' ? (node.page.tags ?? []) : [];
    const matches = (node: QueryNode, p: { tag: string; property: string }) =>
      tagsAt(node, p.property).includes(p.tag);
    const prefix = root === '/' ? '/' : `${root}/`;
    const isUnder = (path: string) =>
      isFlat
        ? path.startsWith(prefix) && !path.slice(prefix.length).includes('/')
        : (self === 'true' && path === root) || path.startsWith(prefix);
    const nodes = this.queryNodes()
      .filter((n) => isUnder(n.path))
      .filter((n) => type === null || TYPE_MATCHES[type]!.includes(n.type))
      .filter((n) =>
        property === null ? true : isAnd ? values.every((v) => v === n.type) : values.includes(n.type),
      )
      .filter((n) => rootTags.every((t) => matches(n, t)))
      .filter((n) =>
        groupTags.length === 0
          ? true
          : isOr
            ? groupTags.some((t) => matches(n, t))
            : groupTags.every((t) => matches(n, t)),
      );
    const orderby = q.get('orderby');
    if (orderby === 'path') nodes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    if (q.get('orderby.sort') === 'desc') nodes.reverse();
    const page = nodes.slice(offset, offset + limit);
    const properties = (q.get('p.properties') ?? '').split(/[ +]/).filter(Boolean);
    const hits = page.map((p) => (hitsMode === 'simple' ? simpleHit(p) : selectiveHit(p, properties)));
    return {
      status: 200,
      body: {
        success: true,
        results: hits.length,
        total: nodes.length,
        more: offset + hits.length < nodes.length,
        offset,
        hits,
      },
    };
  }

  /** The nodes the QueryBuilder servlet searches: seeded pages and site folders, and /content/dam. */
  private queryNodes(): QueryNode[] {
    return [
      ...(this.seed.pages ?? []).map((page) => ({
        kind: 'page' as const,
        path: page.path,
        type: 'cq:Page' as const,
        page,
      })),
      ...(this.seed.siteFolders ?? []).map((f) => ({
        kind: 'folder' as const,
        path: f.path,
        type: f.ordered ? ('sling:OrderedFolder' as const) : ('sling:Folder' as const),
        ...(f.title !== undefined ? { title: f.title } : {}),
      })),
      { kind: 'folder', path: '/content/dam', type: 'sling:OrderedFolder' },
    ];
  }

  private folderAt(segments: string[]): AemFolderSeed | undefined {
    let current: AemFolderSeed | undefined = {
      name: 'dam',
      folders: this.seed.folders,
      assets: this.seed.assets ?? [],
    };
    for (const name of segments) current = current?.folders?.find((f) => f.name === name);
    return current;
  }

  private listing(req: StandinRequest, segments: string[]): StandinAnswer {
    const folder = this.folderAt(segments);
    if (!folder) return slingError(404, req.path, 'Not Found');
    const offset = intParam(req.query, 'offset', 0);
    const limit = intParam(req.query, 'limit', DEFAULT_LIMIT);
    if (Number.isNaN(offset) || Number.isNaN(limit)) return slingError(400, req.path, 'Bad Request');
    const base = `${this.url}/api/assets${segments.map((s) => `/${encodeURIComponent(s)}`).join('')}`;
    const children = [
      ...(folder.folders ?? []).map((f) => ({
        kind: 'assets/folder',
        name: f.name,
        title: f.title,
        asset: null,
      })),
      ...(folder.assets ?? []).map((a) => ({ kind: 'assets/asset', name: a.name, title: a.title, asset: a })),
    ];
    const entities = pageOf(children, offset, limit).map((c) => ({
      class: [c.kind],
      properties: {
        name: c.name,
        ...(c.title ? { 'dc:title': c.title } : {}),
        ...(c.asset
          ? {
              metadata: {
                ...(c.asset.format ? { 'dc:format': c.asset.format } : {}),
                ...(c.asset.tags ? { 'cq:tags': c.asset.tags } : {}),
                ...(c.asset.lastModified ? { 'jcr:lastModified': c.asset.lastModified } : {}),
              },
            }
          : {}),
      },
      links: [{ rel: ['self'], href: `${base}/${encodeURIComponent(c.name)}.json` }],
    }));
    const parent = segments.length
      ? `${this.url}/api/assets${segments
          .slice(0, -1)
          .map((s) => `/${encodeURIComponent(s)}`)
          .join('')}.json`
      : undefined;
    return {
      status: 200,
      body: {
        class: ['assets/folder'],
        properties: {
          name: folder.name,
          ...(folder.title ? { 'dc:title': folder.title } : {}),
          'srn:paging': { total: children.length, offset, limit },
        },
        entities,
        links: [
          { rel: ['self'], href: `${base}.json` },
          ...(parent ? [{ rel: ['parent'], href: parent }] : []),
        ],
      },
    };
  }
}

/** The node properties of a searched node: a folder with its title, or a page (pageNode). */
function nodeProperties(node: QueryNode): Record<string, unknown> {
  if (node.kind === 'page') return pageNode(node.page);
  return { 'jcr:primaryType': node.type, ...(node.title !== undefined ? { 'jcr:title': node.title } : {}) };
}

/** The node properties of a seeded page: the cq:Page node and its jcr:content child. */
function pageNode(page: AemPageSeed): Record<string, unknown> {
  return {
    'jcr:primaryType': 'cq:Page',
    'jcr:content': {
      'jcr:primaryType': 'cq:PageContent',
      ...(page.title !== undefined ? { 'jcr:title': page.title } : {}),
      ...(page.template !== undefined ? { 'cq:template': page.template } : {}),
      ...(page.tags !== undefined ? { 'cq:tags': page.tags } : {}),
      ...(page.lastModified !== undefined ? { 'cq:lastModified': page.lastModified } : {}),
    },
  };
}

/** A `p.hits=simple` hit: path, name, title and last change. */
function simpleHit(node: QueryNode): Record<string, unknown> {
  const name = node.path.split('/').pop();
  const title = node.kind === 'page' ? node.page.title : node.title;
  const lastModified = node.kind === 'page' ? node.page.lastModified : undefined;
  return {
    path: node.path,
    excerpt: '',
    name,
    title: title ?? name,
    ...(lastModified ? { lastModified } : {}),
  };
}

/** A `p.hits=selective` hit: each asked relative path that exists, deeper ones as child objects. */
function selectiveHit(node: QueryNode, properties: readonly string[]): Record<string, unknown> {
  const props = nodeProperties(node);
  const hit: Record<string, unknown> = {};
  for (const property of properties) {
    if (property === 'jcr:path') {
      hit['jcr:path'] = node.path;
      continue;
    }
    const parts = property.split('/');
    let from: unknown = props;
    for (const part of parts)
      from = from && typeof from === 'object' ? (from as Record<string, unknown>)[part] : undefined;
    if (from === undefined) continue;
    let into = hit;
    for (const part of parts.slice(0, -1)) {
      into[part] = (into[part] as Record<string, unknown> | undefined) ?? {};
      into = into[part] as Record<string, unknown>;
    }
    into[parts.at(-1)!] = from;
  }
  return hit;
}

/** The QueryBuilder servlet's refusal of a query it cannot run. */
function queryError(message: string): StandinAnswer {
  return { status: 400, body: { success: false, errorMessage: message } };
}

/** A Sling-style error answer. */
function slingError(status: number, path: string, message: string): StandinAnswer {
  return {
    status,
    body: {
      class: ['core/response'],
      properties: { path, 'status.code': status, 'status.message': message, title: message },
    },
  };
}
