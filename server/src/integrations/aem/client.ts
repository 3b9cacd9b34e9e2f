import { z } from 'zod';
import { ProviderError } from '../provider-error';
import { type ProviderClientOptions, ProviderHttp, stringAt } from '../provider-http';

/**
 * Adobe Experience Manager client (README.md beside this file): the Assets HTTP API for the folders
 * and assets directly under a DAM path (spec 03 §7 `POST /api/v1/integrations/aem/folders`,
 * connectorId, path → folder list), and the QueryBuilder JSON servlet for the pages under a
 * /content path (spec 03 §3 "Storage (content management)": pages with folder and tag filters)
 * and the pages and folders directly under one (the pages folder tree). QueryBuilder references:
 * https://experienceleague.adobe.com/en/docs/experience-manager-65/content/implementing/developing/platform/query-builder/querybuilder-api
 * and .../query-builder/querybuilder-predicate-reference (`path` with `flat`, `property` with
 * `N_value`). `baseUrl` is the author host of the connected account
 * (metadata `url`, or `proxy_url`); AEM as a Cloud Service takes a bearer token, self-hosted AEM
 * basic credentials (spec 01 §3.2 content manager: host_type cloud or self).
 */
export interface AemClientOptions extends Omit<ProviderClientOptions, 'getAccessToken'> {
  auth:
    | { type: 'bearer'; getAccessToken: () => Promise<string> }
    | { type: 'basic'; username: string; getPassword: () => Promise<string> };
}

const entitySchema = z.object({
  class: z.array(z.string()),
  properties: z.object({
    name: z.string().min(1),
    'dc:title': z.string().optional(),
    metadata: z
      .object({
        'dc:format': z.string().optional(),
        'cq:tags': z.union([z.array(z.string()), z.string().transform((t) => [t])]).optional(),
        'jcr:lastModified': z.string().optional(),
      })
      .loose()
      .optional(),
  }),
});

const listingSchema = z.object({
  class: z.array(z.string()),
  properties: z.object({
    'srn:paging': z
      .object({ total: z.number().int().nonnegative(), offset: z.number().int(), limit: z.number().int() })
      .optional(),
  }),
  entities: z.array(entitySchema).default([]),
});

/** A folder: its name, its title when set, and its full path (under /content/dam, or /content for site folders). */
export interface AemFolder {
  name: string;
  title: string | undefined;
  path: string;
}

/** A DAM asset: name, title, full path, format (MIME type), tags and last change when AEM answers them. */
export interface AemAsset {
  name: string;
  title: string | undefined;
  path: string;
  format: string | undefined;
  tags: string[];
  lastModified: string | undefined;
}

/** A page (cq:Page): its path, name, and the title, template, tags and last change of its jcr:content. */
export interface AemPage {
  path: string;
  name: string;
  title: string | undefined;
  template: string | undefined;
  tags: string[];
  lastModified: string | undefined;
}

const tagsSchema = z.union([z.array(z.string()), z.string().transform((t) => [t])]);

/** A hit written by `p.hits=selective`: the asked properties, deeper paths as child objects. */
const pageHitSchema = z.looseObject({
  'jcr:path': z.string().min(1),
  'jcr:content': z
    .looseObject({
      'jcr:title': z.string().optional(),
      'cq:template': z.string().optional(),
      'cq:tags': tagsSchema.optional(),
      'cq:lastModified': z.string().optional(),
    })
    .optional(),
});

/** A hit of the site folders query: its path and type, its own title and its jcr:content title. */
const siteFolderHitSchema = z.looseObject({
  'jcr:path': z.string().min(1),
  'jcr:primaryType': z.string().optional(),
  'jcr:title': z.string().optional(),
  'jcr:content': z.looseObject({ 'jcr:title': z.string().optional() }).optional(),
});

/** The QueryBuilder JSON servlet's answer, with hits of the shape `hit`. */
function queryAnswerSchema<T extends z.ZodType>(hit: T) {
  return z.object({
    success: z.boolean(),
    results: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
    more: z.boolean().optional(),
    offset: z.number().int().nonnegative(),
    hits: z.array(hit),
  });
}

