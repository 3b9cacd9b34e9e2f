import type { ImportMapping, ImportTable, TemplateField } from '@nomen/shared';

/** The value of the "Don't import" choice of a file column. */
export const SKIP = '';

/** One choice of a file column's field select: a field (by id) or "Don't import". */
export interface FieldChoice {
  value: string;
  label: string;
  disabled?: boolean;
}

/** The first non-blank value of file column `column` (an example beside the mapping), '' for none. */
export function columnExample(table: ImportTable | null, column: number): string {
  return table?.rows.find((row) => (row[column] ?? '').trim() !== '')?.[column] ?? '';
}

/**
 * The choices of file column `column`'s field select: "Don't import", then each offered field,
 * disabled when another column fills it already (a field takes one column).
 */
export function fieldChoices(
  offered: readonly TemplateField[],
  mapping: ImportMapping,
  column: number,
): FieldChoice[] {
  const used = new Set(mapping.filter((m): m is string => m !== null));
  return [
    { value: SKIP, label: 'Don’t import' },
    ...offered.map((f) => {
      const key = String(f.id);
      return { value: key, label: f.field.name, disabled: used.has(key) && mapping[column] !== key };
    }),
  ];
}

/** `mapping` with file column `column` filling field `value` (null or '' : not imported). */
export function withColumnMapped(
  mapping: ImportMapping,
  column: number,
  value: string | null,
): ImportMapping {
  return mapping.map((m, i) => (i === column ? (value ? value : null) : m));
}
