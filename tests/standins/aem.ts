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
 * credentials (self-hosted AEM).
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
}

/** A folder under /content/dam with its child folders and assets. */
export interface AemFolderSeed {
  name: string;
  title?: string;
  folders?: AemFolderSeed[];
  assets?: AemAssetSeed[];
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
}

/** Default page size of a listing when no limit is given. */
const DEFAULT_LIMIT = 20;

/** The AEM stand-in server. */
export class AemStandin extends StandinServer {
  private readonly seed: AemSeed;

  constructor(seed: AemSeed) {
    super([...seed.validTokens, ...(seed.basicUsers ?? []).map((u) => `basic:${u.username}:${u.password}`)]);
    this.seed = seed;
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
      { method: 'GET', path: '/api/assets.json', handle: (req) => this.listing(req, []) },
      {
        method: 'GET',
        path: '/api/assets/*path.json',
        handle: (req, p) => this.listing(req, p.path!.split('/').filter(Boolean)),
      },
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
