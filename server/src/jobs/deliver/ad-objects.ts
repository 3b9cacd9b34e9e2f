import { ProviderError } from '../../integrations/provider-error';
import { DeliveryError } from '../delivery';
import {
  type DeliveryContext,
  type DeliveryResult,
  deliveryFailure,
  type RunRow,
  templateFieldOf,
} from './context';

/**
 * What the ad-platform outbound deliverers share (issue 12 item 4 "ad-platform outbound
 * integrations update the mapped objects"; spec 03 §3 data_type, mapping_fields, §5 "ads connectors
 * need each mapping filled"): for each row of the submission, the object the row identifies (the
 * row's value of the field mapped to the identifier) is read, and the fields mapped to the
 * object's writable fields are set to the row's values. Rows are worked one by one:
 * - a row whose object the platform does not have is reported ("1 not found: 238…"), not retried;
 * - a row whose object already holds the values is left alone (counted as unchanged), so a retried
 *   run re-applies nothing differently: updates set values, they never add, so they are idempotent
 *   by nature and a retry after a fault only finishes the rows the fault left;
 * - a refused token, a refused update or bad settings end the run Failed at once; timeouts and 5xx
 *   are retried.
 */

/** The values of one object, as text by the platform's field name. */
export type ObjectValues = Readonly<Record<string, string>>;

/**
 * One ad platform as the deliverer sees it, for one object kind (the assignment's data type).
 * `read` answers the object's current values of `fields` (leaving out a field the object does
 * not have, which is then not set), or null when the platform has no such object; `write` sets `changes` (only fields whose value differs) on it (`row` is the row asking,
 * for platforms that need more of it). Both throw
 * ProviderError or DeliveryError.
 */
export interface AdObjectPlatform {
  /** The platform's name for messages ("Facebook", "TikTok"). */
  label: string;
  /** The object kind in messages, plural ("ads", "ad sets"). */
  objects: string;
  read(id: string, fields: readonly string[]): Promise<ObjectValues | null>;
  write(id: string, changes: ObjectValues, current: ObjectValues, row: RunRow): Promise<void>;
}

/**
 * What the mapping says to update: the template field holding each row's object id, and the
 * platform fields to set from template fields. Built by {@link mappedUpdate}.
 */
export interface MappedUpdate {
  idFieldId: number;
  /** Platform field name → template field id. */
  values: ReadonlyMap<string, number>;
}

/**
 * Reads the assignment's mapping (mapping_fields: fieldName is the platform's field, cvFieldId the
 * saved field, answered as its template field): the first of `idNames` that is mapped identifies the object; the mapped names in
 * `writable` (after `rename`, e.g. TikTok's `name` → `campaign_name`) are set; names in `ignored`
 * (ids of related objects) are left out. Any other mapped name is a setting to fix: DeliveryError
 * (permanent) naming it, as is a mapping without the identifier.
 */
export function mappedUpdate(
  ctx: Pick<DeliveryContext, 'assignment' | 'template'>,
  spec: {
    idNames: readonly string[];
    writable: readonly string[];
    ignored?: readonly string[];
    rename?: Readonly<Record<string, string>>;
    objects: string;
  },
): MappedUpdate {
  const mapped = (ctx.assignment.mapping_fields ?? []).filter(
    (m) => m.cvFieldId !== null && m.cvFieldId !== undefined && String(m.cvFieldId) !== '',
  );
  const idMapping = spec.idNames
    .map((name) => mapped.find((m) => m.fieldName === name))
    .find((m) => m !== undefined);
  if (!idMapping)
    throw new DeliveryError(
      `Map a template field to ${spec.idNames.map((n) => `"${n}"`).join(' or ')}: it names the ${spec.objects} to update`,
      true,
    );
  const values = new Map<string, number>();
  const unknown: string[] = [];
  for (const m of mapped) {
    if (m === idMapping || spec.idNames.includes(m.fieldName) || spec.ignored?.includes(m.fieldName))
      continue;
    const name = spec.rename?.[m.fieldName] ?? m.fieldName;
    if (!spec.writable.includes(name)) unknown.push(m.fieldName);
    else {
      const field = templateFieldOf(ctx, m.cvFieldId);
      if (field !== null) values.set(name, field);
    }
  }
  if (unknown.length > 0)
    throw new DeliveryError(
      `${spec.objects} cannot be updated through ${unknown.map((n) => `"${n}"`).join(', ')}: map only ${spec.writable.join(', ')}`,
      true,
    );
  const idFieldId = templateFieldOf(ctx, idMapping.cvFieldId);
  if (idFieldId === null)
    throw new DeliveryError(
      `The field mapped to "${idMapping.fieldName}" is no longer on the template: map another field`,
      true,
    );
  return { idFieldId, values };
}

