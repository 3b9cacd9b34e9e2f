import type { WorkfrontMappedField } from '@nomen/shared';
import type { WorkfrontTemplate } from '../useProviderChoices';

/** A custom-form parameter of a Workfront template, with its category's name ('' when none). */
export interface WorkfrontParameter {
  id: string;
  name: string;
  category: string;
}

/** The mapped parameters stored in metadata campaignDataMappedFields (spec 03 §3). Pure. */
export function mappedFields(value: unknown): WorkfrontMappedField[] {
  return Array.isArray(value) ? (value as unknown as WorkfrontMappedField[]) : [];
}

/**
 * The custom-form parameters of a Workfront template (spec 03 §7 getTemplate: "a template with
 * objectCategories holding category parameters"), category by category; none before it is read.
 * Pure.
 */
export function workfrontParameters(template: WorkfrontTemplate | undefined): WorkfrontParameter[] {
  return (template?.objectCategories ?? []).flatMap((oc) =>
    oc.category.categoryParameters.map((cp) => ({
      id: cp.parameter.ID,
      name: cp.parameter.name,
      category: oc.category.name ?? '',
    })),
  );
}

/**
 * The mapping with `parameter` mapped to the template field `field` (its id as a string and its
 * label), or unmapped when `field` is null (spec 03 §3 campaignDataMappedFields). Pure.
 */
export function withMappedParameter(
  mapped: readonly WorkfrontMappedField[],
  parameter: { id: string; name: string },
  field: { value: string; label: string } | null,
): WorkfrontMappedField[] {
  const others = mapped.filter((m) => m.workfrontParameterId !== parameter.id);
  if (field === null) return others;
  return [
    ...others,
    {
      workfrontParameterId: parameter.id,
      workfrontParameterName: parameter.name,
      nomenTemplateFieldId: Number(field.value),
      nomenTemplateFieldName: field.label,
    },
  ];
}
