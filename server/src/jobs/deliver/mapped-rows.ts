import { ProviderError } from '../../integrations/provider-error';
import { DeliveryError } from '../delivery';
import {
  type DeliveryContext,
  type DeliveryResult,
  deliveryFailure,
  metadataText,
  type RunRow,
  templateFieldOf,
} from './context';

/**
 * What the outbound integrations that update mapped objects share (issue 12 item 4; spec 03 §3
 * mapping_fields, §5 "Ads and campaign-manager connectors need each mapping filled"): reading a
 * row's value of a mapped integration field, updating one object per row, and the run's report.
 */

/**
 * The template field id a mapping row points at (`fieldName` → `cvFieldId`, a saved field of the
 * template), or null when the assignment does not map `fieldName` or the template lacks the field.
 */
export function mappedFieldId(
  ctx: Pick<DeliveryContext, 'assignment' | 'template'>,
  fieldName: string,
): number | null {
  const id = (ctx.assignment.mapping_fields ?? []).find((m) => m.fieldName === fieldName)?.cvFieldId;
  return templateFieldOf(ctx, id);
}

/**
 * The template field id of the saved field a metadata key names (spec 03 §3 dcmAdId,
 * dcmCreativeId, dcmLink name a field as mapping rows do), else the mapping of `fieldName`, else null.
 */
export function fieldFrom(
  ctx: Pick<DeliveryContext, 'assignment' | 'metadata' | 'template'>,
  metadataKey: string | null,
  fieldName: string,
): number | null {
  const named = metadataKey ? templateFieldOf(ctx, metadataText(ctx.metadata, metadataKey)) : null;
  return named ?? mappedFieldId(ctx, fieldName);
}

/** A row's trimmed value of template field `fieldId` ('' when the field is null or empty). */
export function cell(row: RunRow, fieldId: number | null): string {
  return fieldId === null ? '' : (row.data[String(fieldId)] ?? '').trim();
}

/** What updating the rows' objects did: ids updated, ids the provider does not know, rows skipped. */
export interface UpdateOutcome {
  updated: string[];
  notFound: string[];
  skipped: number;
}

/**
 * Updates one object per item in order. The provider's 404 for an object marks its id not found
 * (the other rows still go); any other failure ends the delivery as `deliveryFailure` decides
 * (refused credentials and bad requests permanent, faults retried; a retry updates again with the
 * same values, so it changes nothing twice). An id met twice is updated by each row in turn.
 */
export async function updateEach<T extends { id: string }>(
  items: readonly T[],
  what: string,
  update: (item: T) => Promise<'updated' | 'not-found'>,
): Promise<Omit<UpdateOutcome, 'skipped'>> {
  const updated: string[] = [];
  const notFound: string[] = [];
  for (const item of items) {
    let result: 'updated' | 'not-found';
    try {
      result = await update(item);
    } catch (error) {
      if (error instanceof ProviderError && error.code === 'HTTP' && error.status === 404)
        result = 'not-found';
      else throw deliveryFailure(error, `Updating ${what} ${item.id}`);
    }
    const list = result === 'updated' ? updated : notFound;
    if (!list.includes(item.id)) list.push(item.id);
  }
  return { updated, notFound };
}

const listed = (ids: readonly string[]) => `${ids.slice(0, 20).join(', ')}${ids.length > 20 ? ', …' : ''}`;

/**
 * The run's report of an update (spec 03 §3; issue 12 item 4 "updated N; not found ids"):
 * "Updated 2 ads: 1, 2; 1 row without an Ad ID skipped". Ids the provider does not know end the
 * run Failed at once (DeliveryError, permanent: asking again finds nothing more) with the same
 * report and what to fix, after the other rows were updated.
 */
export function updateReport(
  outcome: UpdateOutcome,
  noun: { one: string; many: string },
  skippedWhy: string,
): DeliveryResult {
  const { updated, notFound, skipped } = outcome;
  const parts = [
    `Updated ${updated.length} ${updated.length === 1 ? noun.one : noun.many}${updated.length ? `: ${listed(updated)}` : ''}`,
  ];
  if (skipped) parts.push(`${skipped} ${skipped === 1 ? 'row' : 'rows'} ${skippedWhy} skipped`);
  if (notFound.length) {
    parts.push(`not found: ${listed(notFound)}`);
    throw new DeliveryError(
      `${parts.join('; ')}. Check the mapped ids: the connected account cannot see these ${noun.many}.`,
      true,
    );
  }
  return { items: updated, message: parts.join('; ') };
}
