import type { IntegrationAssignment } from '@nomen/shared';
import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import { type ProviderClientOf, providerClientOf } from '../../entities/targets/provider-clients';
import {
  type AemAsset,
  type AemClient,
  type AemPage,
  contentPath,
  damSegments,
} from '../../integrations/index';
import { describe } from '../delivery';
import type { AdObjectsRead } from './ad-platform-sources';
import { InboundError } from './inbound-error';
import { objectsRead, readFailure } from './source-objects';

/**
 * Content and work-management inbound pulls (issue 12 item 5; spec 03 §3 "Storage (content
 * management)" data types and metadata keys):
 * - adobe-experience-manager-inbound reads the file assets of the chosen DAM folder and its
 *   subfolders (metadata folderFilter, a DAM path starting with "/"; "/" is the DAM root),
 *   keeping those of metadata fileFormatFilter (extensions or MIME types) and
 *   tagsFilter (an asset must carry one of the tags); a row per asset, keyed by its path and
 *   versioned by its jcr:lastModified. With the pages data type it reads the pages (cq:Page) at
 *   and under the chosen /content path (folderFilter; "/" is /content) through AEM's QueryBuilder,
 *   keeping those tagged with one of tagsFilter (asked of AEM, not filtered here); a row per page
 *   with its path, title, template, tags and last change, keyed by its path and versioned by its
 *   cq:lastModified.
 * - workfront-project-pull-task-trigger reads the projects with a task made from the chosen
 *   template task (metadata workfrontTemplateTaskId, of workfrontTemplateId), each with the custom
 *   fields of metadata campaignDataMappedFields as columns named like the template fields they
 *   fill; a row per project, keyed by its ID and versioned by its lastUpdateDate.
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
    assets = await assetsUnder(providerClientOf('aem', deps, connector), root);
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
    pages = await providerClientOf('aem', deps, connector).listPages(root, { tags, max: AEM_MAX_ASSETS });
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

/** One mapped Workfront custom field: its name and the template field name its column carries. */
interface MappedField {
  parameterName: string;
  column: string;
}

/**
 * The custom fields of metadata campaignDataMappedFields (a list, or its JSON text, of
 * workfrontParameterId, workfrontParameterName, {product}TemplateFieldId and
 * {product}TemplateFieldName): each field's name and the template field name it fills.
 */
function mappedFields(assignment: IntegrationAssignment): MappedField[] {
  let raw: unknown = assignment.metadata?.campaignDataMappedFields;
  if (typeof raw === 'string') {
    try {
      raw = raw.trim() === '' ? [] : JSON.parse(raw);
    } catch {
      throw new InboundError('The mapped Workfront fields are not valid JSON: map them again', true);
    }
  }
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((m): MappedField[] => {
    if (!m || typeof m !== 'object') return [];
    const entry = m as Record<string, unknown>;
    const parameterName = String(entry.workfrontParameterName ?? '').trim();
    const nameKey = Object.keys(entry).find((k) => k.endsWith('TemplateFieldName'));
    const column = String((nameKey && entry[nameKey]) || parameterName).trim();
    return parameterName && column ? [{ parameterName, column }] : [];
  });
}

/**
 * Reads the projects of a workfront-project-pull-task-trigger assignment (settings as the module
 * says). Throws InboundError: permanent for a missing template task, refused credentials or
 * objects Workfront does not have; retried for timeouts and Workfront faults.
 */
export async function readWorkfrontProjects(
  deps: ConnectorDeps,
  connector: ReadConnector,
  assignment: IntegrationAssignment,
): Promise<AdObjectsRead> {
  const taskId = String(assignment.metadata?.workfrontTemplateTaskId ?? '').trim();
  if (taskId === '')
    throw new InboundError('Choose the Workfront template and task that trigger the pull', true);
  const fields = mappedFields(assignment);
  const what = `the projects of template task ${taskId}`;
  let projects: Awaited<ReturnType<ProviderClientOf<'workfront'>['getProjectsByTemplateTask']>>;
  try {
    projects = await providerClientOf('workfront', deps, connector).getProjectsByTemplateTask(
      taskId,
      fields.map((f) => f.parameterName),
    );
  } catch (error) {
    throw readFailure(error, 'Workfront', what);
  }
  const templateId = String(assignment.metadata?.workfrontTemplateId ?? '').trim();
  if (templateId !== '')
    projects = projects.filter((p) => p.templateID === undefined || p.templateID === templateId);
  const header = [
    ...fields.map((f) => f.column),
    'Workfront project ID',
    'Workfront project name',
    'Workfront project status',
  ].filter((c, i, all) => all.indexOf(c) === i);
  return objectsRead(
    what.replace(/^the /, ''),
    projects,
    header,
    (p, c) => {
      if (c === 'Workfront project ID') return p.ID;
      if (c === 'Workfront project name') return p.name;
      if (c === 'Workfront project status') return p.status;
      const f = fields.find((m) => m.column === c)!;
      return (p as Record<string, unknown>)[`DE:${f.parameterName}`];
    },
    (p) => `project:${p.ID}`,
    (p) => p.lastUpdateDate,
  );
}
