import type { IntegrationAssignment } from '@nomen/shared';
import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import { describe } from '../../jobs/delivery';
import type { AdObjectsRead } from '../../jobs/inbound/ad-readers/types';
import { InboundError } from '../../jobs/inbound/inbound-error';
import { objectsRead, readFailure } from '../../jobs/inbound/source-objects';
import { buildAemClient } from './build';
import { type AemAsset, type AemClient, type AemPage, contentPath, damSegments } from './client';

/**
 * The AEM inbound pull (spec 03 §3 "Storage (content management)" data types and metadata keys):
 * - adobe-experience-manager-inbound reads the file assets of the chosen DAM folder and its
 *   subfolders (metadata folderFilter, a DAM path starting with "/"; "/" is the DAM root),
 *   keeping those of metadata fileFormatFilter (extensions or MIME types) and
 *   tagsFilter (an asset must carry one of the tags); a row per asset, keyed by its path and
 *   versioned by its jcr:lastModified. With the pages data type it reads the pages (cq:Page) at
 *   and under the chosen /content path (folderFilter; "/" is /content) through AEM's QueryBuilder,
 *   keeping those tagged with one of tagsFilter (asked of AEM, not filtered here); a row per page
 *   with its path, title, template, tags and last change, keyed by its path and versioned by its
 *   cq:lastModified.
 */

/** Most assets (or pages) one AEM pull lists (the rest wait for a narrower folder or filter). */
export const AEM_MAX_ASSETS = 5000;
/** How deep under the chosen folder an AEM pull looks. */
const AEM_MAX_DEPTH = 10;

/** A comma / semicolon separated setting as trimmed, non-empty parts. */
function listSetting(value: unknown): string[] {
  const parts = Array.isArray(value) ? value.map(String) : String(value ?? '').split(/[,;\n]/);
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

/** Whether an asset's name or MIME type is one of `formats` ("jpg", ".png", "image/png"). */
function hasFormat(asset: AemAsset, formats: readonly string[]): boolean {
  const extension = asset.name.includes('.') ? asset.name.split('.').pop()!.toLowerCase() : '';
  const mime = (asset.format ?? '').toLowerCase();
  return formats.some((f) => {
    const want = f.toLowerCase().replace(/^\./, '');
    return want.includes('/') ? mime === want : extension === want || mime.endsWith(`/${want}`);
  });
}

/** Every asset under DAM `path` (breadth first, at most AEM_MAX_ASSETS, AEM_MAX_DEPTH deep). */
async function assetsUnder(client: AemClient, path: string): Promise<AemAsset[]> {
  const assets: AemAsset[] = [];
  let level = [path];
  for (let depth = 0; depth <= AEM_MAX_DEPTH && level.length > 0; depth++) {
    const next: string[] = [];
    for (const folder of level) {
      const children = await client.listChildren(folder);
      assets.push(...children.assets);
      next.push(...children.folders.map((f) => f.path));
      if (assets.length >= AEM_MAX_ASSETS) return assets.slice(0, AEM_MAX_ASSETS);
    }
    level = next;
  }
  return assets;
}

/** The chosen folder of an AEM assignment (metadata folderFilter, else its folder), or a permanent failure. */
function aemFolder(assignment: IntegrationAssignment): string {
  const metadata = assignment.metadata ?? {};
  const folder =
    String(metadata.folderFilter ?? '').trim() ||
    (assignment.folder ?? '').trim() ||
    String(metadata.folder ?? '').trim();
  if (folder === '') throw new InboundError('Choose the AEM folder to import from (the folder filter)', true);
  return folder;
}

/**
 * Reads the file assets or pages of an adobe-experience-manager-inbound assignment (metadata
 * aem_data_type file_assets, the default, or pages; settings as the module says). Throws
 * InboundError: permanent for another data type, a missing or invalid folder, refused credentials
 * or a folder AEM does not have; retried for timeouts and AEM faults.
 */
export async function readAemContent(
  deps: ConnectorDeps,
  connector: ReadConnector,
  assignment: IntegrationAssignment,
): Promise<AdObjectsRead> {
  const dataType = String(assignment.metadata?.aem_data_type ?? 'file_assets').trim() || 'file_assets';
  if (dataType === 'file_assets') return readAemAssets(deps, connector, assignment);
  if (dataType === 'pages') return readAemPages(deps, connector, assignment);
  throw new InboundError('Choose the AEM data type to import: File assets or Pages', true);
}

/** The file assets of an AEM assignment (readAemContent). */
async function readAemAssets(
  deps: ConnectorDeps,
  connector: ReadConnector,
  assignment: IntegrationAssignment,
): Promise<AdObjectsRead> {
  const metadata = assignment.metadata ?? {};
  const folder = aemFolder(assignment);
  let root: string;
  try {
    root = ['/content/dam', ...damSegments(folder)].join('/');
  } catch (error) {
    throw new InboundError(`The AEM folder filter is not valid: ${describe(error)}`, true);
  }
  const formats = listSetting(metadata.fileFormatFilter);
  const tags = listSetting(metadata.tagsFilter);
  const what = `the assets of ${root}`;
  let assets: AemAsset[];
  try {
    assets = await assetsUnder(buildAemClient(deps, connector), root);
  } catch (error) {
    throw readFailure(error, 'Adobe Experience Manager', what);
  }
  assets = assets.filter(
    (a) =>
      (formats.length === 0 || hasFormat(a, formats)) &&
      (tags.length === 0 || a.tags.some((t) => tags.includes(t))),
  );
  return objectsRead(
    what.replace(/^the /, ''),
    assets,
    ['id', 'name', 'title', 'path', 'format', 'tags', 'lastModified'],
    (a, c) => (c === 'id' ? a.path : c === 'tags' ? a.tags.join(', ') : a[c as keyof AemAsset]),
    (a) => `asset:${a.path}`,
    (a) => a.lastModified,
  );
}

/** The pages of an AEM assignment (readAemContent): at and under the folder, with the tag filter. */
async function readAemPages(
  deps: ConnectorDeps,
  connector: ReadConnector,
  assignment: IntegrationAssignment,
): Promise<AdObjectsRead> {
  const folder = aemFolder(assignment);
  let root: string;
  try {
    root = contentPath(folder === '/' ? '' : folder);
  } catch (error) {
    throw new InboundError(`The AEM folder filter is not valid: ${describe(error)}`, true);
  }
  const tags = listSetting(assignment.metadata?.tagsFilter);
  const what = `the pages of ${root}`;
  let pages: AemPage[];
  try {
    pages = await buildAemClient(deps, connector).listPages(root, { tags, max: AEM_MAX_ASSETS });
  } catch (error) {
    throw readFailure(error, 'Adobe Experience Manager', what);
  }
  return objectsRead(
    what.replace(/^the /, ''),
    pages,
    ['id', 'name', 'title', 'path', 'template', 'tags', 'lastModified'],
    (p, c) => (c === 'id' ? p.path : c === 'tags' ? p.tags.join(', ') : p[c as keyof AemPage]),
    (p) => `page:${p.path}`,
    (p) => p.lastModified,
  );
}