/** The page properties a pages query asks for (`p.properties`, relative to the page node). */
const PAGE_PROPERTIES = [
  'jcr:path',
  'jcr:content/jcr:title',
  'jcr:content/cq:template',
  'jcr:content/cq:tags',
  'jcr:content/cq:lastModified',
];

/** The properties a site folders query asks for: a page's title is on its jcr:content, a folder's on itself. */
const SITE_FOLDER_PROPERTIES = ['jcr:path', 'jcr:primaryType', 'jcr:title', 'jcr:content/jcr:title'];

/**
 * The node types the pages folder tree lists: pages and the Sling folders sites are kept in
 * (sling:OrderedFolder is asked by name: `jcr:primaryType` is matched exactly).
 */
export const SITE_FOLDER_TYPES = ['cq:Page', 'sling:Folder', 'sling:OrderedFolder'] as const;

const CONTENT_ROOT = '/content';
const DAM_ROOT = '/content/dam';
const PAGE_SIZE = 100;
const MAX_PAGES = 1000;

/**
 * Reads a DAM path (`/content/dam/a/b`, `/a/b` or `a/b`; empty for the root) into its segments.
 * Throws RangeError for `.` or `..` segments.
 */
export function damSegments(path: string): string[] {
  const rest = path.startsWith(DAM_ROOT) ? path.slice(DAM_ROOT.length) : path;
  const segments = rest.split('/').filter(Boolean);
  if (segments.some((s) => s === '.' || s === '..'))
    throw new RangeError('path may not contain . or .. segments');
  return segments;
}

/**
 * Reads a content path (`/content/acme/en`, `/acme/en` or `acme/en`; empty for /content) into its
 * full path under /content. Throws RangeError for `.` or `..` segments.
 */
export function contentPath(path: string): string {
  const rest =
    path === CONTENT_ROOT || path.startsWith(`${CONTENT_ROOT}/`) ? path.slice(CONTENT_ROOT.length) : path;
  const segments = rest.split('/').filter(Boolean);
  if (segments.some((s) => s === '.' || s === '..'))
    throw new RangeError('path may not contain . or .. segments');
  return [CONTENT_ROOT, ...segments].join('/');
}

/** The AEM client. Every method throws ProviderError on failure. */
export class AemClient {
  private readonly http: ProviderHttp;

  constructor(options: AemClientOptions) {
    const auth = options.auth;
    this.http = new ProviderHttp({
      provider: 'aem',
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      onUnauthorized: options.onUnauthorized,
      authHeaders: async () =>
        auth.type === 'bearer'
          ? { authorization: `Bearer ${await auth.getAccessToken()}` }
          : {
              authorization: `Basic ${Buffer.from(`${auth.username}:${await auth.getPassword()}`).toString('base64')}`,
            },
      readError: (body) => ({
        message: stringAt(body, 'properties', 'status.message') ?? stringAt(body, 'properties', 'title'),
      }),
    });
  }

  /** The folders directly under DAM path `path`, all pages, in AEM's order. */
  async listFolders(path: string): Promise<AemFolder[]> {
    return (await this.listChildren(path)).folders;
  }

  /**
   * The folders and assets directly under DAM path `path`, all pages, in AEM's order (assets with
   * the `dc:format`, `cq:tags` and `jcr:lastModified` of their entity's metadata).
   */
  async listChildren(path: string): Promise<{ folders: AemFolder[]; assets: AemAsset[] }> {
    const segments = damSegments(path);
    const resource = segments.length
      ? `/api/assets/${segments.map((s) => encodeURIComponent(s)).join('/')}.json`
      : '/api/assets.json';
    const parent = [DAM_ROOT, ...segments].join('/');
    const folders: AemFolder[] = [];
    const assets: AemAsset[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const offset = page * PAGE_SIZE;
      const listing = await this.http.get(resource, listingSchema, { offset, limit: PAGE_SIZE });
      folders.push(
        ...listing.entities
          .filter((e) => e.class.includes('assets/folder'))
          .map((e) => ({
            name: e.properties.name,
            title: e.properties['dc:title'],
            path: `${parent}/${e.properties.name}`,
          })),
      );
      assets.push(
        ...listing.entities
          .filter((e) => e.class.includes('assets/asset'))
          .map((e) => ({
            name: e.properties.name,
            title: e.properties['dc:title'],
            path: `${parent}/${e.properties.name}`,
            format: e.properties.metadata?.['dc:format'],
            tags: e.properties.metadata?.['cq:tags'] ?? [],
            lastModified: e.properties.metadata?.['jcr:lastModified'],
          })),
      );
      const total = listing.properties['srn:paging']?.total;
      const seen = offset + listing.entities.length;
      if (
        listing.entities.length === 0 ||
        (total !== undefined ? seen >= total : listing.entities.length < PAGE_SIZE)
      ) {
        break;
      }
    }
    return { folders, assets };
  }

