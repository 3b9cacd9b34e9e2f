import { NumberInput } from '@mantine/core';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

/** What a NumberField shows and binds. */
export interface NumberFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  description?: string;
  min?: number;
  max?: number;
  isRequired?: boolean;
  /** An error to show instead of the form's own, e.g. one computed while typing. */
  error?: string | undefined;
}

/** The numeric value of a NumberInput change: a number, or null when the input is empty. */
export function numberOrNull(value: string | number): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * A whole, non-negative number input bound to a react-hook-form field; empty is null. Serves
 * every numeric setting of the pattern builder and the field drawer (spec 02 §5, §9).
 */
export function NumberField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  min,
  max,
  isRequired,
  error,
}: NumberFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={label}
          description={description}
          required={isRequired}
          min={min}
          max={max}
          allowDecimal={false}
          allowNegative={false}
          value={(field.value as number | null | undefined) ?? ''}
          onChange={(value) => field.onChange(numberOrNull(value))}
          onBlur={field.onBlur}
          error={error ?? fieldState.error?.message}
        />
      )}
    />
  );
}