/** How many ids a message lists before "…". */
const LISTED = 10;

function listOf(ids: readonly string[]): string {
  return `${ids.slice(0, LISTED).join(', ')}${ids.length > LISTED ? ', …' : ''}`;
}

/**
 * Updates the object of every row (see the module comment) and answers the run's result: the ids
 * updated as its items, and a message such as "Updated 12 ads: …; 3 already up to date; 1 not
 * found on Facebook: 238…; 2 rows without an id". Blank cells set nothing. `changesOf` turns a
 * row's non-blank mapped values into the platform's (default: as they are); a row left with no
 * changes is counted as "with no values to set".
 */
export async function updateMappedObjects(
  ctx: Pick<DeliveryContext, 'rows'>,
  platform: AdObjectPlatform,
  update: MappedUpdate,
  changesOf: (values: Record<string, string>, row: RunRow) => ObjectValues = (v) => v,
): Promise<DeliveryResult> {
  const updated: string[] = [];
  const missing: string[] = [];
  let unchanged = 0;
  let withoutId = 0;
  let withoutValues = 0;
  const done = new Set<string>();
  // "ads" → "ad", "ad sets" → "ad set": every plural here ends in one s.
  const one = platform.objects.replace(/s$/, '');
  for (const row of ctx.rows) {
    const id = (row.data[String(update.idFieldId)] ?? '').trim();
    if (id === '') {
      withoutId++;
      continue;
    }
    // A blank cell leaves the platform's value as it is (it never clears a name or zeroes a budget).
    const wanted: Record<string, string> = {};
    for (const [name, fieldId] of update.values) {
      const value = (row.data[String(fieldId)] ?? '').trim();
      if (value !== '') wanted[name] = value;
    }
    const changes = changesOf(wanted, row);
    if (Object.keys(changes).length === 0) {
      withoutValues++;
      continue;
    }
    const key = `${id}\u0000${JSON.stringify(changes)}`;
    // Two rows naming the same object with the same values are one update.
    if (done.has(key)) continue;
    done.add(key);
    try {
      const current = await platform.read(id, Object.keys(changes));
      if (current === null) {
        missing.push(id);
        continue;
      }
      // A field `read` leaves out is one this object does not have (a page-post creative's link).
      const differing = Object.fromEntries(
        Object.entries(changes).filter(([k, v]) => k in current && current[k] !== v),
      );
      if (Object.keys(differing).length === 0) {
        unchanged++;
        continue;
      }
      await platform.write(id, differing, current, row);
      updated.push(id);
    } catch (error) {
      const failure = deliveryFailure(error, `Updating ${one} ${id} on ${platform.label}`);
      if (updated.length === 0) throw failure;
      // Say what this attempt did change; a retry finds those objects up to date.
      throw new DeliveryError(
        `${failure.message} (updated before it: ${listOf(updated)})`,
        failure.permanent,
      );
    }
  }
  const parts = [`Updated ${updated.length} ${updated.length === 1 ? one : platform.objects}`];
  if (updated.length > 0) parts[0] += `: ${listOf(updated)}`;
  if (unchanged > 0) parts.push(`${unchanged} already up to date`);
  if (missing.length > 0) parts.push(`${missing.length} not found on ${platform.label}: ${listOf(missing)}`);
  if (withoutId > 0) parts.push(`${withoutId} ${withoutId === 1 ? 'row' : 'rows'} without an id`);
  if (withoutValues > 0)
    parts.push(`${withoutValues} ${withoutValues === 1 ? 'row' : 'rows'} with no values to set`);
  return { items: updated, message: parts.join('; ') };
}

/** Whether a provider failure is a plain 404 (an object the platform does not have). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ProviderError && error.code === 'HTTP' && error.status === 404;
}

/** A value read from a platform as text ('' for null and absent; objects as JSON). */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