  /**
   * Stores a file as the asset `name` in DAM folder `folder`: `POST /api/assets/<folder>/<name>`
   * with the bytes creates it; when the name is taken (AEM's 409) `PUT` on the same path replaces
   * its binary, so storing twice leaves one asset. Answers `created` or `updated`. Throws
   * ProviderError (404 when the folder is missing).
   */
  async putAsset(
    folder: string,
    name: string,
    body: Uint8Array,
    contentType: string,
  ): Promise<'created' | 'updated'> {
    const segments = [...damSegments(folder), name];
    if (name === '' || name.includes('/') || name === '.' || name === '..')
      throw new RangeError('an asset name is one path segment');
    const path = `/api/assets/${segments.map((s) => encodeURIComponent(s)).join('/')}`;
    const rawBody = { contentType, data: body };
    try {
      await this.http.requestBinary({ method: 'POST', path, rawBody });
      return 'created';
    } catch (error) {
      if (!(error instanceof ProviderError && error.code === 'HTTP' && error.status === 409)) throw error;
    }
    await this.http.requestBinary({ method: 'PUT', path, rawBody });
    return 'updated';
  }

  /**
   * Updates the metadata of the asset at DAM path `path` (`/content/dam/a/b.png`, `/a/b.png`):
   * `PUT /api/assets/<path>` with `{ class: 'asset', properties }` (property names as the
   * asset's metadata has them, such as `dc:title`). Throws ProviderError, 404 when no such asset.
   */
  async updateAssetMetadata(path: string, properties: Record<string, string>): Promise<void> {
    const segments = damSegments(path);
    if (segments.length === 0) throw new RangeError('an asset path is needed');
    // AEM answers 200 with a Sling status page whose body Nomen does not need.
    await this.http.requestBinary({
      method: 'PUT',
      path: `/api/assets/${segments.map((s) => encodeURIComponent(s)).join('/')}`,
      body: { class: 'asset', properties },
    });
  }

  /**
   * The pages (cq:Page) at and under content path `path` (see contentPath), in path order, at
   * most `max`: QueryBuilder `GET /bin/querybuilder.json` with the `path` and `type` predicates,
   * pages of 100 (`p.offset`, `p.limit`) until `total` is reached, `p.hits=selective` with the
   * page's path and its jcr:content title, template, tags and last change. With `tags`, only pages
   * whose jcr:content/cq:tags holds one of them (an OR group of `tagid` predicates). Throws
   * RangeError for a bad path, ProviderError on failure (MALFORMED when AEM answers
   * `success: false`).
   */
  async listPages(
    path: string,
    options: { tags?: readonly string[]; max?: number } = {},
  ): Promise<AemPage[]> {
    const root = contentPath(path);
    const max = options.max ?? Number.POSITIVE_INFINITY;
    const tags = options.tags ?? [];
    // path.self: the page at `path` too (QueryBuilder searches only under it by default).
    const predicates: Record<string, string> = {
      path: root,
      'path.self': 'true',
      type: 'cq:Page',
      orderby: 'path',
    };
    if (tags.length > 0) {
      predicates['group.p.or'] = 'true';
      tags.forEach((tag, i) => {
        predicates[`group.${i + 1}_tagid`] = tag;
        predicates[`group.${i + 1}_tagid.property`] = 'jcr:content/cq:tags';
      });
    }
    const hits = await this.query('pages', predicates, PAGE_PROPERTIES, pageHitSchema, max);
    return hits.slice(0, max).map((hit) => {
      const content = hit['jcr:content'];
      return {
        path: hit['jcr:path'],
        name: hit['jcr:path'].split('/').pop() ?? '',
        title: content?.['jcr:title'],
        template: content?.['cq:template'],
        tags: content?.['cq:tags'] ?? [],
        lastModified: content?.['cq:lastModified'],
      };
    });
  }

