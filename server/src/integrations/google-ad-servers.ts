import type { IntegrationAssignment } from '@nomen/shared';
import type { ReadConnector } from '../entities/connectors/connectors.read';
import type { Deliverer } from '../jobs/deliver/context';
import { metadataText, templateFieldOf } from '../jobs/deliver/context';
import { InboundError } from '../jobs/inbound/inbound-error';
import { filterValues } from '../jobs/inbound/source-objects';

/**
 * What the Google ad servers' folders (cm360/, dv360/) share: their deliverers' link field (spec
 * 03 §3 updateClickThroughUrl, dcmLink) and their readers' data type, Profile ID and id filters
 * (spec 03 §3 "Campaign manager", "DV360 inbound").
 */

/**
 * The template field whose value is a row's click-through URL: the one whose saved field metadata
 * dcmLink names,
 * else the template's first link field (spec 03 §5: link-based integrations use the link field).
 */
export function linkFieldOf(ctx: Parameters<Deliverer>[0]): number | null {
  const named = templateFieldOf(ctx, metadataText(ctx.metadata, 'dcmLink'));
  if (named !== null) return named;
  const link = ctx.template.template_fields
    .filter((tf) => tf.governance_type === 'link' && typeof tf.id === 'number')
    .sort((a, b) => a.precedence - b.precedence)[0];
  return (link?.id as number | undefined) ?? null;
}

/** The ids of metadata importObjectFilters' `kind` list (JSON text or object; absent → []). */
export function importObjectIds(
  assignment: IntegrationAssignment,
  kind: 'advertisers' | 'campaigns',
): string[] {
  let raw: unknown = assignment.metadata?.importObjectFilters;
  if (typeof raw === 'string') {
    try {
      raw = raw.trim() === '' ? {} : JSON.parse(raw);
    } catch {
      throw new InboundError('The import object filters are not valid JSON: choose them again', true);
    }
  }
  const list = raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[kind] : undefined;
  if (!Array.isArray(list)) return [];
  return list
    .map((v) => (v && typeof v === 'object' ? (v as { id?: unknown }).id : v))
    .map((v) => String(v ?? '').trim())
    .filter((v) => v !== '');
}

/** The chosen ids of `kind`: the filter's values and the import object filters' together. */
export function chosenIds(
  assignment: IntegrationAssignment,
  filterId: string,
  kind: 'advertisers' | 'campaigns',
) {
  return [...new Set([...filterValues(assignment, filterId), ...importObjectIds(assignment, kind)])];
}

/** The data type of an assignment (metadata data_type), or a permanent failure listing the choices. */
export function dataTypeOf<T>(assignment: IntegrationAssignment, types: Record<string, T>): [string, T] {
  const dataType = String(assignment.metadata?.data_type ?? '').trim();
  const spec = types[dataType];
  if (!spec)
    throw new InboundError(`Choose the data type to import (${Object.keys(types).join(', ')})`, true);
  return [dataType, spec];
}

/** The account's Profile ID (googleProfileId), or a permanent failure naming it. */
export function profileIdOf(connector: ReadConnector): string {
  const c = connector.credentials;
  const id = c.family === 'ad-platform' ? (c.googleProfileId ?? '').trim() : '';
  if (!id)
    throw new InboundError(`"${connector.name}" has no Profile ID: add it in Connected accounts`, true);
  return id;
}

/** A cell as a key part: its text, '' for none. */
export function cellKey(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}
