import type { IntegrationAssignment } from '@nomen/shared';
import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import type { AdObjectsRead } from '../../jobs/inbound/ad-readers/types';
import { InboundError } from '../../jobs/inbound/inbound-error';
import { objectsRead, readFailure } from '../../jobs/inbound/source-objects';
import { buildWorkfrontClient } from './build';

/**
 * The Workfront inbound pull (spec 03 §3 "Storage (content management)" data types and metadata
 * keys):
 * workfront-project-pull-task-trigger reads the projects with a task made from the chosen
 * template task (metadata workfrontTemplateTaskId, of workfrontTemplateId), each with the custom
 * fields of metadata campaignDataMappedFields as columns named like the template fields they
 * fill; a row per project, keyed by its ID and versioned by its lastUpdateDate.
 */

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
  let projects: Awaited<ReturnType<ReturnType<typeof buildWorkfrontClient>['getProjectsByTemplateTask']>>;
  try {
    projects = await buildWorkfrontClient(deps, connector).getProjectsByTemplateTask(
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
