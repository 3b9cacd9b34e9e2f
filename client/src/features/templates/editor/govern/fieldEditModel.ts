import { type GovernanceSettings, governanceSettingsSchema } from '@nomen/shared';
import { EMPTY_IS_REQUIRED } from '../../../../ui/form/useContractForm';
import type { OtherField } from '../../../governance/GovernanceSettings';

/**
 * The problems of a governance's settings as the drawer shows them on their inputs (spec 03 §2
 * "Field edit drawer rules": incomplete settings are refused): the first message per input path
 * (`"list_id"`, `"settings.0.name"`…), "Required" for an empty required value. Empty when the
 * settings parse. Pure.
 */
export function governanceSettingsIssues(settings: GovernanceSettings): Record<string, string> {
  const parsed = governanceSettingsSchema.safeParse(settings, EMPTY_IS_REQUIRED);
  if (parsed.success) return {};
  const byPath: Record<string, string> = {};
  for (const issue of parsed.error.issues) byPath[issue.path.join('.')] ??= issue.message;
  return byPath;
}

/**
 * The fields of a template field's own field set that the template does not hold (`presentFieldIds`
 * are the template's field ids), offered as choices named "<name> (<set>, not in this template)"
 * (spec 03 §2). Pure.
 */
export function absentFieldChoices(
  presentFieldIds: readonly (string | number | null)[],
  fieldset: { name: string; fields: readonly { id: number; name: string }[] } | undefined,
): OtherField[] {
  if (!fieldset) return [];
  const present = new Set(presentFieldIds.map((id) => String(id)));
  return fieldset.fields
    .filter((f) => !present.has(String(f.id)))
    .map((f) => ({
      id: f.id,
      name: `${f.name.trim() || 'Unnamed field'} (${fieldset.name}, not in this template)`,
    }));
}
