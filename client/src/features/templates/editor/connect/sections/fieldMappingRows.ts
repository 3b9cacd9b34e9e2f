import type { MappingField } from '@nomen/shared';

/**
 * Mapping rows with row `index` patched (spec 03 §3 "Mapping field"); other rows kept as they are.
 * Pure.
 */
export function patchMappingRow(
  rows: readonly MappingField[],
  index: number,
  patch: Partial<MappingField>,
): MappingField[] {
  return rows.map((m, i) => (i === index ? { ...m, ...patch } : m));
}

/**
 * Mapping rows with a new, optional row appended (spec 03 §3): named `field_<n>` where n is the
 * new row's 1-based place, unmapped, taking its value from a template field. Pure.
 */
export function withNewMappingRow(rows: readonly MappingField[]): MappingField[] {
  return [
    ...rows,
    {
      fieldName: `field_${rows.length + 1}`,
      label: '',
      cvFieldId: null,
      required: false,
      type: 'integration_field',
      source_type: 'field',
    },
  ];
}

/** Mapping rows without row `index`. Pure. */
export function withoutMappingRow(rows: readonly MappingField[], index: number): MappingField[] {
  return rows.filter((_, i) => i !== index);
}
