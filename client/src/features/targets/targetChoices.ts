import { TARGET_TYPES } from '@nomen/shared';

/** One choice of a select or segmented control: the id as text and its label. */
export interface Choice {
  value: string;
  label: string;
}

/**
 * The analytics types the target editor offers (spec 01 §2.5): the analytics connector types of
 * the connector-type list, Adobe and Google under those names, plus the draft's own type when the
 * list lacks it (not loaded yet, or turned off since), so the control always shows it.
 */
export function analyticsTypeChoices(
  types: readonly { id: number; name: string; is_analytics: boolean }[],
  currentTypeId: number,
): Choice[] {
  const choices = types
    .filter((t) => t.is_analytics)
    .map((t) => ({
      value: String(t.id),
      label: t.id === TARGET_TYPES.adobe ? 'Adobe' : t.id === TARGET_TYPES.google ? 'Google' : t.name,
    }));
  if (!choices.some((c) => c.value === String(currentTypeId))) {
    choices.push({
      value: String(currentTypeId),
      label: currentTypeId === TARGET_TYPES.adobe ? 'Adobe' : 'Google',
    });
  }
  return choices;
}

/** The connected accounts of connector type `typeId`, the target's account choices (spec 01 §2.5). */
export function accountChoices(
  connectors: readonly { id: number; name: string; connector_type_id: number }[],
  typeId: number,
): Choice[] {
  return connectors
    .filter((c) => c.connector_type_id === typeId)
    .map((c) => ({ value: String(c.id), label: c.name }));
}
