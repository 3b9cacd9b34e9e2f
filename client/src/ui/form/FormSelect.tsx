import { Select, type SelectProps } from '@mantine/core';
import { type FieldValues, useController } from 'react-hook-form';
import type { BoundField } from './boundField';

/** Props of FormSelect: Mantine's Select props but value, change and error, which the form gives. */
export type FormSelectProps<TValues extends FieldValues, TOutput> = Omit<
  SelectProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'error'
> &
  BoundField<TValues, TOutput, string | null | undefined>;

/**
 * A Mantine Select bound to a field of a react-hook-form form by name: the field's value is the
 * chosen option's `value` (null when none is chosen, e.g. after a deselect or a clear; pass
 * `allowDeselect={false}` for a field that always holds one), and the field's error shows under it.
 */
export function FormSelect<TValues extends FieldValues, TOutput>({
  control,
  name,
  onBlur,
  ...props
}: FormSelectProps<TValues, TOutput>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Select
      {...props}
      ref={field.ref}
      name={field.name}
      value={field.value ?? null}
      onChange={(value) => field.onChange(value)}
      onBlur={(event) => {
        field.onBlur();
        onBlur?.(event);
      }}
      error={fieldState.error?.message}
    />
  );
}