  /**
   * The pages (cq:Page) and Sling folders (sling:Folder, sling:OrderedFolder) directly under
   * content path `path` (see contentPath; empty or / for /content), for the pages folder tree
   * (spec 03 §4 tree folder picker, §7 `POST /api/v1/integrations/aem/folders` with dataType pages):
   * name, title (a page's jcr:content/jcr:title, a folder's jcr:title) and full path, every one, in
   * path order. QueryBuilder `GET /bin/querybuilder.json` with `path` and `path.flat=true` (direct
   * children only), `property=jcr:primaryType` with one numbered `N_value` per type (OR-ed),
   * `orderby=path`, pages of 100 (`p.offset`, `p.limit`) until `total` is reached. Directly under
   * /content the DAM (/content/dam, the file assets tree) is left out. Throws RangeError for a bad
   * path, ProviderError on failure (MALFORMED when AEM answers `success: false`). Predicates as
   * https://experienceleague.adobe.com/en/docs/experience-manager-65/content/implementing/developing/platform/query-builder/querybuilder-predicate-reference
   * documents them (path: "flat – searches only the direct children").
   */
  async listSiteFolders(path: string): Promise<AemFolder[]> {
    const root = contentPath(path);
    const predicates: Record<string, string> = {
      path: root,
      'path.flat': 'true',
      property: 'jcr:primaryType',
      orderby: 'path',
    };
    SITE_FOLDER_TYPES.forEach((type, i) => {
      predicates[`property.${i + 1}_value`] = type;
    });
    const hits = await this.query(
      'site folders',
      predicates,
      SITE_FOLDER_PROPERTIES,
      siteFolderHitSchema,
      Number.POSITIVE_INFINITY,
    );
    return hits
      .filter((hit) => hit['jcr:path'] !== DAM_ROOT)
      .map((hit) => ({
        name: hit['jcr:path'].split('/').pop() ?? '',
        title: hit['jcr:content']?.['jcr:title'] ?? hit['jcr:title'],
        path: hit['jcr:path'],
      }));
  }

  /**
   * Runs a QueryBuilder query through `GET /bin/querybuilder.json`, pages of 100 (`p.offset`,
   * `p.limit`) with `p.hits=selective` and `properties`, until `total` or at least `max` hits are
   * read. `what` names the query in errors. Throws ProviderError (MALFORMED for `success: false`).
   */
  private async query<T extends z.ZodType>(
    what: string,
    predicates: Record<string, string>,
    properties: readonly string[],
    hit: T,
    max: number,
  ): Promise<z.infer<T>[]> {
    const schema = queryAnswerSchema(hit);
    const hits: z.infer<T>[] = [];
    for (let page = 0; page < MAX_PAGES && hits.length < max; page++) {
      const offset = page * PAGE_SIZE;
      const answer = await this.http.get('/bin/querybuilder.json', schema, {
        ...predicates,
        'p.offset': offset,
        'p.limit': PAGE_SIZE,
        'p.hits': 'selective',
        'p.properties': properties.join(' '),
      });
      if (!answer.success)
        throw new ProviderError({
          provider: 'aem',
          code: 'MALFORMED',
          status: 200,
          providerMessage: `the ${what} query answered success: false`,
          operation: 'GET /bin/querybuilder.json',
        });
      hits.push(...(answer.hits as z.infer<T>[]));
      if (answer.hits.length === 0 || offset + answer.hits.length >= answer.total) break;
    }
    return hits;
  }
}
